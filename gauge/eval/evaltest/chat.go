package evaltest

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// WriteChatCompletion writes one answer in the OpenAI chat-completions wire
// shape: message is the assistant message, finish its finish_reason, and
// the usage block carries the two token counts.
func WriteChatCompletion(w http.ResponseWriter, modelName string, message map[string]any, finish string, promptTokens, completionTokens int) {
	resp := map[string]any{
		"id": "chatcmpl-evaltest", "object": "chat.completion", "created": 1700000000, "model": modelName,
		"choices": []any{map[string]any{"index": 0, "message": message, "finish_reason": finish}},
		"usage":   map[string]any{"prompt_tokens": promptTokens, "completion_tokens": completionTokens, "total_tokens": promptTokens + completionTokens},
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(model.MustCanonical(resp, model.Compact))
}

// TextReplies is a chat-completions handler that answers every request
// with reply(the last user message) as plain assistant text (drafting
// calls). A body that is not a chat request gets HTTP 400.
func TextReplies(reply func(user string) string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		var req struct {
			Messages []struct{ Role, Content string } `json:"messages"`
		}
		if err == nil {
			err = json.Unmarshal(body, &req)
		}
		if err != nil {
			http.Error(w, `{"error":{"message":"bad request body"}}`, http.StatusBadRequest)
			return
		}
		user := ""
		for _, m := range req.Messages {
			if m.Role == "user" {
				user = m.Content
			}
		}
		WriteChatCompletion(w, "m", map[string]any{"role": "assistant", "content": reply(user)}, "stop", 10, 5)
	})
}
