package site_test

import (
	"context"
	"flag"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mcpgauge/mcpgauge/internal/testutil/browser"
	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/store/storetest"
)

// Regenerating docs/board.png (README, CONTRIBUTING): after the README's
// sweep, go test ./leaderboard/site -run TestBoardScreenshot
// -board-data-dir DIR -board-png "$PWD/docs/board.png".
var (
	boardDataDir = flag.String("board-data-dir", "", "TestBoardScreenshot: the data dir of the sweep to photograph (the README's sweep)")
	boardPNG     = flag.String("board-png", "", "TestBoardScreenshot: where to write the board's screenshot (docs/board.png)")
)

// Width is the window the board must fit without sideways scrolling.
const width = 1280

// longNames are registry names made to stretch a page: long segments
// joined by "/" and "-", one unbroken run, and markup.
var longNames = []string{
	"io.github.a-very-long-organisation-name-indeed/" + strings.Repeat("server-with-a-long-name-", 12) + "end",
	"io.github.unbroken/" + strings.Repeat("x", 400),
	storetest.HostileName + strings.Repeat("/<b>bold</b>-&amp;", 20),
}

// fitResults are the sweep fixture's servers plus ones with long hostile
// names, versions, registries, tool names and messages (with backticks).
func fitResults() []schema.Result {
	var out []schema.Result
	for i, name := range longNames {
		long := strings.Repeat("segment_of_a_tool_name_", 8) + "<i>x</i>"
		r := storetest.Result(storetest.Spec{SweepID: "fit", Name: name, Version: "1.0.0-" + strings.Repeat("rc", 60),
			Score: float64(30 + 30*i), Tools: []string{long, "ok_tool", "z" + long},
			Sources: []string{"official", strings.Repeat("registry-", 20), "<script>x</script>"}})
		r.Findings = append(r.Findings, schema.Finding{Rule: "MCP010", Severity: "error", Tool: long, Parameter: strings.Repeat("p", 300),
			Message: "`" + long + "` quotes `" + strings.Repeat("q", 300) + "` and an unpaired ` tick " + strings.Repeat("word ", 60)})
		out = append(out, r)
		out = append(out, storetest.Result(storetest.Spec{SweepID: "fit", Name: name + "/down", Version: "2", Status: schema.StatusCrashed}))
	}
	return out
}

// listen serves the site over the store at u, opened read-only, on a
// loopback port, and returns its base URL.
func listen(t *testing.T, u string) string {
	t.Helper()
	ro, err := store.OpenReadOnly(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ro.Close() })
	srv := httptest.NewServer(serveStore(ro))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestPagesFit1280: at 1,280 px the board, a server page with long hostile
// names and the ecosystem page scroll only down: the document is no wider
// than the window and no table passes its right edge.
func TestPagesFit1280(t *testing.T) {
	t.Parallel()
	browser.Path(t)
	u := storetest.SQLiteURL(t)
	w := storetest.Open(t, u)
	storetest.LoadSweep(t, w)
	if _, err := w.InsertResults(context.Background(), fitResults()); err != nil {
		t.Fatal(err)
	}
	base := listen(t, u)
	bctx := browser.Open(t, width, 900, nil)
	if _, err := chromedp.Run(bctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("browser: %v", err)
	}
	for _, path := range []string{"/", "/?by=selection", leaderboard.ServerPath(longNames[0]), leaderboard.ServerPath(longNames[1]),
		leaderboard.ServerPath(longNames[2]), leaderboard.ServerPath("io.github.acme/weather"), "/ecosystem"} {
		ctx, cancel := context.WithTimeout(bctx, time.Minute)
		if _, err := chromedp.Run(ctx, chromedp.Navigate(base+path)); err != nil {
			cancel()
			t.Fatalf("GET %.60s: %v", path, err)
		}
		o, err := browser.MeasureOverflow(ctx)
		cancel()
		if err != nil {
			t.Fatalf("GET %.60s: %v", path, err)
		}
		if o.ClientWidth < width-20 || o.ScrollWidth > o.ClientWidth || len(o.Wide) > 0 {
			t.Errorf("GET %.60s at %d px: document %d px wide in a %d px window; tables past the edge: %v", path, width, o.ScrollWidth, o.ClientWidth, o.Wide)
		}
	}
}

// TestBoardScreenshot writes docs/board.png: the board of the sweep in
// -board-data-dir at 1,280 px, after checking that it fits. Without the
// flags it skips; see CONTRIBUTING.md for the command.
func TestBoardScreenshot(t *testing.T) {
	if *boardDataDir == "" || *boardPNG == "" {
		t.Skip("regenerates docs/board.png: give -board-data-dir (the README's sweep) and -board-png")
	}
	base := listen(t, store.SQLiteURL(*boardDataDir))
	bctx := browser.Open(t, width, 900, nil)
	if _, err := chromedp.Run(bctx, chromedp.Navigate(base+"/")); err != nil {
		t.Fatalf("browser: %v", err)
	}
	ctx, cancel := context.WithTimeout(bctx, time.Minute)
	defer cancel()
	if o, err := browser.MeasureOverflow(ctx); err != nil || o.ScrollWidth > o.ClientWidth || len(o.Wide) > 0 {
		t.Fatalf("the board does not fit %d px (%+v, %v)", width, o, err)
	}
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	browser.CheckNotBlank(t, shot)
	if err := os.WriteFile(*boardPNG, shot, 0o644); err != nil {
		t.Fatal(err)
	}
}
