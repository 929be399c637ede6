package compliance

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// Probes of the 2026-07-28 stateless revision's result shape: what every
// result, list result and resources/read result must carry.

// statelessOnly returns a skip for a server whose main session is not in
// the 2026-07-28 era, or nil.
func (e *Env) statelessOnly(what string) *Result {
	if e.era() != model.EraStateless {
		r := skip("the main session speaks the initialize era (%s); %s is a 2026-07-28 requirement", e.protocolVersion(), what)
		return &r
	}
	return nil
}

// resultProbe is one request of the result-shape probes and its answer.
type resultProbe struct {
	method string
	// cacheable: a list result or resources/read (ttlMs and cacheScope).
	cacheable bool
	result    map[string]json.RawMessage
	err       string
}

// resultProbes sends server/discover, each declared list's first page and
// a read of the first listed resource on the raw session, and returns
// their results (a request that fails is kept with its error).
func (e *Env) resultProbes(ctx context.Context, r RawCaller) []resultProbe {
	type req struct {
		method    string
		params    map[string]any
		cacheable bool
	}
	reqs := []req{{method: "server/discover"}}
	if e.capability("tools") {
		reqs = append(reqs, req{method: "tools/list", cacheable: true})
	}
	if e.capability("resources") {
		reqs = append(reqs, req{method: "resources/list", cacheable: true}, req{method: "resources/templates/list", cacheable: true})
		if res, _ := snapshotResources(e); len(res) > 0 {
			reqs = append(reqs, req{method: "resources/read", params: map[string]any{"uri": res[0].URI}, cacheable: true})
		}
	}
	if e.capability("prompts") {
		reqs = append(reqs, req{method: "prompts/list", cacheable: true})
	}
	out := make([]resultProbe, 0, len(reqs))
	for _, q := range reqs {
		p := resultProbe{method: q.method, cacheable: q.cacheable}
		res, rpcErr, err := e.rawCall(ctx, r, q.method, q.params)
		switch {
		case err != nil:
			p.err = err.Error()
		case rpcErr != nil:
			p.err = "error " + describeRPC(rpcErr)
		default:
			if jerr := json.Unmarshal(res, &p.result); jerr != nil {
				p.err = fmt.Sprintf("result is not an object: %v", jerr)
			}
		}
		out = append(out, p)
	}
	return out
}

// answered returns the probes that got a result, and details for those
// that did not (they are not judged).
func answered(ps []resultProbe) ([]resultProbe, []string) {
	var ok []resultProbe
	var notes []string
	for _, p := range ps {
		if p.err != "" {
			notes = append(notes, fmt.Sprintf("%s: not judged: %s", p.method, clip(p.err)))
			continue
		}
		ok = append(ok, p)
	}
	return ok, notes
}

// withResultProbes runs the result-shape probes and hands the answered
// ones to judge; no answered probe at all is an error.
func (e *Env) withResultProbes(ctx context.Context, what string, judge func(ps []resultProbe, notes []string) Result) Result {
	if r := e.statelessOnly(what); r != nil {
		return *r
	}
	return e.withRaw(ctx, func(r RawCaller) Result {
		ps, notes := answered(e.resultProbes(ctx, r))
		if len(ps) == 0 {
			return errored("no probe request got a result").with(notes...)
		}
		return judge(ps, notes)
	})
}

// toolNamesOf lists the tool names of a tools/list result, in its order.
func toolNamesOf(res json.RawMessage) []string {
	var out struct {
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	_ = json.Unmarshal(res, &out)
	names := make([]string, 0, len(out.Tools))
	for _, t := range out.Tools {
		names = append(names, t.Name)
	}
	return names
}

// sortedToolNames lists the tool names of a tools/list result, sorted.
func sortedToolNames(res json.RawMessage) []string {
	names := toolNamesOf(res)
	slices.Sort(names)
	return names
}
