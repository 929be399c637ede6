package lint

import (
	"regexp"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// secPairDepth is how many objects and arrays below the top the reading of
// name/value pairs looks: a deployment spec nests a component's
// environment a few levels down (spec.services[].envs[]).
const secPairDepth = 6

// secEnvPairValue returns the path of the value of a name/value pair a
// tool sets as a secret, and what it is, or "", "". A pair is an array of
// objects with a string `value` beside a `name` or `key`. It is a secret
// when the array is the environment of what the tool creates or changes
// (named env, envs, envVars, environment, or variables described as
// environment variables: render's create_service(envVars[{key, value}]),
// portainer's createLocalStack(env[{name, value}])), since a deployment's
// environment is where its database URLs, API keys and tokens go; or when
// a sibling of the value marks it secret (a boolean isPassword, isSecret,
// masked, or a type enum with secret, encrypted or sensitive). The tool
// must set something (a setter verb or manage) and run nothing: a
// command's environment (run_command(env)) is the command's input, and a
// read (list_env_vars) sets nothing. Headers, tags, options, form fields
// and metadata are pairs too, and stay silent unless a sibling marks the
// value secret.
func secEnvPairValue(t *model.Tool, words []string) (path, what string) {
	if !secHasWord(words, secSecretSetters...) && !secHasWord(words, "manage", "deploy") ||
		secHasWord(words, "run", "exec", "execute", "command", "shell", "spawn", "get", "list", "read", "delete", "remove") {
		return "", ""
	}
	props := t.Params()
	for _, k := range secSortedKeys(props) {
		child, _ := props[k].(map[string]any)
		if p, w := secPairWalk(k, k, child, 1); p != "" {
			return p, w
		}
	}
	return "", ""
}

// secPairWalk looks for a secret pair value at or below schema, whose
// property name is name and path is path.
func secPairWalk(path, name string, schema map[string]any, depth int) (string, string) {
	if schema == nil || depth > secPairDepth {
		return "", ""
	}
	if items, ok := schema["items"].(map[string]any); ok {
		if what := secSecretPair(name, secSchemaDesc(schema), items); what != "" {
			return path + "[].value", what
		}
		if p, w := secPairWalk(path+"[]", name, items, depth+1); p != "" {
			return p, w
		}
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		alts, _ := schema[key].([]any)
		for _, a := range alts {
			if alt, ok := a.(map[string]any); ok {
				if p, w := secPairWalk(path, name, alt, depth); p != "" {
					return p, w
				}
			}
		}
	}
	props, _ := schema["properties"].(map[string]any)
	for _, k := range secSortedKeys(props) {
		child, _ := props[k].(map[string]any)
		if p, w := secPairWalk(path+"."+k, k, child, depth+1); p != "" {
			return p, w
		}
	}
	return "", ""
}

// secEnvListTalk is an array's description that calls its items
// environment variables.
var secEnvListTalk = regexp.MustCompile(`\benvironment\s+variables?\b|\benv\s+vars?\b`)

// secSecretPair says what secret the value of an array's pair items holds,
// or "": name and desc are the array's, items its item schema.
func secSecretPair(name, desc string, items map[string]any) string {
	props, _ := items["properties"].(map[string]any)
	value, _ := props["value"].(map[string]any)
	if value == nil || !secTakesString(value) || len(schemaStrings(value, "enum")) > 0 {
		return ""
	}
	named := false
	for k, v := range props {
		kw := secIdentifierWords(k)
		if s, _ := v.(map[string]any); s != nil && secTakesString(s) && len(kw) > 0 && (kw[len(kw)-1] == "name" || kw[len(kw)-1] == "key") {
			named = true
		}
	}
	if !named {
		return ""
	}
	vdesc, _ := secFold(secSchemaDesc(value))
	if secNoSecrets(vdesc) {
		return ""
	}
	for k, v := range props {
		s, _ := v.(map[string]any)
		if s == nil || k == "value" {
			continue
		}
		kw := secIdentifierWords(k)
		if ty, _ := s["type"].(string); ty == "boolean" && secHasWord(kw, append([]string{"password"}, secSecretKinds...)...) {
			// macros[{name, value, isPassword}]: the schema says a value
			// may be a password.
			return "the value of a pair its schema marks as a password or secret"
		}
		for _, e := range schemaStrings(s, "enum") {
			if secHasWord(secIdentifierWords(e), secSecretKinds...) {
				// envs[{key, value, type: GENERAL|SECRET}].
				return "the value of a pair its schema marks as a password or secret"
			}
		}
	}
	folded, _ := secFold(desc)
	if secNoSecrets(folded) {
		return ""
	}
	envNamed, other := false, false
	for _, w := range secIdentifierWords(name) {
		switch {
		case secEnvParamWords[w]:
			envNamed = true
		case w == "vars" || w == "variables" || w == "var":
		default:
			other = true
		}
	}
	if other {
		return ""
	}
	if envNamed || secEnvListTalk.MatchString(folded) {
		return "the values of the environment variables it sets (where a deployment's database URLs, API keys and tokens go)"
	}
	return ""
}
