package lint

import (
	"fmt"
	"slices"
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
	servers := []struct {
		name  string
		tools []string
	}{{"mixed names", tools}}
	// A server whose tools share a prefix (nine acme_* tools of ten) reads
	// the names in its text against that prefix and meets its one
	// degenerate tool there (MCP017 once indexed a wordless tool's first
	// word).
	var prefixed []string
	for _, v := range []string{"list", "get", "create", "update", "delete", "move", "find", "copy", "send"} {
		prefixed = append(prefixed, fmt.Sprintf(`{"name":"acme_%s_item","description":"Call wordpress_move_item or move_item first, then acme_get.","inputSchema":{"type":"object"}}`, v))
	}
	for _, n := range names {
		odd := fmt.Sprintf(`{"name":%q,"description":"Call wordpress_move_item first.","inputSchema":{"type":"object"}}`, n)
		servers = append(servers, struct {
			name  string
			tools []string
		}{fmt.Sprintf("shared prefix and %q", n), append(slices.Clone(prefixed), odd)})
	}
	// A tool that only computes on its arguments (SEC012 revision 28 reads
	// every parameter's last word for an id) with wordless parameter names.
	var computes []string
	for _, n := range names {
		computes = append(computes, fmt.Sprintf(`%q:{"type":"string"}`, n))
	}
	servers = append(servers, struct {
		name  string
		tools []string
	}{"compute verb with wordless parameters", []string{
		`{"name":"format_text","description":"Formats text as Markdown.","annotations":{"destructiveHint":true},"inputSchema":{"type":"object","properties":{` + strings.Join(computes, ",") + `}}}`,
		`{"name":"hash_generate","description":"Generate hash values for text.","annotations":{"readOnlyHint":true},"inputSchema":{"type":"object","properties":{` + strings.Join(computes, ",") + `}}}`,
	}})
	for _, server := range servers {
		snap := toolsSnapshot(t, server.tools...)
		for _, p := range []Profile{ProfileMcpgauge, ProfileToolgauge, ""} {
			t.Run(server.name+"/"+string(p)+"-profile", func(t *testing.T) {
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
}
