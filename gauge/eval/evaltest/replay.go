package evaltest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// ReplayServer is an http.Handler speaking the OpenAI chat-completions wire
// format. It answers each request with a recorded answer (from a toolgauge
// cache file), found by recomputing the cache key from the request's
// messages, so recorded real model answers replay over the real wire.
type ReplayServer struct {
	// Model is the full model string the answers were recorded under.
	Model string
	// Digest is the toolgauge tool digest of the server under test.
	Digest string
	// Latency is added to every answer (benchmarks).
	Latency time.Duration
	answers map[string]eval.Answer
	calls   atomic.Int64
}

// NewReplayServer loads the answers of a toolgauge cache file.
func NewReplayServer(cachePath, modelName, digest string) (*ReplayServer, error) {
	rs := &ReplayServer{Model: modelName, Digest: digest, answers: map[string]eval.Answer{}}
	if err := eval.EachCacheLine(cachePath, func(key string, a eval.Answer) { rs.answers[key] = a }); err != nil {
		return nil, err
	}
	return rs, nil
}

// Calls is the number of requests served.
func (rs *ReplayServer) Calls() int64 { return rs.calls.Load() }

func (rs *ReplayServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rs.calls.Add(1)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var req struct {
		Messages []eval.Message `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, `{"error":{"message":"bad request body"}}`, http.StatusBadRequest)
		return
	}
	if rs.Latency > 0 {
		select {
		case <-time.After(rs.Latency):
		case <-r.Context().Done():
			return
		}
	}
	key := eval.CacheKey(rs.Model, req.Messages, rs.Digest)
	a, ok := rs.answers[key]
	if !ok {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprintf(w, `{"error":{"message":"no recorded answer for key %s","type":"invalid_request_error"}}`, key)
		return
	}
	msg := map[string]any{"role": "assistant", "content": "I can't do that with the tools I have."}
	finish := "stop"
	if a.Called {
		args := string(model.MustCanonical(a.Arguments, model.Compact))
		msg = map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{map[string]any{
			"id": "call_1", "type": "function", "function": map[string]any{"name": a.Tool, "arguments": args},
		}}}
		finish = "tool_calls"
	}
	WriteChatCompletion(w, rs.Model, msg, finish, a.PromptTokens, a.CompletionTokens)
}
