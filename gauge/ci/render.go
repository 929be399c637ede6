package ci

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/internal/mdsafe"
	"github.com/mcpgauge/mcpgauge/internal/termsafe"
)

// TopConfusions is how many confusion sentences the scorecard and the PR
// comment show (the rest are in --json).
const TopConfusions = 3

// RepoURL is the reference tool whose health ci reproduces.
const RepoURL = "https://github.com/arijitgupta42/mcp-toolgauge"

// MCPGaugeURL is mcpgauge's home, which the comment credits.
const MCPGaugeURL = "https://github.com/mcpgauge/mcpgauge"

var toneEmoji = map[string]string{"green": "\U0001f7e2", "yellow": "\U0001f7e1", "red": "\U0001f534"}

func signed(change int) string {
	switch {
	case change > 0:
		return fmt.Sprintf("▲ +%d", change)
	case change < 0:
		return fmt.Sprintf("▼ %d", change)
	default:
		return "—"
	}
}

func evalDelta(cur Health, base *Health) string {
	switch {
	case base == nil:
		return ""
	case cur.EvalScore == nil && base.EvalScore == nil:
		return "—"
	case cur.EvalScore == nil:
		return "lint-only now"
	case base.EvalScore == nil:
		return "newly measured"
	default:
		return signed(*cur.EvalScore - *base.EvalScore)
	}
}

// CompatLine is the comment's one line on what its score is: a
// compatibility score, and where the headline score comes from.
const CompatLine = "_" + score.ToolgaugeName + " is one of mcpgauge's " + score.CompatHeading + ": " + score.ToolgaugeMeasures +
	". The headline " + score.Headline + " (compliance, design, security, token cost, selection) comes from `mcpgauge scan . --markdown comment.md`._"

// Markdown renders the pull-request comment; baseline (a previous run's
// health) adds a "vs base" column. No timestamps, so re-posting an
// unchanged run does not churn the thread. The server's name and tool
// names are code spans and the target is escaped (mdsafe), so none can
// mention, link or embed anything.
func Markdown(r *Report, baseline *Health) string { return markdown(r, baseline, "") }

// Comment is the pull-request comment ci writes: Markdown against base's
// health, and, with a base, the findings new since it and those fixed
// (report.FindingSections: up to ten each, rule pages linked, escaped),
// never more than report.MaxCommentBytes. Without a base it is Markdown,
// mcp-toolgauge's comment.
func Comment(r *Report, base *Base) string {
	if base == nil {
		return Markdown(r, nil)
	}
	var b strings.Builder
	report.FindingSections(&b, report.SchemaFindings(r.Lint.Findings), base.Findings, true, report.MaxCommentBytes-commentReserve)
	return markdown(r, &base.Health, b.String())
}

// commentReserve is what Comment keeps for the rest of the comment: the
// table, three confusion sentences, the notes and the credit.
const commentReserve = 6_000

