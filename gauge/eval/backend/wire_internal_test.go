package backend

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestReplyOverTheCapIsRefused: a reply longer than maxReply is an error
// that says so, not a truncated body that fails to decode.
func TestReplyOverTheCapIsRefused(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"x":"`))
		_, _ = w.Write([]byte(strings.Repeat("a", maxReply)))
		_, _ = w.Write([]byte(`"}`))
	}))
	defer srv.Close()
	c := &client{http: srv.Client(), url: srv.URL}
	var out map[string]any
	err := c.post(context.Background(), map[string]any{}, &out)
	if err == nil || !strings.Contains(err.Error(), "longer than 32 MiB") {
		t.Fatalf("post of a %d-byte reply: %v, want it refused as too long", maxReply+8, err)
	}
}
