package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"html/template"
)

// MaxNameBytes bounds a server name in a request.
const MaxNameBytes = 2048

type explainRow struct {
	Part                        string
	Measured                    bool
	Score, Weight, Contribution float64
	Means                       string
}

type rugRow struct{ Tool, Change, Before, After string }

type rugPull struct {
	store.RugPull
	Rows []rugRow
}

type serverPage struct {
	Title, Name string
	Latest      store.Scan
	Scored      bool
	Explain     []explainRow
	// Weighed says the store kept the scan's weights and cap; a scan
	// stored before it did shows its parts only and claims no cap.
	Weighed       bool
	WeightedSum   float64
	Findings      []schema.Finding
	FindingRows   []findingRow
	Compliance    []schema.ComplianceResult
	Tools         []schema.ToolSummary
	Eval          *schema.EvalSummary
	Selection     map[string]string
	History       []store.Scan
	HistoryChart  template.HTML
	RugPulls      []rugPull
	Eco           *schema.EcosystemReport
	BadgeJSON     string
	BadgeMarkdown string
	// ReceiptKeyID is set when the latest scan has a signed receipt.
	ReceiptKeyID, ReceiptURL, ReceiptKeyURL string
	// Conflicts are other registries' disagreeing listings of the name
	// (scanned apart); Aliases the names scanned once with it.
	Conflicts, Aliases []store.NameLink
	// Behaviour is what the latest scan saw the server do at start-up
	// (nil when it was not watched); NewHosts are the hosts it contacted
	// that the previous watched scan (NewHostsSince) did not.
	Behaviour     *behaviourView
	NewHosts      []string
	NewHostsSince store.Scan
}

var partMeans = map[string]string{
	score.PartCompliance: "the live compliance tests",
	score.PartDesign:     "lint findings that are not security findings, size-fair",
	score.PartSecurity:   "security findings, absolute",
	score.PartEfficiency: "the tool list's context cost in tokens",
	score.PartSelection:  "eval selection accuracy",
}

func (h *handler) server(w http.ResponseWriter, r *http.Request, name string) {
	if name == "" || len(name) > MaxNameBytes {
		h.fail(w, http.StatusBadRequest, "Name a server: /servers/{name} (at most 2048 bytes).")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), requestTimeout)
	defer cancel()
	hist, err := h.st.History(ctx, name)
	if err != nil {
		h.storeFail(w, err)
		return
	}
	if len(hist) == 0 {
		h.fail(w, http.StatusNotFound, fmt.Sprintf("No scan of a server named %q is stored.", clip(name, 200)))
		return
	}
	l := hist[0]
	d := serverPage{Title: clip(name, 80), Name: name, Latest: l, History: hist,
		Scored: schema.Scored(l.Status, l.Scores)}
	res, err := h.st.Result(ctx, l.JobID)
	if err != nil {
		h.storeFail(w, err)
		return
	}
	d.Findings, d.Compliance, d.Eval = res.Findings, res.Compliance, res.Eval
	if res.Snapshot != nil {
		d.Tools = res.Snapshot.ToolList
	}
	if d.Eval != nil {
		d.Selection = map[string]string{}
		for _, t := range d.Eval.PerTool {
			d.Selection[t.Tool] = fmt.Sprintf("%d/%d", t.Correct, t.Total)
		}
	}
	d.FindingRows = h.findingRows(d.Findings)
	d.Behaviour = viewBehaviour(res.Behaviour)
	d.NewHosts, d.NewHostsSince = newHosts(hist)
	if d.Scored {
		d.Explain, d.WeightedSum = explain(l.Scores)
		d.Weighed = l.Scores.Weights != nil
	}
	var pts []Point
	for i := len(hist) - 1; i >= 0; i-- {
		if s := hist[i]; schema.Scored(s.Status, s.Scores) {
			pts = append(pts, Point{Label: s.FinishedAt.UTC().Format("2006-01-02") + " " + s.Version, Y: s.Scores.MCPGauge})
		}
	}
	d.HistoryChart = lineChart("mcpgauge score over time", pts, 100, "")
	var pulls []store.RugPull
	if mayHaveRugPull(hist) {
		if pulls, err = h.st.RugPulls(ctx, store.RugPullQuery{Name: name, Limit: 20}); err != nil {
			h.storeFail(w, err)
			return
		}
	}
	for _, p := range pulls {
		rp, err := h.rugRows(ctx, p)
		if err != nil {
			h.storeFail(w, err)
			return
		}
		d.RugPulls = append(d.RugPulls, rp)
	}
	links, err := h.st.NameLinks(ctx, name)
	if err != nil {
		h.storeFail(w, err)
		return
	}
	for _, l := range links {
		if l.Kind == store.LinkConflict {
			d.Conflicts = append(d.Conflicts, l)
		} else {
			d.Aliases = append(d.Aliases, l)
		}
	}
	eco, err := h.st.Ecosystem(ctx, store.EcosystemQuery{Name: name, Limit: 10})
	if err != nil {
		h.storeFail(w, err)
		return
	}
	for i := range eco {
		if eco[i].Version == l.Version || d.Eco == nil {
			d.Eco = &eco[i]
		}
	}
	switch rc, err := h.st.Receipt(ctx, l.JobID); {
	case err == nil:
		d.ReceiptKeyID, d.ReceiptURL, d.ReceiptKeyURL = rc.KeyID, leaderboard.JobReceiptPath(l.JobID), leaderboard.ReceiptKeyPath
	case !errors.Is(err, store.ErrNotFound):
		h.storeFail(w, err)
		return
	}
	base := h.opts.BaseURL
	if base == "" {
		base = "http://" + r.Host
	}
	base = strings.TrimRight(base, "/")
	badge := "/api/badge/" + strings.TrimPrefix(leaderboard.ServerPath(name), "/servers/")
	if strings.HasPrefix(badge, "/api/badge//server?") {
		badge = "/api/badge/" + url.PathEscape(name)
	}
	d.BadgeJSON = badge
	d.BadgeMarkdown = fmt.Sprintf("[![mcpgauge](https://img.shields.io/endpoint?url=%s)](%s)",
		url.QueryEscape(base+badge), base+leaderboard.ServerPath(name))
	h.render(w, "server", d)
}

