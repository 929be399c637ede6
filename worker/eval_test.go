package worker

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	natsserver "github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/coordinator/sweeptest"
	"github.com/mcpgauge/mcpgauge/evalstore"
	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/eval/evaltest"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/internal/netguard"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

func TestScanTargetEval(t *testing.T) {
	careful := fixtures.Build(t, "careful")
	stub := &evaltest.WireStub{}
	cache := eval.NewMemoryCache()
	opts := localOpts(None{Log: io.Discard})
	opts.AllowUnsandboxed = true
	opts.Log = io.Discard

	base := ScanTarget(context.Background(), binTarget(careful), opts)
	checkResult(t, base.Result, schema.StatusOK)
	if base.Result.Eval != nil || base.Result.Scores.Selection != nil {
		t.Fatalf("scan without eval options carries eval: %+v, selection %v", base.Result.Eval, base.Result.Scores.Selection)
	}

	opts.Eval = &EvalOptions{Backend: evaltest.Backend(t, stub), Model: "stub/m", Cache: cache}
	first := ScanTarget(context.Background(), binTarget(careful), opts)
	checkResult(t, first.Result, schema.StatusOK)
	if stub.Calls() == 0 {
		t.Fatal("the first eval made no model calls")
	}
	ev := first.Result.Eval
	if ev == nil {
		t.Fatalf("first run has no eval; findings: %+v", first.Result.Findings)
	}
	tools := first.Report.Snapshot.Tools
	pairs := eval.ConfusablePairs(tools, eval.MaxPairs)
	// The stub answers positives and A-side siblings right, B-side siblings wrong.
	wantTotal := eval.DefaultCasesPerTool*len(tools) + 2*eval.DefaultSiblingCases*len(pairs)
	wantCorrect := eval.DefaultCasesPerTool*len(tools) + eval.DefaultSiblingCases*len(pairs)
	t.Logf("%d tools, %d confusable pairs, selection %d/%d, %d model calls", len(tools), len(pairs), ev.SelectionCorrect, ev.SelectionTotal, stub.Calls())
	if len(pairs) == 0 {
		t.Fatal("the careful fixture has no confusable pair, so no sibling case was drafted")
	}
	if ev.SelectionTotal != wantTotal || ev.SelectionCorrect != wantCorrect {
		t.Errorf("selection %d/%d, want %d/%d (%d tools, %d confusable pairs)", ev.SelectionCorrect, ev.SelectionTotal, wantCorrect, wantTotal, len(tools), len(pairs))
	}
	if ev.Model != "stub/m" {
		t.Errorf("eval model %q, want stub/m", ev.Model)
	}
	if len(ev.PerTool) != len(tools) {
		t.Errorf("per-tool scores for %d tools, want %d", len(ev.PerTool), len(tools))
	}
	for _, p := range pairs {
		a, b := tools[p.I].Name, tools[p.J].Name
		found := false
		for _, c := range ev.Confusion {
			if c.Expected == b && c.Chosen == a && c.Count == eval.DefaultSiblingCases {
				found = true
			}
		}
		if !found {
			t.Errorf("confusion %s→%s (count %d) missing from %+v", b, a, eval.DefaultSiblingCases, ev.Confusion)
		}
	}
	sc := first.Result.Scores
	if sc.Selection == nil {
		t.Fatal("Scores.Selection is nil after an eval")
	}
	rate := eval.Rate{Correct: ev.SelectionCorrect, Total: ev.SelectionTotal}
	if want := float64(int(rate.Fraction()*1000+0.5)) / 10; *sc.Selection != want {
		t.Errorf("Scores.Selection %v, want %v", *sc.Selection, want)
	}
	h := base.Report.Health
	if want := float64(score.Toolgauge(h.Errors, h.Warnings, rate.Correct, rate.Total).Overall); sc.ToolgaugeHealth != want {
		t.Errorf("toolgauge health %v, want %v (lint %d with selection %d%%)", sc.ToolgaugeHealth, want, h.LintScore, rate.Percent())
	}
	if first.Report.Health.EvalScore == nil {
		t.Error("report health has no eval score")
	}
	if base.Result.Snapshot.TotalTokens != first.Result.Snapshot.TotalTokens {
		t.Errorf("total tokens %d after the eval, %d without", first.Result.Snapshot.TotalTokens, base.Result.Snapshot.TotalTokens)
	}
	if len(first.Result.Findings) != len(base.Result.Findings) {
		t.Errorf("%d findings with eval, %d without", len(first.Result.Findings), len(base.Result.Findings))
	}

	suite, err := LoadSuite(context.Background(), *opts.Eval, first.Result.Snapshot.ToolgaugeDigest)
	if err != nil || suite == nil {
		t.Fatalf("LoadSuite: %v, %v", suite, err)
	}
	if c := suite.Counts(); c[eval.Positive]+c[eval.Sibling] != wantTotal || c[eval.Abstain] != eval.DefaultAbstainCases {
		t.Errorf("cached suite counts %v, want %d selection and %d abstain cases", c, wantTotal, eval.DefaultAbstainCases)
	}
	if other, err := LoadSuite(context.Background(), EvalOptions{Model: "other/model", Cache: cache}, first.Result.Snapshot.ToolgaugeDigest); err != nil || other != nil {
		t.Errorf("LoadSuite under another model = %v, %v; want nothing", other, err)
	}

	// Second night, unchanged server, same cache: no model call at all.
	before, draftsBefore := stub.Calls(), stub.Drafts()
	second := ScanTarget(context.Background(), binTarget(careful), opts)
	checkResult(t, second.Result, schema.StatusOK)
	if n := stub.Calls() - before; n != 0 {
		t.Errorf("second run over the unchanged server made %d model calls, want 0", n)
	}
	if draftsBefore == 0 {
		t.Error("the stub saw no drafting calls on the first run")
	}
	if second.Result.Eval == nil || second.Result.Eval.SelectionCorrect != ev.SelectionCorrect || second.Result.Eval.SelectionTotal != ev.SelectionTotal {
		t.Errorf("second eval %+v differs from the first %+v", second.Result.Eval, ev)
	}

	// The drafting calls are cached on their own too: with the stored
	// suites hidden, redrafting still makes no call.
	before = stub.Calls()
	opts.Eval = &EvalOptions{Backend: opts.Eval.Backend, Model: "stub/m", Cache: noSuites{cache}}
	fourth := ScanTarget(context.Background(), binTarget(careful), opts)
	checkResult(t, fourth.Result, schema.StatusOK)
	if n := stub.Calls() - before; n != 0 || fourth.Result.Eval == nil {
		t.Errorf("redrafting from the call cache made %d model calls (eval %+v), want 0", n, fourth.Result.Eval)
	}

	// Without a backend the warm cache alone is enough.
	opts.Eval = &EvalOptions{Model: "stub/m", Cache: cache}
	third := ScanTarget(context.Background(), binTarget(careful), opts)
	checkResult(t, third.Result, schema.StatusOK)
	if third.Result.Eval == nil {
		t.Errorf("cache-only eval did not run; findings %+v", third.Result.Findings)
	}
}

