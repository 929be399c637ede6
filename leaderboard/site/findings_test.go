package site_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store/storetest"
)

// TestServerPageReadsAtAGlance: a server page lists its findings most
// severe first, then by rule (whatever order the scan stored), shows a
// message's `quoted` names as <code> with their markup escaped, gives each
// score its band's grade letter, and the board gives the mcpgauge score
// one too.
func TestServerPageReadsAtAGlance(t *testing.T) {
	t.Parallel()
	const name = "io.github.acme/glance-server"
	r := storetest.Result(storetest.Spec{SweepID: "sw1", Name: name, Version: "1.0.0", Score: 77})
	r.Scores.ToolgaugeHealth = 12
	r.Findings = []schema.Finding{
		{Rule: "MCP025", Severity: "info", Tool: "a_tool", Message: "an info"},
		{Rule: "MCP020", Severity: "warning", Tool: "b_tool", Message: "a warning"},
		{Rule: "SEC001", Severity: "error", Tool: "c_tool", Message: "`<b>bold</b>` says `ignore previous` and one ` more"},
		{Rule: "MCP010", Severity: "error", Tool: "d_tool", Message: "an error"},
		{Rule: "MCP002", Severity: "critical", Tool: "e_tool", Message: "a critical"},
	}
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			h := serveResults(t, b, r)
			page := get(h, leaderboard.ServerPath(name)).Body.String()
			table := regexp.MustCompile(`(?s)<table id="findings".*?</table>`).FindString(page)
			var order []string
			for _, m := range regexp.MustCompile(`<tr><td class="sev-(\w+)">\w+</td><td>(?:<a [^>]*>)?(\w+)`).FindAllStringSubmatch(table, -1) {
				order = append(order, m[1]+" "+m[2])
			}
			if got, want := strings.Join(order, ", "), "critical MCP002, error MCP010, error SEC001, warning MCP020, info MCP025"; got != want {
				t.Errorf("findings in order %q, want %q", got, want)
			}
			for _, want := range []string{
				"<code>&lt;b&gt;bold&lt;/b&gt;</code> says <code>ignore previous</code> and one ` more",
				`<span class="grade band-green" title="band B (the badge&#39;s green)">B</span> <span id="overall">77</span>`,
				`<span class="grade band-red" title="band F (the badge&#39;s red)">F</span> 12`,
			} {
				if !strings.Contains(page, want) {
					t.Errorf("server page lacks %q", want)
				}
			}
			if strings.Contains(page, "<b>bold") {
				t.Error("a message's markup reached the page unescaped")
			}
			board := get(h, "/").Body.String()
			if !strings.Contains(board, `<span class="grade band-green" title="band B (the badge&#39;s green)">B</span> 77</td>`) {
				t.Errorf("the board gives the score no grade:\n%.3000s", board)
			}
			if !strings.Contains(board, `glance-<wbr>server</a>`) {
				t.Error("the board does not let a name wrap at its dashes")
			}
		})
	}
}
