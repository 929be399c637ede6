package lint

import "fmt"

// qg012 is QG012 qg-schema-tokens.
func qg012() Rule {
	return Rule{
		ID: "QG012", Name: "qg-schema-tokens", Family: "Quality-gate",
		Summary: "The tool definitions cost more than 10,000 tokens of context.",
		Default: Warning, Scope: ScopeServer, Origin: OriginQualityGate,
		Revision: 1, Check: checkQG012,
	}
}

// qgTokensWarning is quality-gate's warning threshold on the o200k size
// of all tool definitions.
const qgTokensWarning = 10000

// checkQG012 fires above 10,000 tokens up to QG013's threshold, where
// QG013 takes over.
func checkQG012(ctx *Context) []Problem {
	n := serverTokens(ctx)
	if n <= qgTokensWarning || n > qgTokensCritical {
		return nil
	}
	return []Problem{{Message: fmt.Sprintf("The tool definitions cost %d o200k tokens (warning above %d). Largest: %s.", n, qgTokensWarning, largestTools(ctx, 3)),
		Suggestion: "Trim the largest definitions first: shorten descriptions, drop schema titles and repeated enums, and remove tools few users need."}}
}
