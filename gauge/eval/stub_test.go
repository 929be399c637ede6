package eval_test

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// chatReplyHandler answers OpenAI chat-completions requests with reply(user
// message) as plain assistant text, in the documented wire shape.
func chatReplyHandler(reply func(user string) string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var req struct {
			Messages []struct{ Role, Content string } `json:"messages"`
		}
		_ = json.Unmarshal(body, &req)
		user := ""
		for _, m := range req.Messages {
			if m.Role == "user" {
				user = m.Content
			}
		}
		resp := map[string]any{
			"id": "chatcmpl-x", "object": "chat.completion", "created": 1700000000, "model": "m",
			"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": reply(user)}, "finish_reason": "stop"}},
			"usage":   map[string]any{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(model.MustCanonical(resp, model.Compact))
	})
}
