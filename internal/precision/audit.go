package precision

import (
	"bytes"
	"cmp"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
)

// An independent audit (issue 21) is a directory of captures of servers
// outside the corpus (testdata/audit/<date>/) with two label files beside
// them: dangers.yaml, each server's blind dangers and tier, committed before
// any rule ran on the servers, and labels.yaml, the one-pass verdicts on
// their findings. No rule is changed because of an audit, so every audit
// server is fresh.
const (
	AuditDangersFile = "dangers.yaml"
	AuditLabelsFile  = "labels.yaml"
)

// LoadAudit reads an audit directory's captures and its two label files,
// and merges them into one Labels whose danger classes (and the rules that
// catch each) are the corpus's, classes. It fails on a verdict for a server
// dangers.yaml does not list, on fields outside each file's part (findings
// in dangers.yaml; dangers, tiers or tuned: true in labels.yaml), on a
// danger marked caught (blind dangers cannot know), and on a capture
// without dangers or dangers without a capture.
func LoadAudit(dir string, classes map[string]Class) ([]Capture, *Labels, error) {
	corpus, err := LoadCorpus(dir)
	if err != nil {
		return nil, nil, err
	}
	blind, err := decodeLabels(filepath.Join(dir, AuditDangersFile))
	if err != nil {
		return nil, nil, err
	}
	verdicts, err := decodeLabels(filepath.Join(dir, AuditLabelsFile))
	if err != nil {
		return nil, nil, err
	}
	if len(blind.Classes) > 0 || len(verdicts.Classes) > 0 {
		return nil, nil, fmt.Errorf("audit %s: danger classes come from the corpus's labels.yaml, not the audit's files", dir)
	}
	merged := &Labels{Classes: classes, Servers: map[string]*ServerLabels{}}
	for name, s := range blind.Servers {
		if len(s.Findings) > 0 || s.Tuned || s.Note != "" {
			return nil, nil, fmt.Errorf("audit %s: %s: %s holds dangers and tiers only", dir, name, AuditDangersFile)
		}
		for _, d := range s.Dangers {
			if d.Caught {
				return nil, nil, fmt.Errorf("audit %s: %s: a blind danger cannot be marked caught (%s on %q)", dir, name, d.Class, d.Tool)
			}
		}
		merged.Servers[name] = &ServerLabels{Tier: s.Tier, Dangers: s.Dangers}
	}
	for name, s := range verdicts.Servers {
		m := merged.Servers[name]
		if m == nil {
			return nil, nil, fmt.Errorf("audit %s: %s has verdicts in %s but is not in %s", dir, name, AuditLabelsFile, AuditDangersFile)
		}
		if len(s.Dangers) > 0 || s.Tier != nil || s.Tuned {
			return nil, nil, fmt.Errorf("audit %s: %s: %s holds verdicts and notes only (no dangers, tiers or tuned)", dir, name, AuditLabelsFile)
		}
		for _, f := range s.Findings {
			if f.Tuned != nil && *f.Tuned {
				return nil, nil, fmt.Errorf("audit %s: %s: %s is tuned: no rule may be changed because of an audit", dir, name, f.Key())
			}
		}
		m.Note, m.Findings = s.Note, s.Findings
	}
	if err := merged.check(); err != nil {
		return nil, nil, fmt.Errorf("audit %s: %w", dir, err)
	}
	captured := map[string]bool{}
	for _, c := range corpus {
		captured[c.Server] = true
		if merged.Servers[c.Server] == nil {
			return nil, nil, fmt.Errorf("audit %s: %s was captured but has no entry in %s", dir, c.Server, AuditDangersFile)
		}
	}
	for name := range merged.Servers {
		if !captured[name] {
			return nil, nil, fmt.Errorf("audit %s: %s is in %s but was not captured", dir, name, AuditDangersFile)
		}
	}
	return corpus, merged, nil
}

// Audit figure block markers in the audit's doc page: the block between them
// is what AuditMarkdown renders, and the audit test holds it to the data.
const (
	AuditBegin = "<!-- audit figures: begin (rendered by TestAudit from the audit's files; do not edit) -->"
	AuditEnd   = "<!-- audit figures: end -->"
)

