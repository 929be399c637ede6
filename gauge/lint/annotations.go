package lint

import (
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// annotationRules returns the Annotations family of mcp-toolgauge (MCP040-MCP042).
func annotationRules() []Rule {
	return []Rule{
		{
			ID: "MCP040", Name: "destructive-tool-without-hint", Family: "Annotations",
			Summary: "A tool that looks destructive declares no destructiveHint.",
			Default: Error, Toolgauge: Error, Scope: ScopeTool, Origin: OriginToolgauge,
			Doc: docMCP040, Check: checkMCP040,
		},
		{
			ID: "MCP041", Name: "read-only-tool-without-hint", Family: "Annotations",
			Summary: "A tool that looks read-only declares no readOnlyHint.",
			Default: Warning, Toolgauge: Warning, Scope: ScopeTool, Origin: OriginToolgauge,
			Doc: docMCP041, Check: checkMCP041,
		},
		{
			ID: "MCP042", Name: "missing-idempotent-hint", Family: "Annotations",
			Summary: "A tool that changes state declares no idempotentHint.",
			Default: Info, Toolgauge: Info, Scope: ScopeTool, Origin: OriginToolgauge,
			Doc: docMCP042, Check: checkMCP042,
		},
	}
}

// hintUnset reports whether the annotations are absent or the chosen hint is
// null. An explicit false is an answer, not a finding.
func hintUnset(t *tgTool, pick func(*model.Annotations) *bool) bool {
	return t.t.Annotations == nil || pick(t.t.Annotations) == nil
}

func annotationCheck(ctx *Context, fires func(t *tgTool) bool, msg, sug string) []Problem {
	var out []Problem
	tools := tgTools(ctx)
	for i := range tools {
		t := &tools[i]
		if !fires(t) {
			continue
		}
		out = append(out, Problem{
			Tool:       t.name,
			Message:    fmt.Sprintf(msg, t.name),
			Suggestion: fmt.Sprintf(sug, t.name),
		})
	}
	return out
}

func checkMCP040(ctx *Context) []Problem {
	if ctx.Precise() {
		return preciseMCP040(ctx)
	}
	return annotationCheck(ctx,
		func(t *tgTool) bool {
			if ctx.Precise() && (preciseHarmlessDestruction(t) || preciseReadNamed(t)) {
				return false
			}
			return tgReadsLikeDeletion(t) && hintUnset(t, func(a *model.Annotations) *bool { return a.DestructiveHint })
		},
		"`%s` reads as destructive but declares no `destructiveHint`.",
		"Set `destructiveHint: true` (and `readOnlyHint: false`) in `%s`'s annotations so clients can ask the user before calling it. "+
			"If it does not in fact destroy anything, set `destructiveHint: false` to say so explicitly.")
}

// preciseMCP040 is MCP040 under the default profile: the session-setting
// and read-named false positives are dropped, and destruction the
// description names (an opening "Remove untracked files", a mode
// "delete", a force flag that overwrites history) counts as well as a
// destructive verb in the name.
func preciseMCP040(ctx *Context) []Problem {
	var out []Problem
	tools := tgTools(ctx)
	for i := range tools {
		t := &tools[i]
		if !hintUnset(t, func(a *model.Annotations) *bool { return a.DestructiveHint }) || preciseHarmlessDestruction(t) || preciseReadNamed(t) {
			continue
		}
		msg := fmt.Sprintf("`%s` reads as destructive but declares no `destructiveHint`.", t.name)
		if !tgReadsLikeDeletion(t) {
			why := preciseDescribesDestruction(t)
			if why == "" {
				continue
			}
			msg = fmt.Sprintf("`%s` destroys or overwrites data (%s) but declares no `destructiveHint`.", t.name, why)
		}
		out = append(out, Problem{Tool: t.name, Message: msg,
			Suggestion: fmt.Sprintf("Set `destructiveHint: true` (and `readOnlyHint: false`) in `%s`'s annotations so clients can ask the user before calling it. "+
				"If it does not in fact destroy anything, set `destructiveHint: false` to say so explicitly.", t.name)})
	}
	return out
}

func checkMCP041(ctx *Context) []Problem {
	return annotationCheck(ctx,
		func(t *tgTool) bool {
			return tgReadsLikeQuery(t) && hintUnset(t, func(a *model.Annotations) *bool { return a.ReadOnlyHint })
		},
		"`%s` reads as read-only but declares no `readOnlyHint`.",
		"Set `readOnlyHint: true` in `%s`'s annotations. Clients use it to run safe tools without interrupting the user; "+
			"an unmarked read gets the same confirmation prompt as a delete.")
}

func checkMCP042(ctx *Context) []Problem {
	return annotationCheck(ctx,
		func(t *tgTool) bool {
			if ctx.Precise() && t.t.Annotations != nil && t.t.Annotations.ReadOnlyHint != nil && *t.t.Annotations.ReadOnlyHint {
				return false // a read-only tool changes no state
			}
			return !tgReadsLikeQuery(t) && hintUnset(t, func(a *model.Annotations) *bool { return a.IdempotentHint })
		},
		"`%s` changes state but declares no `idempotentHint`.",
		"Set `idempotentHint` in `%s`'s annotations: true if calling it twice with the same arguments has the same effect as calling it once, "+
			"false otherwise. Clients use it to decide whether a call that timed out may be retried.")
}

const docMCP040 = "## Why it matters\n\n" +
	"Annotations tell a client what a tool does to the world, so it can decide whether to call it unattended, ask " +
	"first, or refuse. A client that cannot tell a delete from a read must either confirm everything, which trains " +
	"users to click through, or confirm nothing. This is the one safety rule in the family.\n\n" +
	"## What triggers it\n\n" +
	"The tool reads like a deletion (a raw name token is a destructive verb: delete, remove, destroy, drop, purge, " +
	"wipe, erase, truncate, clear, discard, revoke, terminate, kill, uninstall, reset, overwrite; or the description " +
	"says \"cannot be undone\", \"permanently\", \"irreversible\", \"destroys all\", ...) and its annotations are absent " +
	"or `destructiveHint` is null. An explicit `false` is an answer and passes.\n\n" +
	"In the default profile a tool that only clears a session setting, one that already asks the user to confirm, and " +
	"a read tool with a verb in its name are skipped; and destruction named only in the description counts: an " +
	"opening such as \"Remove untracked files …\" or \"Replaces the content of one page …\", an operation parameter " +
	"(`mode`, `action`, `operation`, …) whose enum offers delete, remove, drop, clear, prune, purge, hard, …, or a " +
	"boolean flag (`force`, `overwrite`, `prune`, `delete`, …) whose description says it overwrites or deletes " +
	"(\"Force push (overwrites remote history)\").\n\n" +
	"## Example\n\n" +
	"Before: `delete_all_tickets` with no annotations.\n\n" +
	"After: `\"annotations\": {\"destructiveHint\": true, \"readOnlyHint\": false, \"idempotentHint\": true}`\n"

const docMCP041 = "## Why it matters\n\n" +
	"`readOnlyHint` earns a tool calls: clients run read-only tools without interrupting the user, while an unmarked " +
	"read gets the same confirmation prompt as a delete.\n\n" +
	"## What triggers it\n\n" +
	"The tool reads like a query (its first raw name token is a read verb: get, list, search, find, read, fetch, " +
	"query, lookup, show, describe, view, browse, count, export, download, preview, inspect, check, status; or its " +
	"description opens with Returns, Retrieves, Reads, Lists, Finds, Searches, Gets, Fetches, Looks up, Shows, " +
	"Queries, Exports or Counts) and its annotations are absent or `readOnlyHint` is null.\n\n" +
	"## Example\n\n" +
	"Before: `search_users` with no annotations.\n\n" +
	"After: `\"annotations\": {\"readOnlyHint\": true, \"openWorldHint\": false}`\n"

const docMCP042 = "## Why it matters\n\n" +
	"Whether a failed or timed-out call may be retried depends on whether the tool is idempotent. Without the hint " +
	"the safe assumption is no, and the user is left to sort out a call that may or may not have happened.\n\n" +
	"## What triggers it\n\n" +
	"The tool does not read like a query (see MCP041) and its annotations are absent or `idempotentHint` is null. " +
	"Reads are skipped, so a tool gets at most one of MCP041 and MCP042; a deletion-like tool can get both MCP040 " +
	"and MCP042.\n\n" +
	"## Example\n\n" +
	"Before: `update_ticket_status` with no annotations.\n\n" +
	"After: `\"annotations\": {\"idempotentHint\": true, \"destructiveHint\": false}` (setting the same status twice " +
	"changes nothing).\n"
