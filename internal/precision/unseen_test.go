package precision

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
)

// TestFirstJudgementsMatchTheAuditTable holds unseen.json, the per-rule
// first judgements the rule pages quote, to the first-judgement table of
// docs/audit.md: every audit of the table has an entry with the same page
// commit, and its per-rule counts add up to the table's precision and
// security-family figures. Every audit TestAudit renders must be recorded
// once it is judged, so a new audit cannot leave the rule pages behind.
func TestFirstJudgementsMatchTheAuditTable(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	page, err := os.ReadFile(filepath.Join(root, "docs", "audit.md"))
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile(`(?m)^\| (\(a\)|[b-z]) \| ([0-9a-f]{7,40}) \| (\d+) / (\d+) \| [^|]+\| (\d+) / (\d+) \|`)
	rows := row.FindAllStringSubmatch(string(page), -1)
	if len(rows) == 0 {
		t.Fatal("docs/audit.md has no first-judgement table rows")
	}
	firsts, err := FirstJudgements()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]FirstJudgement{}
	for _, a := range firsts {
		if _, dup := byName[a.Audit]; dup {
			t.Errorf("unseen.json lists %s twice", a.Audit)
		}
		byName[a.Audit] = a
	}
	family := map[string]string{}
	for _, r := range lint.Catalogue() {
		family[r.ID] = r.Family
	}
	atoi := func(s string) int {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, m := range rows {
		name := "2026-12-02"
		if m[1] != "(a)" {
			name += "-" + m[1]
		}
		a, ok := byName[name]
		if !ok {
			t.Errorf("%s: in docs/audit.md's table but not in unseen.json", name)
			continue
		}
		delete(byName, name)
		if !strings.HasPrefix(a.PageCommit, m[2]) && !strings.HasPrefix(m[2], a.PageCommit) {
			t.Errorf("%s: page commit %s in unseen.json, %s in docs/audit.md", name, a.PageCommit, m[2])
		}
		var right, judged, secRight, secJudged int
		for id, r := range a.Rules {
			if _, known := family[id]; !known {
				t.Errorf("%s: unknown rule %s", name, id)
			}
			if r.True > r.Findings || r.True < 0 {
				t.Errorf("%s: %s has %d right of %d", name, id, r.True, r.Findings)
			}
			right += r.True
			judged += r.Findings
			if family[id] == "Security" {
				secRight += r.True
				secJudged += r.Findings
			}
		}
		if right != atoi(m[3]) || judged != atoi(m[4]) {
			t.Errorf("%s: unseen.json adds up to %d / %d, docs/audit.md says %s / %s", name, right, judged, m[3], m[4])
		}
		if secRight != atoi(m[5]) || secJudged != atoi(m[6]) {
			t.Errorf("%s: unseen.json's security family adds up to %d / %d, docs/audit.md says %s / %s", name, secRight, secJudged, m[5], m[6])
		}
	}
	for name := range byName {
		t.Errorf("%s: in unseen.json but not in docs/audit.md's table", name)
	}
	listed := map[string]bool{}
	for _, a := range firsts {
		listed[a.Audit] = true
	}
	for _, a := range audits {
		if !listed[filepath.Base(a.dir)] {
			t.Errorf("%s: judged by TestAudit but its first judgement is not in unseen.json", a.dir)
		}
	}
}

// TestUnseenRuleLine checks the sentence the rule pages quote against a
// pooled count made here from the records.
func TestUnseenRuleLine(t *testing.T) {
	t.Parallel()
	audits, err := FirstJudgements()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ id string }{{"SEC012"}, {"MCP020"}, {"MCP040"}}
	for _, c := range cases {
		var judged, right int
		for _, a := range audits {
			judged += a.Rules[c.id].Findings
			right += a.Rules[c.id].True
		}
		line := UnseenRuleLine(c.id)
		want := strconv.Itoa(right) + " of " + strconv.Itoa(judged) + " findings"
		if judged == 0 || !strings.Contains(line, want) || !strings.Contains(line, strconv.Itoa(len(audits))+" independent audits") {
			t.Errorf("%s: %q, want %q over %d audits", c.id, line, want, len(audits))
		}
	}
	if got := UnseenRuleLine("NOPE999"); got != "" {
		t.Errorf("a rule with no finding got %q", got)
	}
}
