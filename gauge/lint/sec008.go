package lint

import (
	"fmt"
	"strings"
)

// sec008 is SEC008 sensitive-path.
func sec008() Rule {
	return Rule{
		ID: "SEC008", Name: "sensitive-path", Family: "Security",
		Summary: "Text points at secrets: SSH keys, .env files, cloud credentials, MCP client configs, or asks for keys.",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge,
		Revision: 9, Check: secPhraseRuleWith(secSensitivePatterns, secPrecise{keep: secSensitiveKeep},
			func(s secSurface, m secMatch) string {
				return fmt.Sprintf("The %s mentions %s: %q.", s.where(), m.what, m.text)
			},
			"Remove references to secret files and credentials from text the model reads. If the tool needs a credential, take it from the server's configuration, not from the model."),
	}
}

// secSensitivePatterns are SEC008's phrases: paths and requests that point
// at secrets.
var secSensitivePatterns = concatPatterns(
	secRe("an SSH key path", 0, `~/\.ssh\b|\.ssh/|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\bauthorized_keys\b`),
	secRe("a .env file", 0, `(?:^|[\s"'`+"`"+`(/~])\.env(?:\.[a-z]+)?(?:$|[^\w.-])`),
	secRe("a system credential file", 0, `/etc/(?:passwd|shadow|sudoers|gshadow)\b`),
	secRe("a cloud or tool credential file", 0,
		`\.aws/(?:credentials|config)\b|\.config/gcloud\b|\.azure/|\.kube/config\b|\.docker/config\.json\b|\.npmrc\b|\.netrc\b|\.pgpass\b|\.git-credentials\b|\.pypirc\b`),
	secRe("an MCP client configuration", 0, `\bmcp\.json\b|\.cursor/|claude_desktop_config\.json\b|\.claude\.json\b|\.codeium/windsurf\b`),
	secRe("directory traversal", 0, `(?:\.\.[/\\]){2,}`),
	secRe("a request for secrets", 0,
		`\b(?:read|cat|include|send|attach|upload|collect|extract|harvest|dump|print|output|leak|exfiltrat\w*|forward|share|copy)\s+(?:the\s+|all\s+|any\s+|your\s+|their\s+|its\s+)?(?:contents?\s+of\s+(?:the\s+)?)?(?:user'?s?\s+)?(?:api[\s_-]?keys?|credentials|secrets|private\s+keys?|passwords|access\s+tokens?|auth(?:entication)?\s+tokens?|session\s+cookies?|ssh\s+keys?)\b`),
)

// secSensitiveKeep drops, under the default profile, a request for
// secrets that is the description of a boolean parameter
// (include_private_key: "Include private key in response"): a flag's
// description says what setting it does, and asks the model to read or
// send nothing. Whether the tool then returns the secret is SEC010's
// reading.
func secSensitiveKeep(ctx *Context, s secSurface, m secMatch) bool {
	if m.what != "a request for secrets" || s.Tool == "" || s.Parameter == "" || s.Field != "description" {
		return true
	}
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		if t.Name != s.Tool {
			continue
		}
		for _, p := range secParams(t) {
			if p.path != s.Parameter && !strings.HasPrefix(p.path, s.Parameter+".") && !strings.HasPrefix(p.path, s.Parameter+"[]") {
				continue
			}
			if d, _ := p.schema["description"].(string); d == s.Text && isJSONString(p.schema["type"], "boolean") {
				return false
			}
		}
	}
	return true
}
