package lint

import (
	"fmt"
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

// sameJobPairsAllocated builds a server of n tools, each named by name(i)
// and described by desc(i), requiring one string parameter param, and
// returns what preciseSameJobTwins allocates on it and how many pairs it
// finds (the tool view is built first: it is not this reading's cost).
func sameJobPairsAllocated(n int, name, desc func(int) string, param string) (uint64, int) {
	ctx := &Context{cache: map[string]any{}}
	for i := range n {
		ctx.Tools = append(ctx.Tools, model.Tool{
			Name:        name(i),
			Description: desc(i),
			InputSchema: map[string]any{"type": "object", "properties": map[string]any{param: map[string]any{"type": "string"}}, "required": []any{param}},
		})
	}
	tgTools(ctx)
	var pairs [][2]int
	b := allocatedBy(func() { pairs = preciseSameJobTwins(ctx) })
	return b, len(pairs)
}

// TestSameJobReadingsLinearInTools: the same-job reading indexes tools by
// their job key, and the pasted-paragraph cut counts each lead clause's
// shingles once per run, so a server of twice the tools (ruflo's 353 all
// carry one paragraph) costs about twice as much, not four times.
func TestSameJobReadingsLinearInTools(t *testing.T) {
	for _, c := range []struct {
		what       string
		n          int
		name, desc string
		param      string
	}{
		{"the same-job reading", 1000, "get_item%d_detail", "Get the detail of an item%d for a store.", "id"},
		{"the lead cut", 400, "ns%d_item_search", "Search items%d of a store Use when native tools are wrong because you need persistent state across sessions.", "query"},
	} {
		bytes := func(n int) uint64 {
			b, pairs := sameJobPairsAllocated(n,
				func(i int) string { return fmt.Sprintf(c.name, i) },
				func(i int) string { return fmt.Sprintf(c.desc, i%(n/2)) }, c.param)
			if pairs != n/2 {
				t.Fatalf("%s, %d tools: %d pairs, want %d", c.what, n, pairs, n/2)
			}
			return b
		}
		n, n2 := bytes(c.n), bytes(2*c.n)
		t.Logf("%s: bytes allocated: %d for %d tools, %d for %d", c.what, n, c.n, n2, 2*c.n)
		if float64(n2) > 3*float64(n) {
			t.Errorf("%s allocates faster than the tools grow: %d for %d, %d for %d", c.what, n, c.n, n2, 2*c.n)
		}
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
