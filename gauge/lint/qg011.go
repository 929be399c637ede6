package lint

import "fmt"

// qg011 is QG011 qg-too-many-tools.
func qg011() Rule {
	return Rule{
		ID: "QG011", Name: "qg-too-many-tools", Family: "Quality-gate",
		Summary: "The server exposes more than 50 tools.",
		Default: Error, Scope: ScopeServer, Origin: OriginQualityGate,
		Revision: 1, Check: checkQG011,
	}
}

// qgToolsCritical is quality-gate's critical threshold on the tool count.
const qgToolsCritical = 50

// checkQG011 fires past 50 tools.
func checkQG011(ctx *Context) []Problem {
	n := len(ctx.Tools)
	if n <= qgToolsCritical {
		return nil
	}
	return []Problem{{Message: fmt.Sprintf("The server exposes %d tools (quality-gate's critical threshold is %d).", n, qgToolsCritical),
		Suggestion: "Split the server, or expose a small default tool set and the rest behind an option; past 50 tools models often pick the wrong one."}}
}
