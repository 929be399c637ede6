package scan_test

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/scan"
)

// TestScoringDocSecurityFamily: docs/scoring.md's security row and the
// code agree on which rules count in the security part: every rule of the
// Security family (and no other) is in the row's SECnnn range, and the
// quality-gate rules it says count in design (QG009 named) do.
func TestScoringDocSecurityFamily(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile("../../docs/scoring.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile(`(?m)^\| security \|.*$`).FindString(string(doc))
	if row == "" {
		t.Fatal("docs/scoring.md has no security row")
	}
	m := regexp.MustCompile(`SEC(\d{3})` + "`?–`?" + `SEC(\d{3})`).FindStringSubmatch(row)
	if m == nil {
		t.Fatalf("security row names no SECnnn–SECnnn range: %s", row)
	}
	lo, _ := strconv.Atoi(m[1])
	hi, _ := strconv.Atoi(m[2])
	inRow := map[string]bool{}
	for i := lo; i <= hi; i++ {
		inRow[fmt.Sprintf("SEC%03d", i)] = true
	}
	for _, r := range lint.Catalogue() {
		if got := scan.IsSecurityRule(r.ID); got != inRow[r.ID] {
			t.Errorf("%s (family %s): counts in security = %v, docs/scoring.md says %v", r.ID, r.Family, got, inRow[r.ID])
		}
	}
	if !strings.Contains(row, "QG009 included) count in design") {
		t.Errorf("security row does not say where QG009 counts: %s", row)
	}
	if r, ok := lint.RuleByID("QG009"); !ok || scan.IsSecurityRule("QG009") || !strings.HasPrefix(r.ID, "QG") {
		t.Errorf("QG009 = %+v, %v: want a quality-gate rule that counts in design", r.Family, ok)
	}
}
