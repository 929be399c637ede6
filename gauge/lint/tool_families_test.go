package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

func TestFamilyShapes(t *testing.T) {
	var tools []model.Tool
	for _, n := range []string{"claims_claim", "claims_release", "claims_accept-handoff", "x_federation_admit", "qe/planning/goap_plan",
		"read-canva-app-ui-kit-patterns-catalog", "get_user_id", "manage_enqueued_messages", "solo_tool"} {
		tools = append(tools, model.Tool{Name: n, InputSchema: map[string]any{"type": "object"}})
	}
	ix := serverFamilies(&Context{cache: map[string]any{}, Tools: tools})
	for _, c := range []struct {
		name   string
		family bool
		suffix string
	}{
		{"claims_grant", true, ""},
		{"claims_mark-stealable", true, ""}, // the family writes kebab after claims_ too
		{"claims.grant", false, ""},         // a separator the family does not use
		{"claims", false, ""},               // one word
		{"solo_other", false, ""},           // one tool is no family
		{"federation_admit", false, "x_federation_admit"},
		{"goap_plan", false, "qe/planning/goap_plan"},
		{"canva-app-ui-kit-patterns-catalog", false, "read-canva-app-ui-kit-patterns-catalog"},
		{"user_id", false, ""},           // the rest after a verb, two words
		{"enqueued_messages", false, ""}, // the rest after manage, two words
		{"admit", false, ""},             // one word
	} {
		if got := ix.family(c.name); got != c.family {
			t.Errorf("family(%q) = %v, want %v", c.name, got, c.family)
		}
		got, _ := ix.suffixTool(c.name)
		if got != c.suffix {
			t.Errorf("suffixTool(%q) = %q, want %q", c.name, got, c.suffix)
		}
	}
}

func TestFamilyPlaces(t *testing.T) {
	for _, c := range []struct {
		desc, name string
		called     bool
		from       bool
		other      bool
	}{
		{"Pair claims_grant + claims_check first.", "claims_grant", true, false, false},
		{"Prefer this over chaining browser_snapshot here.", "browser_snapshot", true, false, false},
		{"Runs claims_sweep internally.", "claims_sweep", false, false, false},
		{"ID (from goap_plan result)", "goap_plan", false, true, false},
		{"routes available from list-routes.", "list-routes", false, true, false},
		{"the claims_x tool", "claims_x", true, false, false},
		{"see a/b/claims_x now", "claims_x", false, false, true},
		{"use browser_open/browser_shot", "browser_shot", false, false, false},
		{"use `hs project list-builds` first", "list-builds", false, false, true},
		{"your editor's read_file", "read_file", false, false, true},
		{"the create-a-data-source endpoint", "create-a-data-source", false, false, true},
		{"reads claims_dump.json", "claims_dump", false, false, true},
		{"the hooks_post-task tool", "hooks_post", false, false, true},
		{"set CLAIMS_HOME", "CLAIMS_HOME", false, false, true},
	} {
		from := strings.Index(c.desc, c.name)
		to := from + len(c.name)
		p := famPlaceOf(c.desc, from, to, false)
		if p.called != c.called || p.from != c.from {
			t.Errorf("famPlaceOf(%q, %q) = %+v, want called %v from %v", c.desc, c.name, p, c.called, c.from)
		}
		if got := famOther(c.desc, c.name, from, to); got != c.other {
			t.Errorf("famOther(%q, %q) = %v, want %v", c.desc, c.name, got, c.other)
		}
	}
}

func TestActivatesTools(t *testing.T) {
	for _, c := range []struct {
		desc string
		want bool
	}{
		{"Discover and activate additional tool categories.", true},
		{"Loads more tools on demand.", true},
		{"Registers new tools at run time.", true},
		{"Covers every registered MCP tool.", false},
		{"Lists all enabled tools.", false},
		{"Lists enabled tools and enables more tools.", true},
	} {
		if got := unkActivatesTools(c.desc); got != c.want {
			t.Errorf("unkActivatesTools(%q) = %v, want %v", c.desc, got, c.want)
		}
	}
}

// TestFamilyReadingsLinear holds the family readings linear: in the length
// of a description (every name of a long hostile text read once, within
// bounded windows) and in the number of tools (the family and suffix index
// built once per run, each name looked up in it).
func TestFamilyReadingsLinear(t *testing.T) {
	text := func(k int) *Context {
		ctx := &Context{cache: map[string]any{}, Snap: &model.Snapshot{}, Profile: ProfileMcpgauge}
		var b strings.Builder
		for i := range k {
			fmt.Fprintf(&b, "Pair fam_g%s + fam_c%s/fam_d%s, then call `ns_x%s` from a/b/fam_e. ", stepLetters(i), stepLetters(i), stepLetters(i), stepLetters(i))
		}
		for _, n := range []string{"fam_act", "fam_open", "x_ns_xa", "x_ns_xb"} {
			ctx.Tools = append(ctx.Tools, model.Tool{Name: n, InputSchema: map[string]any{"type": "object"}})
		}
		ctx.Tools[0].RawDescription = b.String()
		return ctx
	}
	byText := func(k int) func() {
		return func() {
			if got := checkMCP017(text(k)); len(got) != 1 {
				t.Fatalf("%d names: %d findings, want one", k, len(got))
			}
		}
	}
	if n, n2 := allocatedBy(byText(500)), allocatedBy(byText(1000)); float64(n2) > 3*float64(n) {
		t.Errorf("the family readings allocate faster than the text grows: %d for 500 names, %d for 1000", n, n2)
	}
	byTools := func(n int) func() {
		return func() {
			ctx := &Context{cache: map[string]any{}}
			for i := range n {
				ctx.Tools = append(ctx.Tools, model.Tool{Name: "fam_" + stepLetters(i) + "_list"})
			}
			for i := range n {
				famMissingTool(ctx, "use fam_z"+stepLetters(i), "fam_z"+stepLetters(i), "", 4, 9, famPlace{called: true}, false)
			}
		}
	}
	if n, n2 := allocatedBy(byTools(1000)), allocatedBy(byTools(2000)); float64(n2) > 3*float64(n) {
		t.Errorf("the family readings allocate faster than the tools grow: %d for 1000 tools, %d for 2000", n, n2)
	}
}
