package scan

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
)

// hugeBytes is how much an oversized fixture response offers: far past
// connect.DefaultMaxStdoutLine (8 MiB), like the 500 MB stdout line of the
// stdio tests. The client stops reading at the cap.
const hugeBytes = 600 << 20

// writeEndless writes prefix, then chunk again and again until the client
// stops reading or hugeBytes are written.
func writeEndless(w http.ResponseWriter, prefix, chunk string) {
	f, _ := w.(http.Flusher)
	if _, err := io.WriteString(w, prefix); err != nil {
		return
	}
	buf := []byte(strings.Repeat(chunk, (64<<10)/len(chunk)))
	for n := 0; n < hugeBytes; n += len(buf) {
		if _, err := w.Write(buf); err != nil {
			return
		}
		if f != nil {
			f.Flush()
		}
	}
}

// rpcOf reads a JSON-RPC request's id and method, restoring the body.
func rpcOf(r *http.Request) (id json.RawMessage, method string) {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	b, _ := io.ReadAll(r.Body)
	_ = json.Unmarshal(b, &m)
	r.Body = io.NopCloser(bytes.NewReader(b))
	return m.ID, m.Method
}

// streamableWithHugeList is a go-sdk Streamable HTTP server whose
// tools/list answer is replaced by huge (every other request is the SDK's).
func streamableWithHugeList(t *testing.T, huge func(w http.ResponseWriter, id json.RawMessage)) *httptest.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "huge-http", Version: "1.0.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "echo", Description: "Echoes its input."},
		func(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{}, nil, nil
		})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			if id, method := rpcOf(r); method == "tools/list" {
				huge(w, id)
				return
			}
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// legacySSEWithEndlessEvent is a legacy HTTP+SSE server (2024-11-05) that
// answers initialize on its event stream and answers tools/list with one
// event that never ends.
func legacySSEWithEndlessEvent(t *testing.T) *httptest.Server {
	msgs := make(chan string, 16)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /sse", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		f := w.(http.Flusher)
		fmt.Fprint(w, "event: endpoint\ndata: /msg\n\n")
		f.Flush()
		for {
			select {
			case m := <-msgs:
				if m == "" {
					writeEndless(w, "event: message\ndata: ", strings.Repeat("x", 1023)+"\ndata: ")
					return
				}
				fmt.Fprintf(w, "event: message\ndata: %s\n\n", m)
				f.Flush()
			case <-r.Context().Done():
				return
			}
		}
	})
	mux.HandleFunc("POST /msg", func(w http.ResponseWriter, r *http.Request) {
		id, method := rpcOf(r)
		w.WriteHeader(http.StatusAccepted)
		switch {
		case method == "initialize":
			msgs <- `{"jsonrpc":"2.0","id":` + string(id) + `,"result":{"protocolVersion":"2024-11-05","capabilities":{"tools":{}},"serverInfo":{"name":"endless-sse","version":"1.0.0"}}}`
		case method == "tools/list":
			msgs <- ""
		case len(id) > 0:
			msgs <- `{"jsonrpc":"2.0","id":` + string(id) + `,"error":{"code":-32601,"message":"method not found"}}`
		}
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// TestHTTPOversizedListingIsTooLarge: a remote server whose tools/list
// answer is larger than the scanner's message cap (the one stdio lines
// have, connect.Options.MaxStdoutLine) gets the same too_large status as
// an overlong stdout line, on both HTTP transports and for a JSON body and
// an SSE event that never ends, and nothing to score. Before, the SDK read
// a JSON body whole, however large, and an SSE event up to 16 MiB.
func TestHTTPOversizedListingIsTooLarge(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		srv  func(t *testing.T) *httptest.Server
		path string
		kind string
		want string
	}{
		{"streamable, JSON body", func(t *testing.T) *httptest.Server {
			return streamableWithHugeList(t, func(w http.ResponseWriter, id json.RawMessage) {
				w.Header().Set("Content-Type", "application/json")
				writeEndless(w, `{"jsonrpc":"2.0","id":`+string(id)+`,"result":{"tools":[{"name":"x","description":"`, "A")
			})
		}, "/", connect.HTTPAuto, "a response body longer than 8388608 bytes"},
		{"streamable, endless SSE line", func(t *testing.T) *httptest.Server {
			return streamableWithHugeList(t, func(w http.ResponseWriter, id json.RawMessage) {
				w.Header().Set("Content-Type", "text/event-stream")
				writeEndless(w, "event: message\ndata: ", "A")
			})
		}, "/", connect.HTTPAuto, "an SSE event longer than 8388608 bytes"},
		{"streamable, endless SSE event of short lines", func(t *testing.T) *httptest.Server {
			return streamableWithHugeList(t, func(w http.ResponseWriter, id json.RawMessage) {
				w.Header().Set("Content-Type", "text/event-stream")
				writeEndless(w, "event: message\n", "data: "+strings.Repeat("A", 57)+"\n")
			})
		}, "/", connect.HTTPAuto, "an SSE event longer than 8388608 bytes"},
		{"legacy SSE, endless event", legacySSEWithEndlessEvent, "/sse", connect.HTTPSSE, "an SSE event longer than 8388608 bytes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			srv := c.srv(t)
			target := &connect.Target{Transport: connect.TransportHTTP, URL: srv.URL + c.path, HTTPKind: c.kind, Display: c.name}
			rep, err := Run(context.Background(), target, Options{Connect: connect.Options{Timeout: 60 * time.Second}})
			if err == nil {
				t.Fatalf("scan ok with %d tools and score %d; want too_large", len(rep.Snapshot.Tools), rep.Score.Overall)
			}
			if rep != nil {
				t.Errorf("a failed scan returned a report to score")
			}
			st, reason := classifyStr(err)
			t.Logf("%s: %s", st, reason)
			if st != "too_large" || !errors.Is(err, connect.ErrTooLarge) {
				t.Errorf("status %s (%v), want too_large wrapping connect.ErrTooLarge", st, err)
			}
			for _, w := range []string{"tools/list page 1", c.want, "after 0 items"} {
				if !strings.Contains(reason, w) {
					t.Errorf("reason %q lacks %q", reason, w)
				}
			}
		})
	}
}

// TestHTTPOversizedListingBoundedMemory: a 600 MB tools/list body over
// Streamable HTTP ends as too_large without the scanner holding it (the
// SDK's io.ReadAll would have taken the heap past 600 MB).
func TestHTTPOversizedListingBoundedMemory(t *testing.T) {
	srv := streamableWithHugeList(t, func(w http.ResponseWriter, id json.RawMessage) {
		w.Header().Set("Content-Type", "application/json")
		writeEndless(w, `{"jsonrpc":"2.0","id":`+string(id)+`,"result":{"tools":[{"name":"x","description":"`, "A")
	})
	peak := sampleHeap()
	target := &connect.Target{Transport: connect.TransportHTTP, URL: srv.URL, HTTPKind: connect.HTTPStreamable, Display: "huge"}
	_, err := Run(context.Background(), target, Options{Connect: connect.Options{Timeout: 120 * time.Second}})
	peak.stop()
	if !errors.Is(err, connect.ErrTooLarge) {
		t.Fatalf("err = %v, want too large", err)
	}
	t.Logf("peak heap in use %d MiB", peak.max()>>20)
	if p := peak.max(); p > 256<<20 {
		t.Errorf("peak heap %d MiB; want it bounded by the cap", p>>20)
	}
}
