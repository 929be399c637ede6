package lint

import (
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/text"
	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// descriptionRules returns the Description family of mcp-toolgauge (MCP010-MCP015).
func descriptionRules() []Rule {
	return []Rule{
		{
			ID: "MCP010", Name: "missing-description", Family: "Description",
			Summary: "The tool has no description at all.",
			Default: Error, Toolgauge: Error, Scope: ScopeTool, Origin: OriginToolgauge,
			Check: checkMCP010,
		},
		{
			ID: "MCP011", Name: "description-too-short", Family: "Description",
			Summary: "The description is a fragment rather than a sentence.",
			Default: Info, Toolgauge: Warning, Scope: ScopeTool, Origin: OriginToolgauge,
			Check: checkMCP011,
		},
		{
			ID: "MCP012", Name: "description-restates-name", Family: "Description",
			Summary: "The description only repeats the words already in the name.",
			Default: Info, Toolgauge: Warning, Scope: ScopeTool, Origin: OriginToolgauge,
			Check: checkMCP012,
		},
		{
			ID: "MCP013", Name: "overlapping-descriptions", Family: "Description",
			Summary: "Two tools' descriptions are near-identical.",
			Default: Info, Toolgauge: Error, Scope: ScopePair, Origin: OriginToolgauge,
			Check: checkMCP013,
		},
		{
			ID: "MCP014", Name: "no-disambiguation-guidance", Family: "Description",
			Summary: "A tool overlaps with a sibling and never says which to prefer.",
			Default: Info, Toolgauge: Warning, Scope: ScopeTool, Origin: OriginToolgauge,
			Check: checkMCP014,
		},
		{
			ID: "MCP015", Name: "placeholder-text", Family: "Description",
			Summary: "A description still contains placeholder text.",
			Default: Error, Toolgauge: Error, Scope: ScopeTool, Origin: OriginToolgauge,
			Check: checkMCP015,
		},
	}
}

func checkMCP010(ctx *Context) []Problem {
	var out []Problem
	for _, t := range tgTools(ctx) {
		if t.desc != "" {
			continue
		}
		out = append(out, Problem{
			Tool:       t.name,
			Message:    fmt.Sprintf("`%s` has no description.", t.name),
			Suggestion: fmt.Sprintf("Write a description for `%s`: one sentence on what it does and when to use it, one on what it returns. Without one a model has only the name and the parameter names to go on, and will pick any sibling that explains itself instead.", t.name),
		})
	}
	return out
}

func checkMCP011(ctx *Context) []Problem {
	var out []Problem
	for _, t := range tgTools(ctx) {
		if t.desc == "" {
			continue
		}
		n := len(text.AllWords(t.desc))
		punctuated := text.HasTerminalPunctuation(t.desc)
		if ctx.Precise() {
			// The default profile does not ask a sentence of several words
			// for its final period, and counts only the words that are the
			// description's own (not the server's boilerplate or the name).
			n = preciseSpecificWords(ctx, &t)
			punctuated = true
		}
		if n >= tgMinDescriptionWords && punctuated {
			continue
		}
		var msg string
		if n < tgMinDescriptionWords {
			noun := "words"
			if n == 1 {
				noun = "word"
			}
			msg = fmt.Sprintf("`%s`'s description is %d %s long.", t.name, n, noun)
		} else {
			msg = fmt.Sprintf("`%s`'s description is not a complete sentence.", t.name)
		}
		out = append(out, Problem{
			Tool:       t.name,
			Message:    msg,
			Suggestion: fmt.Sprintf("Rewrite `%s`'s description as full sentences: what the tool does and when to choose it, then what it returns. A label of a few words gives a model almost nothing to match a user's request against.", t.name),
		})
	}
	return out
}

func checkMCP012(ctx *Context) []Problem {
	var out []Problem
	for _, t := range tgTools(ctx) {
		if t.desc == "" || !text.IsSubsetOfName(t.desc, t.name) {
			continue
		}
		out = append(out, Problem{
			Tool:       t.name,
			Message:    fmt.Sprintf("`%s`'s description (%s) only restates its name.", t.name, compat.PyRepr(text.CollapseSpace(t.desc))),
			Suggestion: fmt.Sprintf("Tell the model what the name `%s` cannot: what the tool acts on, what it returns, and when to use it rather than a similar tool. A description that repeats the name adds tokens and no signal.", t.name),
		})
	}
	return out
}

func checkMCP013(ctx *Context) []Problem {
	tools := tgTools(ctx)
	var out []Problem
	for _, p := range tgPairs(ctx) {
		if p.score < tgNearDuplicate {
			continue
		}
		if ctx.Precise() && !precisePairKept(ctx, &tools[p.left], &tools[p.right], tgNearDuplicate) {
			continue
		}
		l, r := tools[p.left].name, tools[p.right].name
		out = append(out, Problem{
			Tool:    l,
			Related: []string{r},
			Message: fmt.Sprintf("`%s` and `%s` share %d%% of their meaningful words -- their descriptions are near-identical.", l, r, compat.PyRound(p.score*100)),
			Suggestion: fmt.Sprintf("Rewrite one of them around what makes it different. If `%s` and `%s` really do the same thing, delete one; "+
				"if they do not, the first sentence of each should name the thing only that one handles. Two descriptions this close are "+
				"a coin flip at selection time, and the model has no way to know it guessed wrong.", l, r),
		})
	}
	if set := tgPairSetOf(ctx); set.total > len(set.pairs) {
		out = append(out, Problem{
			Message: fmt.Sprintf("Only the first %d of %d overlapping description pairs were compared in full; the tool surface is too uniform to list every pair.", len(set.pairs), set.total),
			Suggestion: "Thousands of tools with near-identical descriptions cannot be told apart by a model. Group them behind fewer tools " +
				"that take the distinguishing value as a parameter.",
		})
	}
	return out
}

func checkMCP014(ctx *Context) []Problem {
	tools := tgTools(ctx)
	// Keyed by tool name, as upstream: when two tools share a name (already
	// an MCP001 error) each of them reports the merged sibling list.
	siblings := map[string][]string{}
	excused := func(t, sib *tgTool) bool {
		return t.hasDisambig || t.lowered.MentionsName(sib.mentionName)
	}
	for _, p := range tgPairs(ctx) {
		l, r := &tools[p.left], &tools[p.right]
		if !excused(l, r) {
			siblings[l.name] = append(siblings[l.name], r.name)
		}
		if !excused(r, l) {
			siblings[r.name] = append(siblings[r.name], l.name)
		}
	}
	var out []Problem
	for i := range tools {
		name := tools[i].name
		sibs := siblings[name]
		if len(sibs) == 0 {
			continue
		}
		out = append(out, Problem{
			Tool:       name,
			Related:    append([]string(nil), sibs...),
			Message:    fmt.Sprintf("`%s` overlaps with %s, and its description never says which to prefer.", name, quoteList(sibs)),
			Suggestion: fmt.Sprintf("Add a steering sentence to `%s`, such as \"Use this for X; for Y use `%s` instead.\" Overlap between siblings is normal; what lets a model choose correctly is a description that says how to choose.", name, sibs[0]),
		})
	}
	return out
}

func checkMCP015(ctx *Context) []Problem {
	var out []Problem
	for _, t := range tgTools(ctx) {
		hit, ok := text.Placeholder.FindIn(t.mapped)
		if ok && ctx.Precise() {
			_, ok = precisePlaceholder(t.desc)
		}
		if ok {
			out = append(out, Problem{
				Tool:       t.name,
				Message:    fmt.Sprintf("`%s`'s description still contains placeholder text (%s).", t.name, compat.PyRepr(text.PyStrip(hit))),
				Suggestion: fmt.Sprintf("Replace the placeholder with a real description of what `%s` does, when to use it and what it returns. A model reads placeholder text literally, and a tool that says TODO looks unfinished and unsafe to call.", t.name),
			})
		}
		for _, p := range t.params {
			if p.obj == nil {
				continue
			}
			d := p.obj["description"]
			if !pyTruthy(d) {
				continue
			}
			desc, isString := d.(string)
			if !isString {
				// A non-string description is matched in its Python str()
				// form, which needs the document order of any object keys.
				desc = compat.PyStrJSON(rawParamField(t.t, p.name, "description"))
			}
			hit, ok := text.Placeholder.Find(desc)
			if ok && ctx.Precise() {
				_, ok = precisePlaceholder(desc)
			}
			if !ok {
				continue
			}
			out = append(out, Problem{
				Tool:       t.name,
				Parameter:  p.name,
				Message:    fmt.Sprintf("`%s.%s`'s description still contains placeholder text (%s).", t.name, p.name, compat.PyRepr(text.PyStrip(hit))),
				Suggestion: fmt.Sprintf("Replace the placeholder with what `%s` expects: its meaning, its format and one example value. The parameter description is the only place a model learns the shape of a value it has to make up.", p.name),
			})
		}
	}
	return out
}
