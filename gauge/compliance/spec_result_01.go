package compliance

import (
	"context"
	"encoding/json"
	"fmt"
)

// specResult01 is mcpgauge's spec-result-01: in 2026-07-28 every result
// carries resultType.
func specResult01() Test {
	return Test{
		ID:       "spec-result-01",
		Name:     "Every 2026-07-28 result carries resultType",
		Category: CategoryProtocol,
		Severity: Medium,
		SpecRef:  specURL(latestRevision, "basic"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecResult01,
	}
}

// validResultType reports whether rt is a value resultType may take.
func validResultType(rt string) bool { return rt == "complete" || rt == "input_required" }

func runSpecResult01(ctx context.Context, e *Env) Result {
	return e.withResultProbes(ctx, "resultType on every result", func(ps []resultProbe, notes []string) Result {
		var bad, good []string
		for _, p := range ps {
			var rt string
			raw, ok := p.result["resultType"]
			switch {
			case !ok:
				bad = append(bad, p.method+": no resultType")
			case json.Unmarshal(raw, &rt) != nil || !validResultType(rt):
				bad = append(bad, fmt.Sprintf("%s: resultType %s (want \"complete\" or \"input_required\")", p.method, clip(string(raw))))
			default:
				good = append(good, p.method)
			}
		}
		if len(bad) > 0 {
			return fail("%d of %d results lack a valid resultType", len(bad), len(ps)).with(append(bad, notes...)...)
		}
		return pass("all %d results carry resultType (%s)", len(ps), nameList(good, 6)).with(notes...)
	})
}
