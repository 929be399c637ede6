// Package backend implements eval.Backend for real model providers: the
// OpenAI-compatible chat-completions API (OpenAI, OpenRouter, vLLM, Ollama,
// LiteLLM, Groq, ...) and the Anthropic Messages API, each as one plain
// JSON POST (the provider SDKs added ~20 MB to the binary for that one
// call). Nothing here retries; eval.Retrying owns retries. API keys come from the
// environment and never appear in errors.
package backend

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
)

// API names a wire protocol.
type API string

const (
	// OpenAIChat is the chat-completions API with function tools.
	OpenAIChat API = "openai"
	// AnthropicMessages is the Anthropic Messages API with tools.
	AnthropicMessages API = "anthropic"
)

// Spec says how to reach a model.
type Spec struct {
	// Model is the full model string as given (it is part of the cache key).
	Model string
	// Provider is the prefix ("openrouter", "anthropic", "openai", ...).
	Provider string
	API      API
	// APIModel is the model name sent to the provider.
	APIModel string
	BaseURL  string
	// KeyEnv is the environment variable the key was read from ("" if none).
	KeyEnv string
	// Key is the API key ("" when the provider needs none or none was found).
	Key string
	// NeedsKey is false for local servers (Ollama, vLLM at a --base-url).
	NeedsKey bool
}

type provider struct {
	api      API
	baseURL  string
	keyEnv   string
	needsKey bool
}

// providers are the model-string prefixes we know. Anything else with a
// --base-url is treated as an OpenAI-compatible server.
func providers() map[string]provider {
	return map[string]provider{
		"openai":       {OpenAIChat, "https://api.openai.com/v1", "OPENAI_API_KEY", true},
		"openrouter":   {OpenAIChat, "https://openrouter.ai/api/v1", "OPENROUTER_API_KEY", true},
		"anthropic":    {AnthropicMessages, "https://api.anthropic.com", "ANTHROPIC_API_KEY", true},
		"ollama":       {OpenAIChat, "http://localhost:11434/v1", "", false},
		"ollama_chat":  {OpenAIChat, "http://localhost:11434/v1", "", false},
		"vllm":         {OpenAIChat, "http://localhost:8000/v1", "", false},
		"hosted_vllm":  {OpenAIChat, "http://localhost:8000/v1", "", false},
		"litellm":      {OpenAIChat, "http://localhost:4000", "LITELLM_API_KEY", false},
		"groq":         {OpenAIChat, "https://api.groq.com/openai/v1", "GROQ_API_KEY", true},
		"deepseek":     {OpenAIChat, "https://api.deepseek.com/v1", "DEEPSEEK_API_KEY", true},
		"mistral":      {OpenAIChat, "https://api.mistral.ai/v1", "MISTRAL_API_KEY", true},
		"together_ai":  {OpenAIChat, "https://api.together.xyz/v1", "TOGETHER_API_KEY", true},
		"fireworks_ai": {OpenAIChat, "https://api.fireworks.ai/inference/v1", "FIREWORKS_API_KEY", true},
		"xai":          {OpenAIChat, "https://api.x.ai/v1", "XAI_API_KEY", true},
	}
}

