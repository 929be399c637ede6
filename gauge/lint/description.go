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
			Doc: docMCP010, Check: checkMCP010,
		},
		{
			ID: "MCP011", Name: "description-too-short", Family: "Description",
			Summary: "The description is a fragment rather than a sentence.",
			Default: Info, Toolgauge: Warning, Scope: ScopeTool, Origin: OriginToolgauge,
			Doc: docMCP011, Check: checkMCP011,
		},
		{
			ID: "MCP012", Name: "description-restates-name", Family: "Description",
			Summary: "The description only repeats the words already in the name.",
			Default: Info, Toolgauge: Warning, Scope: ScopeTool, Origin: OriginToolgauge,
			Doc: docMCP012, Check: checkMCP012,
		},
		{
			ID: "MCP013", Name: "overlapping-descriptions", Family: "Description",
			Summary: "Two tools' descriptions are near-identical.",
			Default: Info, Toolgauge: Error, Scope: ScopePair, Origin: OriginToolgauge,
			Doc: docMCP013, Check: checkMCP013,
		},
		{
			ID: "MCP014", Name: "no-disambiguation-guidance", Family: "Description",
			Summary: "A tool overlaps with a sibling and never says which to prefer.",
			Default: Info, Toolgauge: Warning, Scope: ScopeTool, Origin: OriginToolgauge,
			Doc: docMCP014, Check: checkMCP014,
		},
		{
			ID: "MCP015", Name: "placeholder-text", Family: "Description",
			Summary: "A description still contains placeholder text.",
			Default: Error, Toolgauge: Error, Scope: ScopeTool, Origin: OriginToolgauge,
			Doc: docMCP015, Check: checkMCP015,
		},
		{
			ID: "MCP016", Name: "repeated-boilerplate", Family: "Description",
			Summary: "Most tool descriptions repeat the same text.",
			Default: Warning, Scope: ScopeServer, Origin: OriginMcpgauge,
			Doc: docMCP016, Check: checkMCP016,
		},
		{
			ID: "MCP017", Name: "description-names-unknown-tool", Family: "Description",
			Summary: "A description tells the model to use a tool the server does not have.",
			Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge,
			Doc: docMCP017, Check: checkMCP017,
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

const docMCP010 = "## Why it matters\n\n" +
	"The description is where a tool earns its selection. Without one, the model has only the name and the parameter " +
	"names, and it skips the tool in favour of any sibling that explains itself. It is the most expensive defect in " +
	"the catalogue and the cheapest to fix.\n\n" +
	"## What triggers it\n\n" +
	"The description is missing, empty or only whitespace after normalisation (Python's `inspect.cleandoc`, then strip).\n\n" +
	"## Example\n\n" +
	"Before: `run` with no description.\n\n" +
	"After: `run_report`: \"Run a saved report by ID and return its rows as JSON. Use list_reports to find the ID.\"\n"

const docMCP011 = "## Why it matters\n\n" +
	"A description of two or three words is a label, not an explanation: it gives retrieval almost nothing to match " +
	"a user's wording against.\n\n" +
	"## What triggers it\n\n" +
	"A description exists and either has fewer than 6 words (every `[A-Za-z0-9]+` run counts, stopwords and numbers " +
	"included), or contains none of `.`, `!` and `?` anywhere. The message gives the word count when the text is " +
	"short, and otherwise says it is not a complete sentence.\n\n" +
	"## Example\n\n" +
	"Before: `ticket2`: \"Make a ticket\"\n\n" +
	"After: \"Open a support ticket for a customer. Returns the new ticket's ID and status.\"\n"

const docMCP012 = "## Why it matters\n\n" +
	"`search` described as \"Search.\" has a description in the protocol sense only. Repeating the name doubles its " +
	"weight and adds nothing a model can use to choose.\n\n" +
	"## What triggers it\n\n" +
	"The description has at least one content word (stopwords, numbers and one-letter words removed, singularised) " +
	"and every content word matches a token of the tool's name, exactly or, for words of four letters or more, by " +
	"prefix. The message quotes the description with its whitespace collapsed.\n\n" +
	"## Example\n\n" +
	"Before: `get_data`: \"Get data.\"\n\n" +
	"After: `get_invoice`: \"Fetch one invoice by ID, with line items and payment status.\"\n"

const docMCP013 = "## Why it matters\n\n" +
	"Two descriptions that share most of their words are a coin flip at selection time, and the model has no way to " +
	"know it guessed wrong. This is the lint-side view of the confusion that `eval` measures.\n\n" +
	"## What triggers it\n\n" +
	"For every pair of tools, each description is reduced to its set of content words. Pairs where either set has " +
	"fewer than 6 words are skipped (those are already too short to compare). The rule fires when the Jaccard " +
	"similarity (shared words over all distinct words) is at least 0.70; the finding is on the earlier tool, with " +
	"the later as `related`. The threshold is fixed. For calibration, the careless fixture pair scores 0.78 and a " +
	"careful pair on the same domain 0.57.\n\n" +
	"## Example\n\n" +
	"Before: `search_users` and `search_orgs` both say \"Searches the database and returns matching records for the " +
	"given query string.\"\n\n" +
	"After: `search_users`: \"Find people in the staff directory by name or email.\" `search_orgs`: \"Find " +
	"companies (customer organisations) by name or domain.\"\n"

const docMCP014 = "## Why it matters\n\n" +
	"Overlap between sibling tools is normal. What separates a server whose tools get picked correctly from one " +
	"whose tools do not is whether the descriptions say how to choose between them.\n\n" +
	"## What triggers it\n\n" +
	"The same pairs as MCP013 (both sides with at least 6 distinct content words) at a lower Jaccard similarity of " +
	"0.35, near-identical pairs included. Each side is judged on its own: it is excused if its description mentions " +
	"the sibling by name (as written, or as separate words such as \"search organizations\"), or contains any " +
	"steering phrase (\"instead\", \"rather than\", \"use this when\", \"only for\", \"not for\", ...). One finding per " +
	"tool lists every unexcused sibling.\n\n" +
	"## Example\n\n" +
	"Before: \"Find people in the staff directory by name.\"\n\n" +
	"After: \"Find people in the staff directory by name. For companies, use search_orgs instead.\"\n"

const docMCP015 = "## Why it matters\n\n" +
	"Placeholder text is not neutral: the model reads it. A tool whose description says TODO reads as unfinished and " +
	"unsafe to call, and a parameter described as \"<your value>\" teaches nothing.\n\n" +
	"## What triggers it\n\n" +
	"The tool description, or the top-level `description` of a parameter, contains (case-insensitively) TODO, FIXME, " +
	"TBD, WIP, HACK, XXX, PLACEHOLDER or CHANGEME as whole words, \"lorem ipsum\", \"describe/document/add/fill in " +
	"this/me/here\", \"no/missing/insert description\", \"coming soon\", or `<insert ...>` / `<your ...>`. Each hit is " +
	"one finding, quoting the matched text. Descriptions inside anyOf branches are not checked.\n\n" +
	"## Example\n\n" +
	"Before: `doStuff`: \"TODO: describe this.\"\n\n" +
	"After: `archive_ticket`: \"Move a closed ticket to the archive. It stays searchable but can no longer be edited.\"\n"
