package gauge

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/behaviour"
	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/schema"
)

// TestRuleSetDigest: the options that change a result change the digest
// (and so every scan key); the deadline does not.
func TestRuleSetDigest(t *testing.T) {
	t.Parallel()
	base := schema.ScanOptions{Compliance: true, DeadlineSeconds: 120}
	d := RuleSetDigest(base)
	if len(d) != 16 || d != RuleSetDigest(base) {
		t.Fatalf("digest %q is not a stable 16-hex value", d)
	}
	for _, tc := range []struct {
		name    string
		o       schema.ScanOptions
		changes bool
	}{
		{"longer deadline", schema.ScanOptions{Compliance: true, DeadlineSeconds: 600}, false},
		{"no compliance", schema.ScanOptions{DeadlineSeconds: 120}, true},
		{"deep compliance", schema.ScanOptions{Compliance: true, ComplianceMode: "deep", DeadlineSeconds: 120}, true},
		{"eval", schema.ScanOptions{Compliance: true, DeadlineSeconds: 120, Eval: true, EvalModel: "openai/a"}, true},
	} {
		if got := RuleSetDigest(tc.o) != d; got != tc.changes {
			t.Errorf("%s: digest changed %v, want %v", tc.name, got, tc.changes)
		}
	}
	a := RuleSetDigest(schema.ScanOptions{Eval: true, EvalModel: "openai/a"})
	if a == RuleSetDigest(schema.ScanOptions{Eval: true, EvalModel: "openai/b"}) {
		t.Error("two eval models give the same digest")
	}
}

// TestRevisionsChangeTheScanKey: bumping one compliance test's revision, one
// rule's revision, or building from another commit changes the scan key of
// the same server and version.
func TestRevisionsChangeTheScanKey(t *testing.T) {
	t.Parallel()
	o := schema.ScanOptions{Compliance: true}
	rules, tests, bhv := lint.Catalogue(), compliance.Catalogue(), behaviour.Catalogue()
	if len(rules) == 0 || len(tests) == 0 || len(bhv) == 0 {
		t.Fatal("empty catalogue")
	}
	plan := json.RawMessage(`{"kind":"npm","package":"@modelcontextprotocol/server-memory"}`)
	key := func(digest string) string {
		t.Helper()
		k, err := schema.ScanKey(plan, "1.0.0", "mcpgauge/test", digest)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	base := key(digestOf(o, Build{}, catalogues{rules, tests, bhv}))
	if again := key(digestOf(o, Build{}, catalogues{lint.Catalogue(), compliance.Catalogue(), behaviour.Catalogue()})); again != base {
		t.Fatalf("the scan key is not stable: %s then %s", base, again)
	}

	bumpedTests := compliance.Catalogue()
	bumpedTests[len(bumpedTests)/2].Revision++
	if key(digestOf(o, Build{}, catalogues{rules, bumpedTests, bhv})) == base {
		t.Errorf("bumping %s's revision left the scan key unchanged", bumpedTests[len(bumpedTests)/2].ID)
	}
	bumpedRules := lint.Catalogue()
	bumpedRules[0].Revision++
	if key(digestOf(o, Build{}, catalogues{bumpedRules, tests, bhv})) == base {
		t.Errorf("bumping %s's revision left the scan key unchanged", bumpedRules[0].ID)
	}
	bumpedBhv := behaviour.Catalogue()
	bumpedBhv[0].Revision++
	if key(digestOf(o, Build{}, catalogues{rules, tests, bumpedBhv})) == base {
		t.Errorf("bumping %s's revision left the scan key unchanged", bumpedBhv[0].ID)
	}
	if key(digestOf(o, Build{Revision: "0123abcd"}, catalogues{rules, tests, bhv})) == base {
		t.Error("a build with a VCS revision has the same scan key as one without")
	}
	if key(digestOf(o, Build{Revision: "0123abcd"}, catalogues{rules, tests, bhv})) == key(digestOf(o, Build{Revision: "4567ef01"}, catalogues{rules, tests, bhv})) {
		t.Error("two VCS revisions give the same scan key")
	}
}

// TestVersionNames: the names `mcpgauge version` prints carry the
// generation and a digest of the revisions.
func TestVersionNames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ got, prefix string }{
		{RulesRevision(), lint.RulesRevision + "+"},
		{ComplianceRevision(), complianceGeneration + "+"},
	} {
		if !strings.HasPrefix(tc.got, tc.prefix) || len(tc.got) != len(tc.prefix)+8 {
			t.Errorf("%q: want %s followed by 8 hex digits", tc.got, tc.prefix)
		}
	}
}
