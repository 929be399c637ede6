package eval_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	fixtures "github.com/mcpgauge/mcpgauge/gauge/eval/evaltest"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/report"
)

// refusingBackend fails the test if any live call is attempted.
type refusingBackend struct{ t *testing.T }

func (b refusingBackend) Complete(context.Context, eval.Request) (eval.Completion, error) {
	b.t.Errorf("backend called during a replay that should be served entirely from the cache")
	return eval.Completion{}, &eval.BackendError{Provider: "refusing", Msg: "no calls allowed"}
}

type expectedRate struct {
	Correct int `json:"correct"`
	Total   int `json:"total"`
	Percent int `json:"percent"`
}

type expectedFile struct {
	ToolDigest string `json:"tool_digest"`
	Eval       struct {
		Model       string `json:"model"`
		CaseCount   int    `json:"case_count"`
		CachedCount int    `json:"cached_count"`
		CalledCount int    `json:"called_count"`
		Scores      struct {
			Selection  expectedRate `json:"selection"`
			Positives  expectedRate `json:"positives"`
			Siblings   expectedRate `json:"siblings"`
			Abstention expectedRate `json:"abstention"`
			Arguments  expectedRate `json:"arguments"`
		} `json:"scores"`
		PerTool []struct {
			Tool    string `json:"tool"`
			Correct int    `json:"correct"`
			Total   int    `json:"total"`
			Percent int    `json:"percent"`
		} `json:"per_tool_worst_first"`
		Confusion []struct {
			Expected string  `json:"expected"`
			Selected *string `json:"selected"`
			Count    int     `json:"count"`
			Share    float64 `json:"share"`
			Percent  int     `json:"percent"`
		} `json:"confusion"`
		Sentences []string `json:"notable_confusion_sentences"`
		Outcomes  []struct {
			ID             string          `json:"id"`
			Kind           string          `json:"kind"`
			CacheKey       string          `json:"cache_key"`
			Expected       *string         `json:"expected"`
			Selected       *string         `json:"selected"`
			Correct        bool            `json:"correct"`
			Arguments      json.RawMessage `json:"arguments"`
			ArgumentsCheck *struct {
				MissingRequired []string `json:"missing_required"`
				Unknown         []string `json:"unknown"`
				WrongType       []string `json:"wrong_type"`
				BadEnum         []string `json:"bad_enum"`
			} `json:"arguments_check"`
			ArgumentsOK *bool `json:"arguments_ok"`
		} `json:"outcomes"`
	} `json:"eval"`
}

// loadFixture reads a fixture server's snapshot, suite and expectations.
func loadFixture(tb testing.TB, server string) (*model.Snapshot, *eval.Suite, expectedFile) {
	tb.Helper()
	var exp expectedFile
	fixtures.Expected(tb, server, &exp)
	return fixtures.Snapshot(tb, server), fixtures.Suite(tb, server), exp
}

