package coordinator

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/schema"
)

// RuleSetDigest identifies the lint catalogue with its severities in both
// profiles, the rules' revision, the score version, and the scan options that change a result (compliance tests, eval
// model): a new or changed rule, or another option, changes every scan key,
// so the next sweep rescans.
func RuleSetDigest(o schema.ScanOptions) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\n", lint.RulesRevision, score.Version)
	for _, r := range lint.Catalogue() {
		fmt.Fprintf(h, "%s\x00%s\x00%v\x00%v\n", r.ID, r.Name, r.Default, r.Toolgauge)
	}
	if !o.Compliance {
		fmt.Fprintf(h, "no-compliance\n")
	} else if o.ComplianceMode == "deep" {
		fmt.Fprintf(h, "compliance-deep\n")
	}
	if o.Eval {
		fmt.Fprintf(h, "eval\x00%s\n", o.EvalModel)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
