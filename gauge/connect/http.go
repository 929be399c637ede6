package connect

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// headerTripper adds the target's headers (and, once known, the negotiated
// MCP-Protocol-Version) to every request, and records the status of POSTs
// so Dial can tell a server that does not speak Streamable HTTP.
type headerTripper struct {
	base    http.RoundTripper
	headers map[string]string
	// maxMessage caps one response body, or one event of an SSE stream
	// (Options.MaxStdoutLine, the cap stdio puts on one line); <= 0 is no
	// cap. onAbort, when set, is called once when a response breaks it.
	maxMessage int64
	onAbort    func()

	mu         sync.Mutex
	abortErr   error // the first response over maxMessage
	version    string
	postOK     bool // some POST got a 2xx
	lastPost   int  // status of the last POST
	lastStatus int  // status of the last request of any kind
	// lastErr is the last round trip's error (the SDK flattens the
	// errors it returns; this one keeps its type).
	lastErr error
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
	var resp *http.Response
	var err error
	if life, ok := req.Context().Value(detachKey{}).(context.Context); ok {
		resp, err = detachedRoundTrip(h.base, req, life)
	} else {
		resp, err = h.base.RoundTrip(req)
	}
	if err != nil {
		h.mu.Lock()
		h.lastErr = err
		h.mu.Unlock()
		return nil, err
	}
	if h.maxMessage > 0 && resp.Body != nil {
		sse := strings.HasPrefix(strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Type"))), "text/event-stream")
		resp.Body = &cappedBody{rc: resp.Body, max: h.maxMessage, sse: sse, abort: h.abort}
	}
	h.mu.Lock()
	h.lastErr = nil
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

// detachKey marks a request whose response body must outlive the
// request's context: its value is the context the body lives in instead
// (the connection's lifetime).
type detachKey struct{}

// detachBody returns ctx marked so that the response body of a request
// made with it is read under life, not ctx.
func detachBody(ctx, life context.Context) context.Context {
	return context.WithValue(ctx, detachKey{}, life)
}

// detachedRoundTrip sends req under life and waits for the response
// headers or the end of req's own context, whichever comes first. The
// body it returns is read under life: the SDK reads a response body in
// a goroutine after Write has returned, and the discover request's
// context ends as Write returns (its timeout only bounds the wait for an
// answer), so a body tied to it failed half way ("failed to read body:
// context canceled") and took the whole connection down with it before
// the initialize fallback could run.
func detachedRoundTrip(base http.RoundTripper, req *http.Request, life context.Context) (*http.Response, error) {
	inner, cancel := context.WithCancel(life)
	type answer struct {
		resp *http.Response
		err  error
	}
	got := make(chan answer, 1)
	go func() {
		resp, err := base.RoundTrip(req.Clone(inner))
		got <- answer{resp, err}
	}()
	select {
	case a := <-got:
		if a.err != nil {
			cancel()
			return nil, a.err
		}
		a.resp.Body = &cancelOnClose{ReadCloser: a.resp.Body, cancel: cancel}
		return a.resp, nil
	case <-req.Context().Done():
		cancel()
		go func() { // the round trip ends at once now that inner is done
			if a := <-got; a.err == nil {
				_ = a.resp.Body.Close()
			}
		}()
		return nil, req.Context().Err()
	}
}

// cancelOnClose ends a detached request's context when its body is closed.
type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b *cancelOnClose) Close() error {
	err := b.ReadCloser.Close()
	b.cancel()
	return err
}

// abort records the first response over the cap and ends the connection
// (onAbort), so pending calls fail at once instead of waiting out their
// deadline.
func (h *headerTripper) abort(err error) {
	h.mu.Lock()
	first := h.abortErr == nil
	if first {
		h.abortErr = err
	}
	stop := h.onAbort
	h.mu.Unlock()
	if first && stop != nil {
		stop()
	}
}

// aborted returns the error of the first response over the cap, if any.
func (h *headerTripper) aborted() error {
	if h == nil {
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.abortErr
}

func (h *headerTripper) setOnAbort(f func()) {
	h.mu.Lock()
	h.onAbort = f
	h.mu.Unlock()
}

// cappedBody bounds what is read from one HTTP response: a plain body
// (one JSON-RPC message) to max bytes in all, an SSE stream to max bytes
// per event (an event ends at a blank line). Past the cap the read fails
// with ErrTooLarge and abort is told, as a stdout line over the cap
// aborts a stdio connection. The SDK would otherwise read a JSON body
// whole, however large.
type cappedBody struct {
	rc    io.ReadCloser
	max   int64
	sse   bool
	abort func(error)

	n       int64 // bytes of the body, or of the current SSE event
	lineLen int64 // SSE: bytes of the current line, line ends excluded
	err     error
}

func (b *cappedBody) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	n, err := b.rc.Read(p)
	if !b.sse {
		b.n += int64(n)
		if b.n > b.max {
			return 0, b.fail(fmt.Errorf("%w: a response body longer than %d bytes", ErrTooLarge, b.max))
		}
		return n, err
	}
	for _, c := range p[:n] {
		switch c {
		case '\n':
			if b.lineLen == 0 {
				b.n = 0 // a blank line ends the event
				continue
			}
			b.lineLen = 0
		case '\r':
		default:
			b.lineLen++
		}
		b.n++
		if b.n > b.max {
			return 0, b.fail(fmt.Errorf("%w: an SSE event longer than %d bytes", ErrTooLarge, b.max))
		}
	}
	return n, err
}

func (b *cappedBody) fail(err error) error {
	b.err = err
	b.abort(err)
	return err
}

func (b *cappedBody) Close() error { return b.rc.Close() }

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

// transportErr is the last round trip's error, or nil.
func (h *headerTripper) transportErr() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.lastErr
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
func newHTTPClient(t *Target, maxMessage int) (*http.Client, *headerTripper) {
	base := http.DefaultTransport.(*http.Transport).Clone()
	base.ResponseHeaderTimeout = 0
	var rt http.RoundTripper = base
	client := &http.Client{}
	if g := t.Guard; g != nil {
		g.Apply(base)
		rt = g.RoundTripper(base)
		client.CheckRedirect = g.CheckRedirect
	}
	h := &headerTripper{base: rt, headers: t.Headers, maxMessage: int64(maxMessage)}
	client.Transport = h
	if check := client.CheckRedirect; check != nil {
		// A refused redirect never reaches RoundTrip: keep its typed error
		// too.
		client.CheckRedirect = func(req *http.Request, via []*http.Request) error {
			err := check(req, via)
			if err != nil {
				h.mu.Lock()
				h.lastErr = err
				h.mu.Unlock()
			}
			return err
		}
	}
	return client, h
}

// httpConnect opens the inner connection for an HTTP target of the given
// kind ("streamable" or "sse"). The connection lives until closed (lifeCtx),
// but opening it is bounded by ctx.
func httpConnect(ctx, lifeCtx context.Context, t *Target, kind string, client *http.Client, maxMessage int) (mcp.Connection, error) {
	// The SDK's own event cap is a backstop above ours (cappedBody), which
	// fires first and is the one that says too_large.
	maxEvent := maxMessage + 64<<10
	var tr mcp.Transport
	switch kind {
	case HTTPSSE:
		tr = &mcp.SSEClientTransport{Endpoint: t.URL, HTTPClient: client, MaxEventSize: maxEvent}
	default:
		tr = &mcp.StreamableClientTransport{Endpoint: t.URL, HTTPClient: client, DisableStandaloneSSE: true, MaxRetries: 2, MaxEventSize: maxEvent}
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
