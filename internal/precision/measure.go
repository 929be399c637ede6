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
)

// DefaultConfig is the lint configuration of the default profile, the one
// the leaderboard and the mcpgauge score use.
func DefaultConfig() lint.Config { return lint.Config{Profile: lint.ProfileMcpgauge} }

// Judged says whether a finding counts in precision: warning or error.
func Judged(s lint.Severity) bool { return s == lint.Warning || s == lint.Error }

// RuleStat is one rule's measurement over the corpus.
type RuleStat struct {
	ID, Name, Family string
	// Severity is the rule's severity in the profile measured.
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

// ClassStat is recall for one defect class.
type ClassStat struct {
	Class, Summary  string
	Defects, Caught int
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
	// Unjudged counts findings at warning or error on servers not judged yet.
	Unjudged int
	// Unlabelled are findings at warning or error without a label on a
	// judged server.
	Unlabelled []Problem
	// LostTrue are true labels whose finding no longer appears at any
	// severity; StaleFalse are false labels whose finding disappeared.
	LostTrue, StaleFalse []Problem
	// Missed are defects labelled caught that no rule of their class finds;
	// NewlyCaught are defects labelled not caught that now are.
	Missed, NewlyCaught []Problem
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
		scan.Analyse(rep, snap, scan.Options{Lint: cfg})
		sl, judged := labels.Servers[c.Server]
		if sl == nil {
			sl = &ServerLabels{}
		}
		byKey := map[string]*Label{}
		for j := range sl.Findings {
			byKey[sl.Findings[j].Key()] = &sl.Findings[j]
		}
		sr := ServerResult{Name: c.Server, Package: c.Package, Version: c.Version, Tools: len(snap.Tools), Score: rep.Score, Note: sl.Note, Judged: judged}
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
		for _, d := range sl.Defects {
			cs := classes[d.Class]
			cs.Defects++
			caught := false
			for _, f := range rep.Findings {
				if !Judged(f.Severity) || f.Tool != d.Tool || !contains(labels.Classes[d.Class].Rules, f.Rule) {
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
			}
			switch {
			case d.Caught && !caught:
				res.Missed = append(res.Missed, Problem{c.Server, fmt.Sprintf("%s defect on %q is no longer found (%s)", d.Class, d.Tool, d.Reason)})
			case !d.Caught && caught:
				res.NewlyCaught = append(res.NewlyCaught, Problem{c.Server, fmt.Sprintf("%s defect on %q is now found: mark it caught", d.Class, d.Tool)})
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
