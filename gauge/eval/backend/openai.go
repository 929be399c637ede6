package backend

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// OpenAI is the chat-completions backend (any OpenAI-compatible server).
type OpenAI struct {
	spec   Spec
	client openai.Client
}

// NewOpenAI builds the backend. Only the Spec's key is ever sent: ambient
// OpenAI organisation/project headers are stripped so they never reach
// another provider.
func NewOpenAI(s Spec, o Options) *OpenAI {
	key := s.Key
	opts := []option.RequestOption{
		option.WithMaxRetries(0),
		option.WithRequestTimeout(o.timeout()),
		option.WithAPIKey(key),
		option.WithMiddleware(func(req *http.Request, next option.MiddlewareNext) (*http.Response, error) {
			req.Header.Del("OpenAI-Organization")
			req.Header.Del("OpenAI-Project")
			if key == "" {
				req.Header.Del("Authorization")
			} else {
				req.Header.Set("Authorization", "Bearer "+key)
			}
			return next(req)
		}),
	}
	if s.BaseURL != "" {
		opts = append(opts, option.WithBaseURL(strings.TrimRight(s.BaseURL, "/")+"/"))
	}
	opts = append(opts, option.WithHTTPClient(o.httpClient()))
	return &OpenAI{spec: s, client: openai.NewClient(opts...)}
}

// Complete makes one chat-completions call at temperature 0 with
// tool_choice "auto" and reads the first tool call.
func (b *OpenAI) Complete(ctx context.Context, req eval.Request) (eval.Completion, error) {
	params := openai.ChatCompletionNewParams{
		Model:       shared.ChatModel(b.spec.APIModel),
		Temperature: openai.Float(0),
	}
	for _, m := range req.Messages {
		switch m.Role {
		case "system":
			params.Messages = append(params.Messages, openai.SystemMessage(m.Content))
		default:
			params.Messages = append(params.Messages, openai.UserMessage(m.Content))
		}
	}
	if req.Tools != nil {
		for _, t := range req.Tools {
			params.Tools = append(params.Tools, openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{
				Name:        t.Name,
				Description: openai.String(t.Description),
				Parameters:  shared.FunctionParameters(plainJSON(t.Parameters)),
			}))
		}
		params.ToolChoice = openai.ChatCompletionToolChoiceOptionUnionParam{OfAuto: openai.String("auto")}
	}
	resp, err := b.client.Chat.Completions.New(ctx, params)
	if err != nil {
		return eval.Completion{}, classify(ctx, b.spec.Provider, b.spec.Key, err)
	}
	out := eval.Completion{PromptTokens: int(resp.Usage.PromptTokens), CompletionTokens: int(resp.Usage.CompletionTokens), Arguments: map[string]any{}}
	if len(resp.Choices) == 0 {
		return out, nil
	}
	msg := resp.Choices[0].Message
	out.Text = msg.Content
	if len(msg.ToolCalls) > 0 && msg.ToolCalls[0].Function.Name != "" {
		call := msg.ToolCalls[0]
		out.Called, out.Tool = true, call.Function.Name
		out.RawArguments = call.Function.Arguments
		out.Arguments = ParseArguments(call.Function.Arguments)
	}
	return out, nil
}

// ParseArguments reads tool-call argument text: a JSON object is used as
// is (numbers kept as json.Number); anything else becomes {}.
func ParseArguments(text string) map[string]any {
	v, err := model.DecodeJSON([]byte(text))
	if err != nil {
		return map[string]any{}
	}
	if m, ok := v.(map[string]any); ok {
		return m
	}
	return map[string]any{}
}

// plainJSON copies a schema, replacing each json.Number with a value that
// marshals to the same number text: the SDK encoders would otherwise write
// json.Number as a string. Nothing else changes.
func plainJSON(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{"type": "object", "properties": map[string]any{}}
	}
	out, _ := plainValue(m).(map[string]any)
	return out
}

func plainValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = plainValue(e)
		}
		return m
	case []any:
		l := make([]any, len(x))
		for i, e := range x {
			l[i] = plainValue(e)
		}
		return l
	case json.Number:
		return rawNumber(x)
	default:
		return v
	}
}

// rawNumber marshals as its own text.
type rawNumber string

// MarshalJSON writes the number text unchanged.
func (n rawNumber) MarshalJSON() ([]byte, error) { return []byte(n), nil }
