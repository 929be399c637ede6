package backend

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
)

// anthropicVersion is the Messages API version header every call sends.
const anthropicVersion = "2023-06-01"

// Anthropic is the Messages API backend.
type Anthropic struct {
	spec      Spec
	client    client
	maxTokens int
}

// NewAnthropic builds the backend. Only the Spec's key is sent (as
// x-api-key); no ambient environment configuration is read.
func NewAnthropic(s Spec, o Options) *Anthropic {
	h := http.Header{}
	h.Set("Anthropic-Version", anthropicVersion)
	if s.Key != "" {
		h.Set("X-Api-Key", s.Key)
	}
	base := s.BaseURL
	if base == "" {
		base = "https://api.anthropic.com"
	}
	mt := o.MaxTokens
	if mt <= 0 {
		mt = 1024
	}
	return &Anthropic{spec: s, client: client{http: o.httpClient(), timeout: o, url: endpoint(base, "v1/messages"), header: h}, maxTokens: mt}
}

type anText struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

type anMessage struct {
	Role    string   `json:"role"`
	Content []anText `json:"content"`
}

type anTool struct {
	Name        string         `json:"name"`
	Description string         `json:"description,omitempty"`
	InputSchema map[string]any `json:"input_schema"`
}

type anRequest struct {
	Model       string            `json:"model"`
	MaxTokens   int               `json:"max_tokens"`
	System      []anText          `json:"system,omitempty"`
	Messages    []anMessage       `json:"messages"`
	Tools       []anTool          `json:"tools,omitempty"`
	ToolChoice  map[string]string `json:"tool_choice,omitempty"`
	Temperature float64           `json:"temperature"`
}

type anReply struct {
	Content []struct {
		Type  string          `json:"type"`
		Text  string          `json:"text"`
		Name  string          `json:"name"`
		Input json.RawMessage `json:"input"`
	} `json:"content"`
	Usage struct {
		InputTokens  int `json:"input_tokens"`
		OutputTokens int `json:"output_tokens"`
	} `json:"usage"`
}

// Complete makes one Messages call at temperature 0 with tool_choice auto
// and reads the first tool_use block.
func (b *Anthropic) Complete(ctx context.Context, req eval.Request) (eval.Completion, error) {
	params := anRequest{Model: b.spec.APIModel, MaxTokens: b.maxTokens, Messages: []anMessage{}}
	for _, m := range req.Messages {
		if m.Role == "system" {
			params.System = append(params.System, anText{Type: "text", Text: m.Content})
			continue
		}
		params.Messages = append(params.Messages, anMessage{Role: "user", Content: []anText{{Type: "text", Text: m.Content}}})
	}
	if req.Tools != nil {
		for _, t := range req.Tools {
			params.Tools = append(params.Tools, anTool{Name: t.Name, Description: t.Description, InputSchema: inputSchema(plainJSON(t.Parameters))})
		}
		params.ToolChoice = map[string]string{"type": "auto"}
	}
	var msg anReply
	if err := b.client.post(ctx, params, &msg); err != nil {
		return eval.Completion{}, classify(ctx, b.spec, err)
	}
	out := eval.Completion{PromptTokens: msg.Usage.InputTokens, CompletionTokens: msg.Usage.OutputTokens, Arguments: map[string]any{}}
	var text []string
	for _, block := range msg.Content {
		switch block.Type {
		case "text":
			text = append(text, block.Text)
		case "tool_use":
			if !out.Called && block.Name != "" {
				out.Called, out.Tool = true, block.Name
				out.RawArguments = string(block.Input)
				out.Arguments = ParseArguments(string(block.Input))
			}
		}
	}
	out.Text = strings.Join(text, "")
	return out, nil
}

// inputSchema passes a tool's schema through unchanged, except that its
// type is always "object", properties default to {} and a required list
// keeps only its strings (what the Messages API accepts).
func inputSchema(schema map[string]any) map[string]any {
	p := make(map[string]any, len(schema)+2)
	for k, v := range schema {
		p[k] = v
	}
	p["type"] = "object"
	if p["properties"] == nil {
		p["properties"] = map[string]any{}
	}
	if list, ok := p["required"].([]any); ok {
		req := []string{}
		for _, x := range list {
			if s, ok := x.(string); ok {
				req = append(req, s)
			}
		}
		p["required"] = req
	}
	return p
}