// explain lays out how the overall score was made, from what the store
// kept of the scan: each part's score, its weight and what it added. A
// scan stored without its weights gets the parts alone (weights and sum 0).
func explain(sc *schema.Scores) ([]explainRow, float64) {
	var w schema.ScoreWeights
	if sc.Weights != nil {
		w = *sc.Weights
	}
	rows := []explainRow{
		{Part: score.PartCompliance, Measured: sc.Compliance != nil, Weight: w.Compliance},
		// A scan graded without credentials (auth_required) measured
		// compliance alone: its other parts weigh 0 and were not measured.
		{Part: score.PartDesign, Measured: sc.Weights == nil || w.Design > 0, Score: sc.Design, Weight: w.Design},
		{Part: score.PartSecurity, Measured: sc.Weights == nil || w.Security > 0, Score: sc.Security, Weight: w.Security},
		{Part: score.PartEfficiency, Measured: sc.Weights == nil || w.Efficiency > 0, Score: sc.Efficiency, Weight: w.Efficiency},
		{Part: score.PartSelection, Measured: sc.Selection != nil, Weight: w.Selection},
	}
	if sc.Compliance != nil {
		rows[0].Score = *sc.Compliance
	}
	if sc.Selection != nil {
		rows[4].Score = *sc.Selection
	}
	sum := 0.0
	for i := range rows {
		rows[i].Means = partMeans[rows[i].Part]
		rows[i].Contribution = rows[i].Weight * rows[i].Score
		sum += rows[i].Contribution
	}
	return rows, sum
}

// rugRows reads both scans' tools to show each changed tool's digests.
func (h *handler) rugRows(ctx context.Context, p store.RugPull) (rugPull, error) {
	digests := func(jobID string) (map[string]string, error) {
		res, err := h.st.Result(ctx, jobID)
		if err != nil {
			return nil, err
		}
		m := map[string]string{}
		if res.Snapshot != nil {
			for _, t := range res.Snapshot.ToolList {
				m[t.Name] = t.SHA256
			}
		}
		return m, nil
	}
	before, err := digests(p.Before.JobID)
	if err != nil {
		return rugPull{}, err
	}
	after, err := digests(p.After.JobID)
	if err != nil {
		return rugPull{}, err
	}
	out := rugPull{RugPull: p}
	for _, c := range []struct {
		change string
		tools  []string
	}{{"changed", p.Changed}, {"added", p.Added}, {"removed", p.Removed}} {
		for _, t := range c.tools {
			out.Rows = append(out.Rows, rugRow{Tool: t, Change: c.change, Before: before[t], After: after[t]})
		}
	}
	return out, nil
}

// mayHaveRugPull reports whether some version has ok scans with two
// different digests; only then is the rug-pull query worth running.
func mayHaveRugPull(hist []store.Scan) bool {
	first := map[string]string{}
	for _, s := range hist {
		if s.Status != schema.StatusOK || s.ServerDigest == "" {
			continue
		}
		if d, ok := first[s.Version]; ok && d != s.ServerDigest {
			return true
		} else if !ok {
			first[s.Version] = s.ServerDigest
		}
	}
	return false
}
