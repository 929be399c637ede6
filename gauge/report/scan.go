package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/scan"
	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/schema"
)

// Launch is how a scan through a worker's launch path ran: the sandbox and
// the package installed.
type Launch struct {
	// Sandbox names the sandbox the server ran in ("" when none ran).
	Sandbox string
	// Installed says a package was installed: Version and Integrity name
	// it, Cached says it came from the cache.
	Installed          bool
	Version, Integrity string
	Cached             bool
}

// LaunchHeader writes the lines a launched scan starts with: the entry,
// the sandbox, the install, the placeholders and the timings.
func LaunchHeader(w io.Writer, res schema.Result, l Launch) {
	sb := l.Sandbox
	if sb == "" {
		sb = "-"
	}
	fmt.Fprintf(w, "entry %s %s (%s) sandbox %s\n", res.Name, res.Version, orDash(res.PackageType), sb)
	if l.Installed {
		cached := ""
		if l.Cached {
			cached = ", cached"
		}
		fmt.Fprintf(w, "installed %s %s%s\n", orDash(l.Version), orDash(l.Integrity), cached)
	}
	if len(res.Placeholders) > 0 {
		fmt.Fprintf(w, "placeholders: %s\n", strings.Join(res.Placeholders, ", "))
	}
	t := res.Timings
	fmt.Fprintf(w, "timings: install %d ms, start %d ms, connect %d ms, list %d ms\n\n", t.InstallMS, t.StartMS, t.ConnectMS, t.ListMS)
}

// ScanText writes a scan's summary: the server, its three scores, the
// findings by severity, the failed compliance tests; with verbose every
// finding (LintText).
func ScanText(w io.Writer, rep *scan.Report, verbose bool) error {
	snap := rep.Snapshot
	fmt.Fprintf(w, "%s %s  protocol %s (%s, %s)\n%s\n\n", ASCII(snap.Server.Name), ASCII(snap.Server.Version),
		snap.Server.ProtocolVersion, orDash(string(snap.Era)), orDash(rep.Transport), ASCII(snap.Target))
	fmt.Fprintf(w, "%d tools, %d resources, %d templates, %d prompts, %d tokens (o200k)\n\n",
		len(snap.Tools), len(snap.Resources), len(snap.Templates), len(snap.Prompts), rep.TotalTokens)
	s := rep.Score
	capped := ""
	if s.Capped {
		capped = fmt.Sprintf("  (capped from %d by a security error)", s.Uncapped)
	}
	fmt.Fprintf(w, "%-16s %3d / 100%s\n", score.Headline, s.Overall, capped)
	var parts []string
	for _, p := range s.Parts {
		if p.Measured {
			parts = append(parts, fmt.Sprintf("%s %.1f", p.Name, p.Score))
		} else {
			parts = append(parts, p.Name+" -")
		}
	}
	fmt.Fprintf(w, "  %s\n", strings.Join(parts, " | "))
	fmt.Fprintf(w, "%s (%s):\n", score.CompatHeading, score.CompatWhy)
	h := rep.Health
	sel := "-"
	if h.EvalScore != nil {
		sel = fmt.Sprintf("%d%%", *h.EvalScore)
	}
	fmt.Fprintf(w, "  %-16s %3d / 100   lint %d (%d errors, %d warnings) | selection %s\n    %s\n",
		score.ToolgaugeName, h.Overall, h.LintScore, h.Errors, h.Warnings, sel, score.ToolgaugeMeasures)
	q := rep.QualityGate.Score
	total, comp := fmt.Sprintf("%3d", q.Score), fmt.Sprint(q.ComplianceShown)
	if !rep.QualityGate.SuiteRan {
		total, comp = "  -", "-"
	}
	fmt.Fprintf(w, "  %-16s %s / 100   compliance %s/40 | quality %d/25 | efficiency %d/15 | security %d/20\n    %s\n",
		score.QualityGateName, total, comp, q.Quality, q.Efficiency, q.Security, score.QualityGateMeasures)
	if !rep.QualityGate.SuiteRan {
		fmt.Fprintln(w, "    - = not measured: the compliance tests did not run (--no-check)")
	}
	if p := rep.QualityGate.ClientViewProblem; p != "" {
		fmt.Fprintf(w, "    note: quality-gate's own client rejects this tool list (%s), so quality-gate itself would score an empty server; these parts score the real tools\n", ASCII(p))
	}
	fmt.Fprintln(w)
	e, wn, in := lint.Count(rep.Findings)
	fmt.Fprintf(w, "findings: %d errors, %d warnings, %d info", e, wn, in)
	if top := MostCommon(rep.Findings, 3); len(top) > 0 {
		var names []string
		for _, rc := range top {
			names = append(names, fmt.Sprintf("%s (%d)", rc.Rule, rc.Count))
		}
		fmt.Fprintf(w, "   most common: %s", strings.Join(names, ", "))
	}
	fmt.Fprintln(w)
	if rep.Compliance != nil {
		cs := rep.Compliance.Summary
		fmt.Fprintf(w, "compliance: %d passed, %d failed, %d errors, %d skipped", cs.Passed, cs.Failed, cs.Errors, cs.Skipped)
		if cs.NotTestable > 0 {
			fmt.Fprintf(w, ", %d not testable", cs.NotTestable)
		}
		fmt.Fprintln(w)
		for _, r := range rep.Compliance.Results {
			if r.Status == compliance.StatusFail || r.Status == compliance.StatusError || r.Status == compliance.StatusNotTestable {
				fmt.Fprintf(w, "  %s %s %s: %s\n", strings.ToUpper(string(r.Status)), r.Severity, r.ID, ASCII(firstLineOf(r.Message)))
			}
		}
	}
	if rep.NoiseCount > 0 {
		fmt.Fprintf(w, "stdout noise: %d non-MCP lines\n", rep.NoiseCount)
	}
	if verbose {
		fmt.Fprintln(w)
		return LintText(w, snap, rep.Findings, true)
	}
	fmt.Fprintln(w, "\n-v for every finding")
	return nil
}

// orDash is s, or "-" when empty.
func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// firstLineOf is s up to its first newline.
func firstLineOf(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// LaunchStatus writes the status and reason of a launched scan that did
// not complete (after LaunchHeader).
func LaunchStatus(w io.Writer, res schema.Result) {
	fmt.Fprintf(w, "status: %s\nreason: %s\n", res.Status, res.Reason)
}

// FailedScan writes a direct scan that did not complete: the target and
// its status, as a sweep records it.
func FailedScan(w io.Writer, res schema.Result) {
	fmt.Fprintf(w, "%s\nstatus: %s\n", ASCII(res.Name), res.Status)
}
