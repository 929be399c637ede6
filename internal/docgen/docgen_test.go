package docgen

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/lint"
)

// TestDocsAreFresh fails when docs/rules or docs/compliance differ from the
// tables in the code. Regenerate with: go run ./cmd/mcpgauge rules --write-docs docs
func TestDocsAreFresh(t *testing.T) {
	stale, err := Stale(filepath.Join("..", "..", "docs"))
	if err != nil {
		t.Fatal(err)
	}
	if len(stale) > 0 {
		t.Fatalf("%d generated doc pages are stale (run: go run ./cmd/mcpgauge rules --write-docs docs): %s", len(stale), strings.Join(stale, ", "))
	}
}

func TestEveryRuleAndTestHasAPage(t *testing.T) {
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