// AuditMarkdown renders an audit's figures: precision at warning or error
// (overall, security family, security at error, per rule), recall of the
// blind dangers (overall and per class), the ranking of the blind tiers and
// the servers with their versions.
func (r *Result) AuditMarkdown() []byte {
	var b bytes.Buffer
	b.WriteString(AuditBegin + "\n\n")
	fmt.Fprintf(&b, "Servers: %d; findings at warning or error: %d judged, %d unlabelled.\n\n", len(r.Servers), r.True+r.False, len(r.Unlabelled)+r.Unjudged)
	b.WriteString("| precision at warning or error | judged | true | false | precision | corpus bar |\n|---|---|---|---|---|---|\n")
	row := func(what string, t Tally, bar float64) {
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %s | %.0f%% |\n", what, t.True+t.False, t.True, t.False, pct(t.True, t.True+t.False), 100*bar)
	}
	row("all findings", Tally{r.True, r.False}, WarningBar)
	row("security family", r.Security, SecurityFamilyBar)
	row("security rules at error", r.SecurityError, SecurityErrorBar)
	b.WriteString("\n| rule | family | severity | judged | true | false | precision |\n|---|---|---|---|---|---|---|\n")
	for _, s := range r.Rules {
		if s.True+s.False == 0 {
			continue
		}
		fmt.Fprintf(&b, "| [%s](rules/%s.md) | %s | %s | %d | %d | %d | %s |\n", s.ID, s.ID, s.Family, s.Severity, s.True+s.False, s.True, s.False, pct(s.True, s.True+s.False))
	}
	all, _ := r.Recall()
	fmt.Fprintf(&b, "\n**Recall of the blind dangers: %s** (%d of %d found by a default rule of the danger's class at warning or error on its tool).\n\n",
		pct(all.True, all.True+all.False), all.True, all.True+all.False)
	writeClassTable(&b, r.Classes)
	rk := r.Ranking()
	b.WriteString("\n| blind tier | servers | mean score |\n|---|---|---|\n")
	for _, lv := range []string{TierBest, TierMiddle, TierWorst} {
		fmt.Fprintf(&b, "| %s | %d | %.1f |\n", lv, rk.Count[lv], rk.Mean[lv])
	}
	b.WriteString("\n| server | package | tools | tier | score | errors | warnings | true | false | dangers found |\n|---|---|---|---|---|---|---|---|---|---|\n")
	servers := append([]ServerResult(nil), r.Servers...)
	sort.SliceStable(servers, func(i, j int) bool { return servers[i].Name < servers[j].Name })
	for _, s := range servers {
		fmt.Fprintf(&b, "| %s | `%s@%s` | %d | %s | %d | %d | %d | %d | %d | %d/%d |\n", s.Name, s.Package, s.Version, s.Tools,
			cmp.Or(s.Tier, "-"), s.Score.Overall, s.Errors, s.Warnings, s.True, s.False, s.Caught, s.Dangers)
	}
	b.WriteString("\n" + AuditEnd + "\n")
	return b.Bytes()
}

// AuditBlock returns the figure block of an audit doc page (markers
// included), or false when the page has none.
func AuditBlock(page []byte) ([]byte, bool) { return markedBlock(page, AuditBegin, AuditEnd) }

// ReplaceAuditBlock puts block in place of the page's figure block.
func ReplaceAuditBlock(page, block []byte) ([]byte, bool) {
	return replaceMarkedBlock(page, block, AuditBegin, AuditEnd)
}

// AllAuditsBlock returns the all-audits block of docs/audit.md (markers
// included), or false when the page has none.
func AllAuditsBlock(page []byte) ([]byte, bool) {
	return markedBlock(page, AllAuditsBegin, AllAuditsEnd)
}

// ReplaceAllAuditsBlock puts block in place of the page's all-audits block.
func ReplaceAllAuditsBlock(page, block []byte) ([]byte, bool) {
	return replaceMarkedBlock(page, block, AllAuditsBegin, AllAuditsEnd)
}

