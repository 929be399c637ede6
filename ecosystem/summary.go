package ecosystem

import (
	"sort"

	"github.com/mcpgauge/mcpgauge/schema"
)

// SummaryPoint is one pool size of the ecosystem-wide curve.
type SummaryPoint struct {
	Target int `json:"target"`
	// Search pools BM25 recall over every server's cases at this size.
	Search schema.Recall `json:"search"`
	// Model pools the model's accuracy over the servers whose curve it
	// measured (ModelServers of them).
	Model        schema.Ratio `json:"model"`
	ModelServers int          `json:"model_servers"`
}

// Summary pools a pass's reports into ecosystem-wide numbers: every case
// counts once, so servers with more cases weigh more.
type Summary struct {
	Servers int `json:"servers"`
	// Search is sweep-wide BM25 recall over every case of every server.
	Search schema.Recall `json:"search"`
	// InPool is the model's accuracy with K distractors, over InPoolServers.
	InPool        schema.Ratio   `json:"in_pool"`
	InPoolServers int            `json:"in_pool_servers"`
	Curve         []SummaryPoint `json:"curve"`
}

// Summarise pools reports of one pass.
func Summarise(reps []schema.EcosystemReport) Summary {
	s := Summary{Servers: len(reps)}
	points := map[int]*SummaryPoint{}
	for _, r := range reps {
		s.Search.At1 += r.Search.At1
		s.Search.At5 += r.Search.At5
		s.Search.Total += r.Search.Total
		if r.InPool != nil {
			s.InPool.Correct += r.InPool.Correct
			s.InPool.Total += r.InPool.Total
			s.InPoolServers++
		}
		for _, p := range r.Curve {
			sp := points[p.Target]
			if sp == nil {
				sp = &SummaryPoint{Target: p.Target}
				points[p.Target] = sp
			}
			sp.Search.At1 += p.Search.At1
			sp.Search.At5 += p.Search.At5
			sp.Search.Total += p.Search.Total
			if p.Model != nil {
				sp.Model.Correct += p.Model.Correct
				sp.Model.Total += p.Model.Total
				sp.ModelServers++
			}
		}
	}
	for _, p := range points {
		s.Curve = append(s.Curve, *p)
	}
	sort.Slice(s.Curve, func(i, j int) bool { return s.Curve[i].Target < s.Curve[j].Target })
	return s
}

// SortWorstFirst orders reports by sweep-wide search recall@1, lowest
// first (a report without cases counts as 0), then by name and version.
func SortWorstFirst(reps []schema.EcosystemReport) {
	rate := func(r schema.Recall) float64 {
		if r.Total == 0 {
			return 0
		}
		return float64(r.At1) / float64(r.Total)
	}
	sort.SliceStable(reps, func(i, j int) bool {
		a, b := rate(reps[i].Search), rate(reps[j].Search)
		if a != b {
			return a < b
		}
		if reps[i].Name != reps[j].Name {
			return reps[i].Name < reps[j].Name
		}
		return reps[i].Version < reps[j].Version
	})
}
