package compliance

import (
	"context"
	"encoding/json"
	"fmt"
)

// specCache01 is mcpgauge's spec-cache-01: in 2026-07-28 list results and
// resources/read carry ttlMs >= 0 and cacheScope public or private.
func specCache01() Test {
	return Test{
		ID:       "spec-cache-01",
		Name:     "List and read results carry valid ttlMs and cacheScope",
		Category: CategoryProtocol,
		Severity: Medium,
		SpecRef:  specURL(latestRevision, "basic/utilities/caching"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecCache01,
	}
}

func runSpecCache01(ctx context.Context, e *Env) Result {
	return e.withResultProbes(ctx, "ttlMs and cacheScope on list and read results", func(ps []resultProbe, notes []string) Result {
		var bad, good []string
		judged := 0
		for _, p := range ps {
			if !p.cacheable {
				continue
			}
			judged++
			if why := cacheFields(p.result); why != "" {
				bad = append(bad, p.method+": "+why)
				continue
			}
			good = append(good, p.method)
		}
		if judged == 0 {
			return skip("no list or read result to judge (no tools, resources or prompts declared)").with(notes...)
		}
		if len(bad) > 0 {
			return fail("%d of %d list and read results have missing or invalid cache fields", len(bad), judged).with(append(bad, notes...)...)
		}
		return pass("all %d list and read results carry ttlMs >= 0 and a valid cacheScope (%s)", judged, nameList(good, 6)).with(notes...)
	})
}

// cacheFields says what is wrong with a result's ttlMs and cacheScope, or "".
func cacheFields(res map[string]json.RawMessage) string {
	var why []string
	if raw, ok := res["ttlMs"]; !ok {
		why = append(why, "no ttlMs")
	} else {
		var n json.Number
		if err := json.Unmarshal(raw, &n); err != nil {
			why = append(why, fmt.Sprintf("ttlMs %s is not a number", clip(string(raw))))
		} else if v, err := n.Int64(); err != nil || v < 0 {
			why = append(why, fmt.Sprintf("ttlMs %s is not an integer >= 0", n))
		}
	}
	var scope string
	if raw, ok := res["cacheScope"]; !ok {
		why = append(why, "no cacheScope")
	} else if json.Unmarshal(raw, &scope) != nil || (scope != "public" && scope != "private") {
		why = append(why, fmt.Sprintf("cacheScope %s is neither \"public\" nor \"private\"", clip(string(raw))))
	}
	if len(why) == 0 {
		return ""
	}
	return fmt.Sprint(why)
}
