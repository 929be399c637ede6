package backend

import (
	"context"
	"net/http"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
)

// Anthropic is the Messages API backend.
type Anthropic struct {
	spec      Spec
	client    anthropic.Client
	maxTokens int64
}

// NewAnthropic builds the backend. The SDK's retries are off and no
// ambient environment configuration is read.
func NewAnthropic(s Spec, o Options) *Anthropic {
	key := s.Key
	opts := []option.RequestOption{
		option.WithoutEnvironmentDefaults(),
		option.WithMaxRetries(0),
		option.WithRequestTimeout(o.timeout()),
		option.WithAPIKey(key),
		option.WithMiddleware(func(req *http.Request, next option.MiddlewareNext) (*http.Response, error) {
			req.Header.Del("Authorization")
			if key == "" {
				req.Header.Del("X-Api-Key")
			} else {
				req.Header.Set("X-Api-Key", key)
			}
			return next(req)
		}),
	}
	base := s.BaseURL
	if base == "" {
		base = "https://api.anthropic.com"
	}
	opts = append(opts, option.WithBaseURL(strings.TrimRight(base, "/")+"/"))
	opts = append(opts, option.WithHTTPClient(o.httpClient()))
	mt := int64(o.MaxTokens)
	if mt <= 0 {
		mt = 1024
	}
	return &Anthropic{spec: s, client: anthropic.NewClient(opts...), maxTokens: mt}
}

// Complete makes one Messages call at temperature 0 with tool_choice auto
// and reads the first tool_use block.
func (b *Anthropic) Complete(ctx context.Context, req eval.Request) (eval.Completion, error) {
	params := anthropic.MessageNewParams{
		Model:     anthropic.Model(b.spec.APIModel),
		MaxTokens: b.maxTokens,
	}
	for _, m := range req.Messages {
		if m.Role == "system" {
			params.System = append(params.System, anthropic.TextBlockParam{Text: m.Content})
			continue
		}
		params.Messages = append(params.Messages, anthropic.NewUserMessage(anthropic.NewTextBlock(m.Content)))
	}
	if req.Tools != nil {
		for _, t := range req.Tools {
			tp := &anthropic.ToolParam{Name: t.Name, InputSchema: inputSchema(plainJSON(t.Parameters))}
			if t.Description != "" {
				tp.Description = anthropic.String(t.Description)
			}
			params.Tools = append(params.Tools, anthropic.ToolUnionParam{OfTool: tp})
		}
		params.ToolChoice = anthropic.ToolChoiceUnionParam{OfAuto: &anthropic.ToolChoiceAutoParam{}}
	}
	msg, err := b.client.Messages.New(ctx, params, option.WithJSONSet("temperature", 0))
	if err != nil {
		return eval.Completion{}, classify(ctx, b.spec.Provider, b.spec.Key, err)
	}
	out := eval.Completion{PromptTokens: int(msg.Usage.InputTokens), CompletionTokens: int(msg.Usage.OutputTokens), Arguments: map[string]any{}}
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

// inputSchema passes a tool's schema through unchanged: properties and
// required in their fields, every other key as an extra field.
func inputSchema(schema map[string]any) anthropic.ToolInputSchemaParam {
	p := anthropic.ToolInputSchemaParam{ExtraFields: map[string]any{}}
	for k, v := range schema {
		switch k {
		case "type":
			// always "object" for a tool input schema
		case "properties":
			p.Properties = v
		case "required":
			if list, ok := v.([]any); ok {
				for _, x := range list {
					if s, ok := x.(string); ok {
						p.Required = append(p.Required, s)
					}
				}
			} else {
				p.ExtraFields[k] = v
			}
		default:
			p.ExtraFields[k] = v
		}
	}
	if p.Properties == nil {
		p.Properties = map[string]any{}
	}
	return p
}
