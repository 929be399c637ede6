package lint

import "fmt"

// budgetRules returns the Budget family of mcp-toolgauge (MCP050-MCP052).
// Sizes are the chars/4 estimate of DefinitionText; the limits are fixed.
func budgetRules() []Rule {
	return []Rule{
		{
			ID: "MCP050", Name: "single-tool-definition-too-large", Family: "Budget",
			Summary: "A single tool's definition is large enough to crowd out its neighbours.",
			Default: Info, Toolgauge: Info, Scope: ScopeTool, Origin: OriginToolgauge,
			Doc: docMCP050, Check: checkMCP050,
		},
		{
			ID: "MCP051", Name: "server-tool-budget-exceeded", Family: "Budget",
			Summary: "The server's tool definitions add up to a large context cost.",
			Default: Warning, Toolgauge: Warning, Scope: ScopeServer, Origin: OriginToolgauge,
			Doc: docMCP051, Check: checkMCP051,
		},
		{
			ID: "MCP052", Name: "too-many-tools", Family: "Budget",
			Summary: "The server has enough tools that selection accuracy suffers.",
			Default: Warning, Toolgauge: Warning, Scope: ScopeServer, Origin: OriginToolgauge,
			Doc: docMCP052, Check: checkMCP052,
		},
	}
}

func checkMCP050(ctx *Context) []Problem {
	var out []Problem
	for i, n := range tgDefinitionTokens(ctx) {
		if n <= tgSingleToolLimit {
			continue
		}
		name := ctx.Tools[i].Name
		out = append(out, Problem{
			Tool:       name,
			Message:    fmt.Sprintf("`%s`'s definition is about %d tokens, well past the ~%d where one tool starts to crowd the others.", name, n, tgSingleToolLimit),
			Suggestion: fmt.Sprintf("Trim `%s` to what a model needs to choose it: move exhaustive detail into the parameter descriptions it needs once chosen, cut repeated boilerplate, and split a tool that does several jobs. Every request pays for this definition whether or not the tool is called.", name),
		})
	}
	return out
}

func checkMCP051(ctx *Context) []Problem {
	total := 0
	for _, n := range tgDefinitionTokens(ctx) {
		total += n
	}
	if total <= tgServerBudget {
		return nil
	}
	return []Problem{{
		Message:    fmt.Sprintf("The server's %d tool definitions total about %d tokens, above the ~%d-token budget every request has to carry.", len(ctx.Tools), total, tgServerBudget),
		Suggestion: fmt.Sprintf("Bring the tool surface under about %d tokens: shorten the largest definitions (MCP050 lists any over %d), merge near-duplicate tools, and move rarely used tools to a separate server. All definitions are sent with every request, before the user's words.", tgServerBudget, tgSingleToolLimit),
	}}
}

func checkMCP052(ctx *Context) []Problem {
	n := len(ctx.Tools)
	if n <= tgToolCountLimit {
		return nil
	}
	return []Problem{{
		Message:    fmt.Sprintf("The server advertises %d tools, past the ~%d where model tool-selection measurably degrades.", n, tgToolCountLimit),
		Suggestion: fmt.Sprintf("Cut the list to at most about %d tools: merge variants of one action into a single tool with a parameter, drop tools nobody calls, or split the rest across focused servers a client can enable on demand.", tgToolCountLimit),
	}}
}

const docMCP050 = "## Why it matters\n\n" +
	"Every tool definition is sent with every request. One very large definition spends context that the user's " +
	"words and the other tools need, whether or not the tool is ever called.\n\n" +
	"## What triggers it\n\n" +
	"The tool's definition text, name + newline + description + newline + input schema (JSON, sorted keys, " +
	"Python's default separators, non-ASCII escaped), is estimated at more than 800 tokens, counting one token per " +
	"four characters, rounded up. The output schema and annotations are not counted. The limit is fixed.\n\n" +
	"## Example\n\n" +
	"Before: a 4,000-character description listing every field of every response.\n\n" +
	"After: two sentences on what the tool does and when to use it; field detail moved into the parameter descriptions.\n"

const docMCP051 = "## Why it matters\n\n" +
	"The whole tool surface is prepended to every prompt. Past a point, more and bigger definitions do not add " +
	"capability; they add cost and lookalikes for the model to confuse.\n\n" +
	"## What triggers it\n\n" +
	"The sum of every tool's estimated definition tokens (as for MCP050) is more than 5000. The finding is at server " +
	"level. The budget is fixed.\n\n" +
	"## Example\n\n" +
	"Before: 30 tools at about 250 tokens each (7,500 in all).\n\n" +
	"After: the 12 tools most sessions use, with the admin tools on a second server (3,000 in all).\n"

const docMCP052 = "## Why it matters\n\n" +
	"Selection accuracy falls as the list of options grows: past about 40 tools a model is choosing between more " +
	"lookalikes than it can hold apart.\n\n" +
	"## What triggers it\n\n" +
	"The server lists more than 40 tools. The finding is at server level. The limit is fixed.\n\n" +
	"## Example\n\n" +
	"Before: `create_issue`, `create_bug`, `create_task`, `create_epic`, ... (60 tools).\n\n" +
	"After: one `create_issue` with a `kind` enum, and the rest grouped the same way (25 tools).\n"
