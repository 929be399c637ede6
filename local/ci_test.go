package local

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/config"
	"github.com/mcpgauge/mcpgauge/gauge/ci"
	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/eval/evaltest"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
)

func TestCIOptionsValidate(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		edit   func(o *CIOptions)
		prefix string
	}{
		{"ok", func(*CIOptions) {}, ""},
		{"toolgauge profile", func(o *CIOptions) { o.Profile = "toolgauge" }, ""},
		{"toolgauge profile, any case", func(o *CIOptions) { o.Profile = "ToolGauge" }, ""},
		{"mcpgauge profile", func(o *CIOptions) { o.Profile = "mcpgauge" }, "--profile mcpgauge: "},
		{"unknown profile", func(o *CIOptions) { o.Profile = "nope" }, "--profile nope: "},
		{"gate 100", func(o *CIOptions) { o.MinScore = 100 }, ""},
		{"gate above 100", func(o *CIOptions) { o.MinScore = 101 }, "--min-score: "},
		// Validate reads no file: a history that cannot be read is CI's to
		// report, after reading it once.
		{"unreadable history", func(o *CIOptions) { o.History = filepath.Join(t.TempDir(), "dir", "missing", "h.json") }, ""},
		{"no target", func(o *CIOptions) { o.Target = Target{} }, "give a TARGET"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			o := CIOptions{Target: unopened(t), MinScore: -1}
			c.edit(&o)
			wantUsage(t, o.Validate(), c.prefix)
		})
	}
}

func TestCIBadHistoryStopsBeforeTheServerOpens(t *testing.T) {
	t.Parallel()
	bad := filepath.Join(t.TempDir(), "h.json")
	if err := os.WriteFile(bad, []byte("{oops"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := CI(context.Background(), CIOptions{Target: unopened(t), History: bad, MinScore: -1})
	if res != nil || errkind.Of(err) != errkind.Usage || !strings.Contains(err.Error(), "h.json") || strings.Contains(err.Error(), "--tools-json") {
		t.Errorf("got %v, %v; want a usage error and no result", res, err)
	}
	if got, _ := os.ReadFile(bad); string(got) != "{oops" {
		t.Error("a bad history file was changed")
	}
}

func TestCILintOnly(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := smallTarget(t)
	hist := filepath.Join(dir, "hist", "h.json")
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	// The snapshot's one lint warning puts its lint-only health below 100.
	const health = 97
	for _, c := range []struct {
		name     string
		minScore int
		markdown bool
		kind     errkind.Kind
	}{
		{"no gate", -1, false, errkind.Other},
		{"gate met", health, true, errkind.Other},
		{"gate missed", health + 1, true, errkind.Threshold},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := CIOptions{Target: target, MinScore: c.minScore,
				History: hist, HistoryLabel: "abc123", Markdown: c.markdown, Now: func() time.Time { return at }}
			res, err := CI(context.Background(), o)
			// A missed gate still returns everything, for the caller to write first.
			if errkind.Of(err) != c.kind || res == nil {
				t.Fatalf("got %v, %v; want kind %v and a result", res, err, c.kind)
			}
			if c.kind == errkind.Threshold && !strings.Contains(err.Error(), "below --min-score") {
				t.Errorf("the missed gate does not name its flag: %v", err)
			}
			h := res.Report.Health
			if res.Report.Eval != nil || h.EvalScore != nil || h.Overall != health || h.Overall != h.LintScore {
				t.Errorf("eval %v, health %+v: want lint only, %d", res.Report.Eval, h, health)
			}
			if string(res.Badge) != string(ci.Badge(h)) {
				t.Errorf("badge %s", res.Badge)
			}
			if c.markdown != strings.Contains(res.Markdown, "No eval suite was found") {
				t.Errorf("markdown asked %v, got %q", c.markdown, res.Markdown)
			}
			if res.History == nil || len(res.History.Points) != 1 || res.History.Points[0].Label != "abc123" || res.History.Points[0].RecordedAt != "2026-03-01T12:00:00+00:00" {
				t.Fatalf("history %+v", res.History)
			}
			if len(res.Report.History) != 1 {
				t.Errorf("the report embeds %d history points, want 1", len(res.Report.History))
			}
			if _, err := os.Stat(hist); err == nil {
				t.Error("CI saved the history itself (the caller saves it)")
			}
		})
	}
}

