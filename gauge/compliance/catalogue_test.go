package compliance

import (
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestEveryTestLivesInItsOwnFile: each catalogue row is in <id>.go (dashes
// as underscores) beside its Run function, and its doc is docs/<id>.md;
// no doc names a test the catalogue lacks.
func TestEveryTestLivesInItsOwnFile(t *testing.T) {
	t.Parallel()
	var ids []string
	for _, c := range Catalogue() {
		ids = append(ids, c.ID)
		src, err := os.ReadFile(strings.ReplaceAll(c.ID, "-", "_") + ".go")
		if err != nil {
			t.Errorf("%s: %v", c.ID, err)
			continue
		}
		if !regexp.MustCompile(`\bID:\s+"` + regexp.QuoteMeta(c.ID) + `",`).Match(src) {
			t.Errorf("%s: its file does not hold its row", c.ID)
		}
		if c.Run == nil || strings.TrimSpace(c.Doc) == "" {
			t.Errorf("%s: no Run function or no doc (docs/%s.md)", c.ID, c.ID)
		}
	}
	docs, err := fs.Glob(docFiles, "docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		if id := strings.TrimSuffix(strings.TrimPrefix(d, "docs/"), ".md"); !slices.Contains(ids, id) {
			t.Errorf("%s documents %q, which is not in the catalogue", d, id)
		}
	}
}

// TestCatalogueRows: IDs are unique, every revision is at least 1, and
// only the two tests that call real tools say they invoke.
func TestCatalogueRows(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	var invokes []string
	for _, c := range Catalogue() {
		if seen[c.ID] {
			t.Errorf("%s: duplicate ID", c.ID)
		}
		seen[c.ID] = true
		if c.Revision < 1 {
			t.Errorf("%s: revision %d, want 1 or more", c.ID, c.Revision)
		}
		if len(c.Needs) == 0 {
			t.Errorf("%s: declares no session need", c.ID)
		}
		if c.Invokes {
			invokes = append(invokes, c.ID)
		}
	}
	if want := []string{"tools-call-01", "spec-output-01"}; !slices.Equal(invokes, want) {
		t.Errorf("invoking tests %v, want %v", invokes, want)
	}
}
