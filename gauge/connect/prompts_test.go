package connect

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestPromptsGetSendsArguments: prompts/get always carries an "arguments"
// object, as quality-gate's client sends it; a server that refuses a
// request without one (git-mcp-server's git_wrapup does) answers.
func TestPromptsGetSendsArguments(t *testing.T) {
	t.Parallel()
	srv := mcp.NewServer(&mcp.Implementation{Name: "strict-prompts", Version: "1.0.0"}, nil)
	srv.AddPrompt(&mcp.Prompt{Name: "wrapup", Description: "Wrap up the session."},
		func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			if req.Params.Arguments == nil { // the key was missing, not merely empty
				return nil, errors.New("invalid params: arguments is required")
			}
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "wrap up"}}}}, nil
		})
	ts := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil))
	defer ts.Close()
	s, err := Dial(context.Background(), &Target{Transport: TransportHTTP, URL: ts.URL, HTTPKind: HTTPStreamable, Display: ts.URL}, testOpts())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	out, err := s.Client.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: "wrapup"})
	if err != nil {
		t.Fatalf("prompts/get without arguments was sent without the key: %v", err)
	}
	if len(out.Messages) != 1 {
		t.Fatalf("messages %d", len(out.Messages))
	}
	// Given arguments are kept as they are.
	if _, err := s.Client.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: "wrapup", Arguments: map[string]string{"a": "b"}}); err != nil {
		t.Fatal(err)
	}
	if got := string(withArguments([]byte(`{"name":"x","arguments":{"a":"b"}}`))); got != `{"name":"x","arguments":{"a":"b"}}` {
		t.Errorf("existing arguments rewritten: %s", got)
	}
	if got := string(withArguments([]byte(`"odd"`))); got != `"odd"` {
		t.Errorf("non-object params rewritten: %s", got)
	}
}