func TestReplaySuiteWithoutSuite(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	res, why, err := ReplaySuite(context.Background(), smallSnapshot(t), ReplayOptions{Arg: dir})
	if res != nil || why != "" || err != nil {
		t.Errorf("no case file at the default place: got %v, %q, %v; want lint only", res, why, err)
	}
	res, _, err = ReplaySuite(context.Background(), smallSnapshot(t), ReplayOptions{Arg: dir, Suite: Suite{Cases: filepath.Join(dir, "nope.yaml")}})
	if res != nil || errkind.Of(err) != errkind.Usage {
		t.Errorf("a named case file that is missing: got %v, %v; want a usage error", res, err)
	}
}

// unrecordedSuite writes a case suite for smallTools beside a target
// directory, with a cache holding the given number of answers (none of
// them for the suite's cases), and returns the directory.
func unrecordedSuite(t *testing.T, answers int) string {
	t.Helper()
	dir := t.TempDir()
	cases := filepath.Join(dir, eval.CasesFilename)
	suite := &eval.Suite{Cases: []eval.Case{
		{ID: "weather-1", Kind: eval.Positive, Expected: "get_weather", Prompt: "What is the weather in Paris right now?"},
		{ID: "email-1", Kind: eval.Positive, Expected: "send_email", Prompt: "Send an email to jane@example.com saying hello."},
		{ID: "abstain-1", Kind: eval.Abstain, Prompt: "Tell me a short joke about cats."},
	}}
	if err := eval.WriteSuite(cases, suite, false); err != nil {
		t.Fatal(err)
	}
	if answers > 0 {
		cache, err := eval.OpenFileCache(eval.DefaultCachePath(cases))
		if err != nil {
			t.Fatal(err)
		}
		for i := range answers {
			if err := cache.Put(context.Background(), fmt.Sprintf("other-model-key-%d", i), eval.Answer{Model: "openai/another"}); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

// TestUnrecordedSuiteIsNotMeasured: a committed case file whose answers
// were never recorded (or were recorded for other cases or another model)
// fails neither scan nor ci: eval reads as not measured, lint alone
// scores, and one line says why, never mentioning --offline (a flag scan
// and ci do not have).
func TestUnrecordedSuiteIsNotMeasured(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name    string
		answers int
		why     string
	}{
		{"no cache", 0, "holds no recorded answers"},
		{"stale cache", 3, `no recorded answer for case "weather-1" with model ` + eval.DefaultModel},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := unrecordedSuite(t, c.answers)
			target := smallTarget(t)
			checkWhy := func(where, why string) {
				t.Helper()
				if !strings.Contains(why, c.why) || !strings.Contains(why, "mcpgauge eval") || strings.Contains(why, "--offline") || strings.Contains(why, "\n") {
					t.Errorf("%s: reason %q; want one line containing %q and `mcpgauge eval`, without --offline", where, why, c.why)
				}
			}

			res, why, err := ReplaySuite(context.Background(), smallSnapshot(t), ReplayOptions{Arg: dir})
			if res != nil || err != nil {
				t.Fatalf("ReplaySuite: %v, %v; want no result and no error", res, err)
			}
			checkWhy("ReplaySuite", why)

			var warnings bytes.Buffer
			cr, err := CI(context.Background(), CIOptions{Target: target, ReplayOptions: ReplayOptions{Suite: Suite{Cases: filepath.Join(dir, eval.CasesFilename)}, Warn: &warnings}, MinScore: 90, Markdown: true})
			if err != nil || cr == nil {
				t.Fatalf("ci: %v, %v; want the lint-only health 97 to pass --min-score 90", cr, err)
			}
			if cr.Report.Eval != nil || cr.Report.Health.EvalScore != nil || cr.Report.Health.Overall != 97 {
				t.Errorf("ci health %+v, eval %v; want lint only, 97", cr.Report.Health, cr.Report.Eval)
			}
			checkWhy("ci report", cr.Report.EvalNotMeasured)
			if !strings.Contains(cr.Markdown, "no recorded answers") || strings.Contains(cr.Markdown, "No eval suite was found") || strings.Contains(cr.Markdown, "--offline") {
				t.Errorf("ci comment does not say the suite is unrecorded:\n%s", cr.Markdown)
			}
			var card bytes.Buffer
			ci.Scorecard(&card, cr.Report, false)
			if n := strings.Count(card.String(), "not measured"); n != 1 || strings.Contains(card.String(), "no eval suite") {
				t.Errorf("scorecard says \"not measured\" %d times:\n%s", n, card.String())
			}

			var log bytes.Buffer
			sr, err := Scan(context.Background(), ScanOptions{Target: Target{ToolsJSON: target.ToolsJSON, ClientVersion: "test"},
				Replay: &ReplayOptions{Suite: Suite{Cases: filepath.Join(dir, eval.CasesFilename)}}, Log: &log})
			if err != nil || sr == nil || sr.Report == nil {
				t.Fatalf("scan: %v, %v", sr, err)
			}
			if sr.Result.Eval != nil || sr.Report.Health.EvalScore != nil {
				t.Errorf("scan measured eval: %+v", sr.Result.Eval)
			}
			lines := strings.Split(strings.TrimSpace(log.String()), "\n")
			if len(lines) != 1 || !strings.HasPrefix(lines[0], "warning: eval not measured: ") {
				t.Errorf("scan log %q, want one warning line", log.String())
			}
			checkWhy("scan", lines[0])
		})
	}
}

