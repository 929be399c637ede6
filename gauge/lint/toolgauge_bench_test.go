package lint

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// BenchmarkToolgaugeBadserver lints the badserver fixture with the 22 rules.
func BenchmarkToolgaugeBadserver(b *testing.B) {
	raw, err := os.ReadFile(filepath.Join(tgFixtureDir(b), "badserver", "tools-list.json"))
	if err != nil {
		b.Fatal(err)
	}
	snap, err := model.ParseToolsJSON(raw)
	if err != nil {
		b.Fatal(err)
	}
	rules := ToolgaugeRules()
	b.ReportAllocs()
	tgReportCPU(b, func() {
		if fs := RunRules(snap, Config{Profile: ProfileToolgauge}, rules); len(fs) != 74 {
			b.Fatalf("%d findings, want 74", len(fs))
		}
	})
}

// tgSynthetic builds a deterministic n-tool server whose descriptions share a
// small vocabulary, so that most pairs pass the 6-word gate of MCP013/MCP014
// and a good number overlap.
func tgSynthetic(b *testing.B, n int) *model.Snapshot {
	b.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	verbs := []string{"search", "get", "list", "create", "update", "delete", "archive", "export", "sync", "find"}
	nouns := []string{"user", "ticket", "org", "invoice", "comment", "project", "report", "team", "file", "event",
		"order", "payment", "account", "session", "label", "milestone"}
	vocab := strings.Fields("find people staff directory name email address team office location company customer " +
		"billing region ticket support archive open closed dispute enterprise record invoice payment project report " +
		"return matching result query string filter sort page limit cursor created updated owner member role status")
	var tools []map[string]any
	for i := range n {
		words := make([]string, 8+rng.IntN(16))
		for k := range words {
			words[k] = vocab[rng.IntN(len(vocab))]
		}
		desc := strings.ToUpper(words[0][:1]) + words[0][1:] + " " + strings.Join(words[1:], " ") + "."
		if i%7 == 0 {
			desc += " Use this when you need the full record instead of a summary."
		}
		props := map[string]any{
			"query":  map[string]any{"type": "string", "description": "Free text, e.g. 'ada'."},
			"status": map[string]any{"type": "string"},
			"limit":  map[string]any{"type": "integer"},
			"opts":   map[string]any{"type": "object"},
		}
		tools = append(tools, map[string]any{
			"name":        fmt.Sprintf("%s_%s_%d", verbs[i%len(verbs)], nouns[(i/len(verbs))%len(nouns)], i),
			"description": desc,
			"inputSchema": map[string]any{"type": "object", "properties": props},
		})
	}
	raw, err := json.Marshal(map[string]any{"tools": tools})
	if err != nil {
		b.Fatal(err)
	}
	snap, err := model.ParseToolsJSON(raw)
	if err != nil {
		b.Fatal(err)
	}
	return snap
}

// BenchmarkToolgauge500Tools lints a synthetic 500-tool server: MCP013 and
// MCP014 compare all 124,750 pairs.
func BenchmarkToolgauge500Tools(b *testing.B) {
	snap := tgSynthetic(b, 500)
	rules := ToolgaugeRules()
	b.ReportAllocs()
	tgReportCPU(b, func() {
		if fs := RunRules(snap, Config{Profile: ProfileToolgauge}, rules); len(fs) == 0 {
			b.Fatal("no findings on the synthetic server")
		}
	})
}

// BenchmarkToolgaugePairs500 times only the shared pairwise pass.
func BenchmarkToolgaugePairs500(b *testing.B) {
	snap := tgSynthetic(b, 500)
	b.ReportAllocs()
	tgReportCPU(b, func() {
		_ = tgPairs(NewContext(snap))
	})
}