// markdown is Markdown with findings (Markdown text) after the table and
// the confusions.
func markdown(r *Report, baseline *Health, findings string) string {
	h := r.Health
	show := baseline != nil
	row := func(label, value, delta string) string {
		s := fmt.Sprintf("| %s | %s |", label, value)
		if show {
			s += " " + delta + " |"
		}
		return s
	}
	d := func(cur int, prev func(*Health) int) string {
		if baseline == nil {
			return ""
		}
		return signed(cur - prev(baseline))
	}
	evalValue := "--"
	if h.EvalScore != nil {
		evalValue = fmt.Sprintf("%d%%", *h.EvalScore)
	}
	header, rule := "| | score |", "|---|---|"
	if show {
		header += " vs base |"
		rule += "---|"
	}
	lines := []string{
		fmt.Sprintf("## %s mcpgauge ci · %s: %d / 100", toneEmoji[Tone(h.Overall)], score.ToolgaugeName, h.Overall),
		"",
		fmt.Sprintf("%s — %s", mdsafe.Code(report.EvalServerName(r.Server)), mdsafe.Text(r.Target)),
		"",
		CompatLine,
		"",
		header, rule,
		row("**Health**", fmt.Sprintf("**%d**", h.Overall), d(h.Overall, func(b *Health) int { return b.Overall })),
		row("Lint", fmt.Sprint(h.LintScore), d(h.LintScore, func(b *Health) int { return b.LintScore })),
		row("Selection", evalValue, evalDelta(h, baseline)),
		row("Findings", fmt.Sprintf("%d errors, %d warnings", h.Errors, h.Warnings), d(h.Errors+h.Warnings, func(b *Health) int { return b.Errors + b.Warnings })),
	}
	if r.Eval != nil {
		if s := eval.ConfusionSentences(r.Eval.Scores, TopConfusions); len(s) > 0 {
			lines = append(lines, "")
			for _, x := range s {
				lines = append(lines, "- "+x)
			}
		}
	}
	if findings != "" {
		lines = append(lines, strings.TrimSuffix(findings, "\n"))
	}
	switch {
	case r.EvalNotMeasured != "":
		lines = append(lines, "", "_The eval suite has no recorded answers for this model, so this score reflects lint alone._ Record them with `mcpgauge eval` and commit the cache.")
	case h.LintOnly():
		lines = append(lines, "", "_No eval suite was found, so this score reflects lint alone._ Add one with `mcpgauge eval . --init`.")
	}
	lines = append(lines, "", fmt.Sprintf("<sub>Measured by [mcpgauge](%s) ci, which reproduces [mcp-toolgauge](%s)'s health exactly.</sub>", MCPGaugeURL, RepoURL))
	return strings.Join(lines, "\n")
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// Scorecard prints the terminal scorecard: health, then its two halves,
// then the top confusions; verbose adds the error and warning findings.
func Scorecard(w io.Writer, r *Report, verbose bool) {
	report.EvalHeading(w, r.Server, r.Target)
	h := r.Health
	fmt.Fprintf(w, "%-12s%4d / 100\n", "Health", h.Overall)
	fmt.Fprintf(w, "%-12s%4d   %s, %s\n", "  lint", h.LintScore, plural(h.Errors, "error"), plural(h.Warnings, "warning"))
	if r.Eval != nil && h.EvalScore != nil {
		sel := r.Eval.Scores.Selection
		fmt.Fprintf(w, "%-12s%4s   %d of %d prompts\n", "  selection", fmt.Sprintf("%d%%", *h.EvalScore), sel.Correct, sel.Total)
	} else if r.EvalNotMeasured != "" {
		fmt.Fprintf(w, "%-12s%4s   not measured: %s\n", "  selection", "--", termsafe.String(r.EvalNotMeasured))
	} else {
		fmt.Fprintf(w, "%-12s%4s   no eval suite (lint only)\n", "  selection", "--")
	}
	fmt.Fprintf(w, "(%s, one of mcpgauge's %s: %s.\n the headline %s: mcpgauge scan TARGET)\n", score.ToolgaugeName, score.CompatHeading, score.ToolgaugeMeasures, score.Headline)
	if r.Eval != nil {
		if s := eval.ConfusionSentences(r.Eval.Scores, TopConfusions); len(s) > 0 {
			fmt.Fprintln(w)
			for _, x := range s {
				fmt.Fprintln(w, x)
			}
		}
	}
	if verbose {
		var shown []lint.Finding
		for _, f := range r.Lint.Findings {
			if f.Severity >= lint.Warning {
				shown = append(shown, f)
			}
		}
		if len(shown) > 0 {
			fmt.Fprintln(w)
			fmt.Fprintln(w, "findings")
			for _, f := range shown {
				fmt.Fprintf(w, "  %-6s  %-7s  %s\n", f.Rule, f.Severity, f.Message)
			}
		}
	}
}
