// Package evalstore keeps model answers in the NATS key-value bucket
// mcpgauge-evalcache, shared by every worker and the coordinator's
// ecosystem pass: an answer paid for once is reused on every host.
//
// Every answer sits in a scope: the server name of the job whose eval
// asked for it ("" for the coordinator's own ecosystem calls). The stored
// key is a hash of the scope and the eval cache key (itself a hash of the
// model, the prompt and the tool digest), so what one job's answers can
// reach is the evals of that server name alone.
//
// Workers only read the bucket. The coordinator writes it at ingest from
// the answers an admitted result carries (schema.CacheFill), and only keys
// that are absent (Fill): an answer already cached is never replaced, so
// a worker cannot overwrite what an earlier scan stored.
package evalstore

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

// scopeVersion versions the scoped key form.
const scopeVersion = "mcpgauge-evalcache/scoped-1"

// Key is the bucket key of an eval cache key in scope: hex SHA-256 of the
// eval key alone when scope is "", else of the version, scope and key,
// each NUL-separated (a name cannot hold a NUL byte on the bus).
func Key(scope, key string) string {
	var sum [32]byte
	if scope == "" {
		sum = sha256.Sum256([]byte(key))
	} else {
		sum = sha256.Sum256([]byte(scopeVersion + "\x00" + scope + "\x00" + key))
	}
	return hex.EncodeToString(sum[:])
}

// stored is eval.Answer with the JSON names of a stored entry. It converts
// to and from eval.Answer, so a field added there fails to compile here
// until the stored form is decided.
type stored struct {
	Model            string         `json:"model"`
	Called           bool           `json:"called"`
	Tool             string         `json:"tool,omitempty"`
	Arguments        map[string]any `json:"arguments,omitempty"`
	PromptTokens     int            `json:"prompt_tokens,omitempty"`
	CompletionTokens int            `json:"completion_tokens,omitempty"`
	CostUSD          float64        `json:"cost_usd,omitempty"`
}

// Encode is an answer's stored form.
func Encode(a eval.Answer) ([]byte, error) {
	b, err := json.Marshal(stored(a))
	if err != nil {
		return nil, fmt.Errorf("eval cache: encode answer: %w", err)
	}
	return b, nil
}

// Decode reads a stored answer; it fails on anything but one JSON object
// of the stored form naming its model.
func Decode(b []byte) (eval.Answer, error) {
	var s stored
	if err := json.Unmarshal(b, &s); err != nil {
		return eval.Answer{}, fmt.Errorf("eval cache: stored answer: %w", err)
	}
	if s.Model == "" {
		return eval.Answer{}, errors.New("eval cache: stored answer names no model")
	}
	return eval.Answer(s), nil
}

// KV is the eval cache over the mcpgauge-evalcache bucket; safe for
// concurrent use, as natsbus.KV is.
type KV struct {
	kv *natsbus.KV
}

// Open opens the bucket (natsbus.Setup creates it; a missing bucket is an
// error wrapping natsbus.ErrNotSetUp).
func Open(ctx context.Context, js jetstream.JetStream) (*KV, error) {
	kv, err := natsbus.OpenBucket(ctx, js, schema.EvalCacheBucket)
	if err != nil {
		return nil, fmt.Errorf("eval cache: %w", err)
	}
	return &KV{kv: kv}, nil
}

// Get returns the answer stored under key in scope. A value that does not
// decode is a miss.
func (s *KV) Get(ctx context.Context, scope, key string) (eval.Answer, bool, error) {
	e, ok, err := s.kv.Lookup(ctx, Key(scope, key))
	if err != nil {
		return eval.Answer{}, false, fmt.Errorf("eval cache get: %w", err)
	}
	if !ok {
		return eval.Answer{}, false, nil
	}
	a, err := Decode(e.Value)
	if err != nil {
		return eval.Answer{}, false, nil // a corrupt entry is a miss
	}
	return a, true, nil
}

// Put stores an answer under key in scope, replacing any. Only the
// coordinator calls it (its own ecosystem calls); a worker's answers go
// through Fill. An answer whose stored form exceeds the bucket's
// MaxValueSize is refused wrapping natsbus.ErrTooLarge.
func (s *KV) Put(ctx context.Context, scope, key string, a eval.Answer) error {
	b, err := Encode(a)
	if err != nil {
		return err
	}
	if _, err := s.kv.Put(ctx, Key(scope, key), b); err != nil {
		return fmt.Errorf("eval cache put: %w", err)
	}
	return nil
}

// FillStats counts what Fill did with the entries it was given.
type FillStats struct {
	// Written were absent and are stored now; Present were already stored
	// (left as they were); Refused did not decode or did not fit.
	Written, Present, Refused int
}

// Fill stores the answers a result carries in scope (the result's server
// name), each only when its key is absent: an answer already cached is
// never replaced. An entry that does not decode, or is too large, is
// refused and counted; the others are still written. The error is the
// first bus failure (Fill stops there).
func (s *KV) Fill(ctx context.Context, scope string, entries []schema.EvalCacheEntry) (FillStats, error) {
	var st FillStats
	for _, e := range entries {
		a, err := Decode(e.Answer)
		if err != nil || e.Key == "" {
			st.Refused++
			continue
		}
		b, err := Encode(a) // the canonical stored form, nothing else the worker sent
		if err != nil {
			st.Refused++
			continue
		}
		_, err = s.kv.Create(ctx, Key(scope, e.Key), b)
		switch {
		case err == nil:
			st.Written++
		case errors.Is(err, natsbus.ErrConflict):
			st.Present++
		case errors.Is(err, natsbus.ErrTooLarge):
			st.Refused++
		default:
			return st, fmt.Errorf("eval cache fill: %w", err)
		}
	}
	return st, nil
}

// Scope is the eval.Cache view of one scope: Get and Put of KV in it.
func (s *KV) Scope(scope string) eval.Cache { return scoped{kv: s, scope: scope} }

type scoped struct {
	kv    *KV
	scope string
}

func (c scoped) Get(ctx context.Context, key string) (eval.Answer, bool, error) {
	return c.kv.Get(ctx, c.scope, key)
}

func (c scoped) Put(ctx context.Context, key string, a eval.Answer) error {
	return c.kv.Put(ctx, c.scope, key, a)
}
