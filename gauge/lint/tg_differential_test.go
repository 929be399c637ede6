package lint

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// TestToolgaugeDifferential replays testdata/tg_differential.jsonl.gz: 150
// randomly generated servers (Unicode-heavy names and descriptions, every
// schema shape the rules look at: anyOf/oneOf with null arms, type lists,
// null and empty constraints, non-string descriptions, non-object
// subschemas, tri-state annotations) with the findings and definition token
// counts that a Python transcription of mcp-toolgauge's rules produced on
// them, using Python's own re, inspect.cleandoc and json.dumps. Every
// finding must match in order, message for message. Servers with duplicate
// tool names are left out: for those, toolgauge orders findings by the last
// tool of a name and the engine by the first.
func TestToolgaugeDifferential(t *testing.T) {
	t.Parallel()
	f, err := os.Open(filepath.Join("testdata", "tg_differential.jsonl.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	type finding struct {
		Rule      string   `json:"rule"`
		Tool      string   `json:"tool"`
		Parameter string   `json:"parameter"`
		Related   []string `json:"related"`
		Message   string   `json:"message"`
	}
	var row struct {
		Tools    json.RawMessage `json:"tools"`
		Findings []finding       `json:"findings"`
		Tokens   []int           `json:"tokens"`
	}
	rules := ToolgaugeRules()
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	n, total := 0, 0
	for sc.Scan() {
		n++
		row.Findings, row.Tokens = nil, nil
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatalf("row %d: %v", n, err)
		}
		snap, err := model.ParseToolsJSON(row.Tools)
		if err != nil {
			t.Fatalf("row %d: %v", n, err)
		}
		got := []finding{}
		for _, f := range RunRules(snap, Config{Profile: ProfileToolgauge}, rules) {
			got = append(got, finding{f.Rule, f.Tool, f.Parameter, f.Related, f.Message})
		}
		want := row.Findings
		if want == nil {
			want = []finding{}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("row %d: findings differ (-python +go):\n%s", n, diff)
		}
		var toks []int
		for i := range snap.Tools {
			toks = append(toks, DefinitionTokens(&snap.Tools[i]))
		}
		if !cmp.Equal(row.Tokens, toks) {
			t.Errorf("row %d: definition tokens %v, want %v", n, toks, row.Tokens)
		}
		total += len(want)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n != 150 || total < 3000 {
		t.Fatalf("read %d rows with %d findings; the corpus is truncated", n, total)
	}
}
