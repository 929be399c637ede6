package lint

import (
	"fmt"
	"regexp"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// qg009 is QG009 qg-destructive-without-warning.
func qg009() Rule {
	return Rule{
		ID: "QG009", Name: "qg-destructive-without-warning", Family: "Quality-gate",
		Summary: "A destructive tool neither warns in its description nor sets destructiveHint: true.",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge,
		Revision: 5, Check: checkQG009,
	}
}

var qgCaution = regexp.MustCompile(`\b(?:cannot|can't|can\s*not)\s+be\s+(?:undone|reversed|recovered|restored)\b|\bno\s+undo\b|\bpermanent(?:ly)?\b|\birreversibl|\bunrecoverable\b|\bcaution\b|\bwarning\b|\bdangerous\b|\bdestructive\b|\bwithout\s+confirmation\b|\bbe\s+careful\b|\bwith\s+care\b|\bdata\s+loss\b|\bconfirm`)

// qgWarns reports whether a description warns of destruction; folded is
// secFold(desc).
func qgWarns(desc, folded string) bool {
	return text.DestructivePhrase.Match(desc) || qgCaution.MatchString(folded)
}

// checkQG009 fires on a tool named for destruction whose description does
// not warn and which does not set destructiveHint: true. quality-gate's
// code flags the tools that DO warn; this is the check its documentation
// describes. The default profile drops harmless and read-named
// destruction as MCP040 does.
func checkQG009(ctx *Context) []Problem {
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		verb := secDestructiveVerb(facts[i].words)
		if verb == "" || qgWarns(t.RawDescription, facts[i].desc) {
			continue
		}
		if a := t.Annotations; a != nil && a.DestructiveHint != nil && *a.DestructiveHint {
			continue
		}
		if ctx.Precise() {
			tools := tgTools(ctx)
			if tt := &tools[i]; preciseHarmlessDestruction(tt) || preciseReadNamed(tt) || preciseReversible(tools, tt) != "" {
				continue
			}
		}
		out = append(out, Problem{Tool: t.Name,
			Message:    fmt.Sprintf("`%s` looks destructive (%q) but its description gives no warning and it does not set destructiveHint: true.", t.Name, verb),
			Suggestion: "Say what is lost and whether it can be undone (\"Permanently deletes … This cannot be undone.\") and set annotations.destructiveHint: true so clients ask the user first."})
	}
	return out
}
