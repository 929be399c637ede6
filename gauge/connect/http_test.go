package connect

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// sdkServer builds a go-sdk server with three tools, a resource and a
// prompt; versions restricts the revisions it speaks (nil = all).
func sdkServer(versions []string) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "http-test", Version: "2.0.0"},
		&mcp.ServerOptions{Instructions: "HTTP instructions.", SupportedProtocolVersions: versions})
	type in struct {
		Q string `json:"q" jsonschema:"the query"`
	}
	for _, name := range []string{"one", "two", "three"} {
		mcp.AddTool(s, &mcp.Tool{Name: name, Description: "Tool " + name + "."},
			func(ctx context.Context, req *mcp.CallToolRequest, args in) (*mcp.CallToolResult, any, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ran"}}}, nil, nil
			})
	}
	s.AddResource(&mcp.Resource{URI: "test://readme", Name: "readme", MIMEType: "text/plain"},
		func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: "test://readme", Text: "hi"}}}, nil
		})
	s.AddPrompt(&mcp.Prompt{Name: "greet", Description: "Greets.", Arguments: []*mcp.PromptArgument{{Name: "who", Required: true}}},
		func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "hi"}}}}, nil
		})
	return s
}

// recorder keeps what a test server saw: request method, JSON-RPC method,
// and selected headers.
type recorder struct {
	mu   sync.Mutex
	seen []seenRequest
}

type seenRequest struct {
	httpMethod, rpcMethod, auth, version string
}

func (r *recorder) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		var rpc struct {
			Method string `json:"method"`
		}
		if req.Body != nil {
			b, _ := io.ReadAll(req.Body)
			_ = json.Unmarshal(b, &rpc)
			req.Body = io.NopCloser(bytes.NewReader(b))
		}
		r.mu.Lock()
		r.seen = append(r.seen, seenRequest{req.Method, rpc.Method, req.Header.Get("Authorization"), req.Header.Get("Mcp-Protocol-Version")})
		r.mu.Unlock()
		h.ServeHTTP(w, req)
	})
}

func (r *recorder) requests() []seenRequest {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]seenRequest(nil), r.seen...)
}

func TestDialStreamableHTTP(t *testing.T) {
	cases := []struct {
		name        string
		versions    []string
		stateless   bool
		force       string
		wantEra     model.Era
		wantVersion string
	}{
		{"auto on a stateless handler", nil, true, "", model.EraStateless, StatelessVersion},
		{"auto on a stateful handler (legacy only)", nil, false, "", model.EraHandshake, "2025-11-25"},
		{"auto on a legacy-version server", []string{"2025-11-25", "2025-06-18"}, true, "", model.EraHandshake, "2025-11-25"},
		{"forced 2025-06-18", nil, false, "2025-06-18", model.EraHandshake, "2025-06-18"},
		{"forced 2026-07-28", nil, true, StatelessVersion, model.EraStateless, StatelessVersion},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := sdkServer(c.versions)
			rec := &recorder{}
			ts := httptest.NewServer(rec.wrap(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv },
				&mcp.StreamableHTTPOptions{Stateless: c.stateless})))
			defer ts.Close()
			tg, err := Resolve(ts.URL, ResolveOptions{Headers: map[string]string{"Authorization": "Bearer secret-1"}})
			if err != nil {
				t.Fatal(err)
			}
			o := testOpts()
			o.ProtocolVersion = c.force
			s := dialOK(t, tg, o)
			if s.Transport != HTTPStreamable || s.Era != c.wantEra || s.ProtocolVersion != c.wantVersion {
				t.Fatalf("transport %q era %q version %q", s.Transport, s.Era, s.ProtocolVersion)
			}
			snap := snapshotOK(t, s)
			if got := strings.Join(toolNames(snap), ","); got != "one,three,two" && got != "one,two,three" {
				t.Errorf("tools = %s", got)
			}
			if len(snap.Resources) != 1 || len(snap.Prompts) != 1 || snap.Server.Name != "http-test" || snap.Server.Instructions != "HTTP instructions." {
				t.Errorf("snapshot = %+v", snap)
			}
			if len(snap.Issues) != 0 {
				t.Errorf("issues = %+v", snap.Issues)
			}
			for _, r := range rec.requests() {
				if r.auth != "Bearer secret-1" {
					t.Errorf("%s %s without the Authorization header", r.httpMethod, r.rpcMethod)
				}
				if r.rpcMethod == "tools/list" && r.version != c.wantVersion {
					t.Errorf("tools/list carried MCP-Protocol-Version %q, want %q", r.version, c.wantVersion)
				}
				if r.rpcMethod == "initialize" && c.wantEra == model.EraStateless {
					t.Errorf("a stateless session sent initialize")
				}
				if r.rpcMethod == "tools/call" {
					t.Errorf("snapshot called a tool")
				}
			}
		})
	}
}

