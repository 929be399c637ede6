package docgen

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
)

// TestDocsAreFresh fails when docs/rules or docs/compliance differ from the
// tables in the code. Regenerate with: go generate ./...
func TestDocsAreFresh(t *testing.T) {
	t.Parallel()
	stale, err := Stale(filepath.Join("..", "..", "docs"))
	if err != nil {
		t.Fatal(err)
	}
	if len(stale) > 0 {
		t.Fatalf("%d generated doc pages are stale (run: go generate ./...): %s", len(stale), strings.Join(stale, ", "))
	}
}

func TestEveryRuleAndTestHasAPage(t *testing.T) {
	t.Parallel()
	paths := map[string]bool{}
	for _, p := range Pages() {
		paths[filepath.ToSlash(p.Path)] = true
	}
	for _, r := range lint.Catalogue() {
		if !paths["rules/"+r.ID+".md"] {
			t.Errorf("rule %s has no page", r.ID)
		}
		if strings.TrimSpace(r.Doc) == "" {
			t.Errorf("rule %s has no doc text", r.ID)
		}
	}
	for _, c := range compliance.Catalogue() {
		if !paths["compliance/"+c.ID+".md"] {
			t.Errorf("test %s has no page", c.ID)
		}
		if strings.TrimSpace(c.Doc) == "" || c.SpecRef == "" {
			t.Errorf("test %s lacks doc text or a spec reference", c.ID)
		}
	}
}

// TestHandWrittenDocsCountTheTables: every count of rules ("N static
// rules", "all N rules", "toolgauge's N rules", "own N rules") and of
// compliance tests in the README and the hand-written docs matches the
// tables the code runs.
func TestHandWrittenDocsCountTheTables(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, filepath.Join("..", "..", "README.md"))
	all, tg := 0, 0
	for _, r := range lint.Catalogue() {
		all++
		if r.Origin == "mcp-toolgauge" {
			tg++
		}
	}
	counts := []struct {
		re   *regexp.Regexp
		want int
	}{
		{regexp.MustCompile(`\b(\d+) static rules\b`), all},
		{regexp.MustCompile(`\ball (\d+) rules\b`), all},
		{regexp.MustCompile(`\bcounts (\d+) rules\b`), all},
		{regexp.MustCompile(`\btoolgauge's (\d+) rules\b`), tg},
		{regexp.MustCompile(`\bown (\d+) rules\b`), all - tg},
		{regexp.MustCompile(`\b(\d+) (?:live )?compliance tests\b`), len(compliance.Catalogue())},
	}
	seen := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range counts {
			for _, m := range c.re.FindAllStringSubmatch(string(data), -1) {
				seen++
				if n, _ := strconv.Atoi(m[1]); n != c.want {
					t.Errorf("%s says %q; the table has %d", f, m[0], c.want)
				}
			}
		}
	}
	if seen < 4 {
		t.Errorf("found only %d counts in the docs; the README's lint and check lines should be among them", seen)
	}
}
