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
			Doc: docMCP020, Check: checkMCP020,
		},
		{
			ID: "MCP021", Name: "parameter-description-restates-name", Family: "Parameters",
			Summary: "A parameter's description only repeats its name.",
			Default: Info, Toolgauge: Info, Scope: ScopeParameter, Origin: OriginToolgauge,
			Doc: docMCP021, Check: checkMCP021,
		},
		{
			ID: "MCP022", Name: "free-string-with-enum-candidates", Family: "Parameters",
			Summary: "A free-form string parameter looks like it has a fixed set of valid values.",
			Default: Info, Toolgauge: Warning, Scope: ScopeParameter, Origin: OriginToolgauge,
			Doc: docMCP022, Check: checkMCP022,
		},
		{
			ID: "MCP023", Name: "unconstrained-well-known-format", Family: "Parameters",
			Summary: "A date, email, or URL parameter declares no format or pattern.",
			Default: Warning, Toolgauge: Warning, Scope: ScopeParameter, Origin: OriginToolgauge,
			Doc: docMCP023, Check: checkMCP023,
		},
		{
			ID: "MCP024", Name: "untyped-parameter", Family: "Parameters",
			Summary: "A parameter has no declared type, or is an object with no declared shape.",
			Default: Info, Toolgauge: Warning, Scope: ScopeParameter, Origin: OriginToolgauge,
			Doc: docMCP024, Check: checkMCP024,
		},
		{
			ID: "MCP025", Name: "no-example-values", Family: "Parameters",
			Summary: "Nothing in the tool's schema shows an example value.",
			Default: Info, Toolgauge: Info, Scope: ScopeTool, Origin: OriginToolgauge,
			Doc: docMCP025, Check: checkMCP025,
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

const docMCP020 = "## Why it matters\n\n" +
	"Selecting the tool is half of a call; the model then has to invent arguments. A parameter with no description " +
	"leaves it to guess meaning, format and units from the name alone.\n\n" +
	"## What triggers it\n\n" +
	"A parameter whose subschema is an object has no non-blank `description`, neither at its top level nor in any " +
	"non-null `anyOf` (else `oneOf`) branch. `title` never counts: Pydantic fills it in automatically (`query` becomes " +
	"\"Query\") and it carries no information.\n\n" +
	"## Example\n\n" +
	"Before: `\"limit\": {\"type\": \"integer\", \"title\": \"Limit\"}`\n\n" +
	"After: `\"limit\": {\"type\": \"integer\", \"description\": \"Maximum results to return, 1-100. Defaults to 20.\"}`\n"

const docMCP021 = "## Why it matters\n\n" +
	"\"The limit\" as the description of `limit` costs tokens and teaches nothing. It is polish, so the rule is info.\n\n" +
	"## What triggers it\n\n" +
	"The parameter has a description (as for MCP020), it has at least one content word, and every content word " +
	"matches a token of the parameter's name, exactly or, for words of four letters or more, by prefix.\n\n" +
	"## Example\n\n" +
	"Before: `\"user_id\": {\"type\": \"string\", \"description\": \"The user ID.\"}`\n\n" +
	"After: `\"user_id\": {\"type\": \"string\", \"description\": \"Directory ID from search_users, e.g. 'usr_1a2b'.\"}`\n"

const docMCP022 = "## Why it matters\n\n" +
	"`status: string` is an invitation to hallucinate. Declared as an enum, the model can only send a value that " +
	"works; left open, it invents a plausible one and the call fails validation.\n\n" +
	"## What triggers it\n\n" +
	"All of: the parameter is string-typed (some non-null branch has type `string` or a type list containing it); " +
	"no `enum`, `const`, `pattern` or `format` is set at the top level or in any branch; and either a raw token of " +
	"its name is enum-like (status, state, type, kind, mode, priority, sort, order, role, region, ...) or its " +
	"description lists values (\"one of\", \"either\", \"must be '...'\", \"valid values\", ...).\n\n" +
	"## Example\n\n" +
	"Before: `\"priority\": {\"type\": \"string\"}`\n\n" +
	"After: `\"priority\": {\"type\": \"string\", \"enum\": [\"low\", \"normal\", \"urgent\"], \"description\": \"How fast support should respond.\"}`\n"

const docMCP023 = "## Why it matters\n\n" +
	"Dates, emails and URLs have a well-known syntax, but every model has its own habit for writing them. Unless the " +
	"schema pins the format down, `2026-01-31`, `31/01/2026` and `last Tuesday` all arrive at the same tool.\n\n" +
	"## What triggers it\n\n" +
	"The parameter is string-typed with no `enum`, `const`, `pattern` or `format` anywhere (as for MCP022), and its " +
	"name, never its description, implies a format. First match wins: an email-like token (email, mail, recipient, " +
	"sender) gives an email address; a URL-like token (url, uri, link, href, endpoint, webhook, callback) a URL; a " +
	"date-like token (date, time, timestamp, when, since, until, deadline, ...) or a name ending in `_at`, `_date`, " +
	"`_time` or `_on` a date or timestamp. A parameter can fire both MCP022 and MCP023.\n\n" +
	"## Example\n\n" +
	"Before: `\"when\": {\"type\": \"string\"}`\n\n" +
	"After: `\"due_date\": {\"type\": \"string\", \"format\": \"date\", \"description\": \"Due date, e.g. 2026-01-31.\"}`\n"

const docMCP024 = "## Why it matters\n\n" +
	"A parameter with no type, or an object with no declared properties, is the one shape a model cannot fill in by " +
	"reading the schema: it guesses from the description, if there is one.\n\n" +
	"## What triggers it\n\n" +
	"Over the non-null branches: if none has a `type`, `enum`, `const`, `$ref`, `properties` or `items`, the finding " +
	"is \"has no declared type\". Otherwise, if every branch is `type: \"object\"` without a `properties` object, it is " +
	"\"an object with no declared properties\". `additionalProperties` is ignored, so a typed map is flagged too.\n\n" +
	"## Example\n\n" +
	"Before: `\"opts\": {\"type\": \"object\"}`\n\n" +
	"After: `\"opts\": {\"type\": \"object\", \"properties\": {\"include_archived\": {\"type\": \"boolean\"}}}`, or a plain " +
	"`include_archived` argument.\n"

const docMCP025 = "## Why it matters\n\n" +
	"One concrete value teaches a model more than a paragraph of prose, above all for identifiers and formatted " +
	"strings it cannot guess. A `default` is not an example: it says what happens when nobody says anything.\n\n" +
	"## What triggers it\n\n" +
	"The tool has at least one parameter and none of these holds: the tool description contains an example marker " +
	"(\"e.g. \", \"for example\", \"for instance\", \"such as\", `like '...`, \"example:\"); some parameter has `examples` " +
	"or `example` at its top level or in a branch; some parameter description contains an example marker. The rule " +
	"is per tool, not per parameter.\n\n" +
	"## Example\n\n" +
	"Before: `\"ticket_id\": {\"type\": \"string\", \"description\": \"Ticket to close.\"}`\n\n" +
	"After: `\"ticket_id\": {\"type\": \"string\", \"description\": \"Ticket to close, e.g. 'TCK-1042'.\"}`\n"
