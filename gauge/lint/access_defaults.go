package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// An access bound whose default is its widest value (round 32): a
// parameter that bounds who or what the call lets in (the user scripts
// run as, the network a container reaches, who sees an exposed port, how
// often and how long an invite admits) and that, left out, takes the
// value that bounds nothing: root, unrestricted, public, unlimited,
// never. The model widens access by saying nothing. Read from the
// schema's default or from the parameter's own description ("Default:
// root", "(default: unrestricted)", "unlimited if omitted"). The same
// value in another place bounds nothing of access (a folder's root, a
// row limit "unlimited", a schema named public) and is not read.

// accessWidestValue is a parameter's description naming its value when
// left out, with the value in the group: "Default: root", "(default:
// unrestricted)", "defaults to public", "unlimited if omitted", "omit for
// unlimited", "public (default)".
var accessWidestValue = regexp.MustCompile(`(?i)\bdefaults?(?:\s+to|\s+is)?\s*[:=]?\s*['"\x60]?(` + accessWidestWords + `)\b` +
	`|\b(` + accessWidestWords + `)['"\x60]?\s*\(default\)` +
	`|\b(` + accessWidestWords + `)\s+(?:if|when)\s+(?:omitted|not\s+(?:set|specified|provided|given)|unset|left\s+(?:out|empty|blank))\b` +
	`|\bomit(?:ted)?\s+(?:for|means)\s+(` + accessWidestWords + `)\b`)

// accessWidestWords are the widest values accessBoundValues knows.
const accessWidestWords = `unlimited|never|unrestricted|root|public|anyone|everyone|anonymous`

// accessBoundValues maps a widest value to the parameter name words in
// whose place it bounds access: root for the user a script runs as;
// unrestricted, public, anyone or everyone for a network or a visibility,
// and anyone, everyone or anonymous for a link's scope or audience
// ("Link scope: 'anonymous' (default) or 'organization'", round 48);
// unlimited or never for the uses and lifetime of what a grant tool
// mints.
var accessBoundValues = map[string][]string{
	"root":         {"user", "runas", "username"},
	"unrestricted": {"network", "networking", "egress", "internet", "visibility", "access"},
	"public":       {"network", "networking", "egress", "visibility", "access"},
	"anyone":       {"visibility", "access", "audience", "scope"},
	"everyone":     {"visibility", "access", "audience", "scope"},
	"anonymous":    {"visibility", "access", "audience", "scope"},
	"unlimited":    {"uses", "redemptions", "use"},
	"never":        {"expires", "expiry", "expiration", "expire", "ttl", "validity", "lifetime"},
}

// accessGrantNouns name what a tool mints when its uses or lifetime
// bound access: an invite, a token, a key, a link, a code, a pass.
var accessGrantNouns = []string{"invite", "invites", "invitation", "invitations", "token", "tokens", "key", "keys", "link", "links", "code", "codes", "pass", "passes", "credential", "credentials"}

// accessGrantsNothing is a description saying the call is a dry run or
// makes its output without creating it ("Generate the pipeline YAML
// without creating the pipeline"): a default in what it hands back
// grants nothing yet.
var accessGrantsNothing = regexp.MustCompile(`(?i)\bdry[\s-]?run\b|\bwithout\s+(?:creating|applying|deploying|saving|running|executing)\b`)

// accessWidestDefault returns a parameter of t that bounds access and
// defaults to its widest value, with that value; or "", "". A tool that
// reads (its name opens on a read verb), is marked read-only or says it
// is a dry run changes no access by any default.
func accessWidestDefault(t *model.Tool, f secTool) (string, string) {
	words := f.words
	if accessGrantsNothing.MatchString(f.desc) || secSaysNoChange.MatchString(f.desc) {
		return "", ""
	}
	if secReadNamed(words) || len(words) > 0 && secHasWord(words[:1], "list", "get", "search", "find", "read", "show", "describe", "view", "fetch", "query", "check") {
		return "", ""
	}
	if a := t.Annotations; a != nil && a.ReadOnlyHint != nil && *a.ReadOnlyHint {
		return "", ""
	}
	props := t.Params()
	for _, name := range t.ParamNames() {
		obj, _ := props[name].(map[string]any)
		if obj == nil {
			continue
		}
		v := ""
		if def, ok := obj["default"].(string); ok {
			v = strings.ToLower(strings.TrimSpace(def))
		} else if d, _ := obj["description"].(string); d != "" {
			if m := accessWidestValue.FindStringSubmatch(d); m != nil {
				for _, g := range m[1:] {
					if g != "" {
						v = strings.ToLower(g)
						break
					}
				}
			}
		}
		places, ok := accessBoundValues[v]
		if !ok {
			continue
		}
		pw := secIdentifierWords(name)
		if !secHasWord(pw, places...) {
			continue
		}
		if (v == "unlimited" || v == "never") && !secHasWord(words, accessGrantNouns...) {
			// A run's limit or a schedule's end left open bounds work,
			// not who gets in.
			continue
		}
		return name, v
	}
	return "", ""
}

// accessWidestMessage is SEC012's message for an access bound left at its
// widest value.
func accessWidestMessage(tool, param, value string) string {
	return fmt.Sprintf("`%s.%s` defaults to %q, the widest access it can give, so every call grants that unless the model narrows it.", tool, param, value)
}
