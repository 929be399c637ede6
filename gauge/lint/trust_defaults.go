package lint

import (
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// Trust on by default (SEC012 revision 47, issue 21 round 49): a boolean
// that, left out, answers a trust or approval prompt yes, applies changes
// without a review, installs hooks or dependencies (whose scripts then
// run), or lets a role name anything. The model widens what runs or what
// is trusted by saying nothing: "Auto-accept folder-trust prompt (default
// true)", "Apply all changes automatically. Defaults to true for AI
// agents", gitHooks "Install git hooks ... (default: true)". Read from the
// schema's default or the parameter's own text; a flag that only shapes
// what is returned (simplifyHooks, allow_external "return external
// links") is not one.

// trustDefault returns a boolean parameter of t that trusts, approves,
// applies or installs when left out, and what a bare call then does; or
// "", "". A tool named for a read is left out.
func trustDefault(t *model.Tool, f secTool) (string, string) {
	if secReadNamed(f.words) {
		return "", ""
	}
	props := t.Params()
	for _, name := range t.ParamNames() {
		obj, _ := props[name].(map[string]any)
		if obj == nil || !isJSONString(obj["type"], "boolean") {
			continue
		}
		d, _ := obj["description"].(string)
		if obj["default"] != true && !secDefaultTrueTalk.MatchString(d) {
			continue
		}
		if what := trustFlagDoes(secIdentifierWords(name)); what != "" {
			return name, what
		}
	}
	return "", ""
}

// trustFlagDoes says what a flag named by pw does when it is on, when that
// widens trust or what runs; or "".
func trustFlagDoes(pw []string) string {
	switch {
	case secHasWord(pw, "only", "require", "required", "verify", "check", "no", "not", "skip"):
		return "" // trustedOnly, requireApproval, noInstall: a flag that narrows
	case secHasWord(pw, "trust", "autotrust"):
		return "answers a trust prompt yes"
	case secHasWord(pw, "autoapprove", "autoaccept") || secHasWord(pw, "auto") && secHasWord(pw, "approve", "accept"):
		return "approves what it runs without asking"
	case secHasWord(pw, "autoapply") || secHasWord(pw, "auto") && secHasWord(pw, "apply"):
		return "applies its changes without a review"
	case secHasWord(pw, "hooks", "hook") && secHasWord(pw, "install", "git", "add", "setup"):
		return "installs hooks that later run on their own"
	case secHasWord(pw, "install") && secHasWord(pw, "dependencies", "deps", "packages"):
		return "installs dependencies (and runs their install scripts)"
	case secHasWord(pw, "allow") && secHasWord(pw, "any", "all"):
		return "lifts the limit the flag names (any value is allowed)"
	}
	return ""
}
