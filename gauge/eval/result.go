package eval

import (
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// Outcome is what happened when one case was put to the model.
type Outcome struct {
	Case Case
	// Key is the cache key of the call.
	Key string
	// Called is false when the model called nothing; Selected names the tool.
	Called    bool
	Selected  string
	Arguments map[string]any
	// Check is nil when no known tool was called.
	Check *ArgCheck
	// Cached is true when the answer came from the cache.
	Cached bool
	// Schema holds the full JSON Schema verdict (mcpgauge's addition);
	// nil when no known tool was called.
	Schema *SchemaVerdict
}

// SchemaVerdict is the full JSON Schema check of one call's arguments.
type SchemaVerdict struct {
	// Errors lists validation messages; empty when valid.
	Errors []string
	// CompileError is set when the tool's own schema does not compile.
	CompileError string
}

// OK reports a valid verdict from a compiled schema.
func (v *SchemaVerdict) OK() bool { return v != nil && v.CompileError == "" && len(v.Errors) == 0 }

// Correct reports whether the selection matched: an abstain case is right
// when nothing was called, any other when the expected tool was.
func (o Outcome) Correct() bool {
	if o.Case.Kind == Abstain {
		return !o.Called
	}
	return o.Called && o.Selected == o.Case.Expected
}

// Result is everything one eval run produced.
type Result struct {
	Target      string
	Server      model.ServerInfo
	Model       string
	ToolDigest  string
	Scores      Scores
	Outcomes    []Outcome
	CachedCount int
	CalledCount int
	CostUSD     float64
	// SchemaValidity is the share of checked calls whose arguments pass a
	// full JSON Schema validation (reported apart from toolgauge's check).
	SchemaValidity Rate
	// Warnings about the suite (uncovered tools, stale digest, ...).
	Warnings []string
	// Findability is the model-free BM25 tool-search measure, when computed.
	Findability *Findability
}

func strList(xs []string) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// CaseMap is one case as toolgauge dumps it (empty fields dropped).
func CaseMap(c Case) map[string]any {
	m := map[string]any{"id": c.ID, "kind": string(c.Kind), "prompt": c.Prompt}
	if c.Expected != "" {
		m["expected"] = c.Expected
	}
	if c.Rival != "" {
		m["rival"] = c.Rival
	}
	if c.Note != "" {
		m["note"] = c.Note
	}
	return m
}

// CheckMap is an ArgCheck as toolgauge dumps it.
func CheckMap(c ArgCheck) map[string]any {
	return map[string]any{
		"bad_enum": strList(c.BadEnum), "missing_required": strList(c.MissingRequired),
		"unknown": strList(c.Unknown), "wrong_type": strList(c.WrongType),
	}
}

// ScoresMap is toolgauge's EvalScores dump.
func ScoresMap(s Scores) map[string]any {
	perTool := make([]any, len(s.PerTool))
	for i, t := range s.PerTool {
		perTool[i] = map[string]any{"correct": t.Correct, "tool": t.Tool, "total": t.Total}
	}
	conf := make([]any, len(s.Confusion))
	for i, c := range s.Confusion {
		m := map[string]any{"count": c.Count, "expected": c.Expected, "share": c.Share}
		if !c.Nothing {
			m["selected"] = c.Selected
		}
		conf[i] = m
	}
	return map[string]any{
		"selection_correct": s.Selection.Correct, "selection_total": s.Selection.Total,
		"positive_correct": s.Positives.Correct, "positive_total": s.Positives.Total,
		"sibling_correct": s.Siblings.Correct, "sibling_total": s.Siblings.Total,
		"abstention_correct": s.Abstention.Correct, "abstention_total": s.Abstention.Total,
		"argument_correct": s.Arguments.Correct, "argument_total": s.Arguments.Total,
		"per_tool": perTool, "confusion": conf,
	}
}

// ToolgaugeMap is the result in toolgauge's EvalResult shape, for
// model.Canonical. With extended, an "mcpgauge" key adds the full JSON
// Schema verdicts and the warnings.
func (r *Result) ToolgaugeMap(extended bool) map[string]any {
	outs := make([]any, len(r.Outcomes))
	for i, o := range r.Outcomes {
		args := o.Arguments
		if args == nil {
			args = map[string]any{}
		}
		m := map[string]any{"arguments": args, "cached": o.Cached, "case": CaseMap(o.Case)}
		if o.Called {
			m["selected"] = o.Selected
		}
		if o.Check != nil {
			m["arguments_check"] = CheckMap(*o.Check)
		}
		outs[i] = m
	}
	m := map[string]any{
		"cached_count": r.CachedCount, "called_count": r.CalledCount, "cost_usd": r.CostUSD,
		"model": r.Model, "outcomes": outs, "scores": ScoresMap(r.Scores),
		"server": r.Server.Map(), "target": r.Target, "tool_digest": r.ToolDigest,
	}
	if extended {
		var failures []any
		for _, o := range r.Outcomes {
			if o.Schema == nil || o.Schema.OK() {
				continue
			}
			f := map[string]any{"case": o.Case.ID, "tool": o.Selected, "errors": strList(o.Schema.Errors)}
			if o.Schema.CompileError != "" {
				f["compile_error"] = o.Schema.CompileError
			}
			failures = append(failures, f)
		}
		if failures == nil {
			failures = []any{}
		}
		ext := map[string]any{
			"schema_validity": map[string]any{"correct": r.SchemaValidity.Correct, "total": r.SchemaValidity.Total, "failures": failures},
			"warnings":        strList(r.Warnings),
		}
		if f := r.Findability; f != nil {
			cases := make([]any, len(f.Cases))
			for i, c := range f.Cases {
				cases[i] = map[string]any{"case": c.CaseID, "expected": c.Expected, "rank": c.Rank, "top": c.Top}
			}
			ext["findability"] = map[string]any{
				"retriever": "bm25", "pool_size": 0,
				"recall_at_1": map[string]any{"correct": f.RecallAt1.Correct, "total": f.RecallAt1.Total},
				"recall_at_5": map[string]any{"correct": f.RecallAt5.Correct, "total": f.RecallAt5.Total},
				"cases":       cases,
			}
		}
		m["mcpgauge"] = ext
	}
	return m
}

// JSON renders the result canonically (sorted keys, indent 2).
func (r *Result) JSON(extended bool) ([]byte, error) {
	return model.Canonical(r.ToolgaugeMap(extended), model.Indent2)
}
