package lint

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

func TestSameJobOf(t *testing.T) {
	for _, c := range []struct{ desc, want string }{
		{"Get AI-generated failure diagnostic for a specific workflow run, including root cause", "get|diagnostic|run"},
		{"Fetch failure diagnostics for a workflow run. Returns analysis", "get|diagnostics|run"},
		{"Lists the open tickets in a queue", "list|tickets|queue"},
		{"Run a query", ""},
		{"Get or list resources", ""},
		{"Get", ""},
	} {
		if got := sameJobOf(c.desc); got != c.want {
			t.Errorf("sameJobOf(%q) = %q, want %q", c.desc, got, c.want)
		}
	}
}

// TestSameJobTwinsLinearInTools: the reading indexes tools by their job
// key, so doubling a 1,000-tool server about doubles what it allocates.
func TestSameJobTwinsLinearInTools(t *testing.T) {
	bytes := func(n int) uint64 {
		ctx := &Context{cache: map[string]any{}}
		for i := range n {
			ctx.Tools = append(ctx.Tools, model.Tool{
				Name:        fmt.Sprintf("get_item%d_detail", i),
				Description: fmt.Sprintf("Get the detail of an item%d for a store.", i%(n/2)),
				InputSchema: map[string]any{"type": "object", "properties": map[string]any{"id": map[string]any{"type": "string"}}, "required": []any{"id"}},
			})
		}
		tgTools(ctx) // the tool view is not this reading's cost
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		pairs := preciseSameJobTwins(ctx)
		runtime.ReadMemStats(&after)
		if len(pairs) != n/2 {
			t.Fatalf("%d tools: %d pairs, want %d", n, len(pairs), n/2)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	n, n2 := bytes(1000), bytes(2000)
	t.Logf("bytes allocated: %d for 1000 tools, %d for 2000", n, n2)
	if float64(n2) > 3*float64(n) {
		t.Errorf("the same-job reading allocates faster than the tools grow: %d for 1000, %d for 2000", n, n2)
	}
}

// TestSameJobLeadBoundedByItsWords: a lead clause with no stop mark is read
// for its first words only, so a tool whose description is twice as long
// costs about the same (the whole clause was lowered three times before).
func TestSameJobLeadBoundedByItsWords(t *testing.T) {
	bytes := func(kb int) uint64 {
		ctx := &Context{cache: map[string]any{}}
		for i := range 50 {
			ctx.Tools = append(ctx.Tools, model.Tool{
				Name:        fmt.Sprintf("get_item_detail_%d", i),
				Description: "Get the detail of " + strings.Repeat("item ", kb*1024/5),
				InputSchema: map[string]any{"type": "object", "properties": map[string]any{"id": map[string]any{"type": "string"}}, "required": []any{"id"}},
			})
		}
		tgTools(ctx) // the tool view is not this reading's cost
		return allocatedBy(func() {
			preciseSameJobTwins(ctx)
		})
	}
	n, n2 := bytes(64), bytes(128)
	t.Logf("bytes allocated: %d for 64 KB leads, %d for 128 KB", n, n2)
	if float64(n2) > 1.5*float64(n) {
		t.Errorf("the lead reading grows with the description: %d for 64 KB, %d for 128 KB", n, n2)
	}
}

// TestSameJobFamilyWhateverTheInputs: a job three tools state is a family
// even when one of them takes another option.
func TestSameJobFamilyWhateverTheInputs(t *testing.T) {
	id := map[string]any{"type": "string"}
	ctx := &Context{cache: map[string]any{}}
	for i, props := range []map[string]any{{"id": id}, {"id": id}, {"id": id, "tail": id}} {
		ctx.Tools = append(ctx.Tools, model.Tool{
			Name:        fmt.Sprintf("run_logs_%d", i),
			Description: "Get the logs of a run.",
			InputSchema: map[string]any{"type": "object", "properties": props, "required": []any{"id"}},
		})
	}
	if pairs := preciseSameJobTwins(ctx); len(pairs) != 0 {
		t.Errorf("a family of three was paired: %v", pairs)
	}
}

// TestSameJobLeadsCutPastedParagraph: a lead clause is cut where it runs
// on, with no stop mark, into a capitalised run of words three or more
// tools' leads carry; a shared run that is not capitalised, one only two
// tools carry, and one that starts before the lead's third word are kept.
func TestSameJobLeadsCutPastedParagraph(t *testing.T) {
	para := " Use when native tools are wrong because you need state"
	for _, c := range []struct {
		name  string
		descs []string
		want  string // the first tool's lead, words joined
	}{
		{"pasted into three", []string{"Search notes by text" + para, "Link two nodes" + para, "Move an entry" + para}, "search notes by text"},
		{"pasted into two", []string{"Search notes by text" + para, "Link two nodes" + para, "Move an entry"}, "search notes by text use when native tools are wrong because you need state"},
		{"not capitalised", []string{"Search notes by text use when native tools are wrong", "Link two nodes use when native tools are wrong", "Move an entry use when native tools are wrong"}, "search notes by text use when native tools are wrong"},
		{"too early", []string{"Search Use when native tools are wrong", "Link Use when native tools are wrong", "Move Use when native tools are wrong"}, "search use when native tools are wrong"},
	} {
		ctx := &Context{cache: map[string]any{}}
		for i, d := range c.descs {
			ctx.Tools = append(ctx.Tools, model.Tool{Name: fmt.Sprintf("t%d", i), Description: d})
		}
		if got := strings.Join(sameJobLeads(ctx)[0], " "); got != c.want {
			t.Errorf("%s: lead %q, want %q", c.name, got, c.want)
		}
	}
}

// TestSameJobUses: a name word is used by a lead that writes it or a word
// of its stem (five letters in common, or all of a four-letter word).
func TestSameJobUses(t *testing.T) {
	lead := singularWordSet([]string{"get", "multiple", "bridged", "balance", "card"})
	for _, c := range []struct {
		word string
		want bool
	}{
		{"multi", true}, {"bridger", true}, {"balance", true}, {"cardinality", true},
		{"bal", false}, {"bridal", false}, {"token", false}, {"ca", false},
	} {
		if got := sameJobUses(lead, c.word); got != c.want {
			t.Errorf("sameJobUses(%q) = %v, want %v", c.word, got, c.want)
		}
	}
}

// TestSameJobLeadsLinearInTools: the pasted-paragraph cut counts each
// lead clause's shingles once per run, so a server of many tools that all
// carry one paragraph (ruflo's 353) costs twice as much at twice the size,
// not four times.
func TestSameJobLeadsLinearInTools(t *testing.T) {
	bytes := func(n int) uint64 {
		ctx := &Context{cache: map[string]any{}}
		for i := range n {
			ctx.Tools = append(ctx.Tools, model.Tool{
				Name:        fmt.Sprintf("ns%d_item_search", i),
				Description: fmt.Sprintf("Search items%d of a store Use when native tools are wrong because you need persistent state across sessions.", i%(n/2)),
				InputSchema: map[string]any{"type": "object", "properties": map[string]any{"query": map[string]any{"type": "string"}}, "required": []any{"query"}},
			})
		}
		tgTools(ctx) // the tool view is not this reading's cost
		var pairs [][2]int
		b := allocatedBy(func() { pairs = preciseSameJobTwins(ctx) })
		if len(pairs) != n/2 {
			t.Fatalf("%d tools: %d pairs, want %d", n, len(pairs), n/2)
		}
		return b
	}
	n, n2 := bytes(400), bytes(800)
	t.Logf("bytes allocated: %d for 400 tools, %d for 800", n, n2)
	if float64(n2) > 3*float64(n) {
		t.Errorf("the lead cut allocates faster than the tools grow: %d for 400, %d for 800", n, n2)
	}
}
