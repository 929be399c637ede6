package schema

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestCacheFillValidate: a result's cache section is bounded and shaped
// (what a compromised worker could send the coordinator is refused as a
// whole result, never half-written).
func TestCacheFillValidate(t *testing.T) {
	t.Parallel()
	answer := json.RawMessage(`{"model":"m"}`)
	tool := json.RawMessage(`{"name":"t"}`)
	many := func(n int) []EvalCacheEntry {
		out := make([]EvalCacheEntry, n)
		for i := range out {
			out[i] = EvalCacheEntry{Key: fmt.Sprint("k", i), Answer: answer}
		}
		return out
	}
	for _, tc := range []struct {
		name string
		edit func(*Result)
		want string // "" = valid
	}{
		{"eval only", func(r *Result) { r.Cache = &CacheFill{Eval: many(2)} }, ""},
		{"tools of the snapshot", func(r *Result) {
			r.Cache = &CacheFill{Tools: make([]json.RawMessage, r.Snapshot.Tools)}
			for i := range r.Cache.Tools {
				r.Cache.Tools[i] = tool
			}
		}, ""},
		{"too many answers", func(r *Result) { r.Cache = &CacheFill{Eval: many(MaxCacheEvalEntries + 1)} }, "eval answers, at most"},
		{"too many bytes", func(r *Result) {
			r.Cache = &CacheFill{Eval: []EvalCacheEntry{{Key: "k", Answer: json.RawMessage(`{"model":"` + strings.Repeat("x", MaxCacheBytes) + `"}`)}}}
		}, "bytes, at most"},
		{"a key twice", func(r *Result) {
			r.Cache = &CacheFill{Eval: []EvalCacheEntry{{Key: "k", Answer: answer}, {Key: "k", Answer: answer}}}
		}, "twice"},
		{"an empty key", func(r *Result) { r.Cache = &CacheFill{Eval: []EvalCacheEntry{{Answer: answer}}} }, "key is empty"},
		{"a long key", func(r *Result) {
			r.Cache = &CacheFill{Eval: []EvalCacheEntry{{Key: strings.Repeat("k", MaxCacheKeyBytes+1), Answer: answer}}}
		}, "longer than"},
		{"an answer not an object", func(r *Result) {
			r.Cache = &CacheFill{Eval: []EvalCacheEntry{{Key: "k", Answer: json.RawMessage(`"x"`)}}}
		}, "not a JSON object"},
		{"tools of another count", func(r *Result) { r.Cache = &CacheFill{Tools: []json.RawMessage{tool, tool}} }, "another tool count"},
		{"a tool not an object", func(r *Result) {
			r.Cache = &CacheFill{Tools: make([]json.RawMessage, r.Snapshot.Tools)}
			for i := range r.Cache.Tools {
				r.Cache.Tools[i] = json.RawMessage(`[1]`)
			}
		}, "tools[0] is not a JSON object"},
		{"a failed scan", func(r *Result) {
			r.Status, r.Reason, r.Scores = StatusTimeout, "slow", nil
			r.Cache = &CacheFill{Eval: many(1)}
		}, "carries no cache section"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := validResult()
			tc.edit(&r)
			err := r.Validate()
			if tc.want == "" && err != nil {
				t.Fatalf("valid cache section refused: %v", err)
			}
			if tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Fatalf("err %v, want one saying %q", err, tc.want)
			}
		})
	}
}
