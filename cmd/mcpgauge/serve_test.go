package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/chromedp"

	"github.com/mcpgauge/mcpgauge/internal/testutil/browser"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/store/storetest"
)

// startServe runs `mcpgauge serve` in-process on a loopback port over the
// SQLite store in dataDir and returns its base URL and a stop function
// that shuts it down and returns its error.
func startServe(t *testing.T, dataDir string) (string, func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	root := newRootCmd()
	root.SetArgs([]string{"serve", "--no-config", "--data-dir", dataDir, "--listen", "127.0.0.1:0"})
	root.SetOut(io.Discard)
	root.SetErr(pw)
	done := make(chan error, 1)
	go func() {
		err := root.ExecuteContext(ctx)
		pw.Close()
		done <- err
	}()
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		re := regexp.MustCompile(`LISTENING (http://\S+)`)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
		_, _ = io.Copy(io.Discard, pr)
	}()
	select {
	case u := <-addr:
		return u, func() error { cancel(); return <-done }
	case err := <-done:
		cancel()
		t.Fatalf("serve exited before listening: %v", err)
	case <-time.After(time.Minute):
		cancel()
		t.Fatal("serve did not listen within a minute")
	}
	return "", nil
}

func TestServeInBrowser(t *testing.T) {
	browser.Path(t)
	dataDir := t.TempDir()
	w := storetest.Open(t, store.SQLiteURL(dataDir))
	storetest.LoadSweep(t, w)
	base, stop := startServe(t, dataDir)
	stopped := false
	t.Cleanup(func() {
		if !stopped {
			_ = stop()
		}
	})

	fetch := func(path string) (int, string) {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	if code, body := fetch("/healthz"); code != 200 || body != "ok\n" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	if code, body := fetch("/rules/SEC001"); code != 200 || !strings.Contains(body, "Default severity") {
		t.Errorf("/rules/SEC001: %d, want the rule page from the catalogue serve wires in", code)
	}
	fetch("/") // a request for the metrics to count
	// The counter moves once the handler returns, which may be just after
	// the client has the answer: look a few times.
	counted := false
	for range 20 {
		if _, body := fetch("/metrics"); strings.Contains(body, `mcpgauge_board_requests_total{code="200",method="get"}`) {
			counted = true
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !counted {
		t.Error("/metrics does not count the board's requests")
	}

	// What the pages' Content-Security-Policy refuses, the browser logs
	// under "security": a strict policy must refuse nothing the pages need.
	var (
		mu      sync.Mutex
		refused []string
	)
	bctx := browser.Open(t, 1280, 900, func(ev any) {
		if e, ok := ev.(*cdplog.EventEntryAdded); ok && e.Entry != nil && e.Entry.Source == cdplog.EntrySourceSecurity {
			mu.Lock()
			refused = append(refused, e.Entry.Text)
			mu.Unlock()
		}
	})
	// The browser lives as long as the context of the first Run: no timeout on it.
	if _, err := chromedp.Run(bctx, chromedp.Navigate(base+"/")); err != nil {
		t.Fatalf("browser: %v", err)
	}
	ctx, cancel := context.WithTimeout(bctx, time.Minute)
	defer cancel()
	text := func(sel string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("text of %s: %v", sel, err)
		}
		return v
	}
	step := func(what string, a chromedp.Action[chromedp.Void]) {
		t.Helper()
		if _, err := chromedp.Run(ctx, a); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	step("board", chromedp.WaitVisible(chromedp.ID("ranked")))
	first := text("#ranked tbody tr:first-child td.name")
	notScanned := text("#unscored")
	// Sort by compliance through the column header: the lint-only server (90) leads.
	step("sort", chromedp.Click(chromedp.CSS(`#ranked thead a[href*="by=compliance"]`)))
	step("sorted", chromedp.WaitVisible(chromedp.CSS(`#ranked thead a[aria-sort][href*="by=compliance"]`)))
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	sortedFirst := text("#ranked tbody tr:first-child td.name")
	// Filter by registry with the form.
	step("choose a registry", chromedp.SetValue(chromedp.CSS(`select[name="registry"]`), "glama"))
	step("submit the filters", chromedp.Click(chromedp.CSS(`form.filters button[type="submit"]`)))
	step("filtered", chromedp.WaitReady(chromedp.CSS(`select[name="registry"] option[value="glama"][selected]`)))
	filtered := text("#ranked tbody")
	// Open a server page from the board.
	step("back to the board", chromedp.Navigate(base+"/"))
	step("open a server", chromedp.Click(chromedp.CSS(`#ranked tbody tr:first-child td.name a`)))
	step("server page", chromedp.WaitVisible(chromedp.ID("overall")))
	title, overall := text("h1"), text("#overall")
	step("board again", chromedp.Navigate(base+"/"))
	step("board shown", chromedp.WaitVisible(chromedp.ID("ranked")))
	rules, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(() => { try { return document.styleSheets[0].cssRules.length } catch (e) { return -1 } })()`))
	if err != nil {
		t.Fatal(err)
	}
	if rules <= 0 {
		t.Error("the board's stylesheet did not apply under its Content-Security-Policy")
	}
	mu.Lock()
	for _, r := range refused {
		t.Errorf("the page's Content-Security-Policy refused something it needs: %s", r)
	}
	mu.Unlock()
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(first, "io.github.acme/weather") {
		t.Errorf("board's first ranked server = %q, want io.github.acme/weather", first)
	}
	if !strings.Contains(notScanned, "io.github.acme/needs-key") || !strings.Contains(notScanned, "needs credentials") {
		t.Errorf("not-scanned list = %q, want the server that needs credentials with its status", notScanned)
	}
	if !strings.Contains(loc, "by=compliance") || !strings.Contains(sortedFirst, "io.github.acme/lint-only") {
		t.Errorf("after sorting by compliance: at %s the first is %q, want io.github.acme/lint-only", loc, sortedFirst)
	}
	if !strings.Contains(filtered, "日本語-サーバー") || strings.Contains(filtered, "acme") {
		t.Errorf("filtered by glama: %q, want only the glama server", filtered)
	}
	if title != "io.github.acme/weather" || overall != "85" {
		t.Errorf("server page: title %q, overall %q; want io.github.acme/weather, 85", title, overall)
	}
	browser.CheckNotBlank(t, shot)
	if err := os.WriteFile(filepath.Join(t.TempDir(), "board.png"), shot, 0o644); err != nil {
		t.Fatal(err)
	}
	stopped = true
	if err := stop(); err != nil {
		t.Errorf("serve after shutdown: %v, want a clean exit", err)
	}
}

// TestServeSaysImmutable: `serve --store sqlite:///…?immutable=1` says at
// start-up that it opened the store immutable, then serves it.
func TestServeSaysImmutable(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, store.SQLiteFile)
	w, err := store.Open(context.Background(), "sqlite://"+path)
	if err != nil {
		t.Fatal(err)
	}
	storetest.LoadSweep(t, w)
	w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	root := newRootCmd()
	root.SetArgs([]string{"serve", "--no-config", "--store", "sqlite://" + path + "?immutable=1", "--listen", "127.0.0.1:0"})
	root.SetOut(io.Discard)
	root.SetErr(pw)
	done := make(chan error, 1)
	go func() { err := root.ExecuteContext(ctx); pw.Close(); done <- err }()
	sc := bufio.NewScanner(pr)
	var lines []string
	base := ""
	for base == "" && sc.Scan() {
		lines = append(lines, sc.Text())
		if u, ok := strings.CutPrefix(sc.Text(), "LISTENING "); ok {
			base = u
		}
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	if base == "" {
		t.Fatalf("serve did not listen: %v", lines)
	}
	if want := "mcpgauge: store opened read-only (immutable: changes by other processes are not seen)"; !strings.Contains(strings.Join(lines, "\n"), want) {
		t.Errorf("start-up lines %q lack %q", lines, want)
	}
	resp, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Contains(body, []byte("io.github.acme/weather")) {
		t.Errorf("GET /: %d %.300s", resp.StatusCode, body)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("serve: %v", err)
	}
}
