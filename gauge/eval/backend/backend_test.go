package backend_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/eval/backend"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// reply is one scripted HTTP answer in a provider's documented wire shape.
type reply struct {
	status  int
	headers map[string]string
	body    string
}

// stub is a loopback server that answers from a script and records requests.
type stub struct {
	mu     sync.Mutex
	script []reply
	bodies []map[string]any
	heads  []http.Header
	paths  []string
}

func (s *stub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	v, _ := model.DecodeJSON(raw)
	m, _ := v.(map[string]any)
	s.mu.Lock()
	s.bodies = append(s.bodies, m)
	s.heads = append(s.heads, r.Header.Clone())
	s.paths = append(s.paths, r.URL.Path)
	var rep reply
	if len(s.script) > 0 {
		rep, s.script = s.script[0], s.script[1:]
	} else {
		rep = reply{status: 599, body: `{"error":{"message":"script exhausted"}}`}
	}
	s.mu.Unlock()
	for k, v := range rep.headers {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(rep.status)
	_, _ = io.WriteString(w, rep.body)
}

func (s *stub) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.bodies)
}

const secret = "sk-test-SECRET-0123456789"

var searchSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"query": map[string]any{"type": "string", "description": "Name or e-mail fragment, e.g. 'jane'."},
		"limit": map[string]any{"type": "integer", "minimum": json.Number("1"), "maximum": json.Number("50"), "default": json.Number("10")},
	},
	"required":             []any{"query"},
	"additionalProperties": false,
}

func request() eval.Request {
	return eval.Request{
		Model:    "ignored-by-backend",
		Messages: eval.SelectionMessages("Acme directory.", "find Jane please"),
		Tools: []eval.ToolDef{
			{Name: "search_users", Description: "Search people by name.", Parameters: searchSchema},
			{Name: "archive_ticket", Description: "", Parameters: map[string]any{"type": "object", "properties": map[string]any{}}},
		},
	}
}

// Wire bodies, shaped as the providers document them.
const (
	oaToolCall = `{"id":"chatcmpl-1","object":"chat.completion","created":1700000000,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"search_users","arguments":"{\"query\":\"Jane\",\"limit\":5}"}},{"id":"call_2","type":"function","function":{"name":"archive_ticket","arguments":"{}"}}]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":321,"completion_tokens":17,"total_tokens":338}}`
	oaNoTool   = `{"id":"chatcmpl-2","object":"chat.completion","created":1700000000,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"None of my tools can do that."},"finish_reason":"stop"}],"usage":{"prompt_tokens":300,"completion_tokens":9,"total_tokens":309}}`
	oaBadArgs  = `{"id":"chatcmpl-3","object":"chat.completion","created":1700000000,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"search_users","arguments":"{\"query\": \"Jane\""}}]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}`
	oa429      = `{"error":{"message":"Rate limit reached","type":"rate_limit_error","param":null,"code":"rate_limit_exceeded"}}`
	oa500      = `{"error":{"message":"The server had an error","type":"server_error","param":null,"code":null}}`
	oa401      = `{"error":{"message":"Incorrect API key provided: sk-test-SECRET-0123456789","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`

	anToolCall = `{"id":"msg_1","type":"message","role":"assistant","model":"claude-x","content":[{"type":"text","text":"Let me look that up."},{"type":"tool_use","id":"toolu_1","name":"search_users","input":{"query":"Jane","limit":5}},{"type":"tool_use","id":"toolu_2","name":"archive_ticket","input":{}}],"stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":321,"output_tokens":17}}`
	anNoTool   = `{"id":"msg_2","type":"message","role":"assistant","model":"claude-x","content":[{"type":"text","text":"None of my tools can do that."}],"stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":300,"output_tokens":9}}`
	anBadArgs  = `{"id":"msg_3","type":"message","role":"assistant","model":"claude-x","content":[{"type":"tool_use","id":"toolu_1","name":"search_users","input":"{\"query\": \"Jane\""}],"stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}`
	an429      = `{"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}`
	an500      = `{"type":"error","error":{"type":"api_error","message":"Internal server error"}}`
	an401      = `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key sk-test-SECRET-0123456789"}}`
)

type flavour struct {
	name                                        string
	model                                       string
	base                                        func(url string) string
	toolCall, noTool, badArgs, r429, r500, r401 string
}

func flavours() []flavour {
	return []flavour{
		{"openai", "openrouter/vendor/model-x", func(u string) string { return u + "/api/v1" }, oaToolCall, oaNoTool, oaBadArgs, oa429, oa500, oa401},
		{"anthropic", "anthropic/claude-x", func(u string) string { return u }, anToolCall, anNoTool, anBadArgs, an429, an500, an401},
	}
}

