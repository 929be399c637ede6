package precision

import (
	"fmt"
	"sort"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/scan"
	"github.com/mcpgauge/mcpgauge/gauge/score"
)

// Bars a rule's measured precision must reach (as fractions).
const (
	// WarningBar holds for every default-on rule at warning or error.
	WarningBar = 0.95
	// SecurityErrorBar holds for security rules at error.
	SecurityErrorBar = 0.99
	// SecurityFamilyBar holds for the security family's findings taken
	// together, at warning or error.
	SecurityFamilyBar = 0.95
	// RecallBar holds for the labelled dangers taken together.
	RecallBar = 0.80
	// ClassRecallBar holds in every danger class with at least
	// ClassRecallMin dangers.
	ClassRecallBar = 0.60
	ClassRecallMin = 5
	// TierGap is how far the best tier's mean score must be above the
	// worst tier's.
	TierGap = 10
)

// DefaultConfig is the lint configuration of the default profile, the one
// the leaderboard and the mcpgauge score use.
func DefaultConfig() lint.Config { return lint.Config{Profile: lint.ProfileMcpgauge} }

// Judged says whether a finding counts in precision: warning or error.
func Judged(s lint.Severity) bool { return s == lint.Warning || s == lint.Error }

// RuleStat is one rule's measurement over the corpus.
type RuleStat struct {
	ID, Name, Family string
	// Severity is the rule's severity in the profile measured, raised to
	// the highest severity any of its findings was reported at.
	Severity lint.Severity
	// Findings counts findings at warning or error; Info those at info.
	Findings, Info int
	// True and False count labelled findings at warning or error.
	True, False int
}

// Precision is True/(True+False); ok is false when nothing was judged.
func (r RuleStat) Precision() (p float64, ok bool) {
	if n := r.True + r.False; n > 0 {
		return float64(r.True) / float64(n), true
	}
	return 0, false
}

// Bar is the precision the rule must reach (0 when none applies).
func (r RuleStat) Bar() float64 {
	switch {
	case r.Family == "Security" && r.Severity == lint.Error:
		return SecurityErrorBar
	case Judged(r.Severity):
		return WarningBar
	}
	return 0
}

// Below reports a rule under its bar.
func (r RuleStat) Below() bool {
	p, ok := r.Precision()
	return ok && p < r.Bar()
}

// ClassStat is recall for one danger class, over all servers and over the
// fresh ones.
type ClassStat struct {
	Class, Summary  string
	Dangers, Caught int
	// FreshDangers and FreshCaught count the fresh servers' dangers only.
	FreshDangers, FreshCaught int
}

// Recall is Caught/Dangers; ok is false when the class has no danger.
func (c ClassStat) Recall() (float64, bool) { return ratio(c.Caught, c.Dangers) }

// Tally is true and false verdicts on findings at warning or error.
type Tally struct{ True, False int }

// Precision is True/(True+False); ok is false when nothing was judged.
func (t Tally) Precision() (float64, bool) { return ratio(t.True, t.True+t.False) }

func (t *Tally) add(v bool) {
	if v {
		t.True++
	} else {
		t.False++
	}
}

func ratio(n, d int) (float64, bool) {
	if d == 0 {
		return 0, false
	}
	return float64(n) / float64(d), true
}

// ServerResult is one corpus server under the profile.
type ServerResult struct {
	Name, Package, Version string
	Tools                  int
	Errors, Warnings, Info int
	True, False            int
	Score                  score.Result
	// TrueFindings are the findings at warning or error labelled true.
	TrueFindings []Judgement
	// Note is the labeller's explanation of the server's standing.
	Note string
	// Judged is false for a server labels.yaml does not list yet.
	Judged bool
	// Fresh is true for a judged server no rule was changed because of.
	Fresh bool
	// Tier is the labeller's blind tier ("" when not given).
	Tier string
	// Dangers and Caught count the server's labelled dangers and those
	// a rule finds.
	Dangers, Caught int
}

// Judgement is one finding with its label.
type Judgement struct {
	Server  string
	Finding lint.Finding
	Label   *Label
}

// Problem is a mismatch between the corpus, its labels and the rules.
type Problem struct {
	Server string
	Text   string
}

func (p Problem) String() string { return p.Server + ": " + p.Text }

