package lint

import (
	"fmt"
	"regexp"
	"strings"
)

// sec010 is SEC010 env-exposure.
func sec010() Rule {
	return Rule{
		ID: "SEC010", Name: "env-exposure", Family: "Security",
		Summary: "The tool appears to return environment variables or secrets.",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge, Revision: 1, Check: checkSEC010,
	}
}

// checkSEC010 finds a tool that returns environment variables (by its name
// and description, or a description that says so), and under the default
// profile one whose description opens by saying it returns credentials.
func checkSEC010(ctx *Context) []Problem {
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		words, desc := facts[i].words, facts[i].desc
		envName := secHasWord(words, "env", "environment", "envs", "environ", "envvar", "envvars", "dotenv", "printenv", "getenv")
		if !(envName && secEnvTalk.MatchString(desc)) && !secEnvReturn.MatchString(desc) {
			// The default profile also reads a description that says the
			// tool returns credentials (a kubeconfig, tokens, API keys).
			if cred := ""; ctx.Precise() {
				if cred = secReturnsCredentials(t.RawDescription); cred != "" {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` says it returns %s: credentials in a tool result reach the model's context, logs and any server the conversation is sent to.", t.Name, secCredentialWhat(cred)),
						Suggestion: "Return only what the model needs (names, contexts, expiry dates) and redact secret values (tokens, keys, passwords, certificate data), or remove the tool."})
				}
			}
			continue
		}
		out = append(out, Problem{Tool: t.Name,
			Message:    fmt.Sprintf("Tool `%s` appears to return environment variables; a server's environment usually holds API keys and tokens.", t.Name),
			Suggestion: "Return only an allow-list of non-secret settings, redact values whose names look like keys, tokens or passwords, or remove the tool."})
	}
	return out
}

var (
	secEnvTalk   = regexp.MustCompile(`environment\s+variables?|\benv\s+vars?\b|\benv\b|\bsecrets?\b|\bapi\s+keys?\b|\bcredentials\b|\.env\b|\bprocess\.env\b`)
	secEnvReturn = regexp.MustCompile(`\b(?:returns?|prints?|dumps?|lists?|shows?|exposes?|reads?|gets?|outputs?|displays?|retrieves?)\s+(?:all\s+|the\s+|every\s+|any\s+)?(?:of\s+the\s+)?(?:current\s+|process\s+|server\s+|system\s+|shell\s+)?(?:environment\s+variables|env\s+vars)\b`)
)

// secCredentialReturn matches a description whose opening sentence says
// the tool returns credentials: a kubeconfig, tokens, API keys, passwords.
var secCredentialReturn = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:gets?|returns?|shows?|views?|prints?|outputs?|exports?|reveals?|retrieves?|reads?|dumps?|fetch(?:es)?|displays?|lists?)\b[^.\n]{0,80}?\b(kubeconfig|kube\s+config|credentials|access\s+tokens?|refresh\s+tokens?|auth(?:entication)?\s+tokens?|bearer\s+tokens?|api\s+keys?|secret\s+values?|secrets|passwords?|private\s+keys?|session\s+cookies?|cookies)\b`)

// secRedacted marks a sentence saying the secret parts are left out.
var secRedacted = regexp.MustCompile(`\b(?:redact\w*|mask\w*|omit\w*|without\s+(?:the\s+)?(?:secret|token|credential|password|key)s?|names?\s+only|never\s+(?:returns?|includes?|shows?))\b`)

// secReturnsCredentials returns the credential a tool's description says
// it returns, or "".
func secReturnsCredentials(desc string) string {
	prose, _ := secFold(preciseCodeOnly(desc))
	first := prose
	if k := strings.IndexAny(prose, ".\n"); k >= 0 && strings.TrimSpace(prose[:k]) != "" {
		first = prose[:k]
	} else if k >= 0 {
		first = strings.TrimLeft(prose, " \n")
		if j := strings.IndexAny(first, ".\n"); j >= 0 {
			first = first[:j]
		}
	}
	m := secCredentialReturn.FindStringSubmatch(first)
	if m == nil || secRedacted.MatchString(first) {
		return ""
	}
	return strings.Join(strings.Fields(m[1]), " ")
}

// secCredentialWhat names a credential for a message.
func secCredentialWhat(cred string) string {
	switch cred {
	case "kubeconfig", "kube config":
		return "a kubeconfig, which holds cluster credentials (tokens, client keys)"
	case "cookies":
		return "cookies, which carry session credentials"
	}
	return cred
}