// Resolve turns a model string (LiteLLM style, "provider/model") and an
// optional base URL into a Spec. getenv reads the environment (os.Getenv
// when nil). A model without a known prefix goes to OpenAI, or to the
// OpenAI-compatible server at baseURL when one is given; "claude-*" goes to
// Anthropic.
func Resolve(modelName, baseURL string, getenv func(string) string) (Spec, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	modelName = strings.TrimSpace(modelName)
	if modelName == "" {
		return Spec{}, fmt.Errorf("empty --model")
	}
	s := Spec{Model: modelName}
	prefix, rest := "", modelName
	if i := strings.IndexByte(modelName, '/'); i > 0 {
		prefix, rest = modelName[:i], modelName[i+1:]
	}
	p, known := providers()[prefix]
	switch {
	case known:
		s.Provider, s.APIModel = prefix, rest
	case strings.HasPrefix(modelName, "claude-"):
		p, s.Provider, s.APIModel = providers()["anthropic"], "anthropic", modelName
	case baseURL != "":
		p = provider{api: OpenAIChat, keyEnv: "", needsKey: false}
		s.Provider, s.APIModel = prefix, modelName
		if prefix != "" {
			p.keyEnv = envName(prefix)
		}
	default:
		p, s.Provider, s.APIModel = providers()["openai"], "openai", modelName
	}
	if s.APIModel == "" {
		return Spec{}, fmt.Errorf("model %q names a provider but no model", modelName)
	}
	s.API, s.BaseURL, s.NeedsKey = p.api, p.baseURL, p.needsKey
	if baseURL != "" {
		s.BaseURL = strings.TrimRight(baseURL, "/")
	}
	for _, env := range []string{p.keyEnv, "LITELLM_API_KEY"} {
		if env == "" {
			continue
		}
		if v := getenv(env); v != "" {
			s.KeyEnv, s.Key = env, v
			break
		}
	}
	if s.KeyEnv == "" {
		s.KeyEnv = p.keyEnv
	}
	return s, nil
}

func envName(prefix string) string {
	return strings.ToUpper(strings.ReplaceAll(prefix, "-", "_")) + "_API_KEY"
}

// KeyWarning is toolgauge's credentials hint: a warning when a provider
// that needs a key has none in the environment. The run is not refused.
func (s Spec) KeyWarning() string {
	if !s.NeedsKey || s.Key != "" {
		return ""
	}
	return fmt.Sprintf("no %s in the environment (nor LITELLM_API_KEY); calls to %s will probably be refused", s.KeyEnv, s.Provider)
}

// MissingKey reports whether the model needs an API key the environment
// does not hold: a provider that needs one, reached at its own endpoint (a
// --base-url elsewhere, such as a local proxy, may need none).
func (s Spec) MissingKey() bool {
	p, known := providers()[s.Provider]
	return s.NeedsKey && s.Key == "" && known && s.BaseURL == p.baseURL
}

// noKey is the backend of a model whose key is missing: every call fails
// at once, without a request, saying what to set. A run whose answers are
// all cached never calls it.
type noKey struct{ spec Spec }

func (b noKey) Complete(context.Context, eval.Request) (eval.Completion, error) {
	return eval.Completion{}, &eval.BackendError{Provider: b.spec.Provider, Msg: fmt.Sprintf(
		"no API key, so no request was sent: set %s (or LITELLM_API_KEY), or use a local OpenAI-compatible server with --base-url",
		b.spec.KeyEnv)}
}

// Options tune a backend.
type Options struct {
	// Timeout bounds one request (default 120 s).
	Timeout time.Duration
	// HTTPClient overrides the transport (tests).
	HTTPClient *http.Client
	// MaxTokens caps the reply (Anthropic requires it; default 1024).
	MaxTokens int
}

func (o Options) timeout() time.Duration {
	if o.Timeout <= 0 {
		return 120 * time.Second
	}
	return o.Timeout
}

// httpClient is the caller's client, or a pooled one that keeps enough
// idle connections for many concurrent calls to one provider (the Go
// default keeps two, which makes concurrent runs redial constantly).
func (o Options) httpClient() *http.Client {
	if o.HTTPClient != nil {
		return o.HTTPClient
	}
	tr, ok := http.DefaultTransport.(*http.Transport)
	if !ok {
		return &http.Client{}
	}
	tr = tr.Clone()
	tr.MaxIdleConnsPerHost = 64
	tr.ResponseHeaderTimeout = o.timeout()
	return &http.Client{Transport: tr}
}

// New builds the backend a Spec names. When the Spec's key is missing
// (MissingKey) the backend refuses every call at once, with a
// non-retryable BackendError naming the variable to set.
func New(s Spec, o Options) (eval.Backend, error) {
	if s.MissingKey() {
		return noKey{s}, nil
	}
	switch s.API {
	case OpenAIChat:
		return NewOpenAI(s, o), nil
	case AnthropicMessages:
		return NewAnthropic(s, o), nil
	}
	return nil, fmt.Errorf("unknown backend API %q", s.API)
}
