package text

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/registry"
)

func pulled() registry.Pulled {
	return registry.Pulled{Source: "file:/tmp/x\x1b[2J.json", Pages: 1,
		Entries: []registry.Server{{Name: "io.github.a/b", Version: "1.0.0"}, {Name: "io.github.a/b", Version: "0.9.0"}},
		Report:  registry.NormaliseReport{In: 3, Deleted: 1, LatestBy: map[string]int{registry.LatestBySemver: 1}}}
}

// TestPull: the summary counts what was read and kept with the source's
// name escaped; --json is one line per entry with its plan.
func TestPull(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	if err := Pull(&b, pulled(), false); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, w := range []string{"(pages: 1)", "read:          3 entries", "kept:          2 entries, 1 names (1 deleted dropped", "latest by:     semver 1,", "scan targets:"} {
		if !strings.Contains(out, w) {
			t.Errorf("summary lacks %q:\n%s", w, out)
		}
	}
	if strings.Contains(out, "\x1b") {
		t.Errorf("the source's name reached the output raw: %q", out)
	}
	b.Reset()
	if err := Pull(&b, pulled(), true); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d JSON lines, want 2:\n%s", len(lines), b.String())
	}
	var line map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &line); err != nil || line["name"] != "io.github.a/b" || line["plan"] == nil {
		t.Errorf("line %s: %v", lines[0], err)
	}
}

// TestStats: text names the source (escaped); JSON is one document.
func TestStats(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	if err := Stats(&b, pulled(), false); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); !strings.HasPrefix(out, "source: file:/tmp/x") || strings.Contains(out, "\x1b") {
		t.Errorf("stats text: %q", out)
	}
	b.Reset()
	if err := Stats(&b, pulled(), true); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Errorf("stats JSON: %v: %s", err, b.String())
	}
}
