package report

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// EvalOptions tune the terminal report.
type EvalOptions struct {
	Verbose bool
	// Color adds ANSI tones (>=90 green, >=70 yellow, else red).
	Color bool
	// Width is the terminal width; under 72 the "went instead to" column is dropped.
	Width int
}

func evalTone(pct int, color bool, s string) string {
	if !color {
		return s
	}
	code := "31"
	switch {
	case pct >= 90:
		code = "32"
	case pct >= 70:
		code = "33"
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

func evalMoney(cost float64, called int) string {
	if called == 0 && cost == 0 {
		return "free"
	}
	return fmt.Sprintf("$%.4f", cost)
}

// EvalServerName is how toolgauge's reports name a server: its name, or
// "(unnamed server)" when it sent none.
func EvalServerName(s model.ServerInfo) string {
	if s.Name == "" {
		return "(unnamed server)"
	}
	return s.Name
}

// EvalHeading prints the lines that open toolgauge's terminal reports (this
// eval report and the ci scorecard): the server's name and version, the
// target, and a blank line.
func EvalHeading(w io.Writer, s model.ServerInfo, target string) {
	name := EvalServerName(s)
	if s.Version != "" {
		name += " " + s.Version
	}
	fmt.Fprintln(w, name)
	fmt.Fprintln(w, target)
	fmt.Fprintln(w)
}

// Eval prints toolgauge's eval report.
func Eval(w io.Writer, r *eval.Result, o EvalOptions) {
	EvalHeading(w, r.Server, r.Target)
	prov := fmt.Sprintf("%s   %d cases   %d from cache", r.Model, len(r.Outcomes), r.CachedCount)
	if r.CalledCount > 0 {
		prov += fmt.Sprintf(", %d called", r.CalledCount)
	}
	fmt.Fprintf(w, "%s   %s\n\n", prov, evalMoney(r.CostUSD, r.CalledCount))
	row := func(label string, rate eval.Rate) {
		p := rate.Percent()
		// As toolgauge prints it: "Selection accuracy     55%  31/56".
		fmt.Fprintf(w, "%-22s%s  %5s\n", label, evalTone(p, o.Color, fmt.Sprintf("%3d%%", p)), fmt.Sprintf("%d/%d", rate.Correct, rate.Total))
	}
	s := r.Scores
	row("Selection accuracy", s.Selection)
	if s.Positives.Total > 0 && s.Siblings.Total > 0 {
		row("  positives", s.Positives)
		row("  siblings", s.Siblings)
	}
	if s.Abstention.Total > 0 {
		row("Abstention", s.Abstention)
	}
	if s.Arguments.Total > 0 {
		row("Argument validity", s.Arguments)
	}
	if r.SchemaValidity.Total > 0 {
		row("  full JSON Schema", r.SchemaValidity)
	}
	if f := r.Findability; f != nil && f.RecallAt1.Total > 0 {
		row("BM25 recall@1", f.RecallAt1)
		row("BM25 recall@5", f.RecallAt5)
	}
	if len(s.PerTool) > 0 {
		fmt.Fprintln(w)
		wide := o.Width == 0 || o.Width >= 72
		nameW := len("tool")
		for _, t := range s.PerTool {
			if len(t.Tool) > nameW {
				nameW = len(t.Tool)
			}
		}
		// As toolgauge prints it: "ticket2   12%  1/8  search_users 88%".
		fracW := 0
		for _, t := range s.PerTool {
			fracW = max(fracW, len(fmt.Sprintf("%d/%d", t.Correct, t.Total)))
		}
		header := fmt.Sprintf("%-*s  %4s  %-*s", nameW, "tool", "hit", fracW, "")
		if wide {
			header += "  went instead to"
		}
		fmt.Fprintln(w, strings.TrimRight(header, " "))
		for _, t := range s.PerTool {
			pct := t.Rate().Percent()
			line := fmt.Sprintf("%-*s  %s  %-*s", nameW, t.Tool, evalTone(pct, o.Color, fmt.Sprintf("%3d%%", pct)), fracW, fmt.Sprintf("%d/%d", t.Correct, t.Total))
			if wide {
				line += "  " + strings.Join(evalThieves(s, t.Tool), ", ")
			}
			fmt.Fprintln(w, strings.TrimRight(line, " "))
		}
	}
	sentences := eval.ConfusionSentences(s, 5)
	if len(sentences) > 0 {
		fmt.Fprintln(w)
		for _, x := range sentences {
			fmt.Fprintln(w, x)
		}
	} else if s.Selection.Total > 0 && s.Selection.Correct == s.Selection.Total {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Every prompt reached the tool it was meant for.")
	}
	var failing []eval.Outcome
	for _, oc := range r.Outcomes {
		if !oc.Correct() {
			failing = append(failing, oc)
		}
	}
	if len(failing) == 0 && !o.Verbose {
		return
	}
	fmt.Fprintln(w)
	if !o.Verbose {
		noun := "cases"
		if len(failing) == 1 {
			noun = "case"
		}
		fmt.Fprintf(w, "%d failing %s, -v to see them\n", len(failing), noun)
		return
	}
	for _, oc := range failing {
		want := oc.Case.Expected
		if want == "" {
			want = "(nothing)"
		}
		got := "(nothing)"
		if oc.Called {
			got = oc.Selected
		}
		fmt.Fprintf(w, "%s  wanted %s, got %s\n    %q\n", oc.Case.ID, want, got, oc.Case.Prompt)
	}
	if probs := evalArgumentProblems(r.Outcomes); len(probs) > 0 {
		fmt.Fprintln(w)
		for _, p := range probs {
			fmt.Fprintln(w, p)
		}
	}
}

// thieves lists where a tool's prompts went instead, by share descending.
func evalThieves(s eval.Scores, tool string) []string {
	type th struct {
		label string
		share float64
	}
	var ts []th
	for _, c := range s.Confusion {
		if c.Expected != tool || (!c.Nothing && c.Selected == tool) {
			continue
		}
		label := c.Selected
		if c.Nothing {
			label = "(nothing)"
		}
		ts = append(ts, th{label, c.Share})
	}
	sort.SliceStable(ts, func(i, j int) bool {
		if ts[i].share != ts[j].share {
			return ts[i].share > ts[j].share
		}
		return ts[i].label < ts[j].label
	})
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = fmt.Sprintf("%s %d%%", t.label, eval.Percent(t.share))
	}
	return out
}

// argumentProblems are the de-duplicated argument findings of a run.
func evalArgumentProblems(outcomes []eval.Outcome) []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, o := range outcomes {
		if o.Check == nil {
			continue
		}
		for _, p := range o.Check.MissingRequired {
			add(fmt.Sprintf("%s was called without required parameter %s", o.Selected, p))
		}
		for _, p := range o.Check.Unknown {
			add(fmt.Sprintf("%s was called with undeclared parameter %s", o.Selected, p))
		}
		for _, p := range o.Check.WrongType {
			add(fmt.Sprintf("%s was called with the wrong type for %s", o.Selected, p))
		}
		for _, p := range o.Check.BadEnum {
			add(fmt.Sprintf("%s was called with a value outside the enum for %s", o.Selected, p))
		}
	}
	return out
}

// EvalProgress returns a Runner.Progress that prints one line to w for
// each case answered by the model ("  [3/40] case-id -> tool"); replayed
// answers print nothing.
func EvalProgress(w io.Writer) func(done, total int, o eval.Outcome) {
	return func(done, total int, o eval.Outcome) {
		if o.Cached {
			return
		}
		got := "(nothing)"
		if o.Called {
			got = o.Selected
		}
		fmt.Fprintf(w, "  [%d/%d] %s -> %s\n", done, total, o.Case.ID, got)
	}
}

// EvalDraft prints what eval --init wrote to path: the case counts, what
// the drafting cost, and the advice to read the cases before trusting them.
func EvalDraft(w io.Writer, path string, d *eval.Draft) {
	counts := d.Suite.Counts()
	fmt.Fprintf(w, "Wrote %s: %d positive, %d sibling, %d abstain cases (%d calls, %d from cache, %s).\n",
		path, counts[eval.Positive], counts[eval.Sibling], counts[eval.Abstain], d.Calls, d.Cached, evalMoney(d.CostUSD, d.Calls))
	fmt.Fprintln(w, "Read and edit the cases before you trust a score, the abstain ones first, then commit the file.")
}