// noSuites hides the stored suites of a cache.
type noSuites struct{ eval.Cache }

func (c noSuites) Get(ctx context.Context, key string) (eval.Answer, bool, error) {
	if strings.HasPrefix(key, suiteKeyVersion) {
		return eval.Answer{}, false, nil
	}
	return c.Cache.Get(ctx, key)
}

func TestScanTargetEvalModelErrorKeepsScanOK(t *testing.T) {
	careful := fixtures.Build(t, "careful")
	tests := []struct {
		name string
		eval func(t *testing.T) *EvalOptions
		want string
	}{
		{"provider down", func(t *testing.T) *EvalOptions {
			return &EvalOptions{Backend: evaltest.Backend(t, &evaltest.WireStub{Fail: true}), Model: "stub/m"}
		}, "HTTP 500"},
		{"no backend, cold cache", func(*testing.T) *EvalOptions {
			return &EvalOptions{Model: "stub/m"}
		}, "no model backend"},
		{"no model", func(*testing.T) *EvalOptions {
			return &EvalOptions{Backend: evaltest.Backend(t, &evaltest.WireStub{})}
		}, "no model named"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var log bytes.Buffer
			opts := localOpts(None{Log: io.Discard})
			opts.AllowUnsandboxed = true
			opts.Log = &log
			opts.Eval = tc.eval(t)
			out := ScanTarget(context.Background(), binTarget(careful), opts)
			checkResult(t, out.Result, schema.StatusOK)
			if out.Result.Eval != nil || out.Result.Scores.Selection != nil {
				t.Fatalf("failed eval left a summary %+v / selection %v", out.Result.Eval, out.Result.Scores.Selection)
			}
			var note *schema.Finding
			for i := range out.Result.Findings {
				if out.Result.Findings[i].Rule == EvalSkippedRule {
					note = &out.Result.Findings[i]
				}
			}
			if note == nil || !strings.Contains(note.Message, tc.want) {
				t.Fatalf("no %s finding mentioning %q: %+v", EvalSkippedRule, tc.want, note)
			}
			if !strings.Contains(log.String(), "eval skipped") {
				t.Errorf("log %q does not say the eval was skipped", log.String())
			}
		})
	}
}

