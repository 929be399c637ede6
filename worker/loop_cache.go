package worker

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/natsbus"
	"github.com/mcpgauge/mcpgauge/schema"
)

// KVEvalCache is an eval.Cache over the NATS key-value bucket
// mcpgauge-evalcache, shared by every worker: a model answer paid for once
// is reused by every slot on every host. It is a thin layer over
// natsbus.KV (the stored form, and the hit and miss counts of the
// worker's metrics) and is safe for concurrent use as that is: two slots
// storing one key store the same answer, and either write may stand.
type KVEvalCache struct {
	kv      *natsbus.KV
	metrics *LoopMetrics
}

var _ eval.Cache = (*KVEvalCache)(nil)

// NewKVEvalCache opens the eval cache bucket (it must exist; the
// coordinator's Setup creates it, and a missing one is an error wrapping
// natsbus.ErrNotSetUp). metrics may be nil.
func NewKVEvalCache(ctx context.Context, js jetstream.JetStream, metrics *LoopMetrics) (*KVEvalCache, error) {
	kv, err := natsbus.OpenBucket(ctx, js, schema.EvalCacheBucket)
	if err != nil {
		return nil, fmt.Errorf("eval cache: %w", err)
	}
	return &KVEvalCache{kv: kv, metrics: metrics}, nil
}

// kvKey maps any cache key to a valid KV key (hex SHA-256).
func kvKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// kvAnswer is eval.Answer with the JSON names of a stored entry. It
// converts to and from eval.Answer, so a field added there fails to compile
// here until the stored form is decided.
type kvAnswer struct {
	Model            string         `json:"model"`
	Called           bool           `json:"called"`
	Tool             string         `json:"tool,omitempty"`
	Arguments        map[string]any `json:"arguments,omitempty"`
	PromptTokens     int            `json:"prompt_tokens,omitempty"`
	CompletionTokens int            `json:"completion_tokens,omitempty"`
	CostUSD          float64        `json:"cost_usd,omitempty"`
}

// Get implements eval.Cache.
func (c *KVEvalCache) Get(ctx context.Context, key string) (eval.Answer, bool, error) {
	e, err := c.kv.Get(ctx, kvKey(key))
	if errors.Is(err, natsbus.ErrNotFound) {
		c.count(false)
		return eval.Answer{}, false, nil
	}
	if err != nil {
		return eval.Answer{}, false, fmt.Errorf("eval cache get: %w", err)
	}
	var a kvAnswer
	if err := json.Unmarshal(e.Value, &a); err != nil {
		c.count(false)
		return eval.Answer{}, false, nil // a corrupt entry is a miss
	}
	c.count(true)
	return eval.Answer(a), true, nil
}

// Put implements eval.Cache. An answer whose stored form exceeds the
// bucket's MaxValueSize is refused wrapping natsbus.ErrTooLarge.
func (c *KVEvalCache) Put(ctx context.Context, key string, a eval.Answer) error {
	b, err := json.Marshal(kvAnswer(a))
	if err != nil {
		return fmt.Errorf("eval cache put: %w", err)
	}
	if _, err := c.kv.Put(ctx, kvKey(key), b); err != nil {
		return fmt.Errorf("eval cache put: %w", err)
	}
	return nil
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
