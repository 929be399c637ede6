package lint

import "fmt"

// qg013 is QG013 qg-schema-tokens-critical.
func qg013() Rule {
	return Rule{
		ID: "QG013", Name: "qg-schema-tokens-critical", Family: "Quality-gate",
		Summary: "The tool definitions cost more than 30,000 tokens of context.",
		Default: Error, Scope: ScopeServer, Origin: OriginQualityGate,
		Revision: 1, Check: checkQG013,
	}
}

// qgTokensCritical is quality-gate's critical threshold on the o200k size
// of all tool definitions.
const qgTokensCritical = 30000

// checkQG013 fires above 30,000 tokens.
func checkQG013(ctx *Context) []Problem {
	n := serverTokens(ctx)
	if n <= qgTokensCritical {
		return nil
	}
	return []Problem{{Message: fmt.Sprintf("The tool definitions cost %d o200k tokens (critical above %d). Largest: %s.", n, qgTokensCritical, largestTools(ctx, 3)),
		Suggestion: "Split the server or load tools on demand; this much schema crowds out the user's own context on every request."}}
}