// TestEntryScannerShipsCachesReadOnly: a worker reads the shared eval
// cache and writes no bucket. What its scan computed travels in the
// result's cache section: the tool definitions (the snapshot's tools, by
// digest) and the model answers it paid for. Once the coordinator has
// filled them in (evalstore.Fill under the job's name, as ingest does), a
// second worker scanning the unchanged server makes no model call and
// ships no answer; a worker scanning another name does not see them.
func TestEntryScannerShipsCachesReadOnly(t *testing.T) {
	srv := sweeptest.Start("good", "1.0.0", sweeptest.Good())
	defer srv.Close()
	ns, err := natsserver.NewServer(&natsserver.Options{Host: "127.0.0.1", Port: -1, JetStream: true, StoreDir: t.TempDir(), NoLog: true, NoSigs: true})
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	t.Cleanup(ns.Shutdown)
	if !ns.ReadyForConnections(30 * time.Second) {
		t.Fatal("nats server did not start")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	nc, err := nats.Connect(ns.ClientURL())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	kv, err := js.CreateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: schema.EvalCacheBucket, History: 1})
	if err != nil {
		t.Fatal(err)
	}
	store, err := evalstore.Open(ctx, js)
	if err != nil {
		t.Fatal(err)
	}
	stub := &evaltest.WireStub{}
	b := evaltest.Backend(t, stub)
	scan := func(name string) (schema.Result, int64) {
		entry := registry.Server{Name: name, Version: "1.0.0", Remotes: []registry.Remote{{Type: "streamable-http", URL: srv.URL()}}}
		entryJSON, _ := json.Marshal(entry)
		planJSON, _ := json.Marshal(registry.PlanFor(entry, registry.PlanOptions{}))
		cache, err := NewKVEvalCache(ctx, js, nil)
		if err != nil {
			t.Fatal(err)
		}
		opts := Options{AllowRemote: true, RemoteAllow: netguard.Loopback(), Sandbox: None{Log: io.Discard}, AllowUnsandboxed: true, Log: io.Discard,
			Eval: &EvalOptions{Backend: b, Model: "stub/m", Cache: cache}}
		job := schema.Job{SchemaVersion: schema.Version, SweepID: "s20261130T0400Z", JobID: "j1", Name: name, Version: "1.0.0",
			Server: entryJSON, Plan: planJSON, Options: schema.ScanOptions{Eval: true, EvalModel: "stub/m"}}
		before := stub.Calls()
		res := EntryScanner{Options: opts, ShipTools: true}.Scan(ctx, job)
		checkResult(t, res, schema.StatusOK)
		if res.Eval == nil {
			t.Fatalf("%s: no eval; findings %+v", name, res.Findings)
		}
		return res, stub.Calls() - before
	}
	first, calls := scan("io.test/good")
	if calls == 0 || first.Cache == nil || len(first.Cache.Eval) == 0 {
		t.Fatalf("first scan: %d model calls, cache section %+v; want calls and the answers shipped", calls, first.Cache)
	}
	if keys, _ := kv.ListKeys(ctx); len(collect(keys.Keys())) != 0 {
		t.Fatal("the worker wrote the eval cache bucket")
	}
	if err := first.Validate(); err != nil {
		t.Fatal(err)
	}
	if len(first.Cache.Tools) != first.Snapshot.Tools {
		t.Fatalf("shipped %d tool definitions for %d tools", len(first.Cache.Tools), first.Snapshot.Tools)
	}
	for i, raw := range first.Cache.Tools {
		tl, err := model.ToolFromWire(raw)
		if err != nil || model.ToolSHA256(&tl) != first.Snapshot.ToolList[i].SHA256 {
			t.Errorf("tool %d shipped is not the snapshot's (%v)", i, err)
		}
	}
	if st, err := store.Fill(ctx, first.Name, first.Cache.Eval); err != nil || st.Written != len(first.Cache.Eval) {
		t.Fatalf("fill: %+v, %v", st, err)
	}
	again, calls := scan("io.test/good")
	if calls != 0 || (again.Cache != nil && len(again.Cache.Eval) != 0) {
		t.Errorf("warm scan: %d model calls, %d answers shipped; want none", calls, len(again.Cache.Eval))
	}
	if again.Eval.SelectionCorrect != first.Eval.SelectionCorrect || again.Eval.SelectionTotal != first.Eval.SelectionTotal {
		t.Errorf("cached eval %+v differs from the live one %+v", again.Eval, first.Eval)
	}
	if _, calls := scan("io.test/other"); calls == 0 {
		t.Error("another name's scan read the first name's answers")
	}
}