type waits struct {
	mu sync.Mutex
	d  []time.Duration
}

func (w *waits) sleep(_ context.Context, d time.Duration) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.d = append(w.d, d)
	return nil
}

func setup(t *testing.T, f flavour, script ...reply) (*stub, eval.Backend, *waits) {
	t.Helper()
	st := &stub{script: script}
	srv := httptest.NewServer(st)
	t.Cleanup(srv.Close)
	b, w := retrying(t, f.model, f.base(srv.URL), withKey)
	return st, b, w
}

// withKey is an environment holding the OpenRouter and Anthropic keys.
func withKey(k string) string {
	if k == "OPENROUTER_API_KEY" || k == "ANTHROPIC_API_KEY" {
		return secret
	}
	return ""
}

// retrying builds the backend for a model string, base URL and
// environment, wrapped in the default retry policy with its waits
// recorded instead of slept.
func retrying(t *testing.T, modelName, base string, env func(string) string) (eval.Backend, *waits) {
	t.Helper()
	spec, err := backend.Resolve(modelName, base, env)
	if err != nil {
		t.Fatal(err)
	}
	b, err := backend.New(spec, backend.Options{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	w := &waits{}
	pol := eval.DefaultRetry()
	pol.Sleep = w.sleep
	return &eval.Retrying{Backend: b, Policy: pol}, w
}

func canon(v any) string { return string(model.MustCanonical(v, model.Compact)) }

func TestBackendsToolCall(t *testing.T) {
	t.Parallel()
	for _, f := range flavours() {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			st, b, _ := setup(t, f, reply{200, nil, f.toolCall})
			c, err := b.Complete(context.Background(), request())
			if err != nil {
				t.Fatal(err)
			}
			if !c.Called || c.Tool != "search_users" || canon(c.Arguments) != `{"limit":5,"query":"Jane"}` {
				t.Errorf("completion = %+v, want first call search_users{query:Jane,limit:5}", c)
			}
			if c.PromptTokens != 321 || c.CompletionTokens != 17 {
				t.Errorf("usage = %d/%d, want 321/17", c.PromptTokens, c.CompletionTokens)
			}
			body, head := st.bodies[0], st.heads[0]
			if got := canon(body["temperature"]); got != "0" {
				t.Errorf("temperature = %s, want 0", got)
			}
			tools, _ := body["tools"].([]any)
			if len(tools) != 2 {
				t.Fatalf("sent %d tools, want 2", len(tools))
			}
			first := tools[0].(map[string]any)
			switch f.name {
			case "openai":
				if st.paths[0] != "/api/v1/chat/completions" {
					t.Errorf("path = %s", st.paths[0])
				}
				if body["model"] != "vendor/model-x" || body["tool_choice"] != "auto" {
					t.Errorf("model/tool_choice = %v/%v", body["model"], body["tool_choice"])
				}
				fn := first["function"].(map[string]any)
				if canon(fn["parameters"]) != canon(searchSchema) || fn["name"] != "search_users" {
					t.Errorf("tool sent as %s, want the schema unedited", canon(fn))
				}
				msgs := body["messages"].([]any)
				if sys := msgs[0].(map[string]any); sys["role"] != "system" || sys["content"] != eval.SystemMessage("Acme directory.") {
					t.Errorf("system message = %v", sys)
				}
				if head.Get("Authorization") != "Bearer "+secret {
					t.Errorf("authorization header not the provider key")
				}
			case "anthropic":
				if st.paths[0] != "/v1/messages" {
					t.Errorf("path = %s", st.paths[0])
				}
				if body["model"] != "claude-x" || canon(body["tool_choice"]) != `{"type":"auto"}` {
					t.Errorf("model/tool_choice = %v/%v", body["model"], canon(body["tool_choice"]))
				}
				if canon(first["input_schema"]) != canon(searchSchema) {
					t.Errorf("input_schema = %s, want %s", canon(first["input_schema"]), canon(searchSchema))
				}
				if _, has := tools[1].(map[string]any)["description"]; has {
					t.Errorf("empty description should be left out for Anthropic")
				}
				sys, _ := body["system"].([]any)
				if len(sys) != 1 || sys[0].(map[string]any)["text"] != eval.SystemMessage("Acme directory.") {
					t.Errorf("system = %v", body["system"])
				}
				if head.Get("X-Api-Key") != secret {
					t.Errorf("x-api-key header not the provider key")
				}
			}
		})
	}
}

