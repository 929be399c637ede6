package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// rawControl reports the first terminal control sequence in s that a
// hostile server or registry entry put there, or "".
func rawControl(s string) string {
	for _, c := range []string{"\x1b", "\x07", "\r", "\u202e", "\u009b", "\x7f"} {
		if strings.Contains(s, c) {
			return c
		}
	}
	return ""
}

// TestTextOutputIsTerminalSafe feeds tool names, descriptions, server
// instructions and stderr full of ANSI escapes, OSC-8 links, carriage
// returns and bidi overrides through every text printer: none reaches the
// operator's terminal raw, and the text is still there, escaped.
func TestTextOutputIsTerminalSafe(t *testing.T) {
	bin := fixtures.Build(t, "hostile-list")
	target := bin + " -mode ansi"
	dir := t.TempDir()
	ctx := context.Background()
	st, err := store.Open(ctx, store.SQLiteURL(dir))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	hex64 := strings.Repeat("ab", 32)
	evil := "evil\x1b[31mred\x1b]8;;https://attacker.example/\x07link\x1b]8;;\x07\rX\u202e"
	results := []schema.Result{
		{SchemaVersion: schema.Version, SweepID: "sw1", JobID: schema.JobID("sw1", evil, "1\x1b[2J"), Name: evil, Version: "1\x1b[2J",
			Status: schema.StatusOK, Scores: &schema.Scores{ScoringVersion: "test", MCPGauge: 80}, Snapshot: &schema.SnapshotSummary{Tools: 1, ServerDigest: hex64,
				ToolList: []schema.ToolSummary{{Name: evil, SHA256: hex64}}},
			ScannerVersion: "t", WorkerID: "w", StartedAt: now, FinishedAt: now},
		{SchemaVersion: schema.Version, SweepID: "sw1", JobID: schema.JobID("sw1", "broken", "1"), Name: "broken", Version: "1",
			Status: schema.StatusCrashed, Reason: "server said " + evil, ScannerVersion: "t", WorkerID: "w", StartedAt: now, FinishedAt: now},
	}
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := st.InsertResults(ctx, results); err != nil {
		t.Fatal(err)
	}
	_ = st.Close()
	cases := []struct {
		name string
		args []string
		want string // escaped text that must be shown
	}{
		{"inspect", []string{"inspect", target, "-v"}, `\u001b[31m`},
		{"lint", []string{"lint", target, "-v"}, `\u001b[31m`},
		{"check", []string{"check", target}, ""},
		{"scan", []string{"scan", target, "-v"}, ""},
		{"leaderboard", []string{"leaderboard", "--data-dir", dir}, `\u001b[31m`},
		{"history", []string{"history", evil, "--data-dir", dir}, `\u001b[2J`},
		{"ecosystem", []string{"ecosystem", "--data-dir", dir}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, stderr := cli(t, append(c.args, "--no-config")...)
			t.Logf("%s: exit %d, %d+%d bytes: %.300q", c.name, code, len(out), len(stderr), out+stderr)
			if ctl := rawControl(out + stderr); ctl != "" {
				t.Errorf("%s wrote %q raw:\n%q\n%q", c.name, ctl, out, stderr)
			}
			if c.want != "" && !strings.Contains(out+stderr, c.want) {
				t.Errorf("%s output lacks the escaped %q:\n%s\n%s", c.name, c.want, out, stderr)
			}
		})
	}
}