func collect(ch <-chan string) []string {
	var out []string
	for k := range ch {
		out = append(out, k)
	}
	return out
}

func TestNewEvalOptions(t *testing.T) {
	env := func(k string) string {
		if k == "OPENROUTER_API_KEY" {
			return "sk-test"
		}
		return ""
	}
	tests := []struct {
		model, baseURL string
		wantErr        string
		wantWarning    bool
	}{
		{model: "openrouter/vendor/m", wantWarning: false},
		{model: "openai/gpt-x", wantWarning: true},
		{model: "local-model", baseURL: "http://127.0.0.1:1/v1"},
		{model: "  ", wantErr: "empty"},
		{model: "openai/", wantErr: "no model"},
	}
	for _, tc := range tests {
		t.Run(tc.model, func(t *testing.T) {
			o, warn, err := NewEvalOptions(tc.model, tc.baseURL, nil, env)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err %v, want one mentioning %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if o.Model != strings.TrimSpace(tc.model) || o.Backend == nil {
				t.Errorf("options %+v for model %q", o, tc.model)
			}
			if (warn != "") != tc.wantWarning {
				t.Errorf("key warning %q, want warning: %v", warn, tc.wantWarning)
			}
		})
	}
}

// TestMeteredCountsLiveCalls: every completed call adds to the eval
// metrics by model (the stub reports 100 prompt and 20 completion tokens);
// a failed call adds nothing.
func TestMeteredCountsLiveCalls(t *testing.T) {
	m := NewLoopMetrics()
	prices := eval.Prices{"stub/m": {InputPerMTok: 1e6, OutputPerMTok: 2e6}}
	ok := &Metered{Backend: evaltest.Backend(t, &evaltest.WireStub{}), Metrics: m, Model: "stub/m", Prices: prices}
	req := eval.Request{Model: "stub/m", Messages: []eval.Message{{Role: "user", Content: "please do the job of x now"}},
		Tools: []eval.ToolDef{{Name: "x", Parameters: map[string]any{"type": "object"}}}}
	for range 2 {
		if _, err := ok.Complete(context.Background(), req); err != nil {
			t.Fatal(err)
		}
	}
	bad := &Metered{Backend: evaltest.Backend(t, &evaltest.WireStub{Fail: true}), Metrics: m, Model: "stub/m", Prices: prices}
	if _, err := bad.Complete(context.Background(), req); err == nil {
		t.Fatal("the failing stub answered")
	}
	for _, tc := range []struct {
		name string
		got  float64
		want float64
	}{
		{"calls", testutil.ToFloat64(m.EvalCalls.WithLabelValues("stub/m")), 2},
		{"prompt tokens", testutil.ToFloat64(m.EvalTokens.WithLabelValues("stub/m", "prompt")), 200},
		{"completion tokens", testutil.ToFloat64(m.EvalTokens.WithLabelValues("stub/m", "completion")), 40},
		{"cost", testutil.ToFloat64(m.EvalCost.WithLabelValues("stub/m")), 2 * (100 + 2*20)},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}

// TestEntryScannerEvalFollowsTheJob: the job decides whether the eval runs
// and with which model; a worker that cannot honour it says so in an info
// finding and the scan stays ok.
func TestEntryScannerEvalFollowsTheJob(t *testing.T) {
	srv := sweeptest.Start("good", "1.0.0", sweeptest.Good())
	defer srv.Close()
	entry := registry.Server{Name: "io.test/good", Version: "1.0.0",
		Remotes: []registry.Remote{{Type: "streamable-http", URL: srv.URL()}}}
	plan := registry.PlanFor(entry, registry.PlanOptions{})
	entryJSON, _ := json.Marshal(entry)
	planJSON, _ := json.Marshal(plan)
	withEval := &EvalOptions{Backend: evaltest.Backend(t, &evaltest.WireStub{}), Model: "stub/m", Cache: eval.NewMemoryCache()}
	for _, tc := range []struct {
		name     string
		worker   *EvalOptions
		job      schema.ScanOptions
		wantEval bool
		skipped  string // substring of the eval-skipped finding ("" = none)
	}{
		{"job asks, same model", withEval, schema.ScanOptions{Eval: true, EvalModel: "stub/m"}, true, ""},
		{"job does not ask", withEval, schema.ScanOptions{}, false, ""},
		{"job asks for another model", withEval, schema.ScanOptions{Eval: true, EvalModel: "other/m"}, false, "this worker's --eval-model is stub/m"},
		{"worker has no model", nil, schema.ScanOptions{Eval: true, EvalModel: "stub/m"}, false, "this worker has no --eval-model"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := Options{AllowRemote: true, RemoteAllow: netguard.Loopback(), Sandbox: None{Log: io.Discard}, AllowUnsandboxed: true, Log: io.Discard, Eval: tc.worker}
			job := schema.Job{SchemaVersion: schema.Version, SweepID: "s20261130T0400Z", JobID: "j1", Name: entry.Name,
				Version: entry.Version, Server: entryJSON, Plan: planJSON, Options: tc.job}
			res := EntryScanner{Options: opts}.Scan(context.Background(), job)
			checkResult(t, res, schema.StatusOK)
			if got := res.Eval != nil; got != tc.wantEval {
				t.Errorf("eval ran: %v, want %v", got, tc.wantEval)
			}
			var skipped []string
			for _, f := range res.Findings {
				if f.Rule == EvalSkippedRule {
					skipped = append(skipped, f.Message)
				}
			}
			switch {
			case tc.skipped == "" && len(skipped) > 0:
				t.Errorf("unexpected eval-skipped findings %q", skipped)
			case tc.skipped != "" && (len(skipped) != 1 || !strings.Contains(skipped[0], tc.skipped)):
				t.Errorf("eval-skipped findings %q, want one saying %q", skipped, tc.skipped)
			}
		})
	}
}
