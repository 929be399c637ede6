package ecosystem

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/schema"
)

// maxToolName is the longest tool name the OpenAI-compatible APIs accept.
const maxToolName = 64

// aliases gives each member a short tool-name prefix, as multi-server
// clients do ("github__create_issue"): the last segment of its name,
// reduced to [A-Za-z0-9_-], at most 24 characters, made unique with a
// numeric suffix in member order.
func aliases(ms []Member) []string {
	out := make([]string, len(ms))
	used := map[string]bool{}
	for i, m := range ms {
		base := m.Name
		if k := strings.LastIndexAny(base, "/:"); k >= 0 && k < len(base)-1 {
			base = base[k+1:]
		}
		var b strings.Builder
		for _, r := range base {
			switch {
			case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-':
				b.WriteRune(r)
			default:
				b.WriteByte('-')
			}
		}
		a := strings.Trim(b.String(), "-")
		if len(a) > 24 {
			a = a[:24]
		}
		if a == "" {
			a = "server"
		}
		cand := a
		for n := 2; used[cand]; n++ {
			cand = fmt.Sprintf("%s_%d", a, n)
		}
		used[cand] = true
		out[i] = cand
	}
	return out
}

// poolRun is one model run over a pool.
type poolRun struct {
	// correct and total count the selection cases; abstain the abstain ones.
	correct, total int
	abstain        schema.Ratio
	captures       captureCounter
	calls          int
	cost           float64
}

// runModel offers the member's tools plus the extra pool tools to the
// model, every name prefixed by its server's alias and the list ordered by
// name (as a client lists its servers' tools), and puts each selection case
// to it through the shared cache.
func (p *pool) runModel(ctx context.Context, mi int, cases []eval.Case, extra []int, mo *ModelOptions, budgetLeft float64) (*poolRun, error) {
	type entry struct {
		ns   string
		tool model.Tool
		pt   int // pool tool index
	}
	all := append(append([]int(nil), p.own[mi]...), extra...)
	entries := make([]entry, 0, len(all))
	used := map[string]bool{}
	ownNS := map[string]string{} // own tool name → its prefixed name
	for _, ti := range all {
		pt := &p.tools[ti]
		t := p.members[pt.member].Tools[pt.tool]
		ns := p.aliases[pt.member] + "__" + t.Name
		if len(ns) > maxToolName {
			ns = ns[:maxToolName]
		}
		for n := 2; used[ns]; n++ {
			suffix := fmt.Sprintf("_%d", n)
			ns = ns[:min(len(ns), maxToolName-len(suffix))] + suffix
		}
		used[ns] = true
		if pt.member == mi {
			if _, dup := ownNS[t.Name]; !dup {
				ownNS[t.Name] = ns
			}
		}
		t.Name = ns
		entries = append(entries, entry{ns, t, ti})
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].ns < entries[j].ns })
	snap := &model.Snapshot{Target: p.members[mi].Name}
	owner := map[string]int{}
	for _, e := range entries {
		snap.Tools = append(snap.Tools, e.tool)
		owner[e.ns] = e.pt
	}
	suite := &eval.Suite{}
	for _, c := range cases {
		c.Expected = ownNS[c.Expected]
		c.Rival = ownNS[c.Rival]
		suite.Cases = append(suite.Cases, c)
	}
	r := &eval.Runner{Backend: mo.Backend, Cache: mo.Cache, Model: mo.Model, Concurrency: mo.Concurrency,
		Prices: mo.Prices}
	if mo.MaxCost > 0 {
		r.MaxCost = budgetLeft
	}
	res, err := r.Run(ctx, snap, suite)
	if err != nil {
		var be *eval.BudgetError
		if errors.As(err, &be) { // the calls made are cached; count their cost
			return &poolRun{cost: be.Spent}, fmt.Errorf("model run over %d tools: %w", len(entries), err)
		}
		return nil, fmt.Errorf("model run over %d tools: %w", len(entries), err)
	}
	out := &poolRun{calls: res.CalledCount, cost: res.CostUSD}
	for i, o := range res.Outcomes {
		victim := cases[i].Expected // "" for an abstain case
		out.captures.total(victim)
		if cases[i].Kind == eval.Abstain {
			out.abstain.Total++
			if o.Correct() {
				out.abstain.Correct++
				continue
			}
		} else {
			out.total++
			if o.Correct() {
				out.correct++
				continue
			}
		}
		if !o.Called {
			continue
		}
		if ti, ok := owner[o.Selected]; ok && p.tools[ti].member != mi && p.members[p.tools[ti].member].Name != p.members[mi].Name {
			pt := &p.tools[ti]
			out.captures.add(victim, pt.member, p.members[pt.member].Tools[pt.tool].Name)
		}
	}
	return out, nil
}
