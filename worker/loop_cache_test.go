package worker_test

import (
	"context"
	"strings"
	"testing"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/natsbus/kvtest"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/worker"
)

// TestKVEvalCache stores and reads answers through the shared KV bucket,
// from two cache handles (two workers), with keys KV could not hold as is.
func TestKVEvalCache(t *testing.T) {
	js := setupJS(t, 0)
	ctx := context.Background()
	m := worker.NewLoopMetrics()
	a, err := worker.NewKVEvalCache(ctx, js, m)
	if err != nil {
		t.Fatal(err)
	}
	b, err := worker.NewKVEvalCache(ctx, js, nil)
	if err != nil {
		t.Fatal(err)
	}
	key := "gpt-x|prompt with spaces, ünïcode and / slashes|" + strings.Repeat("d", 64)
	if _, ok, err := b.Get(ctx, key); err != nil || ok {
		t.Fatalf("empty cache: ok=%v err=%v", ok, err)
	}
	want := eval.Answer{Model: "gpt-x", Called: true, Tool: "search_books", Arguments: map[string]any{"query": "Dickens"},
		PromptTokens: 120, CompletionTokens: 7, CostUSD: 0.0003}
	if err := a.Put(ctx, key, want); err != nil {
		t.Fatal(err)
	}
	got, ok, err := b.Get(ctx, key)
	if err != nil || !ok {
		t.Fatalf("after put: ok=%v err=%v", ok, err)
	}
	if got.Model != want.Model || !got.Called || got.Tool != want.Tool || got.Arguments["query"] != "Dickens" ||
		got.PromptTokens != 120 || got.CompletionTokens != 7 || got.CostUSD != want.CostUSD {
		t.Errorf("got %+v, want %+v", got, want)
	}
	none := eval.Answer{Model: "gpt-x"}
	if err := a.Put(ctx, "k2", none); err != nil {
		t.Fatal(err)
	}
	if got, ok, _ := a.Get(ctx, "k2"); !ok || got.Called {
		t.Errorf("a 'called nothing' answer came back as %+v (ok=%v)", got, ok)
	}
}

// evalStore is the eval cache reduced to a payload under a key: the
// payload is the model name of the answer stored.
type evalStore struct{ c *worker.KVEvalCache }

func (s evalStore) Write(ctx context.Context, key, payload string) error {
	return s.c.Put(ctx, key, eval.Answer{Model: payload})
}

func (s evalStore) Read(ctx context.Context, key string) (string, bool, error) {
	a, ok, err := s.c.Get(ctx, key)
	return a.Model, ok, err
}

// TestKVEvalCacheHarness runs the bucket users' harness on the eval cache.
func TestKVEvalCacheHarness(t *testing.T) {
	t.Parallel()
	kvtest.Run(t, kvtest.Use{Bucket: schema.EvalCacheBucket, Open: func(ctx context.Context, js jetstream.JetStream) (kvtest.Store, error) {
		c, err := worker.NewKVEvalCache(ctx, js, nil)
		return evalStore{c}, err
	}})
}