// Result is the whole measurement.
type Result struct {
	Servers []ServerResult
	Rules   []RuleStat
	Classes []ClassStat
	// True and False are totals over every finding at warning or error.
	True, False int
	// Fresh counts the findings on fresh servers; Security those of
	// security rules, SecurityError those of security rules at error.
	Fresh, Security, SecurityError Tally
	// Unjudged counts findings at warning or error on servers not judged yet.
	Unjudged int
	// Unlabelled are findings at warning or error without a label on a
	// judged server.
	Unlabelled []Problem
	// LostTrue are true labels whose finding no longer appears at any
	// severity; StaleFalse are false labels whose finding disappeared.
	LostTrue, StaleFalse []Problem
	// Missed are dangers labelled caught that no rule of their class
	// finds; NewlyCaught are dangers labelled not caught that now are.
	Missed, NewlyCaught []Problem
	// Uncaught are every danger no default rule of its class finds at
	// warning or error on its tool, labelled caught or not.
	Uncaught []Problem
}

// Recall over every labelled danger, and over the fresh servers' dangers.
func (r *Result) Recall() (all, fresh Tally) {
	for _, c := range r.Classes {
		all.True += c.Caught
		all.False += c.Dangers - c.Caught
		fresh.True += c.FreshCaught
		fresh.False += c.FreshDangers - c.FreshCaught
	}
	return all, fresh
}

// Precision over every judged finding.
func (r *Result) Precision() (float64, bool) {
	if n := r.True + r.False; n > 0 {
		return float64(r.True) / float64(n), true
	}
	return 0, false
}

// Measure lints every capture under cfg and judges the findings against labels.
func Measure(corpus []Capture, labels *Labels, cfg lint.Config) (*Result, error) {
	res := &Result{}
	stats := map[string]*RuleStat{}
	for _, r := range lint.Catalogue() {
		stats[r.ID] = &RuleStat{ID: r.ID, Name: r.Name, Family: r.Family, Severity: cfg.Effective(r)}
	}
	classes := map[string]*ClassStat{}
	for name, c := range labels.Classes {
		classes[name] = &ClassStat{Class: name, Summary: c.Summary}
	}
	inCorpus := map[string]bool{}
	for i := range corpus {
		c := &corpus[i]
		inCorpus[c.Server] = true
		snap, err := c.Snapshot()
		if err != nil {
			return nil, err
		}
		rep := &scan.Report{}
		if err := scan.Analyse(rep, snap, scan.Options{Lint: cfg}); err != nil {
			return nil, fmt.Errorf("capture %s: %w", c.Server, err)
		}
		sl, judged := labels.Servers[c.Server]
		if sl == nil {
			sl = &ServerLabels{}
		}
		byKey := map[string]*Label{}
		for j := range sl.Findings {
			byKey[sl.Findings[j].Key()] = &sl.Findings[j]
		}
		sr := ServerResult{Name: c.Server, Package: c.Package, Version: c.Version, Tools: len(snap.Tools), Score: rep.Score, Note: sl.Note,
			Judged: judged, Fresh: judged && sl.Fresh()}
		if sl.Tier != nil {
			sr.Tier = sl.Tier.Level
		}
		seen := map[string]bool{}
		for _, f := range rep.Findings {
			k := FindingKey(f)
			seen[k] = true
			st := stats[f.Rule]
			switch f.Severity {
			case lint.Error:
				sr.Errors++
			case lint.Warning:
				sr.Warnings++
			case lint.Info:
				sr.Info++
			}
			if !Judged(f.Severity) {
				if st != nil {
					st.Info++
				}
				continue
			}
			if st != nil {
				st.Findings++
				// A rule whose default is info may report one case at
				// warning (Problem.Severity: MCP050's manual-sized
				// description): its row says so, and its judged findings
				// are held to the bar of that severity.
				if f.Severity > st.Severity {
					st.Severity = f.Severity
				}
			}
			if !judged {
				res.Unjudged++
				continue
			}
			l := byKey[k]
			if l == nil {
				res.Unlabelled = append(res.Unlabelled, Problem{c.Server, fmt.Sprintf("%s %s finding has no label: tool %q param %q entity %q related %v: %s",
					f.Severity, f.Rule, f.Tool, f.Parameter, f.Entity, f.Related, f.Message)})
				continue
			}
			if sr.Fresh {
				res.Fresh.add(l.True)
			}
			if st != nil && st.Family == "Security" {
				res.Security.add(l.True)
				if f.Severity == lint.Error {
					res.SecurityError.add(l.True)
				}
			}
			if l.True {
				res.True++
				sr.True++
				if st != nil {
					st.True++
				}
				sr.TrueFindings = append(sr.TrueFindings, Judgement{Server: c.Server, Finding: f, Label: l})
			} else {
				res.False++
				sr.False++
				if st != nil {
					st.False++
				}
			}
		}
		for _, l := range sl.Findings {
			if seen[l.Key()] {
				continue
			}
			p := Problem{c.Server, fmt.Sprintf("labelled %s finding is gone: %s", verdict(l.True), l.Key())}
			if l.True {
				res.LostTrue = append(res.LostTrue, p)
			} else {
				res.StaleFalse = append(res.StaleFalse, p)
			}
		}
		for _, d := range sl.Dangers {
			cs := classes[d.Class]
			cs.Dangers++
			sr.Dangers++
			if sr.Fresh {
				cs.FreshDangers++
			}
			caught := false
			for _, f := range rep.Findings {
				if !Judged(f.Severity) || !onTool(f, d.Tool) || !contains(labels.Classes[d.Class].Rules, f.Rule) {
					continue
				}
				// A finding labelled false does not catch a real defect by chance.
				if l := byKey[FindingKey(f)]; l != nil && !l.True {
					continue
				}
				caught = true
				break
			}
			if caught {
				cs.Caught++
				sr.Caught++
				if sr.Fresh {
					cs.FreshCaught++
				}
			} else {
				res.Uncaught = append(res.Uncaught, Problem{c.Server, fmt.Sprintf("%s danger on %q (%s)", d.Class, d.Tool, d.Reason)})
			}
			switch {
			case d.Caught && !caught:
				res.Missed = append(res.Missed, Problem{c.Server, fmt.Sprintf("%s danger on %q is no longer found (%s)", d.Class, d.Tool, d.Reason)})
			case !d.Caught && caught:
				res.NewlyCaught = append(res.NewlyCaught, Problem{c.Server, fmt.Sprintf("%s danger on %q is now found: mark it caught", d.Class, d.Tool)})
			}
		}
		res.Servers = append(res.Servers, sr)
	}
	for name := range labels.Servers {
		if !inCorpus[name] {
			res.StaleFalse = append(res.StaleFalse, Problem{name, "labels for a server that is not in the corpus"})
		}
	}
	for _, r := range lint.Catalogue() {
		res.Rules = append(res.Rules, *stats[r.ID])
	}
	for _, c := range classes {
		res.Classes = append(res.Classes, *c)
	}
	sort.Slice(res.Classes, func(i, j int) bool { return res.Classes[i].Class < res.Classes[j].Class })
	return res, nil
}

