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
	row := regexp.MustCompile(`(?m)^\| (\(a\)|[b-z]|[a-z][a-z]) \| ([0-9a-f]{7,40}) \| (\d+) / (\d+) \| [^|]+\| (\d+) / (\d+) \| [^|]+\| (\d+) / (\d+) \|`)
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
	// sums are the rows' precision, security-family and recall counts
	// (right, judged for each), which the pooled row must repeat.
	var sums [6]int
	for _, m := range rows {
		for i := range sums {
			sums[i] += atoi(m[i+3])
		}
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
	checkPooledRow(t, string(page), sums)
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

// checkPooledRow checks the table's pooled row against sums, the totals
// of its audit rows: precision, security family and recall, each a count
// and a percentage. The pooled figures are the ones the bars are
// read against, so a row added without updating them must fail.
func checkPooledRow(t *testing.T, page string, sums [6]int) {
	t.Helper()
	pooled := regexp.MustCompile(`(?m)^\| \*\*pooled\*\* \| \| \*\*(\d+) / (\d+)\*\* \| \*\*([0-9.]+%)\*\* \| \*\*(\d+) / (\d+)\*\* \| \*\*([0-9.]+%)\*\* \| \*\*(\d+) / (\d+)\*\* \| \*\*([0-9.]+%)\*\* \|`)
	p := pooled.FindStringSubmatch(page)
	if p == nil {
		t.Fatal("docs/audit.md's first-judgement table has no pooled row")
	}
	for i, name := range [3]string{"precision", "security family", "recall"} {
		right, total := sums[2*i], sums[2*i+1]
		if p[3*i+1] != strconv.Itoa(right) || p[3*i+2] != strconv.Itoa(total) {
			t.Errorf("pooled %s: the rows add up to %d / %d, the pooled row says %s / %s", name, right, total, p[3*i+1], p[3*i+2])
			continue
		}
		if want := pct(right, total); p[3*i+3] != want {
			t.Errorf("pooled %s: %d / %d is %s, the pooled row says %s", name, right, total, want, p[3*i+3])
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
	lines := NewRuleLines()
	cases := []struct{ id string }{{"SEC012"}, {"MCP020"}, {"MCP040"}}
	for _, c := range cases {
		var judged, right int
		for _, a := range audits {
			judged += a.Rules[c.id].Findings
			right += a.Rules[c.id].True
		}
		line := lines.Unseen(c.id)
		want := strconv.Itoa(right) + " of " + strconv.Itoa(judged) + " findings"
		if judged == 0 || !strings.Contains(line, want) || !strings.Contains(line, strconv.Itoa(len(audits))+" independent audits") {
			t.Errorf("%s: %q, want %q over %d audits", c.id, line, want, len(audits))
		}
	}
	if got := lines.Unseen("NOPE999"); got != "" {
		t.Errorf("a rule with no finding got %q", got)
	}
}

// TestRuleLines holds each sentence of the rule pages to the parsed
// measurements it is given, and gives no sentence when a file did not
// parse (the zero RuleLines).
func TestRuleLines(t *testing.T) {
	t.Parallel()
	parsed := RuleLines{
		measured: Measured{Servers: 12, Rules: map[string]RuleMeasure{"SEC001": {Findings: 4, True: 3}, "MCP002": {Info: 5}}},
		unseen: []FirstJudgement{
			{Audit: "a", Rules: map[string]RuleMeasure{"SEC001": {Findings: 2, True: 1}}},
			{Audit: "b", Rules: map[string]RuleMeasure{"SEC001": {Findings: 2, True: 2}, "MCP002": {Info: 1}}},
		},
	}
	for _, tc := range []struct {
		name, id         string
		lines            RuleLines
		measured, unseen string
	}{
		{name: "judged findings", lines: parsed, id: "SEC001",
			measured: "75.0% (3 of 4 findings at warning or error right on the 12-server corpus)",
			unseen:   "75.0% (3 of 4 findings at warning or error right when first judged, pooled over 2 independent audits of servers no rule was written for)"},
		{name: "info only", lines: parsed, id: "MCP002",
			measured: "no finding at warning or error on the 12-server corpus (5 at info, not judged)"},
		{name: "no finding", lines: parsed, id: "QG001", measured: "no finding on the 12-server corpus"},
		{name: "nothing parsed", lines: RuleLines{}, id: "SEC001"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := tc.lines.Measured(tc.id); got != tc.measured {
				t.Errorf("Measured(%s) = %q, want %q", tc.id, got, tc.measured)
			}
			if got := tc.lines.Unseen(tc.id); got != tc.unseen {
				t.Errorf("Unseen(%s) = %q, want %q", tc.id, got, tc.unseen)
			}
		})
	}
}