func TestBackendsNoToolAndMalformed(t *testing.T) {
	t.Parallel()
	for _, f := range flavours() {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			_, b, _ := setup(t, f, reply{200, nil, f.noTool}, reply{200, nil, f.badArgs})
			c, err := b.Complete(context.Background(), request())
			if err != nil {
				t.Fatal(err)
			}
			if c.Called || c.Tool != "" || !strings.Contains(c.Text, "None of my tools") {
				t.Errorf("no-tool reply read as %+v", c)
			}
			c, err = b.Complete(context.Background(), request())
			if err != nil {
				t.Fatal(err)
			}
			if !c.Called || c.Tool != "search_users" || len(c.Arguments) != 0 || c.RawArguments == "" {
				t.Errorf("malformed arguments should select the tool with {} arguments, got %+v", c)
			}
		})
	}
}

func TestBackendsRetry(t *testing.T) {
	t.Parallel()
	for _, f := range flavours() {
		t.Run(f.name+"/429-retry-after", func(t *testing.T) {
			t.Parallel()
			st, b, w := setup(t, f, reply{429, map[string]string{"Retry-After": "2"}, f.r429}, reply{200, nil, f.toolCall})
			c, err := b.Complete(context.Background(), request())
			if err != nil || !c.Called {
				t.Fatalf("after a 429 the retry should succeed: %+v %v", c, err)
			}
			if st.count() != 2 || len(w.d) != 1 || w.d[0] != 2*time.Second {
				t.Errorf("requests=%d waits=%v, want 2 requests and one 2s wait (the backend itself never retries)", st.count(), w.d)
			}
		})
		t.Run(f.name+"/429-retry-after-capped", func(t *testing.T) {
			t.Parallel()
			_, b, w := setup(t, f, reply{429, map[string]string{"Retry-After": "3600"}, f.r429}, reply{200, nil, f.toolCall})
			if _, err := b.Complete(context.Background(), request()); err != nil {
				t.Fatal(err)
			}
			if len(w.d) != 1 || w.d[0] != 60*time.Second {
				t.Errorf("waits = %v, want retry-after capped at 60s", w.d)
			}
		})
		t.Run(f.name+"/500-backoff", func(t *testing.T) {
			t.Parallel()
			st, b, w := setup(t, f, reply{500, nil, f.r500}, reply{200, nil, f.toolCall})
			if _, err := b.Complete(context.Background(), request()); err != nil {
				t.Fatal(err)
			}
			if st.count() != 2 || len(w.d) != 1 || w.d[0] != 4*time.Second {
				t.Errorf("requests=%d waits=%v, want 2 requests and a 4s backoff", st.count(), w.d)
			}
		})
		t.Run(f.name+"/5xx-exhausted", func(t *testing.T) {
			t.Parallel()
			st, b, w := setup(t, f, reply{503, nil, f.r500}, reply{503, nil, f.r500}, reply{503, nil, f.r500}, reply{503, nil, f.r500}, reply{200, nil, f.toolCall})
			_, err := b.Complete(context.Background(), request())
			if err == nil || st.count() != 4 {
				t.Fatalf("want failure after 4 attempts, got err=%v after %d requests", err, st.count())
			}
			if len(w.d) != 3 || w.d[0] != 4*time.Second || w.d[1] != 8*time.Second || w.d[2] != 16*time.Second {
				t.Errorf("waits = %v, want 4s 8s 16s", w.d)
			}
		})
		t.Run(f.name+"/401-no-retry-no-key-leak", func(t *testing.T) {
			t.Parallel()
			st, b, w := setup(t, f, reply{401, nil, f.r401}, reply{200, nil, f.toolCall})
			_, err := b.Complete(context.Background(), request())
			var be *eval.BackendError
			if !errorsAs(err, &be) || !be.Auth || be.Retryable {
				t.Fatalf("want an auth BackendError, got %v", err)
			}
			if st.count() != 1 || len(w.d) != 0 {
				t.Errorf("auth failures must not retry: %d requests, waits %v", st.count(), w.d)
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("error text leaks the API key: %s", err)
			}
		})
	}
}