// fixtureDir lays a toolgauge fixture's suite and recorded answers out as
// a user's repo would hold them, and returns the directory.
func fixtureDir(t *testing.T, server string) string {
	t.Helper()
	dir := t.TempDir()
	cases := filepath.Join(dir, eval.CasesFilename)
	for src, dst := range map[string]string{"cases.json": cases, "responses.jsonl": eval.DefaultCachePath(cases)} {
		data, err := os.ReadFile(evaltest.Path(t, server, src))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestEvalAndCIReplayFixtures(t *testing.T) {
	t.Parallel()
	evaltest.Dir(t) // skips once, here, without ../shared
	for _, c := range []struct {
		server          string
		correct, total  int
		belowAccuracy60 bool
	}{{"goodserver", 37, 40, false}, {"badserver", 31, 56, true}} {
		t.Run(c.server, func(t *testing.T) {
			t.Parallel()
			dir := fixtureDir(t, c.server)
			var exp struct {
				Eval   struct{ Model string } `json:"eval"`
				Health struct {
					Overall int `json:"overall"`
				} `json:"health"`
			}
			evaltest.Expected(t, c.server, &exp)
			target := Target{ToolsJSON: evaltest.Path(t, c.server, "tools-list.json")}
			var progress int
			o := EvalOptions{
				EvalCommon:  EvalCommon{Target: target, Suite: Suite{Cases: filepath.Join(dir, eval.CasesFilename)}, Model: config.EvalConfig{Model: exp.Eval.Model, Concurrency: 4}, Offline: true},
				MinAccuracy: 60, Progress: func(int, int, eval.Outcome) { progress++ },
			}
			res, err := Eval(context.Background(), o)
			if res == nil || (errkind.Of(err) == errkind.Threshold) != c.belowAccuracy60 || (err != nil && errkind.Of(err) != errkind.Threshold) {
				t.Fatalf("eval: %v, %v", res, err)
			}
			if res.Scores.Selection.Correct != c.correct || res.Scores.Selection.Total != c.total || res.CalledCount != 0 {
				t.Errorf("selection %d/%d, %d called", res.Scores.Selection.Correct, res.Scores.Selection.Total, res.CalledCount)
			}
			if res.Findability == nil || res.Findability.RecallAt5.Total != c.total {
				t.Errorf("findability %+v", res.Findability)
			}
			if progress != len(res.Outcomes) {
				t.Errorf("progress told %d times, want %d", progress, len(res.Outcomes))
			}
			if err != nil && !strings.Contains(err.Error(), "--min-accuracy 60") {
				t.Errorf("the missed gate does not name its flag: %v", err)
			}
			o.NoFindability = true
			if res, _ = Eval(context.Background(), o); res == nil || res.Findability != nil {
				t.Error("--no-findability still measured findability")
			}

			cr, err := CI(context.Background(), CIOptions{Target: target, ReplayOptions: ReplayOptions{Suite: Suite{Cases: filepath.Join(dir, eval.CasesFilename)}, Model: exp.Eval.Model}, MinScore: 50})
			if cr == nil || (errkind.Of(err) == errkind.Threshold) != (exp.Health.Overall < 50) {
				t.Fatalf("ci: %v, %v", cr, err)
			}
			if cr.Report.Health.Overall != exp.Health.Overall || cr.Report.Eval == nil {
				t.Errorf("health %d, want %d; eval %v", cr.Report.Health.Overall, exp.Health.Overall, cr.Report.Eval)
			}
		})
	}
}
