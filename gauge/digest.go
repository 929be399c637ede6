// Package gauge names what a scan of one server was made with: the
// revisions of its lint rules and compliance tests, the score version and
// the build, hashed into the rule-set digest that every scan key carries.
// The engine itself lives in the sub-packages (lint, compliance, scan, …).
package gauge

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"

	"github.com/mcpgauge/mcpgauge/gauge/behaviour"
	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/internal/vcs"
	"github.com/mcpgauge/mcpgauge/schema"
)

// Build says which build of the scanner runs: its VCS revision, when the
// binary was built from a checkout that Go stamped, and whether the work
// tree had changes. Zero for a build with no VCS stamp (go test, go run).
type Build struct {
	Revision string
	Modified bool
}

// ThisBuild reads the VCS stamp Go put into the running binary.
func ThisBuild() Build {
	var b Build
	b.Revision, b.Modified = vcs.Stamp()
	return b
}

// RuleSetDigest is RuleSetDigestOf for this build.
func RuleSetDigest(o schema.ScanOptions) string { return RuleSetDigestOf(o, ThisBuild()) }

// RuleSetDigestOf identifies everything that decides a scan's findings
// and scores apart from the server: every lint rule (ID, name, severity in
// both profiles, revision), every compliance test (ID, severity, whether
// it invokes tools, its sessions, revision), every behaviour rule (ID,
// severity, revision), the rules' and score's
// versions, the build's VCS revision when it has one, and the scan options
// that change a result (compliance mode, eval model). A changed rule or
// test, a new build, or another option changes every scan key, so the
// next sweep rescans.
func RuleSetDigestOf(o schema.ScanOptions, b Build) string {
	return digestOf(o, b, catalogues{lint.Catalogue(), compliance.Catalogue(), behaviour.Catalogue()})
}

// catalogues are the rule sets a digest covers.
type catalogues struct {
	rules      []lint.Rule
	tests      []compliance.Test
	behaviours []behaviour.Rule
}

// digestOf is RuleSetDigestOf over the given catalogues.
func digestOf(o schema.ScanOptions, b Build, c catalogues) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\n", lint.RulesRevision, score.Version)
	writeRules(h, c.rules)
	writeTests(h, c.tests)
	for _, r := range c.behaviours {
		fmt.Fprintf(h, "behaviour\x00%s\x00%s\x00%d\n", r.ID, r.Severity, r.Revision)
	}
	if b.Revision != "" {
		fmt.Fprintf(h, "build\x00%s\x00%v\n", b.Revision, b.Modified)
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

func writeRules(h hash.Hash, rules []lint.Rule) {
	for _, r := range rules {
		fmt.Fprintf(h, "rule\x00%s\x00%s\x00%v\x00%v\x00%d\n", r.ID, r.Name, r.Default, r.Toolgauge, r.Revision)
	}
}

func writeTests(h hash.Hash, tests []compliance.Test) {
	for _, t := range tests {
		fmt.Fprintf(h, "test\x00%s\x00%v\x00%v\x00%v\x00%d\n", t.ID, t.Severity, t.Invokes, t.Needs, t.Revision)
	}
}

// RulesRevision names the rule set: the rules' generation and a short
// digest of every rule's ID and revision, as `mcpgauge version` prints it.
func RulesRevision() string {
	h := sha256.New()
	writeRules(h, lint.Catalogue())
	return lint.RulesRevision + "+" + hex.EncodeToString(h.Sum(nil))[:8]
}

// complianceGeneration names the compliance catalogue's generation, as
// lint.RulesRevision names the rules'.
const complianceGeneration = "mcpgauge-compliance/1"

// ComplianceRevision names the compliance catalogue: its generation and a
// short digest of every test's ID and revision, as `mcpgauge version`
// prints it.
func ComplianceRevision() string {
	h := sha256.New()
	writeTests(h, compliance.Catalogue())
	return complianceGeneration + "+" + hex.EncodeToString(h.Sum(nil))[:8]
}
