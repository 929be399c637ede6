package schema

import (
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"
)

// The bounds of a result's cache section (CacheFill). A worker trims what
// it ships to fit them; the coordinator refuses a result that exceeds them.
const (
	// MaxCacheEvalEntries is the most eval answers one result carries.
	MaxCacheEvalEntries = 4096
	// MaxCacheTools is the most tool definitions one result carries.
	MaxCacheTools = 1024
	// MaxCacheKeyBytes bounds one eval cache key.
	MaxCacheKeyBytes = 512
	// MaxCacheBytes bounds the keys and values of a cache section together
	// (well under the bus's 8 MB message limit, beside the result itself).
	MaxCacheBytes = 4 << 20
)

// CacheFill is what a worker computed that the shared caches keep: the
// eval answers its model calls produced (misses of the eval cache) and the
// tool definitions of an ok scan. Workers only read the caches; the
// coordinator writes a result's CacheFill into KV mcpgauge-evalcache and
// mcpgauge-tools at ingest, for admitted results alone, and strips it
// before the result is stored or signed (docs/deploy.md, "Credentials and
// roles").
type CacheFill struct {
	// Eval are the answers to store, under the job's server name.
	Eval []EvalCacheEntry `json:"eval,omitempty"`
	// Tools are the scanned server's tool definitions, each the raw tool
	// object as listed, in server order: all of them or none (the tool
	// store addresses the list by the server digest of all of them).
	Tools []json.RawMessage `json:"tools,omitempty"`
}

// EvalCacheEntry is one eval answer: Key as the eval cache keys it
// (gauge/eval's CacheKey of model, prompt and tool digest, or the worker's
// drafted-suite key) and Answer in the stored form of the eval cache.
type EvalCacheEntry struct {
	Key    string          `json:"key"`
	Answer json.RawMessage `json:"answer"`
}

// Size is the bytes of keys and values the section holds.
func (f *CacheFill) Size() int {
	n := 0
	for _, e := range f.Eval {
		n += len(e.Key) + len(e.Answer)
	}
	for _, t := range f.Tools {
		n += len(t)
	}
	return n
}

// validate checks the section's bounds and shape; r is its result.
func (f *CacheFill) validate(r *Result) error {
	var errs []error
	add := func(format string, args ...any) { errs = append(errs, fmt.Errorf("cache: "+format, args...)) }
	if r.Status != StatusOK {
		add("a %s result carries no cache section", r.Status)
	}
	if len(f.Eval) > MaxCacheEvalEntries {
		add("%d eval answers, at most %d", len(f.Eval), MaxCacheEvalEntries)
	}
	if len(f.Tools) > MaxCacheTools {
		add("%d tools, at most %d", len(f.Tools), MaxCacheTools)
	}
	if n := f.Size(); n > MaxCacheBytes {
		add("%d bytes, at most %d", n, MaxCacheBytes)
	}
	if len(f.Tools) > 0 && (r.Snapshot == nil || r.Snapshot.Tools != len(f.Tools)) {
		add("%d tool definitions for a snapshot of another tool count", len(f.Tools))
	}
	seen := make(map[string]bool, len(f.Eval))
	for i, e := range f.Eval {
		switch {
		case e.Key == "" || len(e.Key) > MaxCacheKeyBytes || !utf8.ValidString(e.Key):
			add("eval[%d]: the key is empty, longer than %d bytes or not UTF-8", i, MaxCacheKeyBytes)
		case seen[e.Key]:
			add("eval[%d]: key %q twice", i, clipKey(e.Key))
		case !isObject(e.Answer):
			add("eval[%d] (%s): the answer is not a JSON object", i, clipKey(e.Key))
		}
		seen[e.Key] = true
	}
	for i, t := range f.Tools {
		if !isObject(t) {
			add("tools[%d] is not a JSON object", i)
		}
	}
	return errors.Join(errs...)
}

func isObject(b json.RawMessage) bool {
	return len(b) > 1 && b[0] == '{' && json.Valid(b)
}

func clipKey(k string) string {
	if len(k) > 40 {
		return k[:40] + "…"
	}
	return k
}
