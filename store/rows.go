package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/schema"
)

// scanRow is a result flattened into the scans table's columns.
type scanRow struct {
	SweepID, Name, Version, JobID         string
	Revision                              int64
	Status, Reason                        string
	Sources                               []string
	PackageType, ScanKey                  string
	ScannerVersion, ScoringVersion        string
	WorkerID                              string
	StartedNS, FinishedNS                 int64
	InstallMS, StartMS, ConnectMS, ListMS int64
	LintMS, ComplianceMS, EvalMS          int64
	ToolCount, ResourceCount, PromptCount int64
	ProtocolVersion, Era                  string
	ServerDigest, ToolgaugeDigest         string
	TotalTokens                           int64
	FindingCount, CriticalCount           int64
	ErrorCount, WarningCount              int64
	HasScores                             bool
	HasCompliance, HasQualityGate         bool
	Score, Compliance, Design             float64
	Security, Efficiency                  float64
	HasSelection                          bool
	Selection, ToolgaugeHealth            float64
	QualityGate, QGCompliance, QGQuality  float64
	QGEfficiency, QGSecurity              float64
	// HasBreakdown says the scanner reported the weights; only then are
	// Capped, Uncapped and the W* columns known.
	HasBreakdown, Capped            bool
	Uncapped                        float64
	WCompliance, WDesign, WSecurity float64
	WEfficiency, WSelection         float64
	Placeholders                    []string
	// BehaviourHosts is the JSON list of hosts the server contacted at
	// start-up, "" when it was not watched.
	BehaviourHosts string
	Result         string
}

type findingRow struct {
	Idx int
	schema.Finding
}

type toolRow struct {
	Idx int
	schema.ToolSummary
}

// flattened is one result ready to insert.
type flattened struct {
	scan     scanRow
	findings []findingRow
	tools    []toolRow
}

// prepare validates a batch, keeps the latest result per job ID and flattens it.
func prepare(results []schema.Result) ([]flattened, error) {
	byJob := map[string]int{}
	var out []flattened
	for i := range results {
		r := &results[i]
		if err := r.Validate(); err != nil {
			return nil, fmt.Errorf("insert results: result %d: %w", i, err)
		}
		f, err := flatten(r)
		if err != nil {
			return nil, fmt.Errorf("insert results: result %d (job %s): %w", i, r.JobID, err)
		}
		if j, seen := byJob[r.JobID]; seen {
			if f.scan.Revision > out[j].scan.Revision {
				out[j] = f
			}
			continue
		}
		byJob[r.JobID] = len(out)
		out = append(out, f)
	}
	return out, nil
}

