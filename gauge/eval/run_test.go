package eval_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/eval/backend"
	fixtures "github.com/mcpgauge/mcpgauge/gauge/eval/evaltest"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// liveSetup serves a fixture's recorded answers over the OpenAI wire format
// and returns a real OpenAI-compatible backend pointed at it.
func liveSetup(t testing.TB, server, modelName string, snap *model.Snapshot, latency time.Duration) (*fixtures.ReplayServer, eval.Backend) {
	t.Helper()
	rs, err := fixtures.NewReplayServer(fixtures.Path(t, server, "responses.jsonl"), modelName, model.ToolgaugeDigest(snap.Tools))
	if err != nil {
		t.Fatal(err)
	}
	rs.Latency = latency
	srv := httptest.NewServer(rs)
	t.Cleanup(srv.Close)
	spec, err := backend.Resolve(modelName, srv.URL, func(string) string { return "test-key" })
	if err != nil {
		t.Fatal(err)
	}
	b, err := backend.New(spec, backend.Options{Timeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return rs, &eval.Retrying{Backend: b, Policy: eval.DefaultRetry()}
}

func TestLiveRunRecordsThenReplaysWithZeroCalls(t *testing.T) {
	t.Parallel()
	snap, suite, exp := loadFixture(t, "badserver")
	rs, b := liveSetup(t, "badserver", exp.Eval.Model, snap, 0)
	cachePath := filepath.Join(t.TempDir(), eval.CacheDirName, "responses.jsonl")
	cache, err := eval.OpenFileCache(cachePath)
	if err != nil {
		t.Fatal(err)
	}
	r := &eval.Runner{Backend: b, Cache: cache, Model: exp.Eval.Model, Concurrency: 4, Schema: eval.NewSchemaChecker()}
	res, err := r.Run(context.Background(), snap, suite)
	if err != nil {
		t.Fatal(err)
	}
	if res.CalledCount != 59 || res.CachedCount != 0 || rs.Calls() != 59 {
		t.Fatalf("first run called=%d cached=%d server saw %d, want 59/0/59", res.CalledCount, res.CachedCount, rs.Calls())
	}
	checkResult(t, res, exp, false)
	// The JSON Schema check is reported apart: get_data.opts is the one wrong type.
	if res.SchemaValidity.Total != 51 || res.SchemaValidity.Correct >= 51 {
		t.Errorf("schema validity = %+v, want some of 51 checked calls failing", res.SchemaValidity)
	}

	// Every answer was appended at once; the file parses back line by line.
	data, err := os.ReadFile(cachePath)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n != 59 {
		t.Errorf("cache file has %d lines, want 59", n)
	}

	// A second run over the unchanged suite makes zero model calls.
	cache2, err := eval.OpenFileCache(cachePath)
	if err != nil {
		t.Fatal(err)
	}
	r2 := &eval.Runner{Backend: b, Cache: cache2, Model: exp.Eval.Model, Concurrency: 4}
	res2, err := r2.Run(context.Background(), snap, suite)
	if err != nil {
		t.Fatal(err)
	}
	if res2.CalledCount != 0 || res2.CachedCount != 59 || rs.Calls() != 59 {
		t.Errorf("second run called=%d cached=%d server saw %d, want 0/59/59", res2.CalledCount, res2.CachedCount, rs.Calls())
	}
	checkResult(t, res2, exp, true)
}

func TestOfflineMissNamesTheCase(t *testing.T) {
	t.Parallel()
	snap, suite, exp := loadFixture(t, "goodserver")
	r := &eval.Runner{Cache: eval.NewMemoryCache(), Model: exp.Eval.Model, Offline: true, CachePath: "x/responses.jsonl"}
	_, err := r.Run(context.Background(), snap, suite)
	var miss *eval.CacheMissError
	if !errors.As(err, &miss) || miss.CaseID != suite.Cases[0].ID || !strings.Contains(err.Error(), exp.Eval.Model) {
		t.Fatalf("want a cache miss naming %s and the model, got %v", suite.Cases[0].ID, err)
	}
	// A different model string is a different question: every key misses.
	cache, _ := eval.OpenFileCache(fixtures.Path(t, "goodserver", "responses.jsonl"))
	r = &eval.Runner{Cache: cache, Model: "openai/gpt-4o-mini", Offline: true}
	if _, err := r.Run(context.Background(), snap, suite); !errors.As(err, &miss) {
		t.Fatalf("another model should miss the cache, got %v", err)
	}
}

func TestBudgetStopsAndResumesFromCache(t *testing.T) {
	t.Parallel()
	snap, suite, exp := loadFixture(t, "goodserver")
	rs, b := liveSetup(t, "goodserver", exp.Eval.Model, snap, 0)
	cachePath := filepath.Join(t.TempDir(), "responses.jsonl")
	cache, _ := eval.OpenFileCache(cachePath)
	// Every recorded answer has ~1500 prompt tokens; at $10/Mtok each call costs ~$0.015.
	prices := eval.Prices{exp.Eval.Model: {InputPerMTok: 10, OutputPerMTok: 10}}
	r := &eval.Runner{Backend: b, Cache: cache, Model: exp.Eval.Model, Prices: prices, MaxCost: 0.04}
	_, err := r.Run(context.Background(), snap, suite)
	var be *eval.BudgetError
	if !errors.As(err, &be) {
		t.Fatalf("want BudgetError, got %v", err)
	}
	if be.Spent <= 0.04 || be.Done == 0 || be.Done >= len(suite.Cases) || cache.Len() != be.Done {
		t.Fatalf("budget stop: %+v, cache holds %d", be, cache.Len())
	}
	paid := rs.Calls()
	r.MaxCost = 0
	res, err := r.Run(context.Background(), snap, suite)
	if err != nil {
		t.Fatal(err)
	}
	if res.CachedCount != be.Done || res.CalledCount != len(suite.Cases)-be.Done || rs.Calls() != paid+int64(res.CalledCount) {
		t.Errorf("resume: cached %d called %d (server %d), want %d cached", res.CachedCount, res.CalledCount, rs.Calls(), be.Done)
	}
	if res.CostUSD <= 0 {
		t.Errorf("cost of the resumed calls should be > 0 with a price table, got %v", res.CostUSD)
	}
}

func TestFileCacheTolerance(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "responses.jsonl")
	content := strings.Join([]string{
		``,
		`not json`,
		`[1,2,3]`,
		`{"no_key":true}`,
		`{"key":"a","model":"m","tool":"first","arguments":{},"prompt_tokens":1,"completion_tokens":2,"cost_usd":0.5}`,
		`{"key":"a","model":"m","tool":"second","arguments":{"n":1.50},"prompt_tokens":3,"completion_tokens":4,"cost_usd":0.25}`,
		`{"key":"b","model":"m","tool":null,"arguments":{}}`,
		`{"key":"c","model":"m","tool":"trunc`,
	}, "\n")
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := eval.OpenFileCache(path)
	if err != nil {
		t.Fatal(err)
	}
	if c.Len() != 2 {
		t.Fatalf("loaded %d keys, want 2", c.Len())
	}
	a, ok, _ := c.Get(context.Background(), "a")
	if !ok || a.Tool != "second" || a.PromptTokens != 3 || a.CostUSD != 0.25 {
		t.Errorf("last occurrence should win: %+v", a)
	}
	bAns, ok, _ := c.Get(context.Background(), "b")
	if !ok || bAns.Called {
		t.Errorf("null tool should read as called nothing: %+v", bAns)
	}
	// Appending after a truncated last line starts a fresh line.
	if err := c.Put(context.Background(), "d", eval.Answer{Model: "m", Called: true, Tool: "x", Arguments: map[string]any{"q": "é"}}); err != nil {
		t.Fatal(err)
	}
	c2, _ := eval.OpenFileCache(path)
	if d, ok, _ := c2.Get(context.Background(), "d"); !ok || d.Tool != "x" {
		t.Errorf("appended answer not read back: %+v %v", d, ok)
	}
	data, _ := os.ReadFile(path)
	want := `{"arguments":{"q":"\u00e9"},"completion_tokens":0,"cost_usd":0.0,"key":"d","model":"m","prompt_tokens":0,"tool":"x"}` + "\n"
	if !strings.HasSuffix(string(data), "\n"+want) {
		t.Errorf("appended line not in toolgauge's format; file ends %q", string(data)[len(data)-len(want)-1:])
	}
}
