package lint

import (
	"fmt"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// parameterRules returns the Parameters family of mcp-toolgauge (MCP020-MCP025).
func parameterRules() []Rule {
	return []Rule{
		{
			ID: "MCP020", Name: "parameter-missing-description", Family: "Parameters",
			Summary: "A parameter has no description.",
			Default: Warning, Toolgauge: Warning, Scope: ScopeParameter, Origin: OriginToolgauge,
			Check: checkMCP020,
		},
		{
			ID: "MCP021", Name: "parameter-description-restates-name", Family: "Parameters",
			Summary: "A parameter's description only repeats its name.",
			Default: Info, Toolgauge: Info, Scope: ScopeParameter, Origin: OriginToolgauge,
			Check: checkMCP021,
		},
		{
			ID: "MCP022", Name: "free-string-with-enum-candidates", Family: "Parameters",
			Summary: "A free-form string parameter looks like it has a fixed set of valid values.",
			Default: Info, Toolgauge: Warning, Scope: ScopeParameter, Origin: OriginToolgauge,
			Check: checkMCP022,
		},
		{
			ID: "MCP023", Name: "unconstrained-well-known-format", Family: "Parameters",
			Summary: "A date, email, or URL parameter declares no format or pattern.",
			Default: Warning, Toolgauge: Warning, Scope: ScopeParameter, Origin: OriginToolgauge,
			Check: checkMCP023,
		},
		{
			ID: "MCP024", Name: "untyped-parameter", Family: "Parameters",
			Summary: "A parameter has no declared type, or is an object with no declared shape.",
			Default: Info, Toolgauge: Warning, Scope: ScopeParameter, Origin: OriginToolgauge,
			Check: checkMCP024,
		},
		{
			ID: "MCP025", Name: "no-example-values", Family: "Parameters",
			Summary: "Nothing in the tool's schema shows an example value.",
			Default: Info, Toolgauge: Info, Scope: ScopeTool, Origin: OriginToolgauge,
			Check: checkMCP025,
		},
	}
}

// eachObjectParam calls f for every parameter whose subschema is an object,
// in server order.
func eachObjectParam(ctx *Context, f func(t *tgTool, p *tgParam)) {
	tools := tgTools(ctx)
	for i := range tools {
		for j := range tools[i].params {
			if tools[i].params[j].obj != nil {
				f(&tools[i], &tools[i].params[j])
			}
		}
	}
}

func checkMCP020(ctx *Context) []Problem {
	var out []Problem
	eachObjectParam(ctx, func(t *tgTool, p *tgParam) {
		if p.hasDesc {
			return
		}
		out = append(out, Problem{
			Tool: t.name, Parameter: p.name,
			Message:    fmt.Sprintf("`%s.%s` has no description.", t.name, p.name),
			Suggestion: fmt.Sprintf("Add a `description` to `%s`: what it means, what a valid value looks like, and what happens when it is left out. An auto-generated `title` does not count; it is only the parameter name capitalised.", p.name),
		})
	})
	return out
}

func checkMCP021(ctx *Context) []Problem {
	var out []Problem
	eachObjectParam(ctx, func(t *tgTool, p *tgParam) {
		d := p.desc
		if !p.hasDesc || !text.IsSubsetOfName(d, p.name) {
			return
		}
		out = append(out, Problem{
			Tool: t.name, Parameter: p.name,
			Message:    fmt.Sprintf("`%s.%s`'s description (%s) only restates its name.", t.name, p.name, compat.PyRepr(text.CollapseSpace(d))),
			Suggestion: fmt.Sprintf("Describe what `%s` adds beyond its name: units, the accepted range, where the value comes from, or an example. \"The limit\" as the description of `limit` costs tokens and teaches the model nothing.", p.name),
		})
	})
	return out
}

func checkMCP022(ctx *Context) []Problem {
	var out []Problem
	eachObjectParam(ctx, func(t *tgTool, p *tgParam) {
		if !p.freeString {
			return
		}
		d := p.desc
		byName := false
		for _, tok := range text.IdentifierTokens(p.name) {
			if text.IsEnumLikeName(tok) && !(ctx.Precise() && preciseOpenSets[strings.ToLower(tok)]) {
				byName = true
			}
		}
		byProse := text.Enumeration.Match(d)
		if byProse && ctx.Precise() {
			byProse = preciseListsValues(d)
		}
		if !byName && !byProse {
			return
		}
		reason := fmt.Sprintf("`%s` almost always has a fixed set of valid values", p.name)
		if byProse && !byName {
			reason = "its description lists the values it accepts"
		}
		out = append(out, Problem{
			Tool: t.name, Parameter: p.name,
			Message:    fmt.Sprintf("`%s.%s` is a free-form string, but %s.", t.name, p.name, reason),
			Suggestion: fmt.Sprintf("Declare the accepted values of `%s` as an `enum` in the schema (in Python, type it as `Literal[...]`; in TypeScript with zod, `z.enum([...])`). Given an open string a model invents a plausible value, the call fails validation, and the user sees a broken tool.", p.name),
		})
	})
	return out
}

// formatShape is the well-known syntax a parameter name implies, or "".
func formatShape(name string) string {
	toks := text.IdentifierTokens(name)
	anyTok := func(pred func(string) bool) bool {
		for _, t := range toks {
			if pred(t) {
				return true
			}
		}
		return false
	}
	switch {
	case anyTok(text.IsEmailLikeName):
		return "an email address"
	case anyTok(text.IsURLLikeName):
		return "a URL"
	case anyTok(text.IsDateLikeName) || text.HasDateSuffix(name):
		return "a date or timestamp"
	}
	return ""
}

func checkMCP023(ctx *Context) []Problem {
	var out []Problem
	eachObjectParam(ctx, func(t *tgTool, p *tgParam) {
		if !p.freeString {
			return
		}
		shape := formatShape(p.name)
		if shape == "" {
			return
		}
		if ctx.Precise() && !preciseFormatWanted(shape, p) {
			return
		}
		out = append(out, Problem{
			Tool: t.name, Parameter: p.name,
			Message:    fmt.Sprintf("`%s.%s` looks like %s but the schema constrains nothing.", t.name, p.name, shape),
			Suggestion: fmt.Sprintf("Pin `%s` down with a JSON Schema `format` (`date`, `date-time`, `email`, `uri`) or a `pattern`, and show one concrete value in its description. Left open, each model picks its own convention, and `2026-01-31`, `31/01/2026` and `last Tuesday` all arrive at the same tool.", p.name),
		})
	})
	return out
}

func checkMCP024(ctx *Context) []Problem {
	var out []Problem
	eachObjectParam(ctx, func(t *tgTool, p *tgParam) {
		branches := p.branches
		described := false
		for _, br := range branches {
			for _, k := range []string{"type", "enum", "const", "$ref", "properties", "items"} {
				if br[k] != nil {
					described = true
				}
			}
		}
		var msg string
		if !described {
			msg = fmt.Sprintf("`%s.%s` has no declared type.", t.name, p.name)
		} else {
			shapeless := true
			for _, br := range branches {
				_, hasProps := br["properties"].(map[string]any)
				if !isJSONString(br["type"], "object") || hasProps {
					shapeless = false
				}
			}
			if !shapeless || ctx.Precise() && preciseTypedMap(p) {
				return
			}
			msg = fmt.Sprintf("`%s.%s` is an object with no declared properties, so its shape is anyone's guess.", t.name, p.name)
		}
		var sev Severity
		if ctx.Precise() && preciseOnlyEmpty(p) {
			sev = Warning // only {} validates: the tool cannot be called with data
		}
		out = append(out, Problem{
			Tool: t.name, Parameter: p.name, Severity: sev,
			Message:    msg,
			Suggestion: fmt.Sprintf("Give `%s` a concrete schema: a `type`, and for an object its `properties` (with `required`), or split it into the few plain arguments it really carries. A model cannot fill in an opaque value by reading the schema, so it guesses.", p.name),
		})
	})
	return out
}

// hasExample reports whether anything in the tool shows a concrete value: the
// description matches EXAMPLE, some object parameter has examples/example at
// the top level or in a branch, or some parameter description matches EXAMPLE.
// A default does not count.
func hasExample(t *tgTool) bool {
	if t.hasExample {
		return true
	}
	for _, p := range t.params {
		if p.obj == nil {
			continue
		}
		if setAnywhere(p.obj, "examples", "example") {
			return true
		}
		if p.descExample {
			return true
		}
	}
	return false
}

func checkMCP025(ctx *Context) []Problem {
	var out []Problem
	tools := tgTools(ctx)
	for i := range tools {
		t := &tools[i]
		if len(t.params) == 0 || hasExample(t) {
			continue
		}
		out = append(out, Problem{
			Tool:       t.name,
			Message:    fmt.Sprintf("Nothing in `%s`'s schema shows an example value.", t.name),
			Suggestion: fmt.Sprintf("Show one concrete value for the least obvious parameter of `%s`, in its description (\"e.g. 'TCK-1042'\") or as JSON Schema `examples`. A model can guess what a search query looks like, but not what your IDs or date formats look like.", t.name),
		})
	}
	return out
}