func flatten(r *schema.Result) (flattened, error) {
	rev := r.FinishedAt.UnixNano()
	if rev <= 0 || r.FinishedAt.Year() > 2261 {
		return flattened{}, fmt.Errorf("finished_at %s is outside 1970–2261", r.FinishedAt.Format(time.RFC3339))
	}
	doc, err := json.Marshal(r)
	if err != nil {
		return flattened{}, fmt.Errorf("encode result: %w", err)
	}
	s := scanRow{
		SweepID: r.SweepID, Name: r.Name, Version: r.Version, JobID: r.JobID, Revision: rev,
		Status: string(r.Status), Reason: r.Reason, Sources: nonNil(r.Sources), PackageType: r.PackageType,
		ScanKey: r.ScanKey, ScannerVersion: r.ScannerVersion, WorkerID: r.WorkerID,
		StartedNS: r.StartedAt.UnixNano(), FinishedNS: rev,
		InstallMS: r.Timings.InstallMS, StartMS: r.Timings.StartMS, ConnectMS: r.Timings.ConnectMS,
		ListMS: r.Timings.ListMS, LintMS: r.Timings.LintMS, ComplianceMS: r.Timings.ComplianceMS, EvalMS: r.Timings.EvalMS,
		FindingCount: int64(len(r.Findings)), Placeholders: nonNil(r.Placeholders), Result: string(doc),
	}
	if r.Behaviour != nil {
		hosts, _ := json.Marshal(nonNil(r.Behaviour.Hosts()))
		s.BehaviourHosts = string(hosts)
	}
	for _, f := range r.Findings {
		switch f.Severity {
		case "critical":
			s.CriticalCount++
		case "error":
			s.ErrorCount++
		case "warning":
			s.WarningCount++
		}
	}
	var tools []toolRow
	if sn := r.Snapshot; sn != nil {
		s.ToolCount, s.ResourceCount, s.PromptCount = int64(sn.Tools), int64(sn.Resources), int64(sn.Prompts)
		s.ProtocolVersion, s.Era, s.ServerDigest, s.ToolgaugeDigest = sn.ProtocolVersion, sn.Era, sn.ServerDigest, sn.ToolgaugeDigest
		s.TotalTokens = int64(sn.TotalTokens)
		for i, t := range sn.ToolList {
			tools = append(tools, toolRow{Idx: i, ToolSummary: t})
		}
	}
	if sc := r.Scores; sc != nil {
		s.HasScores = true
		s.ScoringVersion = sc.ScoringVersion
		s.Score, s.Design, s.Security, s.Efficiency = sc.MCPGauge, sc.Design, sc.Security, sc.Efficiency
		if sc.Compliance != nil {
			s.HasCompliance, s.Compliance = true, *sc.Compliance
		}
		if sc.Selection != nil {
			s.HasSelection, s.Selection = true, *sc.Selection
		}
		s.ToolgaugeHealth = sc.ToolgaugeHealth
		if w := sc.Weights; w != nil {
			s.HasBreakdown, s.Capped, s.Uncapped = true, sc.Capped, sc.MCPGaugeUncapped
			s.WCompliance, s.WDesign, s.WSecurity, s.WEfficiency, s.WSelection = w.Compliance, w.Design, w.Security, w.Efficiency, w.Selection
		}
		qg := sc.QualityGate
		s.QGQuality, s.QGEfficiency, s.QGSecurity = qg.Quality, qg.Efficiency, qg.Security
		if qg.Score != nil && qg.Compliance != nil {
			s.HasQualityGate, s.QualityGate, s.QGCompliance = true, *qg.Score, *qg.Compliance
		}
	}
	findings := make([]findingRow, len(r.Findings))
	for i, f := range r.Findings {
		findings[i] = findingRow{Idx: i, Finding: f}
	}
	return flattened{scan: s, findings: findings, tools: tools}, nil
}

// scanFromRow rebuilds the Scan summary from the columns both backends read.
func scanFromRow(s *scanRow) Scan {
	out := Scan{
		JobID: s.JobID, SweepID: s.SweepID, Name: s.Name, Version: s.Version, Status: schema.Status(s.Status),
		Reason: s.Reason, Sources: s.Sources, PackageType: s.PackageType, ScanKey: s.ScanKey,
		ToolCount: int(s.ToolCount), TotalTokens: int(s.TotalTokens), ServerDigest: s.ServerDigest,
		ProtocolVersion: s.ProtocolVersion, FindingCount: int(s.FindingCount), ScannerVersion: s.ScannerVersion,
		StartedAt: time.Unix(0, s.StartedNS).UTC(), FinishedAt: time.Unix(0, s.Revision).UTC(),
	}
	if s.BehaviourHosts != "" {
		out.Watched = json.Unmarshal([]byte(s.BehaviourHosts), &out.BehaviourHosts) == nil
	}
	if s.HasScores {
		sc := &schema.Scores{ScoringVersion: s.ScoringVersion, MCPGauge: s.Score,
			Design: s.Design, Security: s.Security, Efficiency: s.Efficiency, ToolgaugeHealth: s.ToolgaugeHealth,
			QualityGate: schema.QualityGateScore{Quality: s.QGQuality, Efficiency: s.QGEfficiency, Security: s.QGSecurity}}
		if s.HasCompliance {
			v := s.Compliance
			sc.Compliance = &v
		}
		if s.HasQualityGate {
			total, c := s.QualityGate, s.QGCompliance
			sc.QualityGate.Score, sc.QualityGate.Compliance = &total, &c
		}
		if s.HasSelection {
			v := s.Selection
			sc.Selection = &v
		}
		if s.HasBreakdown {
			sc.Capped, sc.MCPGaugeUncapped = s.Capped, s.Uncapped
			sc.Weights = &schema.ScoreWeights{Compliance: s.WCompliance, Design: s.WDesign, Security: s.WSecurity,
				Efficiency: s.WEfficiency, Selection: s.WSelection}
		}
		out.Scores = sc
	}
	return out
}

