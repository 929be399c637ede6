package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/evalstore"
	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/schema"
)

// KVEvalCache is an eval.Cache over the NATS key-value bucket
// mcpgauge-evalcache (evalstore), shared by every worker: a model answer
// paid for once is reused by every slot on every host. It counts hits and
// misses in the worker's metrics. Used as is, it reads and writes the
// unscoped answers (the coordinator's ecosystem pass); a worker reads it
// through ForJob only, and never writes it: the answers a job computed
// travel in its result (schema.CacheFill) and the coordinator stores them.
type KVEvalCache struct {
	kv      *evalstore.KV
	metrics *LoopMetrics
	scope   string
}

var _ eval.Cache = (*KVEvalCache)(nil)

// NewKVEvalCache opens the eval cache bucket (it must exist; the
// coordinator's Setup creates it, and a missing one is an error wrapping
// natsbus.ErrNotSetUp). metrics may be nil.
func NewKVEvalCache(ctx context.Context, js jetstream.JetStream, metrics *LoopMetrics) (*KVEvalCache, error) {
	kv, err := evalstore.Open(ctx, js)
	if err != nil {
		return nil, err
	}
	return &KVEvalCache{kv: kv, metrics: metrics}, nil
}

// Scope returns the cache of one server name's answers (evalstore.Key).
func (c *KVEvalCache) Scope(name string) *KVEvalCache {
	s := *c
	s.scope = name
	return &s
}

// ScopeCache is c scoped to name when c is a *KVEvalCache, else c (a
// local cache has no scopes).
func ScopeCache(c eval.Cache, name string) eval.Cache {
	if kc, ok := c.(*KVEvalCache); ok {
		return kc.Scope(name)
	}
	return c
}

// Get implements eval.Cache.
func (c *KVEvalCache) Get(ctx context.Context, key string) (eval.Answer, bool, error) {
	a, ok, err := c.kv.Get(ctx, c.scope, key)
	if err != nil {
		return eval.Answer{}, false, err
	}
	c.count(ok)
	return a, ok, nil
}

// Put implements eval.Cache. An answer whose stored form exceeds the
// bucket's MaxValueSize is refused wrapping natsbus.ErrTooLarge.
func (c *KVEvalCache) Put(ctx context.Context, key string, a eval.Answer) error {
	return c.kv.Put(ctx, c.scope, key, a)
}

func (c *KVEvalCache) count(hit bool) {
	if c.metrics == nil {
		return
	}
	if hit {
		c.metrics.CacheHits.WithLabelValues("eval").Inc()
	} else {
		c.metrics.CacheMisses.WithLabelValues("eval").Inc()
	}
}

// ForJob returns the read-only view one job's eval uses: it reads the
// answers of the job's server name and keeps the answers the job computes
// in memory (within the bounds of schema.CacheFill), to ship in its
// result.
func (c *KVEvalCache) ForJob(name string) *JobEvalCache {
	return &JobEvalCache{shared: c.Scope(name), fresh: map[string]schema.EvalCacheEntry{}}
}

// JobEvalCache is the eval cache of one job on a worker: reads go to the
// job's own answers first, then to the shared bucket; writes stay here
// (Entries). Safe for concurrent use.
type JobEvalCache struct {
	shared *KVEvalCache
	mu     sync.Mutex
	fresh  map[string]schema.EvalCacheEntry
	mem    map[string]eval.Answer
	bytes  int
	// Dropped counts answers left out of Entries for the bounds.
	dropped int
}

var _ eval.Cache = (*JobEvalCache)(nil)

// Get implements eval.Cache.
func (j *JobEvalCache) Get(ctx context.Context, key string) (eval.Answer, bool, error) {
	j.mu.Lock()
	a, ok := j.mem[key]
	j.mu.Unlock()
	if ok {
		return a, true, nil
	}
	return j.shared.Get(ctx, key)
}

// Put implements eval.Cache: the answer is kept for this job (and shipped
// when it fits the bounds), never written to the bucket.
func (j *JobEvalCache) Put(_ context.Context, key string, a eval.Answer) error {
	b, err := evalstore.Encode(a)
	if err != nil {
		return err
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.mem == nil {
		j.mem = map[string]eval.Answer{}
	}
	j.mem[key] = a
	if old, ok := j.fresh[key]; ok {
		j.bytes -= len(old.Key) + len(old.Answer)
		delete(j.fresh, key)
	}
	n := len(key) + len(b)
	if len(key) > schema.MaxCacheKeyBytes || len(j.fresh) >= schema.MaxCacheEvalEntries || j.bytes+n > schema.MaxCacheBytes/2 {
		j.dropped++
		return nil
	}
	j.fresh[key] = schema.EvalCacheEntry{Key: key, Answer: b}
	j.bytes += n
	return nil
}

// Entries are the answers this job computed, by key, and how many were
// left out for the bounds (half of schema.MaxCacheBytes; the tools may
// take the other half).
func (j *JobEvalCache) Entries() ([]schema.EvalCacheEntry, int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	out := make([]schema.EvalCacheEntry, 0, len(j.fresh))
	for _, e := range j.fresh {
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b schema.EvalCacheEntry) int {
		switch {
		case a.Key < b.Key:
			return -1
		case a.Key > b.Key:
			return 1
		}
		return 0
	})
	return out, j.dropped
}

// cacheFill is what an ok scan ships for the shared caches: the tool
// definitions (all, when they fit half of schema.MaxCacheBytes and
// schema.MaxCacheTools) and the job's fresh eval answers. It returns nil
// when there is nothing, and says what was left out.
func cacheFill(tools []model.Tool, job *JobEvalCache) (*schema.CacheFill, string) {
	f := &schema.CacheFill{}
	var notes []string
	if n, size := len(tools), rawSize(tools); n > 0 {
		if n <= schema.MaxCacheTools && size <= schema.MaxCacheBytes/2 && allRaw(tools) {
			f.Tools = make([]json.RawMessage, n)
			for i := range tools {
				f.Tools[i] = tools[i].Raw
			}
		} else {
			notes = append(notes, fmt.Sprintf("%d tool definitions (%d bytes) not shipped: over the bounds or without their JSON", n, size))
		}
	}
	if job != nil {
		var dropped int
		f.Eval, dropped = job.Entries()
		if dropped > 0 {
			notes = append(notes, fmt.Sprintf("%d eval answers not shipped: over the bounds", dropped))
		}
	}
	note := ""
	if len(notes) > 0 {
		note = fmt.Sprint(notes)
	}
	if len(f.Tools) == 0 && len(f.Eval) == 0 {
		return nil, note
	}
	return f, note
}

func rawSize(tools []model.Tool) int {
	n := 0
	for i := range tools {
		n += len(tools[i].Raw)
	}
	return n
}

func allRaw(tools []model.Tool) bool {
	for i := range tools {
		if !json.Valid(tools[i].Raw) || len(tools[i].Raw) == 0 || tools[i].Raw[0] != '{' {
			return false
		}
	}
	return true
}
