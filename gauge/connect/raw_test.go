package connect

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// probe runs the same compliance-style probes over any raw session.
// The go-sdk HTTP handlers refuse unknown methods with a plain HTTP 400
// instead of -32601; unknown400 says to expect that.
func probe(t *testing.T, r *RawSession, unknown400 bool) {
	t.Helper()
	ctx := context.Background()
	res, rpcErr, err := r.Call(ctx, "initialize", map[string]any{
		"protocolVersion": "1900-01-01",
		"capabilities":    map[string]any{},
		"clientInfo":      map[string]any{"name": "probe", "version": "0"},
	})
	if err != nil || rpcErr != nil {
		t.Fatalf("initialize: %v %v", err, rpcErr)
	}
	var init struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if err := json.Unmarshal(res, &init); err != nil || init.ProtocolVersion == "" || init.ProtocolVersion == "1900-01-01" {
		t.Fatalf("a bogus version must get another version back, got %s (%v)", res, err)
	}
	r.SetProtocolVersion(init.ProtocolVersion)
	if err := r.Notify(ctx, "notifications/initialized", nil); err != nil {
		t.Fatalf("initialized: %v", err)
	}
	_, rpcErr, err = r.Call(ctx, "bogus/undeclared", json.RawMessage(`{}`))
	switch {
	case unknown400:
		if err == nil || !strings.Contains(err.Error(), "400") {
			t.Errorf("undeclared method over go-sdk HTTP: err %v, rpc error %+v; want HTTP 400", err, rpcErr)
		}
	case err != nil || rpcErr == nil || rpcErr.Code != -32601:
		t.Errorf("undeclared method: err %v, rpc error %+v; want -32601", err, rpcErr)
	}
	res, rpcErr, err = r.Call(ctx, "tools/list", nil)
	if err != nil || rpcErr != nil {
		t.Fatalf("tools/list: %v %v", err, rpcErr)
	}
	var tl struct {
		Tools []json.RawMessage `json:"tools"`
	}
	if json.Unmarshal(res, &tl) != nil || len(tl.Tools) == 0 {
		t.Errorf("tools/list result %s", res)
	}
}

func TestRawStdio(t *testing.T) {
	tg, pidFile := selfTarget(t, "legacy", nil)
	killGroupOnCleanup(t, pidFile)
	r, err := DialRaw(context.Background(), tg, testOpts())
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	probe(t, r, false)
	_, rpcErr, err := r.Call(context.Background(), "tools/list", map[string]any{"cursor": "garbage!"})
	if err != nil || rpcErr == nil || rpcErr.Code != -32602 {
		t.Errorf("garbage cursor: %v %+v", err, rpcErr)
	}
	res, rpcErr, err := r.CallID(context.Background(), "req-α", "tools/list", nil)
	if err != nil || rpcErr != nil || !strings.Contains(string(res), "tool_a") {
		t.Errorf("string ID: %s %v %v", res, rpcErr, err)
	}
	if _, _, err := r.CallID(context.Background(), 1.5, "tools/list", nil); err == nil {
		t.Errorf("a non-integral ID was accepted")
	}
	perr, err := r.SendLine(context.Background(), []byte(`{"jsonrpc":"2.0","id":9,"method":`), 5*time.Second)
	if err != nil || perr == nil || perr.Code != -32700 {
		t.Errorf("malformed JSON: %+v %v; want -32700", perr, err)
	}
	if _, err := r.SendLine(context.Background(), []byte("a\nb"), time.Second); err == nil {
		t.Errorf("a line with a newline was sent")
	}
	if r.NoiseCount() != 0 {
		t.Errorf("a null-id error counted as noise: %q", r.Noise())
	}
	pgid := r.PGID()
	_ = r.Close()
	assertGroupGone(t, pgid)
	if !strings.Contains(r.Stderr(), "GOT bogus/undeclared") {
		t.Errorf("stderr = %q", r.Stderr())
	}
}

func TestRawStdioHang(t *testing.T) {
	tg, pidFile := selfTarget(t, "legacy", map[string]string{envHang: "1"})
	killGroupOnCleanup(t, pidFile)
	r, err := DialRaw(context.Background(), tg, Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	_, _, err = r.Call(context.Background(), "initialize", map[string]any{"protocolVersion": "2025-11-25"})
	if err == nil || !strings.Contains(err.Error(), "no answer to initialize within 1s") {
		t.Fatalf("err = %v", err)
	}
}

func TestRawStdioCrash(t *testing.T) {
	tg, pidFile := selfTarget(t, "legacy", map[string]string{envTools: "crash"})
	killGroupOnCleanup(t, pidFile)
	r, err := DialRaw(context.Background(), tg, testOpts())
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, _, err := r.Call(context.Background(), "tools/list", nil); err != nil {
		t.Fatal(err)
	}
	_, _, err = r.Call(context.Background(), "tools/list", map[string]any{"cursor": "2"})
	if err == nil || !strings.Contains(err.Error(), "server exited (exit status 2)") || !strings.Contains(err.Error(), "panic: boom on page 2") {
		t.Fatalf("err = %v", err)
	}
}

func TestRawHTTP(t *testing.T) {
	srv := sdkServer(nil)
	t.Run("streamable", func(t *testing.T) {
		ts := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil))
		defer ts.Close()
		r, err := DialRaw(context.Background(), &Target{Transport: TransportHTTP, URL: ts.URL, Display: ts.URL}, testOpts())
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		probe(t, r, true)
		if r.HTTPSessionID() == "" {
			t.Errorf("no Mcp-Session-Id kept")
		}
		if r.LastHTTPStatus() != http.StatusOK {
			t.Errorf("last status %d", r.LastHTTPStatus())
		}
		perr, err := r.SendLine(context.Background(), []byte(`{"jsonrpc":`), time.Second)
		if err != nil || r.LastHTTPStatus() != http.StatusBadRequest {
			t.Errorf("malformed body: %+v %v, status %d", perr, err, r.LastHTTPStatus())
		}
	})
	t.Run("sse", func(t *testing.T) {
		ts := httptest.NewServer(mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return srv }, nil))
		defer ts.Close()
		r, err := DialRaw(context.Background(), &Target{Transport: TransportHTTP, HTTPKind: HTTPSSE, URL: ts.URL, Display: ts.URL}, testOpts())
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		probe(t, r, true)
	})
	t.Run("http error status", func(t *testing.T) {
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "go away", http.StatusForbidden)
		}))
		defer ts.Close()
		r, err := DialRaw(context.Background(), &Target{Transport: TransportHTTP, URL: ts.URL, Display: ts.URL}, testOpts())
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		_, _, err = r.Call(context.Background(), "initialize", nil)
		if err == nil || !strings.Contains(err.Error(), "HTTP 403: go away") || r.LastHTTPStatus() != 403 {
			t.Fatalf("err = %v, status %d", err, r.LastHTTPStatus())
		}
	})
}
