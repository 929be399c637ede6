package connect

import (
	"context"
	"fmt"
	"net/http"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// headerTripper adds the target's headers (and, once known, the negotiated
// MCP-Protocol-Version) to every request, and records the status of POSTs
// so Dial can tell a server that does not speak Streamable HTTP.
type headerTripper struct {
	base    http.RoundTripper
	headers map[string]string

	mu         sync.Mutex
	version    string
	postOK     bool // some POST got a 2xx
	lastPost   int  // status of the last POST
	lastStatus int  // status of the last request of any kind
}

func (h *headerTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	for k, v := range h.headers {
		req.Header.Set(k, v)
	}
	h.mu.Lock()
	v := h.version
	h.mu.Unlock()
	if v != "" && req.Header.Get("Mcp-Protocol-Version") == "" {
		req.Header.Set("Mcp-Protocol-Version", v)
	}
	resp, err := h.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	h.lastStatus = resp.StatusCode
	if req.Method == http.MethodPost {
		h.lastPost = resp.StatusCode
		if resp.StatusCode >= 200 && resp.StatusCode < 300 {
			h.postOK = true
		}
	}
	h.mu.Unlock()
	return resp, nil
}

func (h *headerTripper) setVersion(v string) {
	h.mu.Lock()
	h.version = v
	h.mu.Unlock()
}

// refusedPost reports whether POSTs were refused with 4xx and none worked:
// the sign of a server that only speaks the legacy HTTP+SSE transport.
func (h *headerTripper) refusedPost() (int, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.lastPost, !h.postOK && h.lastPost >= 400 && h.lastPost < 500
}

func (h *headerTripper) status() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.lastStatus
}

// newHTTPClient returns a client that adds t's headers and, when t has a
// Guard, dials, redirects and paces through it. No overall client timeout
// is set: the SSE stream lives as long as the session, and every call
// carries its own deadline.
func newHTTPClient(t *Target) (*http.Client, *headerTripper) {
	base := http.DefaultTransport.(*http.Transport).Clone()
	base.ResponseHeaderTimeout = 0
	var rt http.RoundTripper = base
	client := &http.Client{}
	if g := t.Guard; g != nil {
		g.Apply(base)
		rt = g.RoundTripper(base)
		client.CheckRedirect = g.CheckRedirect
	}
	h := &headerTripper{base: rt, headers: t.Headers}
	client.Transport = h
	return client, h
}

// httpConnect opens the inner connection for an HTTP target of the given
// kind ("streamable" or "sse"). The connection lives until closed (lifeCtx),
// but opening it is bounded by ctx.
func httpConnect(ctx, lifeCtx context.Context, t *Target, kind string, client *http.Client) (mcp.Connection, error) {
	var tr mcp.Transport
	switch kind {
	case HTTPSSE:
		tr = &mcp.SSEClientTransport{Endpoint: t.URL, HTTPClient: client}
	default:
		tr = &mcp.StreamableClientTransport{Endpoint: t.URL, HTTPClient: client, DisableStandaloneSSE: true, MaxRetries: 2}
	}
	type res struct {
		c   mcp.Connection
		err error
	}
	ch := make(chan res, 1)
	go func() {
		c, err := tr.Connect(lifeCtx)
		ch <- res{c, err}
	}()
	select {
	case r := <-ch:
		if r.err != nil {
			return nil, fmt.Errorf("%s connect to %s: %w", kind, t.URL, r.err)
		}
		return r.c, nil
	case <-ctx.Done():
		// The caller cancels lifeCtx, which ends the pending Connect.
		go func() {
			if r := <-ch; r.c != nil {
				_ = r.c.Close()
			}
		}()
		return nil, fmt.Errorf("%s connect to %s: no answer within the deadline: %w", kind, t.URL, ctx.Err())
	}
}