func TestResolve(t *testing.T) {
	t.Parallel()
	env := func(k string) string {
		return map[string]string{"OPENROUTER_API_KEY": "or", "ANTHROPIC_API_KEY": "an", "OPENAI_API_KEY": "oa", "LITELLM_API_KEY": "ll"}[k]
	}
	cases := []struct {
		model, base                string
		api                        backend.API
		apiModel, url, keyEnv, key string
	}{
		{"openrouter/nvidia/nemotron-3.5-lightning:free", "", backend.OpenAIChat, "nvidia/nemotron-3.5-lightning:free", "https://openrouter.ai/api/v1", "OPENROUTER_API_KEY", "or"},
		{"anthropic/claude-sonnet-4-5", "", backend.AnthropicMessages, "claude-sonnet-4-5", "https://api.anthropic.com", "ANTHROPIC_API_KEY", "an"},
		{"claude-haiku-4-5", "", backend.AnthropicMessages, "claude-haiku-4-5", "https://api.anthropic.com", "ANTHROPIC_API_KEY", "an"},
		{"gpt-4o-mini", "", backend.OpenAIChat, "gpt-4o-mini", "https://api.openai.com/v1", "OPENAI_API_KEY", "oa"},
		{"ollama/llama3.2", "", backend.OpenAIChat, "llama3.2", "http://localhost:11434/v1", "LITELLM_API_KEY", "ll"},
		{"qwen2.5", "http://127.0.0.1:8000/v1/", backend.OpenAIChat, "qwen2.5", "http://127.0.0.1:8000/v1", "LITELLM_API_KEY", "ll"},
	}
	for _, c := range cases {
		s, err := backend.Resolve(c.model, c.base, env)
		if err != nil {
			t.Fatalf("%s: %v", c.model, err)
		}
		if s.API != c.api || s.APIModel != c.apiModel || s.BaseURL != c.url || s.KeyEnv != c.keyEnv || s.Key != c.key || s.Model != c.model {
			t.Errorf("Resolve(%q,%q) = %+v", c.model, c.base, s)
		}
	}
	if _, err := backend.Resolve("openrouter/", "", env); err == nil {
		t.Error("a provider with no model should be an error")
	}
	s, _ := backend.Resolve("openrouter/x", "", func(string) string { return "" })
	if w := s.KeyWarning(); !strings.Contains(w, "OPENROUTER_API_KEY") {
		t.Errorf("missing key warning = %q", w)
	}
}

func errorsAs(err error, target **eval.BackendError) bool {
	for err != nil {
		if be, ok := err.(*eval.BackendError); ok {
			*target = be
			return true
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return false
		}
		err = u.Unwrap()
	}
	return false
}

// refusingURL is a loopback address nothing listens on: a connection to
// it is refused, the way a stopped local server or no network answers.
func refusingURL(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	return "http://" + addr
}

// TestBackendsFailFast: a server that cannot be reached and a key that is
// missing each fail on the first attempt, with no retry wait, and the error
// says what to do.
func TestBackendsFailFast(t *testing.T) {
	t.Parallel()
	none := func(string) string { return "" }
	type tc struct {
		name, model, base string
		env               func(string) string
		want              []string
	}
	var cases []tc
	for _, f := range flavours() {
		cases = append(cases,
			tc{f.name + "/refused", f.model, f.base(refusingURL(t)), withKey, []string{"cannot connect to http://127.0.0.1:", "connection refused", "--base-url"}},
			tc{f.name + "/refused-no-key-needed", "local-model", refusingURL(t) + "/v1", none, []string{"cannot connect", "--base-url"}})
	}
	cases = append(cases,
		tc{"openrouter/no-key", "openrouter/vendor/model-x", "", none, []string{"no API key", "OPENROUTER_API_KEY", "LITELLM_API_KEY", "--base-url"}},
		tc{"anthropic/no-key", "claude-x", "", none, []string{"no API key", "ANTHROPIC_API_KEY"}})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			b, w := retrying(t, c.model, c.base, c.env)
			_, err := b.Complete(context.Background(), request())
			var be *eval.BackendError
			if !errorsAs(err, &be) || be.Retryable || be.Auth {
				t.Fatalf("want a non-retryable, non-auth BackendError, got %#v", err)
			}
			if len(w.d) != 0 {
				t.Errorf("retry waits %v: a connection never made or a missing key must fail on the first attempt", w.d)
			}
			for _, s := range c.want {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q does not say %q", err, s)
				}
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("error text leaks the API key: %s", err)
			}
		})
	}
}

func TestMissingKey(t *testing.T) {
	t.Parallel()
	none := func(string) string { return "" }
	for _, c := range []struct {
		model, base string
		env         func(string) string
		want        bool
	}{
		{"openrouter/x", "", none, true},
		{"claude-x", "", none, true},
		{"gpt-4o-mini", "", none, true},
		{"openrouter/x", "", func(k string) string { return map[string]string{"LITELLM_API_KEY": "ll"}[k] }, false},
		{"openai/gpt-x", "http://127.0.0.1:4000", none, false}, // a proxy that may need no key
		{"ollama/llama3.2", "", none, false},
		{"local-model", "http://127.0.0.1:8000/v1", none, false},
	} {
		s, err := backend.Resolve(c.model, c.base, c.env)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.MissingKey(); got != c.want {
			t.Errorf("Resolve(%q, %q).MissingKey() = %v, want %v", c.model, c.base, got, c.want)
		}
	}
}
