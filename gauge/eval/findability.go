package eval

import (
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/eval/bm25"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// ToolSearchText is what the BM25 index sees of a tool: its name, its
// description, and each parameter's name and description.
func ToolSearchText(t *model.Tool) string {
	var b strings.Builder
	b.WriteString(t.Name)
	b.WriteString("\n")
	b.WriteString(t.Description)
	params := t.Params()
	for _, n := range t.ParamNames() {
		b.WriteString("\n")
		b.WriteString(n)
		if sub, ok := params[n].(map[string]any); ok {
			if d, ok := sub["description"].(string); ok {
				b.WriteString(" ")
				b.WriteString(d)
			}
		}
	}
	return b.String()
}

// FindCase is where one selection case's expected tool ranked.
type FindCase struct {
	CaseID   string
	Expected string
	// Rank is 1-based; 0 means the prompt shares no term with the tool.
	Rank int
	// Top is the name of the best-ranked tool ("" when nothing matched).
	Top string
}

// Findability is BM25 tool-search findability of a server's tools for its
// own case prompts, with no model: recall@1 and recall@5 of the expected
// tool among the server's tools. The ecosystem package measures the same
// among every tool of a sweep.
type Findability struct {
	Cases     []FindCase
	RecallAt1 Rate
	RecallAt5 Rate
}

// MeasureFindability ranks each selection case's expected tool under BM25
// over the server's tools.
func MeasureFindability(tools []model.Tool, suite *Suite) Findability {
	ix := bm25.New()
	docOf := map[string]int{}
	for i := range tools {
		d := ix.Add(tools[i].Name, ToolSearchText(&tools[i]))
		if _, dup := docOf[tools[i].Name]; !dup {
			docOf[tools[i].Name] = d
		}
	}
	ix.Finish()
	var f Findability
	for _, c := range suite.Cases {
		if !c.Kind.IsSelection() {
			continue
		}
		doc, ok := docOf[c.Expected]
		fc := FindCase{CaseID: c.ID, Expected: c.Expected}
		if ok {
			var top int
			fc.Rank, top = ix.Rank(c.Prompt, doc)
			if top >= 0 {
				fc.Top = ix.ID(top)
			}
		}
		f.Cases = append(f.Cases, fc)
		f.RecallAt1.Total++
		f.RecallAt5.Total++
		if fc.Rank == 1 {
			f.RecallAt1.Correct++
		}
		if fc.Rank >= 1 && fc.Rank <= 5 {
			f.RecallAt5.Correct++
		}
	}
	return f
}
