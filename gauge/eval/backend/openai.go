package backend

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// OpenAI is the chat-completions backend (any OpenAI-compatible server).
type OpenAI struct {
	spec   Spec
	client client
}

// NewOpenAI builds the backend. Only the Spec's key is ever sent (as a
// bearer token); no ambient OpenAI organisation/project header is read,
// so none reaches another provider.
func NewOpenAI(s Spec, o Options) *OpenAI {
	h := http.Header{}
	if s.Key != "" {
		h.Set("Authorization", "Bearer "+s.Key)
	}
	base := s.BaseURL
	if base == "" {
		base = "https://api.openai.com/v1"
	}
	return &OpenAI{spec: s, client: client{http: o.httpClient(), timeout: o, url: endpoint(base, "chat/completions"), header: h}}
}

type oaMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type oaFunction struct {
	Name        string         `json:"name"`
	Description string         `json:"description"`
	Parameters  map[string]any `json:"parameters"`
}

type oaTool struct {
	Type     string     `json:"type"`
	Function oaFunction `json:"function"`
}

type oaRequest struct {
	Model       string      `json:"model"`
	Messages    []oaMessage `json:"messages"`
	Temperature float64     `json:"temperature"`
	Tools       []oaTool    `json:"tools,omitempty"`
	ToolChoice  string      `json:"tool_choice,omitempty"`
}

type oaReply struct {
	Choices []struct {
		Message struct {
			Content   *string `json:"content"`
			ToolCalls []struct {
				Function struct {
					Name      string `json:"name"`
					Arguments string `json:"arguments"`
				} `json:"function"`
			} `json:"tool_calls"`
		} `json:"message"`
	} `json:"choices"`
	Usage struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
	} `json:"usage"`
}

// Complete makes one chat-completions call at temperature 0 with
// tool_choice "auto" and reads the first tool call.
func (b *OpenAI) Complete(ctx context.Context, req eval.Request) (eval.Completion, error) {
	params := oaRequest{Model: b.spec.APIModel}
	for _, m := range req.Messages {
		role := "user"
		if m.Role == "system" {
			role = "system"
		}
		params.Messages = append(params.Messages, oaMessage{Role: role, Content: m.Content})
	}
	if req.Tools != nil {
		for _, t := range req.Tools {
			params.Tools = append(params.Tools, oaTool{Type: "function", Function: oaFunction{
				Name: t.Name, Description: t.Description, Parameters: plainJSON(t.Parameters),
			}})
		}
		params.ToolChoice = "auto"
	}
	var resp oaReply
	if err := b.client.post(ctx, params, &resp); err != nil {
		return eval.Completion{}, classify(ctx, b.spec, err)
	}
	out := eval.Completion{PromptTokens: resp.Usage.PromptTokens, CompletionTokens: resp.Usage.CompletionTokens, Arguments: map[string]any{}}
	if len(resp.Choices) == 0 {
		return out, nil
	}
	msg := resp.Choices[0].Message
	if msg.Content != nil {
		out.Text = *msg.Content
	}
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
// marshals to the same number text, so a number is never written as a
// string whatever encoder runs. Nothing else changes.
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
