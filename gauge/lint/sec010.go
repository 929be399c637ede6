package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// sec010 is SEC010 env-exposure.
func sec010() Rule {
	return Rule{
		ID: "SEC010", Name: "env-exposure", Family: "Security",
		Summary: "The tool appears to return environment variables or secrets.",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge, Revision: 2, Check: checkSEC010,
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
		envHit := envName && secEnvTalk.MatchString(desc) || secEnvReturn.MatchString(desc)
		if envHit && ctx.Precise() && (secWritesOnly(words) || secValuesHidden.MatchString(desc)) {
			// vercel_create_env_var sets a variable and returns none;
			// a list whose values are masked returns no secret.
			continue
		}
		if !envHit {
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

// secValuesHidden is a description saying the values never come back
// (masked, write-only, not readable) or that they are a sandbox's own,
// not the server's ("from the persistent bash environment").
var secValuesHidden = regexp.MustCompile(`\bfrom\s+the\s+(?:persistent|sandbox(?:ed)?|virtual|isolated|in-memory)\b|\b(?:masked|redacted|write[- ]only|cannot\s+be\s+read(?:\s+back)?|never\s+(?:returned|returns?|shown|shows?|exposed)|values?\s+(?:are\s+)?(?:not|never)\s+(?:returned|shown|included))\b`)

// secEnvWriteVerbs are name words of a tool that sets, changes or removes
// something rather than returning it.
var secEnvWriteVerbs = []string{"create", "update", "set", "delete", "remove", "replace", "setup", "add", "unset", "put", "upsert", "write", "import", "sync", "bulk", "edit", "modify", "change", "rotate"}

// secWritesOnly reports whether a tool's name says it writes (a write verb
// and no read verb): it does not return what it writes.
func secWritesOnly(words []string) bool {
	if !secHasWord(words, secEnvWriteVerbs...) {
		return false
	}
	for _, w := range words {
		if text.IsReadVerb(w) {
			return false
		}
	}
	return true
}

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
	m := secCredentialReturnIdx.FindStringSubmatchIndex(first)
	if m == nil || secRedacted.MatchString(first) {
		return ""
	}
	// "projects accessible with current credentials": the credential is
	// the means, not what is returned; "a password setup form": it
	// qualifies another noun.
	if secCredentialMeans.MatchString(first[m[0]:m[2]]) || secCredentialQualifies.MatchString(first[m[3]:]) {
		return ""
	}
	return strings.Join(strings.Fields(first[m[2]:m[3]]), " ")
}

var (
	secCredentialReturnIdx = secCredentialReturn
	secCredentialMeans     = regexp.MustCompile(`\b(?:with|using|via|through|by|accessible|authori[sz]ed|authenticated)\s+(?:the\s+|your\s+|current\s+|its\s+)*$`)
	secCredentialQualifies = regexp.MustCompile(`^\s+(?:setup|set[- ]up|reset|change|form|field|policy|policies|strength|prompt|manager|rotation|requirements?|expiry|expiration|status)\b`)
)

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