func TestDialSSE(t *testing.T) {
	srv := sdkServer(nil)
	rec := &recorder{}
	ts := httptest.NewServer(rec.wrap(mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return srv }, nil)))
	defer ts.Close()
	for _, kind := range []string{HTTPAuto, HTTPSSE} {
		t.Run("kind="+kind, func(t *testing.T) {
			tg := &Target{Transport: TransportHTTP, URL: ts.URL, HTTPKind: kind, Display: ts.URL, Headers: map[string]string{"Authorization": "Bearer sse"}}
			s := dialOK(t, tg, testOpts())
			if s.Transport != HTTPSSE || s.Era != model.EraHandshake {
				t.Fatalf("transport %q era %q", s.Transport, s.Era)
			}
			snap, err := s.Snapshot(context.Background())
			if err != nil || len(snap.Tools) != 3 {
				t.Fatalf("snapshot: %v %+v", err, snap)
			}
		})
	}
	for _, r := range rec.requests() {
		if r.auth != "Bearer sse" {
			t.Errorf("%s %s without the Authorization header", r.httpMethod, r.rpcMethod)
		}
	}
}

func TestDialHTTPFailures(t *testing.T) {
	t.Run("streamable only does not fall back", func(t *testing.T) {
		srv := sdkServer(nil)
		ts := httptest.NewServer(mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return srv }, nil))
		defer ts.Close()
		tg := &Target{Transport: TransportHTTP, URL: ts.URL, HTTPKind: HTTPStreamable, Display: ts.URL}
		_, err := Dial(context.Background(), tg, testOpts())
		if !errors.Is(err, ErrConnect) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("forced 2026-07-28 on a legacy-only server", func(t *testing.T) {
		srv := sdkServer(nil)
		rec := &recorder{}
		ts := httptest.NewServer(rec.wrap(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)))
		defer ts.Close()
		tg := &Target{Transport: TransportHTTP, URL: ts.URL, HTTPKind: HTTPStreamable, Display: ts.URL}
		o := testOpts()
		o.ProtocolVersion = StatelessVersion
		_, err := Dial(context.Background(), tg, o)
		if !errors.Is(err, ErrConnect) || !strings.Contains(err.Error(), "does not support protocol 2026-07-28") {
			t.Fatalf("err = %v", err)
		}
		for _, r := range rec.requests() {
			if r.rpcMethod == "initialize" {
				t.Errorf("forced stateless mode sent initialize")
			}
		}
	})
	t.Run("404 everywhere", func(t *testing.T) {
		ts := httptest.NewServer(http.NotFoundHandler())
		defer ts.Close()
		tg := &Target{Transport: TransportHTTP, URL: ts.URL, Display: ts.URL}
		_, err := Dial(context.Background(), tg, testOpts())
		if !errors.Is(err, ErrConnect) || !strings.Contains(err.Error(), "Streamable HTTP refused (HTTP 404) and the SSE fallback failed too") {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("server that never answers", func(t *testing.T) {
		block := make(chan struct{})
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-block:
			case <-r.Context().Done():
			}
		}))
		defer ts.Close()
		defer close(block)
		tg := &Target{Transport: TransportHTTP, URL: ts.URL, Display: ts.URL}
		o := Options{Timeout: 1500 * 1e6}
		_, err := Dial(context.Background(), tg, o)
		if !errors.Is(err, ErrConnect) || !strings.Contains(err.Error(), "no answer to initialize within 1.5s") {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("connection refused", func(t *testing.T) {
		ts := httptest.NewServer(http.NotFoundHandler())
		url := ts.URL
		ts.Close()
		_, err := Dial(context.Background(), &Target{Transport: TransportHTTP, URL: url, Display: url}, testOpts())
		if !errors.Is(err, ErrConnect) || !strings.Contains(err.Error(), "connection refused") {
			t.Fatalf("err = %v", err)
		}
	})
}
