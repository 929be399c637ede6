package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// sec011 is SEC011 code-execution-surface.
func sec011() Rule {
	return Rule{
		ID: "SEC011", Name: "code-execution-surface", Family: "Security",
		Summary: "The tool runs code, shell commands or raw SQL supplied by the model.",
		Default: Info, Scope: ScopeTool, Origin: OriginMcpgauge, Revision: 1, Check: checkSEC011,
	}
}

// checkSEC011 finds a tool that runs code, shell commands or raw SQL from
// the model (secCodeSurface); the default profile raises one that calls
// itself unsafe to warning, or error when it is marked read-only.
func checkSEC011(ctx *Context) []Problem {
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		why := secCodeSurface(t, facts[i])
		var sev Severity
		if ctx.Precise() {
			// A tool that calls itself unsafe (RCE-equivalent, arbitrary
			// code outside a sandbox) is not polish: warning, and error
			// when its annotations call it read-only.
			if said, arbitrary := secSelfDeclaredUnsafe(facts[i].words, t.RawDescription); said != "" && (why != "" || arbitrary) {
				if why == "" {
					why = said
				} else {
					why += ", and " + said
				}
				sev = Warning
				if a := t.Annotations; a != nil && a.ReadOnlyHint != nil && *a.ReadOnlyHint {
					sev = Error
				}
			}
		}
		if why == "" {
			continue
		}
		out = append(out, Problem{Tool: t.Name, Severity: sev,
			Message:    fmt.Sprintf("Tool `%s` is a code-execution surface: %s.", t.Name, why),
			Suggestion: "Run the input in a sandbox, say so in the description, and mark the tool destructiveHint: true and openWorldHint as appropriate so clients ask before calling it; prefer narrow, parameterised tools where you can."})
	}
	return out
}

var (
	secCodeObjects    = []string{"code", "script", "command", "commands", "shell", "sql", "query", "python", "js", "javascript", "snippet", "cell", "expression", "bash", "cmd", "program"}
	secNotCodeContext = regexp.MustCompile(`\b(?:country|zip|postal|language|currency|status|error|auth|authori[sz]ation|verification|promo|coupon|discount|iso|area|airport|product|access|confirmation|otp|colou?r|region|locale|http|response|invite|referral|two-factor|2fa|mfa|sms|qr|bar|postcode|discount|voucher|exit)\b`)
	secCodeTalk       = regexp.MustCompile(`\b(?:javascript|js|python|code|function\s+body|arrow\s+function|script|expression)\b|=>`)
	secSQLTalk        = regexp.MustCompile(`\bsql\b|\bselect\s+\S+\s+from\b`)
)

// secCodeSurface says why a tool is a code-execution surface, or "".
func secCodeSurface(t *model.Tool, facts secTool) string {
	words, desc := facts.words, facts.desc
	if secHasWord(words, "eval", "exec", "repl", "shell", "bash", "powershell", "zsh", "subprocess", "cmd") {
		return fmt.Sprintf("its name `%s` says it evaluates or executes input", t.Name)
	}
	for i, w := range words {
		if (w == "run" || w == "execute" || w == "exec" || w == "eval" || w == "evaluate") && i+1 < len(words) && secHasWord(words[i+1:i+2], secCodeObjects...) {
			return fmt.Sprintf("its name `%s` says it runs %s", t.Name, words[i+1])
		}
	}
	if len(words) == 1 && (words[0] == "runcode" || words[0] == "execute") {
		return fmt.Sprintf("its name `%s` says it executes input", t.Name)
	}
	sqlTool := secHasWord(words, "sql") || secSQLTalk.MatchString(desc)
	props := t.Params()
	for _, name := range t.ParamNames() {
		obj, _ := props[name].(map[string]any)
		if obj == nil || !secIsFreeText(obj) {
			continue
		}
		pdesc := ""
		if d, ok := obj["description"].(string); ok {
			pdesc, _ = secFold(d)
		}
		pw := secIdentifierWords(name)
		last := ""
		if len(pw) > 0 {
			last = pw[len(pw)-1]
		}
		switch {
		case len(pw) == 1 && secHasWord(pw, "script", "command", "cmd", "expression", "expr", "eval", "shell", "javascript", "python", "snippet", "program"):
			return fmt.Sprintf("its free-text parameter `%s` takes %s to run", name, last)
		case (last == "code" && len(pw) <= 2 || strings.Join(pw, "_") == "source_code") && !secNotCodeContext.MatchString(pdesc+" "+strings.Join(pw, " ")):
			return fmt.Sprintf("its free-text parameter `%s` takes source code", name)
		case last == "function" && len(pw) == 1 && secCodeTalk.MatchString(pdesc):
			return fmt.Sprintf("its parameter `%s` takes a function body to evaluate", name)
		case last == "sql" || (last == "query" && sqlTool):
			return fmt.Sprintf("its free-text parameter `%s` takes raw SQL", name)
		}
	}
	return ""
}

// secUnsafeTalk matches a tool calling itself unsafe: the tool's own
// warning that it runs arbitrary code outside any sandbox.
var secUnsafeTalk = regexp.MustCompile(`\b(?:unsafe|rce[- ]equivalent|remote\s+code\s+execution|executes?\s+arbitrary\s+(?:code|javascript|js|python|shell\s+commands?|commands?)|runs?\s+arbitrary\s+(?:code|javascript|js|python|shell\s+commands?|commands?)|(?:not|no|un)[- ]?sandbox(?:ed|ing)?|without\s+(?:any\s+)?sandbox(?:ing)?)\b`)

// secRunsArbitrary is the strong form of secUnsafeTalk: the description
// says the tool runs arbitrary code, whatever its name.
var secRunsArbitrary = regexp.MustCompile(`^(?:rce|remote|executes?|runs?)`)

// secSelfDeclaredUnsafe returns what a tool says of itself that makes it
// an unsafe code-execution surface ("unsafe", "RCE-equivalent", "executes
// arbitrary JavaScript in the server process"), or "", and whether the
// words say outright that it runs arbitrary code.
func secSelfDeclaredUnsafe(words []string, desc string) (string, bool) {
	prose := preciseCodeOnly(desc)
	folded, starts := secFold(prose)
	var said []string
	arbitrary := false
	for _, loc := range secUnsafeTalk.FindAllStringIndex(folded, -1) {
		if secNegatedBefore.MatchString(folded[max(0, loc[0]-40):loc[0]]) {
			continue
		}
		if len(said) < 2 {
			said = append(said, fmt.Sprintf("%q", secSnippet(prose[starts[loc[0]]:starts[loc[1]]])))
		}
		arbitrary = arbitrary || secRunsArbitrary.MatchString(folded[loc[0]:loc[1]])
	}
	if len(said) > 0 {
		return "its description says " + strings.Join(said, " and "), arbitrary
	}
	if secHasWord(words, "unsafe", "dangerous", "insecure") {
		return "its name calls it unsafe", false
	}
	return "", false
}