// readScans reads rows of the scan columns (sqliteScanCols, chScanCols: the
// same columns in the same order) into summaries and closes rows. The flags
// has_scores, has_selection, has_compliance, has_quality_gate,
// has_breakdown and capped are read as integers; sources is a JSON text
// when jsonSources is set (SQLite), else an array (ClickHouse).
func readScans(rows rowScanner, jsonSources bool) ([]Scan, error) {
	defer rows.Close()
	var out []Scan
	for rows.Next() {
		var r scanRow
		var srcs string
		var hasScores, hasSel, hasComp, hasQG, hasBD, capped uint8
		sources := any(&r.Sources)
		if jsonSources {
			sources = &srcs
		}
		if err := rows.Scan(&r.JobID, &r.SweepID, &r.Name, &r.Version, &r.Revision, &r.Status, &r.Reason, sources,
			&r.PackageType, &r.ScanKey, &r.ScannerVersion, &r.ScoringVersion, &r.StartedNS, &r.ToolCount, &r.TotalTokens,
			&r.ServerDigest, &r.ProtocolVersion, &r.FindingCount, &hasScores, &r.Score, &r.Compliance, &r.Design,
			&r.Security, &r.Efficiency, &hasSel, &r.Selection, &r.ToolgaugeHealth, &r.QualityGate,
			&r.QGCompliance, &r.QGQuality, &r.QGEfficiency, &r.QGSecurity, &hasComp, &hasQG,
			&hasBD, &capped, &r.Uncapped, &r.WCompliance, &r.WDesign, &r.WSecurity, &r.WEfficiency, &r.WSelection,
			&r.BehaviourHosts); err != nil {
			return nil, err
		}
		if jsonSources {
			if err := json.Unmarshal([]byte(srcs), &r.Sources); err != nil {
				return nil, fmt.Errorf("job %s: sources: %w", r.JobID, err)
			}
		}
		r.HasScores, r.HasSelection = hasScores != 0, hasSel != 0
		r.HasCompliance, r.HasQualityGate = hasComp != 0, hasQG != 0
		r.HasBreakdown, r.Capped = hasBD != 0, capped != 0
		out = append(out, scanFromRow(&r))
	}
	return out, rows.Err()
}

// rank builds a leaderboard from the latest scan of every server.
func rank(latest []Scan, q LeaderboardQuery) (Leaderboard, error) {
	by, err := schema.ParseScorePart(string(q.By))
	if err != nil {
		return Leaderboard{}, fmt.Errorf("leaderboard: %w", err)
	}
	if q.Status != "" {
		if _, err := schema.ParseStatus(string(q.Status)); err != nil {
			return Leaderboard{}, fmt.Errorf("leaderboard: %w", err)
		}
	}
	if q.Offset < 0 {
		return Leaderboard{}, fmt.Errorf("leaderboard: offset %d is negative", q.Offset)
	}
	search := strings.ToLower(q.Search)
	lb := Leaderboard{By: by}
	// Rank indexes into latest, so sorting 20,000 servers moves ints, not
	// Scans, and only the page asked for is copied out.
	var ranked, unranked, unscored []int
	value := make(map[int]float64)
	for i := range latest {
		s := &latest[i]
		if search != "" && !strings.Contains(strings.ToLower(s.Name), search) {
			continue
		}
		if q.Registry != "" && !slices.Contains(s.Sources, q.Registry) {
			continue
		}
		if q.PackageType != "" && s.PackageType != q.PackageType {
			continue
		}
		if q.Status != "" && s.Status != q.Status {
			continue
		}
		lb.Total++
		switch {
		case !schema.Scored(s.Status, s.Scores):
			unscored = append(unscored, i)
		default:
			if v, ok := schema.RankValue(s.Status, s.Scores, by); ok {
				value[i] = v
				ranked = append(ranked, i)
			} else {
				unranked = append(unranked, i)
			}
		}
	}
	sort.SliceStable(ranked, func(i, j int) bool {
		a, b := ranked[i], ranked[j]
		if value[a] != value[b] {
			return value[a] > value[b]
		}
		return latest[a].Name < latest[b].Name
	})
	byName := func(l []int) {
		sort.SliceStable(l, func(i, j int) bool { return latest[l[i]].Name < latest[l[j]].Name })
	}
	byName(unranked)
	byName(unscored)
	lb.RankedTotal, lb.UnrankedTotal, lb.UnscoredTotal = len(ranked), len(unranked), len(unscored)
	n := limitOr(q.Limit)
	out := func(idx []int, rankIt bool) []Scan {
		if q.Offset >= len(idx) {
			return nil
		}
		idx = idx[q.Offset:min(len(idx), q.Offset+n)]
		l := make([]Scan, len(idx))
		for k, i := range idx {
			l[k] = latest[i]
			if rankIt {
				l[k].Value, l[k].Rank = value[i], q.Offset+k+1
			}
		}
		return l
	}
	lb.Ranked, lb.Unranked, lb.Unscored = out(ranked, true), out(unranked, false), out(unscored, false)
	return lb, nil
}

