package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// CheckJSON is the check --json document (mcpgauge.check/v1): the server,
// the transport it was reached over, the call mode and the results.
func CheckJSON(snap *model.Snapshot, transport string, mode compliance.CallMode, rep compliance.Report) ([]byte, error) {
	doc := map[string]any{
		"schema_version": "mcpgauge.check/v1",
		"server":         snap.Server.Map(),
		"target":         snap.Target,
		"era":            string(snap.Era),
		"transport":      transport,
		"call_tools":     string(mode),
		"results":        rep.Results,
		"summary":        rep.Summary,
		"duration_ms":    rep.DurationMS,
	}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// CheckText writes compliance results grouped by category, as quality-gate's
// console reporter does (ASCII only).
func CheckText(w io.Writer, snap *model.Snapshot, rep compliance.Report, verbose bool) {
	name, ver, target, era, proto := snap.Server.Name, snap.Server.Version, snap.Target, string(snap.Era), snap.Server.ProtocolVersion
	fmt.Fprintf(w, "%s %s  protocol %s (%s)\n%s\n", ASCII(name), ASCII(ver), proto, era, ASCII(target))
	cat := ""
	for _, r := range rep.Results {
		if r.Category != cat {
			fmt.Fprintf(w, "\n  %s\n", r.Category)
			cat = r.Category
		}
		label := map[compliance.Status]string{compliance.StatusPass: "PASS", compliance.StatusFail: "FAIL", compliance.StatusSkip: "SKIP", compliance.StatusError: "ERR!", compliance.StatusNotTestable: "N/T "}[r.Status]
		line := fmt.Sprintf("    %s %-8s %s  %s", label, r.Severity, r.ID, ASCII(r.Name))
		if r.Status != compliance.StatusSkip {
			line += fmt.Sprintf(" (%dms)", r.DurationMS)
		}
		fmt.Fprintln(w, line)
		if r.Status == compliance.StatusFail || r.Status == compliance.StatusError || r.Status == compliance.StatusNotTestable || (verbose && r.Message != "") {
			for _, l := range Wrap(ASCII(r.Message), 90) {
				fmt.Fprintf(w, "         %s\n", l)
			}
		}
		if verbose || r.Status == compliance.StatusFail {
			for _, d := range r.Details {
				fmt.Fprintf(w, "         - %s\n", ASCII(d))
			}
		}
	}
	s := rep.Summary
	var parts []string
	for _, p := range []struct {
		n    int
		word string
	}{{s.Passed, "passed"}, {s.Failed, "failed"}, {s.Errors, "errors"}, {s.Skipped, "skipped"}, {s.NotTestable, "not testable"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", p.n, p.word))
		}
	}
	fmt.Fprintf(w, "\nResults: %s (%dms)\n", strings.Join(parts, ", "), rep.DurationMS)
}
