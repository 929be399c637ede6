package lint

import (
	"fmt"
	"strings"
	"testing"
)

// TestDegenerateNamesDoNotPanic runs every rule, in every profile, on tools
// whose names, parameter names and texts carry no words at all (empty,
// punctuation, symbols, non-Latin scripts, lone separators). A server
// chooses these strings; a rule that indexes the words of one without
// checking that there are any fails the scan. The test fails on a rule that
// panics (a *RuleError) and on a finding without a message.
func TestDegenerateNamesDoNotPanic(t *testing.T) {
	t.Parallel()
	names := []string{"", "_", "$", "-", "__", "$ref", "日本語", "ä", "0", "a", "is", "url", ".", "_-_", "\u200b", "🙂"}
	texts := []string{"", " ", ".", "…", "is", "url", "日本語の説明。", "Forward to", "Replace all", "DELETE"}
	var tools []string
	for i, n := range names {
		q := func(s string) string { return fmt.Sprintf("%q", s) }
		desc := texts[i%len(texts)]
		props := []string{}
		for j, pn := range names {
			typ := []string{`"string"`, `"boolean"`, `"array","items":{"type":"object"}`, `"object"`, `"integer"`}[j%5]
			props = append(props, fmt.Sprintf(`%s:{"type":%s,"description":%s}`, q(pn), typ, q(texts[(i+j)%len(texts)])))
		}
		tools = append(tools, fmt.Sprintf(`{"name":%s,"description":%s,"inputSchema":{"type":"object","properties":{%s},"required":[%s]}}`,
			q(n), q(desc), strings.Join(props, ","), q(n)))
	}
	snap := toolsSnapshot(t, tools...)
	for _, p := range []Profile{ProfileMcpgauge, ProfileToolgauge, ""} {
		t.Run(string(p)+"-profile", func(t *testing.T) {
			fs, err := RunChecked(snap, Config{Profile: p})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range fs {
				if f.Message == "" {
					t.Errorf("%s on %q: finding without a message", f.Rule, f.Tool)
				}
			}
		})
	}
}
