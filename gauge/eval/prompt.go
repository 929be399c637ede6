package eval

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// SystemPrompt is toolgauge's system message for selection calls, verbatim.
const SystemPrompt = "You are an assistant with access to the tools listed below. When one of them fits the user's request, call it. When none of them fits, answer in plain text and call nothing. Never guess at a tool that is only approximately right."

// serverSuffix introduces the server's instructions in the system message.
const serverSuffix = "\n\nAbout this server:\n"

// SystemMessage is SystemPrompt plus, when the server sent non-empty
// instructions, "\n\nAbout this server:\n" and the instructions exactly as sent.
func SystemMessage(instructions string) string {
	if instructions == "" {
		return SystemPrompt
	}
	return SystemPrompt + serverSuffix + instructions
}

// SelectionMessages is the exact message list sent for one case.
func SelectionMessages(instructions, prompt string) []Message {
	return []Message{{Role: "system", Content: SystemMessage(instructions)}, {Role: "user", Content: prompt}}
}

// ToolDefs are the server's tools as offered to the model, in server order
// and unedited: the description as toolgauge sends it (cleandoc-normalised,
// "" when none), the input schema as sent or an empty object schema.
func ToolDefs(tools []model.Tool) []ToolDef {
	out := make([]ToolDef, len(tools))
	for i := range tools {
		t := &tools[i]
		params := t.InputSchema
		if !t.HasInputSchema || params == nil {
			params = map[string]any{"type": "object", "properties": map[string]any{}}
		}
		out[i] = ToolDef{Name: t.Name, Description: t.Description, Parameters: params}
	}
	return out
}

// CacheKey is toolgauge's cache key: the first 32 hex characters of
// sha256 of the compact, sorted-key, ASCII-escaped JSON of
// {"messages": messages, "model": model, "tools": toolDigest}.
func CacheKey(modelName string, messages []Message, toolDigest string) string {
	msgs := make([]any, len(messages))
	for i, m := range messages {
		msgs[i] = map[string]any{"content": m.Content, "role": m.Role}
	}
	payload := map[string]any{"messages": msgs, "model": modelName, "tools": toolDigest}
	sum := sha256.Sum256(model.MustCanonical(payload, model.Compact))
	return hex.EncodeToString(sum[:])[:32]
}
