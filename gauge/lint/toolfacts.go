package lint

import (
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// What the tool-level Security and Quality-gate rules read of a tool: the
// words of its name, its folded description, whether a parameter takes
// free text.

// secTool is what the tool-level Security and Quality-gate rules read of a
// tool's name and description, computed once per run.
type secTool struct {
	words []string // secIdentifierWords(Name)
	desc  string   // secFold(RawDescription)
	// affirmative: desc with its negated spans cut out (secAffirmative),
	// what the reach of a surface is read from.
	affirmative string
	// authoring: some tool of the same server writes the steps of a
	// workflow or pipeline (secStepsDefinition) or adds a step of a code
	// type (secAddsCodeStep), so a run of any workflow
	// may run what the model wrote.
	authoring bool
	// runtime: what the server's tools, taken together, attach to (a
	// browser page, a debugged process), for a surface whose own text
	// does not say where it evaluates (secRuntimeOf).
	runtime secServerRuntime
}

// secTools returns the secTool of every tool of ctx, in order.
func secTools(ctx *Context) []secTool {
	return ctx.Memo("sec.tools", func() any {
		out := make([]secTool, len(ctx.Tools))
		for i := range ctx.Tools {
			out[i].words = secIdentifierWords(ctx.Tools[i].Name)
			out[i].desc, _ = secFold(ctx.Tools[i].RawDescription)
			out[i].affirmative = secAffirmative(out[i].desc)
		}
		authoring := false
		for i := range ctx.Tools {
			authoring = authoring || secStepsDefinition(&ctx.Tools[i], out[i]).real || secAddsCodeStep(&ctx.Tools[i], out[i])
		}
		instructions := ""
		if ctx.Snap != nil {
			instructions = ctx.Snap.Server.Instructions
		}
		runtime := secRuntimeOf(out, instructions)
		for i := range out {
			out[i].authoring = authoring
			out[i].runtime = runtime
		}
		return out
	}).([]secTool)
}

// secIdentifierWords splits a parameter or tool name into lowercase words
// (snake, kebab, camel, dotted).
func secIdentifierWords(name string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case r == '_' || r == '-' || r == '.' || r == ' ' || r == '/' || r == ':':
			flush()
		case r >= 'A' && r <= 'Z' && i > 0 && ((rs[i-1] >= 'a' && rs[i-1] <= 'z') || (rs[i-1] >= '0' && rs[i-1] <= '9') ||
			(i+1 < len(rs) && rs[i+1] >= 'a' && rs[i+1] <= 'z' && rs[i-1] >= 'A' && rs[i-1] <= 'Z')):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return words
}

// secHasWord reports whether any of words is in set.
func secHasWord(words []string, set ...string) bool {
	for _, w := range words {
		for _, s := range set {
			if w == s {
				return true
			}
		}
	}
	return false
}

// secIsFreeText reports whether a parameter schema takes unconstrained
// text: typed string (alone or among others) or untyped, with no enum,
// const, pattern or format.
func secIsFreeText(schema map[string]any) bool {
	if schema == nil {
		return false
	}
	for _, k := range constraintKeys() {
		if _, ok := schema[k]; ok {
			return false
		}
	}
	switch ty := schema["type"].(type) {
	case nil:
		return true
	case string:
		return ty == "string"
	case []any:
		for _, x := range ty {
			if x == "string" {
				return true
			}
		}
	}
	return false
}

// secOperationValues returns the string values of the enums of a tool's
// operation-like parameters (`operation`, `action`, `op`, `mode`,
// `command`, `method`): what a manage-style tool can be asked to do.
func secOperationValues(t *model.Tool) []string {
	var out []string
	props := t.Params()
	for _, name := range t.ParamNames() {
		switch strings.ToLower(name) {
		case "operation", "action", "op", "mode", "command", "method":
		default:
			continue
		}
		p, _ := props[name].(map[string]any)
		list, _ := p["enum"].([]any)
		for _, e := range list {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}