// latestPerName keeps the scan with the latest FinishedAt per name (scans may
// arrive in any order; equal times keep the greater version string).
func latestPerName(scans []Scan) []Scan {
	idx := map[string]int{}
	var out []Scan
	for _, s := range scans {
		if i, ok := idx[s.Name]; ok {
			o := out[i]
			if s.FinishedAt.After(o.FinishedAt) || (s.FinishedAt.Equal(o.FinishedAt) && s.Version > o.Version) {
				out[i] = s
			}
			continue
		}
		idx[s.Name] = len(out)
		out = append(out, s)
	}
	return out
}

// sortHistory orders scans newest first.
func sortHistory(scans []Scan) {
	sort.SliceStable(scans, func(i, j int) bool {
		if !scans[i].FinishedAt.Equal(scans[j].FinishedAt) {
			return scans[i].FinishedAt.After(scans[j].FinishedAt)
		}
		return scans[i].JobID < scans[j].JobID
	})
}

// toolsFetcher returns the tools of one scan (job ID at a revision).
type toolsFetcher func(jobID string, revision int64) (map[string]string, error)

// findRugPulls walks the ok scans of each name+version in time order and reports
// each consecutive pair whose server digests differ, comparing their tools.
func findRugPulls(scans []Scan, limit int, tools toolsFetcher) ([]RugPull, error) {
	type key struct{ name, version string }
	groups := map[key][]Scan{}
	var order []key
	for _, s := range scans {
		if s.Status != schema.StatusOK || s.ServerDigest == "" {
			continue
		}
		k := key{s.Name, s.Version}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], s)
	}
	sort.Slice(order, func(i, j int) bool {
		if order[i].name != order[j].name {
			return order[i].name < order[j].name
		}
		return order[i].version < order[j].version
	})
	var out []RugPull
	for _, k := range order {
		g := groups[k]
		sort.SliceStable(g, func(i, j int) bool { return g[i].FinishedAt.Before(g[j].FinishedAt) })
		for i := 1; i < len(g); i++ {
			before, after := g[i-1], g[i]
			if before.ServerDigest == after.ServerDigest {
				continue
			}
			bt, err := tools(before.JobID, before.FinishedAt.UnixNano())
			if err != nil {
				return nil, err
			}
			at, err := tools(after.JobID, after.FinishedAt.UnixNano())
			if err != nil {
				return nil, err
			}
			rp := RugPull{Name: k.name, Version: k.version, Before: before, After: after}
			rp.Added, rp.Removed, rp.Changed = diffTools(bt, at)
			out = append(out, rp)
			if len(out) >= limitOr(limit) {
				return out, nil
			}
		}
	}
	return out, nil
}

// diffTools compares two name → digest maps.
func diffTools(before, after map[string]string) (added, removed, changed []string) {
	for n, d := range after {
		if bd, ok := before[n]; !ok {
			added = append(added, n)
		} else if bd != d {
			changed = append(changed, n)
		}
	}
	for n := range before {
		if _, ok := after[n]; !ok {
			removed = append(removed, n)
		}
	}
	sort.Strings(added)
	sort.Strings(removed)
	sort.Strings(changed)
	return added, removed, changed
}

