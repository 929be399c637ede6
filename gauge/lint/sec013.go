package lint

import (
	"fmt"
	"regexp"
	"strings"
)

// sec013 is SEC013 guardrail-control.
func sec013() Rule {
	return Rule{
		ID: "SEC013", Name: "guardrail-control", Family: "Security",
		Summary: "A tool lets the model change the server's own guardrails (allowed directories, blocked commands, confirmation).",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge, Revision: 1, Check: checkSEC013,
	}
}

// checkSEC013 finds a tool that lets the model change the server's own
// guardrails (desktop-commander's set_config_value sets allowedDirectories
// and blockedCommands).
func checkSEC013(ctx *Context) []Problem {
	if !ctx.Precise() {
		return nil
	}
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		if a := t.Annotations; a != nil && a.ReadOnlyHint != nil && *a.ReadOnlyHint {
			continue
		}
		words := facts[i].words
		if !secHasWord(words, secSetterWords...) || !secHasWord(words, secConfigWords...) {
			continue
		}
		var texts []string
		texts = append(texts, t.RawDescription)
		props := t.Params()
		for _, name := range t.ParamNames() {
			texts = append(texts, name)
			secSchemaText(props[name], func(_, s string) { texts = append(texts, s) }, 0)
		}
		seen := map[string]bool{}
		var keys []string
		for _, s := range texts {
			for _, k := range secGuardrailTalk.FindAllString(preciseCodeOnly(s), -1) {
				if !seen[strings.ToLower(k)] {
					seen[strings.ToLower(k)] = true
					keys = append(keys, k)
				}
			}
		}
		if len(keys) == 0 {
			continue
		}
		if len(keys) > 4 {
			keys = keys[:4]
		}
		out = append(out, Problem{Tool: t.Name,
			Message: fmt.Sprintf("Tool `%s` lets the model change the server's own guardrails (%s): one injected instruction can lift the limits the user chose.",
				t.Name, strings.Join(keys, ", ")),
			Suggestion: "Keep guardrail settings (allowed directories, blocked commands, confirmation, sandboxing) out of the tools: read them from the server's configuration, which only the user edits, or refuse to widen them from a tool call."})
	}
	return out
}

// secGuardrailTalk names a setting that limits what the server lets the
// model do: allowed directories, blocked commands, allow/deny lists, a
// read-only or safe mode, confirmation prompts, sandboxing.
var secGuardrailTalk = regexp.MustCompile(`(?i)\b(?:allowed[\s_-]?(?:directories|dirs|paths|roots|commands|hosts|domains|origins|tools|urls)|allowed(?:Directories|Dirs|Paths|Roots|Commands|Hosts|Domains|Origins|Tools|Urls)|blocked[\s_-]?(?:commands|paths|directories|hosts|domains|tools|urls)|blocked(?:Commands|Paths|Directories|Hosts|Domains|Tools|Urls)|(?:allow|deny|block|white|black)[\s_-]?list(?:ed)?|read[\s_-]?only[\s_-]?mode|safe[\s_-]?mode|sandbox(?:ing|ed)?|require[sd]?[\s_-]?(?:confirmation|approval)|(?:confirmation|approval)[\s_-]?(?:prompts?|required|mode)|auto[\s_-]?approv\w*)\b`)

// secSetterWords mark a tool that changes settings.
var secSetterWords = []string{"set", "update", "edit", "change", "configure", "modify", "unset", "disable", "enable", "toggle", "unblock", "allow", "add", "remove", "write", "put", "patch"}

// secConfigWords mark what a setter tool changes.
var secConfigWords = []string{"config", "configuration", "setting", "settings", "option", "options", "policy", "permission", "permissions", "preference", "preferences", "guardrail", "guardrails", "sandbox", "allowlist", "denylist", "blocklist", "whitelist", "blacklist", "confirmation", "allowed", "blocked"}