func nz(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func TestGoldenReplayOffline(t *testing.T) {
	t.Parallel()
	fixtures.Dir(t) // skips once, here, without ../shared
	totalHits := 0
	for _, tc := range []struct {
		server string
		cases  int
	}{{"goodserver", 43}, {"badserver", 59}} {
		t.Run(tc.server, func(t *testing.T) {
			snap, suite, exp := loadFixture(t, tc.server)
			if len(suite.Cases) != tc.cases {
				t.Fatalf("suite has %d cases, want %d", len(suite.Cases), tc.cases)
			}
			cache, err := eval.OpenFileCache(fixtures.Path(t, tc.server, "responses.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			for _, offline := range []bool{false, true} {
				r := &eval.Runner{Backend: refusingBackend{t}, Cache: cache, Model: exp.Eval.Model, Offline: offline, Schema: eval.NewSchemaChecker()}
				res, err := r.Run(context.Background(), snap, suite)
				if err != nil {
					t.Fatalf("offline=%v: %v", offline, err)
				}
				checkResult(t, res, exp, true)
			}
			r := &eval.Runner{Backend: refusingBackend{t}, Cache: cache, Model: exp.Eval.Model, Offline: true}
			res, _ := r.Run(context.Background(), snap, suite)
			totalHits += res.CachedCount
		})
	}
	if totalHits != 102 {
		t.Errorf("cache hits over both fixtures = %d, want 102", totalHits)
	}
}

func checkResult(t *testing.T, res *eval.Result, exp expectedFile, wantCached bool) {
	t.Helper()
	if res.ToolDigest != exp.ToolDigest {
		t.Errorf("digest %s, want %s", res.ToolDigest, exp.ToolDigest)
	}
	if wantCached && (res.CachedCount != exp.Eval.CachedCount || res.CalledCount != exp.Eval.CalledCount) || len(res.Outcomes) != exp.Eval.CaseCount {
		t.Errorf("cached/called/cases = %d/%d/%d, want %d/%d/%d", res.CachedCount, res.CalledCount, len(res.Outcomes),
			exp.Eval.CachedCount, exp.Eval.CalledCount, exp.Eval.CaseCount)
	}
	if res.CostUSD != 0 {
		t.Errorf("cost = %v, want 0 (free)", res.CostUSD)
	}
	rates := []struct {
		name string
		got  eval.Rate
		want expectedRate
	}{
		{"selection", res.Scores.Selection, exp.Eval.Scores.Selection},
		{"positives", res.Scores.Positives, exp.Eval.Scores.Positives},
		{"siblings", res.Scores.Siblings, exp.Eval.Scores.Siblings},
		{"abstention", res.Scores.Abstention, exp.Eval.Scores.Abstention},
		{"arguments", res.Scores.Arguments, exp.Eval.Scores.Arguments},
	}
	for _, r := range rates {
		if r.got.Correct != r.want.Correct || r.got.Total != r.want.Total || r.got.Percent() != r.want.Percent {
			t.Errorf("%s = %d/%d (%d%%), want %d/%d (%d%%)", r.name, r.got.Correct, r.got.Total, r.got.Percent(), r.want.Correct, r.want.Total, r.want.Percent)
		}
	}
	if len(res.Scores.PerTool) != len(exp.Eval.PerTool) {
		t.Fatalf("per-tool rows = %d, want %d", len(res.Scores.PerTool), len(exp.Eval.PerTool))
	}
	for i, w := range exp.Eval.PerTool {
		g := res.Scores.PerTool[i]
		if g.Tool != w.Tool || g.Correct != w.Correct || g.Total != w.Total || g.Rate().Percent() != w.Percent {
			t.Errorf("per_tool[%d] = %+v (%d%%), want %+v", i, g, g.Rate().Percent(), w)
		}
	}
	if len(res.Scores.Confusion) != len(exp.Eval.Confusion) {
		t.Fatalf("confusion cells = %d, want %d", len(res.Scores.Confusion), len(exp.Eval.Confusion))
	}
	for i, w := range exp.Eval.Confusion {
		g := res.Scores.Confusion[i]
		wantNothing := w.Selected == nil
		if g.Expected != w.Expected || g.Nothing != wantNothing || (!wantNothing && g.Selected != *w.Selected) ||
			g.Count != w.Count || g.Share != w.Share || eval.Percent(g.Share) != w.Percent {
			t.Errorf("confusion[%d] = %+v, want %+v", i, g, w)
		}
	}
	if got := eval.ConfusionSentences(res.Scores, 5); !slices.Equal(got, exp.Eval.Sentences) {
		t.Errorf("sentences =\n%q\nwant\n%q", got, exp.Eval.Sentences)
	}
	for i, w := range exp.Eval.Outcomes {
		g := res.Outcomes[i]
		if g.Case.ID != w.ID || string(g.Case.Kind) != w.Kind || g.Key != w.CacheKey || g.Cached != wantCached {
			t.Errorf("outcome[%d] = %s/%s key %s cached=%v, want %s/%s key %s", i, g.Case.ID, g.Case.Kind, g.Key, g.Cached, w.ID, w.Kind, w.CacheKey)
		}
		if (w.Selected == nil) == g.Called || (w.Selected != nil && *w.Selected != g.Selected) {
			t.Errorf("outcome %s selected %q (called=%v), want %v", w.ID, g.Selected, g.Called, w.Selected)
		}
		if g.Correct() != w.Correct {
			t.Errorf("outcome %s correct=%v, want %v", w.ID, g.Correct(), w.Correct)
		}
		wantArgs, _ := model.DecodeJSON(w.Arguments)
		if string(model.MustCanonical(g.Arguments, model.Compact)) != string(model.MustCanonical(wantArgs, model.Compact)) {
			t.Errorf("outcome %s arguments %s, want %s", w.ID, model.MustCanonical(g.Arguments, model.Compact), w.Arguments)
		}
		if (w.ArgumentsCheck == nil) != (g.Check == nil) {
			t.Errorf("outcome %s: check present=%v, want %v", w.ID, g.Check != nil, w.ArgumentsCheck != nil)
			continue
		}
		if g.Check != nil {
			wc := w.ArgumentsCheck
			if !slices.Equal(nz(g.Check.MissingRequired), nz(wc.MissingRequired)) || !slices.Equal(nz(g.Check.Unknown), nz(wc.Unknown)) ||
				!slices.Equal(nz(g.Check.WrongType), nz(wc.WrongType)) || !slices.Equal(nz(g.Check.BadEnum), nz(wc.BadEnum)) {
				t.Errorf("outcome %s check %+v, want %+v", w.ID, *g.Check, *wc)
			}
			if w.ArgumentsOK == nil || *w.ArgumentsOK != g.Check.OK() {
				t.Errorf("outcome %s arguments_ok %v, want %v", w.ID, g.Check.OK(), w.ArgumentsOK)
			}
		}
	}
}

func TestRenderBadserver(t *testing.T) {
	t.Parallel()
	snap, suite, exp := loadFixture(t, "badserver")
	cache, err := eval.OpenFileCache(fixtures.Path(t, "badserver", "responses.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := (&eval.Runner{Cache: cache, Model: exp.Eval.Model, Offline: true}).Run(context.Background(), snap, suite)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	report.Eval(&b, res, report.EvalOptions{Width: 100})
	out := b.String()
	for _, want := range []string{
		"openrouter/nvidia/nemotron-3.5-lightning:free   59 cases   59 from cache   free",
		// The rows exactly as toolgauge's README shows this report.
		"Selection accuracy     55%  31/56\n  positives            60%  24/40\n  siblings             44%   7/16\nAbstention             33%    1/3\nArgument validity      98%  50/51\n",
		"tool                 hit       went instead to\n",
		"doStuff               0%  0/4  (nothing) 100%\n",
		"run                   0%  0/4  (nothing) 50%, search 50%\n",
		"ticket2              12%  1/8  search_users 88%\n",
		"ticket               62%  5/8  (nothing) 12%, search_users 12%, ticket2 12%\n",
		"get_data            100%  4/4\n",
		"`search_users` captures 88% of the prompts meant for `ticket2`.",
		"failing cases, -v to see them",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	b.Reset()
	report.Eval(&b, res, report.EvalOptions{Verbose: true, Width: 100})
	if !strings.Contains(b.String(), "get_data was called with the wrong type for opts") {
		t.Errorf("verbose report lacks the argument problem:\n%s", b.String())
	}
}
