package web

import (
	"context"
	"fmt"
	"html/template"
	"net/http"
	"sort"
	"time"

	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

type ecosystemPage struct {
	Title                               string
	Servers, OK                         int
	StartRate                           string
	StatusChart, ScoreChart, TokenChart template.HTML
	TrendChart, ScoreTrendChart         template.HTML
	Rules                               []store.RuleCount
	RugPulls                            []store.RugPull
}

// TrendSweeps is how many recent sweeps the ecosystem trend shows.
const TrendSweeps = 30

func (h *handler) ecosystem(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), requestTimeout)
	defer cancel()
	lb, err := h.st.Leaderboard(ctx, store.LeaderboardQuery{Limit: 1 << 30})
	if err != nil {
		h.storeFail(w, err)
		return
	}
	d := ecosystemPage{Title: "Ecosystem", Servers: lb.Total, OK: lb.RankedTotal + lb.UnrankedTotal}
	d.StartRate = pct(d.OK, d.Servers)
	byStatus := map[string]int{}
	for _, s := range lb.Unscored {
		byStatus[statusLabel(s.Status)]++
	}
	bars := []Bar{{Label: "ok", Value: float64(d.OK), Note: fmt.Sprintf("%d (%s)", d.OK, pct(d.OK, d.Servers))}}
	var rest []Bar
	for st, n := range byStatus {
		rest = append(rest, Bar{Label: st, Value: float64(n), Note: fmt.Sprintf("%d (%s)", n, pct(n, d.Servers))})
	}
	sort.Slice(rest, func(i, j int) bool {
		if rest[i].Value != rest[j].Value {
			return rest[i].Value > rest[j].Value
		}
		return rest[i].Label < rest[j].Label
	})
	if d.Servers > 0 {
		d.StatusChart = barChart("servers by status", append(bars, rest...))
	} else {
		d.StatusChart = barChart("servers by status", nil)
	}
	scored := append(append([]store.Scan{}, lb.Ranked...), lb.Unranked...)
	var buckets [10]int
	tokenEdges := []int{1000, 2000, 4000, 8000, 16000, 32000, 64000}
	tokens := make([]int, len(tokenEdges)+1)
	for _, s := range scored {
		if s.Scores != nil {
			buckets[min(9, int(s.Scores.MCPGauge)/10)]++
		}
		i := sort.SearchInts(tokenEdges, s.TotalTokens+1)
		tokens[i]++
	}
	var sbars, tbars []Bar
	if len(scored) > 0 {
		for i, n := range buckets {
			hi := i*10 + 9
			if i == 9 {
				hi = 100
			}
			sbars = append(sbars, Bar{Label: fmt.Sprintf("%d–%d", i*10, hi), Value: float64(n)})
		}
		for i, n := range tokens {
			label := fmt.Sprintf("over %dk", tokenEdges[len(tokenEdges)-1]/1000)
			if i < len(tokenEdges) {
				label = fmt.Sprintf("up to %dk", tokenEdges[i]/1000)
			}
			tbars = append(tbars, Bar{Label: label, Value: float64(n)})
		}
	}
	d.ScoreChart = barChart("mcpgauge score distribution", sbars)
	d.TokenChart = barChart("tool-list tokens per server", tbars)
	if d.Rules, err = h.st.RulePrevalence(ctx); err != nil {
		h.storeFail(w, err)
		return
	}
	d.Rules = d.Rules[:min(len(d.Rules), 20)]
	if d.RugPulls, err = h.st.RugPulls(ctx, store.RugPullQuery{Limit: 50}); err != nil {
		h.storeFail(w, err)
		return
	}
	sweeps, err := h.sweepRows(ctx, TrendSweeps)
	if err != nil {
		h.storeFail(w, err)
		return
	}
	var pts []Point
	for i := len(sweeps) - 1; i >= 0; i-- {
		if s := sweeps[i]; s.Results > 0 {
			pts = append(pts, Point{Label: s.ID, Y: 100 * float64(s.OK) / float64(s.Results)})
		}
	}
	d.TrendChart = lineChart("share of scanned servers that started, per sweep", pts, 100, "%")
	var mean []Point
	for i := len(sweeps) - 1; i >= 0; i-- {
		if s := sweeps[i]; s.Scored > 0 {
			mean = append(mean, Point{Label: s.ID, Y: s.MeanScore})
		}
	}
	d.ScoreTrendChart = lineChart("mean mcpgauge score of the servers scored, per sweep", mean, 100, "")
	h.render(w, "ecosystem", d)
}

func pct(n, of int) string {
	if of == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(n)/float64(of))
}

type sweepRow struct {
	store.Sweep
	OK                  int64
	Duration, PerMinute string
}

type sweepsPage struct {
	Title  string
	Sweeps []sweepRow
}

// MaxSweeps is how many sweeps /sweeps lists.
const MaxSweeps = 100

func (h *handler) sweepRows(ctx context.Context, n int) ([]sweepRow, error) {
	list, err := h.st.ListSweeps(ctx, n)
	if err != nil {
		return nil, err
	}
	out := make([]sweepRow, 0, len(list))
	for _, s := range list {
		full, err := h.st.GetSweep(ctx, s.ID)
		if err != nil {
			return nil, err
		}
		row := sweepRow{Sweep: full, OK: full.ByStatus[schema.StatusOK], Duration: "running", PerMinute: "–"}
		if !full.FinishedAt.IsZero() {
			dur := full.FinishedAt.Sub(full.StartedAt)
			row.Duration = dur.Round(time.Second).String()
			if dur > 0 {
				row.PerMinute = fmt.Sprintf("%.1f", float64(full.Results)/dur.Minutes())
			}
		}
		out = append(out, row)
	}
	return out, nil
}

func (h *handler) sweeps(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), requestTimeout)
	defer cancel()
	rows, err := h.sweepRows(ctx, MaxSweeps)
	if err != nil {
		h.storeFail(w, err)
		return
	}
	h.render(w, "sweeps", sweepsPage{Title: "Sweeps", Sweeps: rows})
}

type ruleFamily struct {
	Family string
	Rules  []Rule
}

type rulesPage struct {
	Title    string
	Rules    []Rule
	Families []ruleFamily
}

func (h *handler) rulesIndex(w http.ResponseWriter, _ *http.Request) {
	d := rulesPage{Title: "Rules", Rules: h.opts.Rules}
	idx := map[string]int{}
	for _, r := range d.Rules {
		i, ok := idx[r.Family]
		if !ok {
			i = len(d.Families)
			idx[r.Family] = i
			d.Families = append(d.Families, ruleFamily{Family: r.Family})
		}
		d.Families[i].Rules = append(d.Families[i].Rules, r)
	}
	sort.SliceStable(d.Families, func(i, j int) bool { return d.Families[i].Rules[0].ID < d.Families[j].Rules[0].ID })
	h.render(w, "rules", d)
}

type rulePage struct {
	Title string
	Rule  Rule
}

func (h *handler) rule(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	rule, ok := h.rules[id]
	if !ok {
		h.fail(w, http.StatusNotFound, fmt.Sprintf("There is no rule %q.", clip(id, 60)))
		return
	}
	h.render(w, "rule", rulePage{Title: rule.ID + " " + rule.Name, Rule: rule})
}