// scansByKey answers Store.ScansByKey, reading the keys chunk by chunk
// with read, which returns a chunk's scans by ascending revision: the
// latest scan of a key wins.
func scansByKey(keys []string, chunk int, read func(part []string) ([]Scan, error)) (map[string]Scan, error) {
	out := map[string]Scan{}
	for start := 0; start < len(keys); start += chunk {
		scans, err := read(keys[start:min(start+chunk, len(keys))])
		if err != nil {
			return nil, fmt.Errorf("scans by key: %w", err)
		}
		for _, sc := range scans {
			out[sc.ScanKey] = sc
		}
	}
	return out, nil
}

// inList returns "(?, ?, …)" with n placeholders, for IN lists of either
// store (ClickHouse 18.16 refuses the array literal a bound slice becomes)
// and SQLite multi-row VALUES.
func inList(n int) string {
	return "(?" + strings.Repeat(", ?", n-1) + ")"
}

func anySlice(l []string) []any {
	out := make([]any, len(l))
	for i, v := range l {
		out[i] = v
	}
	return out
}

// ifName is the " AND name = ?" filter of a query, or nothing when name is "".
func ifName(name, placeholder string) string {
	if name == "" {
		return ""
	}
	return " AND name = " + placeholder
}

// nsTime is the UTC time of Unix nanoseconds (0: the zero time).
func nsTime(ns int64) time.Time {
	if ns == 0 {
		return time.Time{}
	}
	return time.Unix(0, ns).UTC()
}

func nonNil(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}

func decodeResult(doc string) (schema.Result, error) {
	var r schema.Result
	if err := json.Unmarshal([]byte(doc), &r); err != nil {
		return schema.Result{}, fmt.Errorf("decode stored result: %w", err)
	}
	return r, nil
}

// rowScanner is what database/sql and clickhouse-go rows have in common.
type rowScanner interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close() error
}

// queryFunc runs a read query; each store has one (its query method).
type queryFunc func(ctx context.Context, query string, args ...any) (rowScanner, error)

// firstString reads the first row's one column into dst, reports whether
// there was a row, and closes rows.
func firstString(rows rowScanner, dst *string) (bool, error) {
	defer rows.Close()
	if !rows.Next() {
		return false, rows.Err()
	}
	if err := rows.Scan(dst); err != nil {
		return false, err
	}
	return true, nil
}

// toolDigests reads (tool, sha256) rows into a map and closes rows.
func toolDigests(rows rowScanner) (map[string]string, error) {
	defer rows.Close()
	m := map[string]string{}
	for rows.Next() {
		var n, d string
		if err := rows.Scan(&n, &d); err != nil {
			return nil, err
		}
		m[n] = d
	}
	return m, rows.Err()
}

// sweepCols are the sweeps table's columns, in the order both stores read
// and ClickHouse writes them.
const sweepCols = `sweep_id, status, registries, scanner_version, note, planned, published, skipped, failed, started_ns, finished_ns, updated_ns`

// findingCols are the findings columns readFindings reads, in its order.
const findingCols = `rule, severity, tool, parameter, entity, message, family`

// readFindings reads rows of findingCols into findings and closes rows.
func readFindings(rows rowScanner) ([]schema.Finding, error) {
	defer rows.Close()
	var out []schema.Finding
	for rows.Next() {
		var f schema.Finding
		if err := rows.Scan(&f.Rule, &f.Severity, &f.Tool, &f.Parameter, &f.Entity, &f.Message, &f.Family); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// statusCounts reads (status, count, scored, score sum) rows into a
// sweep's ByStatus, Results, Scored and MeanScore, and closes rows.
func statusCounts(rows rowScanner, sw *Sweep) error {
	defer rows.Close()
	sw.ByStatus = map[schema.Status]int64{}
	var sum float64
	for rows.Next() {
		var st string
		var n, scored int64
		var part float64
		if err := rows.Scan(&st, &n, &scored, &part); err != nil {
			return err
		}
		sw.ByStatus[schema.Status(st)] = n
		sw.Results += n
		sw.Scored += scored
		sum += part
	}
	if sw.Scored > 0 {
		sw.MeanScore = sum / float64(sw.Scored)
	}
	return rows.Err()
}
