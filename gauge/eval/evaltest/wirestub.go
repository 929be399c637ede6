package evaltest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/eval/backend"
)

// WireStub is a loopback OpenAI chat-completions server with a fixed,
// documented behaviour, standing in for a model provider:
//   - a drafting call (no tools) gets prompts naming the tool they are for:
//     "please do the job of X now, take N"; on the B side of a sibling pair,
//     "please do the job of Y now, but it looks like X, take N";
//   - a selection call (tools offered) calls the tool named after "job of",
//     except that "but it looks like X" makes it call X (a confusion), and a
//     prompt naming no tool calls nothing. When no offered tool has that
//     exact name, it calls the first offered tool whose name ends in
//     "__" + the name (a multi-server client's prefixed tools), so the
//     earliest-listed server with a tool of that name wins.
//
// With Fail set it answers every call with HTTP 500.
type WireStub struct {
	// Fail makes every call answer HTTP 500.
	Fail   bool
	calls  atomic.Int64
	drafts atomic.Int64
}

// Calls is how many requests the stub has answered.
func (s *WireStub) Calls() int64 { return s.calls.Load() }

// Drafts is how many of them were drafting calls (no tools offered).
func (s *WireStub) Drafts() int64 { return s.drafts.Load() }

var (
	stubName    = regexp.MustCompile(`(?m)^name: (\S+)$`)
	stubJob     = regexp.MustCompile(`job of (\S+) now`)
	stubLookAke = regexp.MustCompile(`looks like (\S+),`)
)

// ServeHTTP answers one chat-completions request.
func (s *WireStub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.calls.Add(1)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if s.Fail {
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = io.WriteString(w, `{"error":{"message":"stub provider is down","type":"server_error"}}`)
		return
	}
	var req struct {
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
		Tools []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(body, &req); err != nil || len(req.Messages) == 0 {
		http.Error(w, `{"error":{"message":"bad request body"}}`, http.StatusBadRequest)
		return
	}
	user := req.Messages[len(req.Messages)-1].Content
	msg := map[string]any{"role": "assistant"}
	if len(req.Tools) == 0 {
		s.drafts.Add(1)
		msg["content"] = draftReply(user)
	} else {
		tool := ""
		if m := stubJob.FindStringSubmatch(user); m != nil {
			tool = m[1]
		}
		if m := stubLookAke.FindStringSubmatch(user); m != nil {
			tool = m[1]
		}
		if tool != "" {
			tool = offered(req.Tools, tool)
		}
		if tool == "" {
			msg["content"] = "None of my tools can do that."
		} else {
			msg["content"] = nil
			msg["tool_calls"] = []any{map[string]any{"id": "call_1", "type": "function",
				"function": map[string]any{"name": tool, "arguments": "{}"}}}
		}
	}
	WriteChatCompletion(w, "m", msg, "stop", 100, 20)
}

func draftReply(instruction string) string {
	names := stubName.FindAllStringSubmatch(instruction, -1)
	prompts := func(format string, args ...any) []string {
		var out []string
		for k := 1; k <= 4; k++ {
			out = append(out, fmt.Sprintf(format, append(args, k)...))
		}
		return out
	}
	var reply any
	switch {
	case strings.Contains(instruction, "easy to confuse") && len(names) >= 2:
		a, b := names[0][1], names[1][1]
		reply = map[string]any{
			"a": prompts("please do the job of %s now, take %d", a),
			"b": prompts("please do the job of %s now, but it looks like %s, take %d", b, a),
		}
	case strings.Contains(instruction, "none of these tools can satisfy"):
		reply = map[string]any{"prompts": []string{"tell me a joke about owls", "what will the weather be tomorrow", "write me a short poem please"}}
	case len(names) >= 1:
		reply = map[string]any{"prompts": prompts("please do the job of %s now, take %d", names[0][1])}
	default:
		return "I do not understand."
	}
	b, _ := json.Marshal(reply)
	return string(b)
}

// offered resolves a tool name against the offered tools: the exact name,
// else the first name ending in "__"+name, else the name unchanged.
func offered(tools []json.RawMessage, name string) string {
	var names []string
	for _, raw := range tools {
		var t struct {
			Function struct {
				Name string `json:"name"`
			} `json:"function"`
		}
		if json.Unmarshal(raw, &t) == nil {
			names = append(names, t.Function.Name)
		}
	}
	for _, n := range names {
		if n == name {
			return n
		}
	}
	for _, n := range names {
		if strings.HasSuffix(n, "__"+name) {
			return n
		}
	}
	return name
}

// Backend serves stub on a loopback server for the test's lifetime and
// returns the real OpenAI-compatible backend pointed at it (model "stub/m").
func Backend(tb testing.TB, stub *WireStub) eval.Backend {
	tb.Helper()
	srv := httptest.NewServer(stub)
	tb.Cleanup(srv.Close)
	b, err := backend.New(backend.Spec{Model: "stub/m", Provider: "stub", API: backend.OpenAIChat, APIModel: "m",
		BaseURL: srv.URL + "/v1"}, backend.Options{Timeout: 30 * time.Second})
	if err != nil {
		tb.Fatal(err)
	}
	return b
}
