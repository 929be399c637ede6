package lint

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// srf011 is SRF011 instructions-unknown-tool.
func srf011() Rule {
	return Rule{ID: "SRF011", Name: "instructions-unknown-tool", Family: "Resources & prompts",
		Summary: "The instructions tell the model to use a tool the server does not have.",
		Default: Warning, Scope: ScopeInstr, Origin: OriginMcpgauge, Revision: 10, Check: checkSRF011}
}

// checkSRF011 finds identifiers the instructions present as tools (in
// backticks or not, after "call", "use" and the like, called like a
// function or followed by "tool") that name nothing of the server.
func checkSRF011(ctx *Context) []Problem {
	ins := ctx.Snap.Server.Instructions
	if strings.TrimSpace(ins) == "" {
		return nil
	}
	var toolNames []string
	for i := range ctx.Tools {
		toolNames = append(toolNames, ctx.Tools[i].Name)
	}
	names := knownNames(ctx)
	shape := serverToolShape(ctx)
	var unknown []string
	reported := map[string]bool{}
	listed := srfToolListNames(ins)
	// A name the instructions hedge once ("your `x` tool if available")
	// is hedged everywhere.
	hedged := map[string]bool{}
	for _, m := range srfIdentifier.FindAllStringSubmatchIndex(ins, -1) {
		if srfHedged(ins[m[1]:]) {
			g := 1
			if m[2] < 0 {
				g = 2
			}
			hedged[ins[m[2*g]:m[2*g+1]]] = true
		}
	}
	for _, m := range srfIdentifier.FindAllStringSubmatchIndex(ins, -1) {
		g := 1
		if m[2] < 0 {
			g = 2
		}
		name := ins[m[2*g]:m[2*g+1]]
		after := ins[m[1]:]
		wordBefore := srfWordBefore(ins[:m[0]])
		verb := wordBefore != nil && !strings.EqualFold(wordBefore[1], "the")
		toolAfter := srfToolAfter(after)
		// "(" alone ("which current_user_is_admin() checks") reads as a
		// tool only when the name reads as one.
		if toolAfter && !verb && strings.HasPrefix(strings.TrimLeft(after, srfSpace), "(") && (!unkToolLike(ctx, name) || srfInCode(ins[:m[0]])) {
			toolAfter = false
		}
		inList := listed[m[0]] && unkToolLike(ctx, name)
		if toolAfter && !verb && !inList && srfGroupAfter(after) && srfPlainWord.MatchString(name) {
			// "(like `backup` or `shell` tools)": a plain word before
			// "tools" names a kind or group of tools, not one to call.
			toolAfter = false
		}
		toolContext := toolAfter || verb || inList
		if srfNotTool(after) || hedged[name] || names.has(name, false, true) || reported[name] {
			continue
		}
		if strings.ContainsAny(name, "./:") || strings.ToUpper(name) == name {
			continue // a file name, URL, path or CONSTANT_NAME, not a tool
		}
		// A stale name of one of the server's tools (another prefix,
		// none, shortened) refers to it wherever it stands; a name that
		// means none of them is a tool only where the text calls it one
		// and only if it is written as the tools are (their separators,
		// and their prefix unless a verb introduces it): linkUrl beside
		// snake_case tools is a field.
		// Revision 8: a step of a chain ("get_upload_url -> upload ->
		// register_file") that is one tool's name shortened names that
		// tool wrongly wherever it stands (operation_steps.go).
		_, run := stepRunTool(ctx, name)
		chained := run && stepArrowItem(ins, m[0], m[1]) && stepChainSteps(ctx, ins, m[0], m[1])
		if _, ok := shape.resolve(name, toolContext); ok && !chained {
			if !toolContext && (!strings.ContainsAny(name, "_-") || unkElsewhere(ins, m[0], m[1])) {
				continue
			}
		} else if !chained && (!toolContext || !shape.shaped(name, !verb)) {
			continue
		}
		reported[name] = true
		unknown = append(unknown, name)
	}
	// Revision 7: a PascalCase name called as a tool beside camelCase
	// tools (tool_name_refs.go).
	unknown = append(unknown, instrPascalToolRefs(ctx, ins, names, reported)...)
	if len(unknown) == 0 {
		return nil
	}
	sort.Strings(toolNames)
	have := "it has no tools"
	if len(toolNames) > 0 {
		have = "its tools are `" + strings.Join(toolNames, "`, `") + "`"
	}
	var out []Problem
	for _, name := range unknown {
		msg := fmt.Sprintf("The instructions refer to `%s` as a tool, but the server has no tool, prompt or parameter of that name (%s).", name, have)
		real, ok := shape.resolve(name, true)
		if !ok {
			real, ok = stepRunTool(ctx, name)
		}
		if ok {
			msg = fmt.Sprintf("The instructions refer to `%s` as a tool, but the server has no tool, prompt or parameter of that name; did you mean `%s`?", name, real)
		}
		out = append(out, Problem{Entity: "instructions",
			Message:    msg,
			Suggestion: fmt.Sprintf("Update the instructions to the current tool names, or remove the reference to `%s`; a model told to call a missing tool wastes a turn or calls another server's tool of that name. If the tool is only registered for some clients or settings, say so in the instructions.", name)})
	}
	return out
}

var (
	// srfGroupAfterRe is the plural "tools" right after a name.
	srfGroupAfterRe = regexp.MustCompile(`^\s+tools\b`)
	// srfPlainWord is a name that is one plain lowercase word (shell,
	// backup): the noun of a kind of tools, not a tool's identifier.
	srfPlainWord = regexp.MustCompile(`^[a-z]+$`)
)

// srfGroupAfter reports whether the plural "tools" follows a name (on a
// bounded head).
func srfGroupAfter(after string) bool {
	return srfGroupAfterRe.MatchString(after[:min(len(after), 24)])
}