// onTool says a finding is about tool: its own tool, or one of the other
// tools of a pair finding ("" is the server as a whole).
func onTool(f lint.Finding, tool string) bool {
	return f.Tool == tool || (tool != "" && contains(f.Related, tool))
}

func verdict(b bool) string {
	if b {
		return "TRUE"
	}
	return "FALSE"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Ranking is the ranking check: mean score per tier, and the worst-tier
// servers whose score puts them in the top quarter of the corpus.
type Ranking struct {
	// Labelled counts the servers with a tier.
	Labelled int
	Count    map[string]int
	Mean     map[string]float64
	// TopQuarter is how many servers the top quarter holds; a server is in
	// it when fewer than TopQuarter servers score strictly above it.
	TopQuarter        int
	WorstInTopQuarter []string
}

// Gap is the best tier's mean score less the worst tier's.
func (k Ranking) Gap() float64 { return k.Mean[TierBest] - k.Mean[TierWorst] }

// Ranking computes the ranking check over every server of the result.
func (r *Result) Ranking() Ranking {
	k := Ranking{Count: map[string]int{}, Mean: map[string]float64{}, TopQuarter: (len(r.Servers) + 3) / 4}
	sum := map[string]int{}
	for _, s := range r.Servers {
		if s.Tier == "" {
			continue
		}
		k.Labelled++
		k.Count[s.Tier]++
		sum[s.Tier] += s.Score.Overall
	}
	for lv, n := range k.Count {
		k.Mean[lv] = float64(sum[lv]) / float64(n)
	}
	for _, s := range r.Servers {
		if s.Tier != TierWorst {
			continue
		}
		above := 0
		for _, o := range r.Servers {
			if o.Score.Overall > s.Score.Overall {
				above++
			}
		}
		if above < k.TopQuarter {
			k.WorstInTopQuarter = append(k.WorstInTopQuarter, fmt.Sprintf("%s (%d)", s.Name, s.Score.Overall))
		}
	}
	return k
}
