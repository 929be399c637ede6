package lint

import "fmt"

// qg010 is QG010 qg-many-tools.
func qg010() Rule {
	return Rule{
		ID: "QG010", Name: "qg-many-tools", Family: "Quality-gate",
		Summary: "The server exposes more than 20 tools.",
		Default: Info, Scope: ScopeServer, Origin: OriginQualityGate,
		Revision: 1, Check: checkQG010,
	}
}

// qgToolsWarning is quality-gate's warning threshold on the tool count.
const qgToolsWarning = 20

// checkQG010 fires from 21 tools up to QG011's threshold, where QG011
// takes over.
func checkQG010(ctx *Context) []Problem {
	n := len(ctx.Tools)
	if n <= qgToolsWarning || n > qgToolsCritical {
		return nil
	}
	return []Problem{{Message: fmt.Sprintf("The server exposes %d tools (quality-gate warns above %d).", n, qgToolsWarning),
		Suggestion: "Merge tools that differ only by a mode into one tool with a parameter, or split the server by audience; tool selection degrades as the list grows."}}
}
