// Package text renders what a registry pull read: a summary for a
// terminal, one JSON line per entry with its launch plan, and the counts
// of registry stats. The source's name is made safe with termsafe.
package text

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/mcpgauge/mcpgauge/internal/termsafe"
	"github.com/mcpgauge/mcpgauge/registry"
)

// Pull prints the pull's summary, or (asJSON) one JSON line per
// normalised entry with its launch plan.
func Pull(w io.Writer, res registry.Pulled, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		for _, s := range res.Entries {
			line := struct {
				registry.Server
				Plan registry.Plan `json:"plan"`
			}{s, registry.PlanFor(s, registry.PlanOptions{})}
			if err := enc.Encode(line); err != nil {
				return err
			}
		}
		return nil
	}
	return Summary(w, res)
}

// Summary prints what the pull read and kept, how latest was decided, and
// the scan targets by launch kind.
func Summary(w io.Writer, res registry.Pulled) error {
	targets := registry.Dedupe(res.Entries)
	names := map[string]bool{}
	kinds := map[registry.Kind]int{}
	free := 0
	for _, s := range res.Entries {
		names[s.Name] = true
	}
	for _, t := range targets {
		kinds[t.Plan.Kind]++
		if t.Plan.CredentialFree && t.Plan.Kind != registry.KindUnsupported {
			free++
		}
	}
	rep := res.Report
	var b strings.Builder
	fmt.Fprintf(&b, "source:        %s (pages: %d)\n", termsafe.String(res.Source), res.Pages)
	fmt.Fprintf(&b, "read:          %d entries\n", rep.In)
	fmt.Fprintf(&b, "kept:          %d entries, %d names (%d deleted dropped, %d deprecated flagged)\n", len(res.Entries), len(names), rep.Deleted, rep.Deprecated)
	fmt.Fprintf(&b, "latest by:     semver %d, publish time %d, only version %d (registry isLatest differs on %d names)\n",
		rep.LatestBy[registry.LatestBySemver], rep.LatestBy[registry.LatestByPublishTime], rep.LatestBy[registry.LatestOnlyVersion], rep.RegistryDisagrees)
	fmt.Fprintf(&b, "scan targets:  %d after dedupe, %d credential-free\n", len(targets), free)
	var ks []string
	for k := range kinds {
		ks = append(ks, string(k))
	}
	sort.Strings(ks)
	for _, k := range ks {
		fmt.Fprintf(&b, "  %-12s %d\n", k, kinds[registry.Kind(k)])
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Stats prints the entries' counts by package type and transport, for
// latest and all versions, as text or (asJSON) one JSON document.
func Stats(w io.Writer, res registry.Pulled, asJSON bool) error {
	rep := registry.ComputeStatsReport(res.Entries)
	if asJSON {
		return json.NewEncoder(w).Encode(rep)
	}
	if _, err := fmt.Fprintf(w, "source: %s\n", termsafe.String(res.Source)); err != nil {
		return err
	}
	return rep.WriteText(w)
}
