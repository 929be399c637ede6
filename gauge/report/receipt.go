package report

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"time"

	"github.com/mcpgauge/mcpgauge/attest"

	"github.com/mcpgauge/mcpgauge/internal/termsafe"
)

// Receipt writes a verified receipt for a terminal: the subject and its
// digests, the server, status, score, findings, scanner, dates and key.
// Every field is escaped: a receipt is as hostile as the server it names.
func Receipt(w io.Writer, rc *attest.Receipt) {
	p := rc.Predicate
	safe := termsafe.String
	fmt.Fprintf(w, "subject:  %s\n", safe(rc.Subject.Name()))
	for _, k := range slices.Sorted(maps.Keys(rc.Subject.Digest)) {
		fmt.Fprintf(w, "  %s: %s\n", safe(k), safe(rc.Subject.Digest[k]))
	}
	fmt.Fprintf(w, "server:   %s %s\n", safe(p.Server), safe(p.Version))
	fmt.Fprintf(w, "status:   %s\n", safe(string(p.Status)))
	if p.Scores != nil {
		fmt.Fprintf(w, "score:    %.0f (%s)\n", p.Scores.MCPGauge, safe(p.ScoringVersion))
	}
	fmt.Fprintf(w, "findings: %d error, %d warning, %d info\n", p.Findings["error"], p.Findings["warning"], p.Findings["info"])
	rules := p.RuleSetDigest
	if rules == "" {
		rules = "-"
	}
	fmt.Fprintf(w, "scanner:  %s, rules %s\n", safe(p.ScannerVersion), safe(rules))
	fmt.Fprintf(w, "scanned:  %s, expires %s\n", p.ScannedAt.Format(time.RFC3339), p.ExpiresAt.Format(time.RFC3339))
	fmt.Fprintf(w, "key:      %s\n", safe(rc.KeyID))
}
