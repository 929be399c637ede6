package lint

import (
	"testing"
)

// TestDefaultProfileFalsePositiveClasses: each false-positive class of
// issue 10, in the real phrasing of the server it was found on, fires under
// the toolgauge profile (so the case really exercises the rule) or, for our
// own rules, is the text that used to fire, and does not fire under the
// default profile.
func TestDefaultProfileFalsePositiveClasses(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, rule string
		tools      []string
		// ours: the rule is mcpgauge's own (off in the toolgauge profile).
		ours bool
	}{
		{"idempotentHint on a read-only tool", "MCP042", []string{
			`{"name":"browser_snapshot","description":"Capture accessibility snapshot of the current page.","annotations":{"readOnlyHint":true}}`,
		}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r, ok := RuleByID(tc.rule)
			if !ok {
				t.Fatalf("no rule %s", tc.rule)
			}
			snap := secTSnap(t, tc.tools...)
			if !tc.ours {
				if fs := RunRules(snap, Config{Profile: ProfileToolgauge}, []Rule{r}); len(fs) == 0 {
					t.Fatalf("%s does not fire under the toolgauge profile: the case does not exercise it", tc.rule)
				}
			} else {
				// Our rules behave as before with the precise reading off:
				// run the check as the toolgauge profile would, enabled.
				if fs := RunRules(snap, Config{Profile: ProfileToolgauge, Rules: map[string]Severity{tc.rule: Warning}}, []Rule{r}); len(fs) == 0 {
					t.Fatalf("%s does not fire without the default profile's reading: the case does not exercise it", tc.rule)
				}
			}
			for _, f := range RunRules(snap, Config{Rules: map[string]Severity{tc.rule: Warning}}, []Rule{r}) {
				t.Errorf("default profile: %s %s %s: %s", f.Rule, f.Tool, f.Parameter, f.Message)
			}
		})
	}
}