// markedBlock returns the text from begin to end (markers and the newline
// after end included).
func markedBlock(page []byte, begin, end string) ([]byte, bool) {
	s := string(page)
	i := strings.Index(s, begin)
	j := strings.Index(s, end)
	if i < 0 || j < i {
		return nil, false
	}
	stop := j + len(end)
	if stop < len(s) && s[stop] == '\n' {
		stop++
	}
	return []byte(s[i:stop]), true
}

// replaceMarkedBlock puts block in place of the text markedBlock finds.
func replaceMarkedBlock(page, block []byte, begin, end string) ([]byte, bool) {
	old, ok := markedBlock(page, begin, end)
	if !ok {
		return nil, false
	}
	return bytes.Replace(page, old, block, 1), true
}

// All-audits block markers in docs/audit.md: the block between them is what
// AllAuditsMarkdown renders from every audit's result under today's rules.
const (
	AllAuditsBegin = "<!-- all audits with today's rules: begin (rendered by TestAudit; do not edit) -->"
	AllAuditsEnd   = "<!-- all audits with today's rules: end -->"
)

// AllAuditsMarkdown pools the results of every audit under today's rules:
// precision at warning or error, the security family, recall of the blind
// dangers, and recall per danger class. These are design figures once an
// audit has been used to change a rule; the first judgements (unseen.json)
// are the ones that measure generalisation.
func AllAuditsMarkdown(results []*Result) []byte {
	var all, sec, recall Tally
	classes := map[string]*ClassStat{}
	servers := 0
	for _, r := range results {
		servers += len(r.Servers)
		all.True += r.True
		all.False += r.False
		sec.True += r.Security.True
		sec.False += r.Security.False
		rc, _ := r.Recall()
		recall.True += rc.True
		recall.False += rc.False
		for _, c := range r.Classes {
			if c.Dangers == 0 {
				continue
			}
			cs, ok := classes[c.Class]
			if !ok {
				cs = &ClassStat{Class: c.Class}
				classes[c.Class] = cs
			}
			cs.Dangers += c.Dangers
			cs.Caught += c.Caught
		}
	}
	var b bytes.Buffer
	b.WriteString(AllAuditsBegin + "\n\n")
	fmt.Fprintf(&b, "%d audits, %d servers, today's rules:\n\n", len(results), servers)
	b.WriteString("| figure | right / judged | share | bar |\n|---|---|---|---|\n")
	fmt.Fprintf(&b, "| precision at warning or error | %d / %d | %s | %.0f%% |\n", all.True, all.True+all.False, pct(all.True, all.True+all.False), 100*WarningBar)
	fmt.Fprintf(&b, "| security family | %d / %d | %s | %.0f%% |\n", sec.True, sec.True+sec.False, pct(sec.True, sec.True+sec.False), 100*SecurityFamilyBar)
	fmt.Fprintf(&b, "| recall of the blind dangers | %d / %d | %s | %.0f%% |\n", recall.True, recall.True+recall.False, pct(recall.True, recall.True+recall.False), 100*RecallBar)
	b.WriteString("\n")
	pooled := make([]ClassStat, 0, len(classes))
	for _, c := range classes {
		pooled = append(pooled, *c)
	}
	sort.Slice(pooled, func(i, j int) bool { return pooled[i].Class < pooled[j].Class })
	writeClassTable(&b, pooled)
	b.WriteString("\n" + AllAuditsEnd + "\n")
	return b.Bytes()
}

// writeClassTable writes recall per danger class, one row for each class
// that has a danger, in the order given.
func writeClassTable(b *bytes.Buffer, classes []ClassStat) {
	b.WriteString("| class | dangers | found | recall |\n|---|---|---|---|\n")
	for _, c := range classes {
		if c.Dangers == 0 {
			continue
		}
		fmt.Fprintf(b, "| %s | %d | %d | %s |\n", c.Class, c.Dangers, c.Caught, pct(c.Caught, c.Dangers))
	}
}
