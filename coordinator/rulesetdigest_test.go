package coordinator_test

import (
	"testing"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/schema"
)

// TestRuleSetDigest: the options that change a result change the digest
// (and so every scan key); the deadline does not.
func TestRuleSetDigest(t *testing.T) {
	t.Parallel()
	base := schema.ScanOptions{Compliance: true, DeadlineSeconds: 120}
	d := coordinator.RuleSetDigest(base)
	if len(d) != 16 || d != coordinator.RuleSetDigest(base) {
		t.Fatalf("digest %q is not a stable 16-hex value", d)
	}
	for _, tc := range []struct {
		name    string
		o       schema.ScanOptions
		changes bool
	}{
		{"longer deadline", schema.ScanOptions{Compliance: true, DeadlineSeconds: 600}, false},
		{"no compliance", schema.ScanOptions{DeadlineSeconds: 120}, true},
		{"eval", schema.ScanOptions{Compliance: true, DeadlineSeconds: 120, Eval: true, EvalModel: "openai/a"}, true},
	} {
		if got := coordinator.RuleSetDigest(tc.o) != d; got != tc.changes {
			t.Errorf("%s: digest changed %v, want %v", tc.name, got, tc.changes)
		}
	}
	a := coordinator.RuleSetDigest(schema.ScanOptions{Eval: true, EvalModel: "openai/a"})
	if a == coordinator.RuleSetDigest(schema.ScanOptions{Eval: true, EvalModel: "openai/b"}) {
		t.Error("two eval models give the same digest")
	}
}
