package text_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/leaderboard/text"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// TestHistory: one row per scan, the ecosystem sentence, each rug pull
// with its changed tools; server text escaped; JSON keeps rug_pulls a list.
func TestHistory(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	scan := func(sweep string) store.Scan {
		return store.Scan{Name: "x", Version: "1\x1b[2J", SweepID: sweep, Status: schema.StatusOK, FinishedAt: at,
			Scores: &schema.Scores{MCPGauge: 81.25}, ToolCount: 3, ServerDigest: strings.Repeat("ab", 32)}
	}
	h := leaderboard.ServerHistory{Name: "x", Scans: []store.Scan{scan("s1"), scan("s2")},
		RugPulls:  []store.RugPull{{Name: "x", Version: "1", Before: scan("s1"), After: scan("s2"), Changed: []string{"t\u202e"}}},
		Ecosystem: &schema.EcosystemReport{SweepID: "s2", Version: "1", PoolTools: 40, Search: schema.Recall{At1: 1, At5: 2, Total: 4}}}
	var b bytes.Buffer
	if err := text.History(&b, h); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, w := range []string{"SCANNED", "2026-01-02T03:04:05Z", "81.2", "abababababab", "Ecosystem (sweep s2, 1): tool search over all 40 tools finds its tool first for 25% of 4 prompts (top 5: 50%).",
		"RUG PULL: 1 version(s)", "between sweep s1", "changed: t"} {
		if !strings.Contains(out, w) {
			t.Errorf("history lacks %q:\n%s", w, out)
		}
	}
	if strings.ContainsAny(out, "\x1b\u202e") {
		t.Errorf("server text reached the output raw: %q", out)
	}
	h.RugPulls, h.Ecosystem = nil, nil
	b.Reset()
	if err := text.History(&b, h); err != nil || !strings.Contains(b.String(), "No rug pull") {
		t.Errorf("no rug pull: %v\n%s", err, b.String())
	}
	b.Reset()
	if err := text.HistoryJSON(&b, h); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Name     string            `json:"name"`
		Scans    []json.RawMessage `json:"scans"`
		RugPulls []json.RawMessage `json:"rug_pulls"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil || doc.Name != "x" || len(doc.Scans) != 2 || doc.RugPulls == nil {
		t.Errorf("history JSON %s: %v", b.String(), err)
	}
}
