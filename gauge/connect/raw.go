package connect

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// RPCError is a JSON-RPC error object as the server sent it.
type RPCError struct {
	Code    int64
	Message string
	Data    json.RawMessage
}

func (e *RPCError) Error() string {
	if len(e.Data) > 0 {
		return fmt.Sprintf("JSON-RPC error %d: %s (data: %s)", e.Code, e.Message, clip(string(e.Data), 200))
	}
	return fmt.Sprintf("JSON-RPC error %d: %s", e.Code, e.Message)
}

// RawNotification is a notification (or server-to-client request) the
// server sent during a raw session.
type RawNotification struct {
	Method string
	Params json.RawMessage
	// Request is true for a server-to-client request (it has an ID); the
	// raw session answers ping with {} and everything else with -32601.
	Request bool
}

// maxRawNotes caps the notifications a raw session keeps.
const maxRawNotes = 1000

// RawSession sends JSON-RPC exactly as asked: no handshake, no _meta, no
// validation. It exists for compliance probes the SDK will not send.
// Over stdio and legacy SSE it shares the connection plumbing of Dial
// (process group, stderr ring, stdout noise filter); over Streamable HTTP
// each call is one POST, answered with JSON or an SSE stream.
type RawSession struct {
	// Target is the target dialled.
	Target *Target
	// Transport is "stdio", "streamable" or "sse".
	Transport string

	opts   Options
	nextID atomic.Int64

	// stdio and SSE
	proc  *process
	line  *lineConn
	conn  mcp.Connection
	stop  context.CancelFunc
	mu    sync.Mutex
	calls calls
	notes []RawNotification
	done  chan struct{}

	// Streamable HTTP
	client    *http.Client
	tripper   *headerTripper
	sessionID string

	closeOnce sync.Once
	closeErr  error
}

// DialRaw starts the server (stdio) or opens the transport (SSE stream),
// and sends nothing. Streamable HTTP needs no connection up front.
func DialRaw(ctx context.Context, t *Target, o Options) (*RawSession, error) {
	if t == nil {
		return nil, dialErr(DialUsage, "no target", errors.New("nil target"))
	}
	o = o.withDefaults()
	r := &RawSession{Target: t, opts: o, done: make(chan struct{})}
	switch {
	case t.Transport == TransportStdio:
		p, err := startProcess(t, o)
		if err != nil {
			return nil, startFailure(err)
		}
		r.Transport, r.proc = "stdio", p
		r.line = newLineConn(p, o.MaxStdoutLine)
		r.conn = r.line
		r.stop = func() {}
		go r.dispatch(context.Background())
	case t.Transport == TransportHTTP && t.HTTPKind == HTTPSSE:
		dctx, cancel := context.WithTimeout(ctx, o.Timeout)
		defer cancel()
		client, tripper := newHTTPClient(t, o.MaxStdoutLine)
		lifeCtx, stop := context.WithCancel(context.Background())
		tripper.setOnAbort(stop)
		conn, err := httpConnect(dctx, lifeCtx, t, HTTPSSE, client, o.MaxStdoutLine)
		if err != nil {
			stop()
			return nil, httpFailure(dctx, tripper, err.Error(), err)
		}
		r.Transport, r.conn, r.stop, r.tripper = HTTPSSE, conn, stop, tripper
		go r.dispatch(lifeCtx)
	case t.Transport == TransportHTTP:
		r.Transport = HTTPStreamable
		r.client, r.tripper = newHTTPClient(t, o.MaxStdoutLine)
		close(r.done)
	default:
		return nil, dialErr(DialUsage, fmt.Sprintf("unknown transport %q", t.Transport), errors.New("bad transport"))
	}
	return r, nil
}

// dispatch reads messages and routes responses to their callers.
func (r *RawSession) dispatch(ctx context.Context) {
	defer close(r.done)
	for {
		msg, err := r.conn.Read(ctx)
		if err != nil {
			r.calls.fail(err)
			return
		}
		switch m := msg.(type) {
		case *jsonrpc.Response:
			r.calls.deliver(m)
		case *jsonrpc.Request:
			r.note(RawNotification{Method: m.Method, Params: m.Params, Request: m.IsCall()})
			if m.IsCall() {
				resp := &jsonrpc.Response{ID: m.ID}
				if m.Method == "ping" {
					resp.Result = json.RawMessage("{}")
				} else {
					resp.Error = &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "mcpgauge raw client does not handle " + m.Method}
				}
				wctx, cancel := context.WithTimeout(ctx, r.opts.Timeout)
				_ = r.conn.Write(wctx, resp)
				cancel()
			}
		}
	}
}

func replyOf(m *jsonrpc.Response) rawReply {
	out := rawReply{Result: m.Result}
	if m.Error != nil {
		if we, ok := m.Error.(*jsonrpc.Error); ok {
			out.Error = we
		} else {
			out.Error = &jsonrpc.Error{Code: codeNoAnswer, Message: m.Error.Error()}
		}
	}
	return out
}

func (r *RawSession) note(n RawNotification) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.notes) < maxRawNotes {
		r.notes = append(r.notes, n)
	}
}

// Notifications returns what the server sent on its own (notifications
// and server-to-client requests), up to the first 1000.
func (r *RawSession) Notifications() []RawNotification {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]RawNotification(nil), r.notes...)
}

func encodeParams(params any) (json.RawMessage, error) {
	switch p := params.(type) {
	case nil:
		return nil, nil
	case json.RawMessage:
		return p, nil
	case []byte:
		return json.RawMessage(p), nil
	}
	b, err := json.Marshal(params)
	if err != nil {
		return nil, fmt.Errorf("encode params: %w", err)
	}
	return b, nil
}

// Call sends one request and waits (at most Options.Timeout) for its
// response. A JSON-RPC error reply comes back as *RPCError with a nil
// error; err is for transport failures and timeouts.
func (r *RawSession) Call(ctx context.Context, method string, params any) (json.RawMessage, *RPCError, error) {
	id, _ := jsonrpc.MakeID(float64(r.nextID.Add(1)))
	return r.call(ctx, id, method, params)
}

// CallID is Call with a request ID of the caller's choosing: a string or
// an integer (int, int64 or float64 with an integral value). Automatic IDs
// count up from 1, so pick strings or large numbers to avoid clashes.
func (r *RawSession) CallID(ctx context.Context, id any, method string, params any) (json.RawMessage, *RPCError, error) {
	var rid jsonrpc.ID
	var err error
	switch v := id.(type) {
	case string:
		rid, err = jsonrpc.MakeID(v)
	case int:
		rid, err = jsonrpc.MakeID(float64(v))
	case int64:
		rid, err = jsonrpc.MakeID(float64(v))
	case float64:
		if v != float64(int64(v)) {
			err = fmt.Errorf("request ID %v is not an integer", v)
			break
		}
		rid, err = jsonrpc.MakeID(v)
	default:
		err = fmt.Errorf("request ID must be a string or an integer, not %T", id)
	}
	if err != nil {
		return nil, nil, err
	}
	return r.call(ctx, rid, method, params)
}

func (r *RawSession) call(ctx context.Context, id jsonrpc.ID, method string, params any) (json.RawMessage, *RPCError, error) {
	p, err := encodeParams(params)
	if err != nil {
		return nil, nil, err
	}
	req := &jsonrpc.Request{ID: id, Method: method, Params: p}
	cctx, cancel := context.WithTimeout(ctx, r.opts.Timeout)
	defer cancel()
	var reply rawReply
	if r.client != nil {
		reply = r.httpCall(cctx, req)
	} else {
		reply = r.connCall(cctx, req)
	}
	if reply.Err != nil {
		if cctx.Err() == context.DeadlineExceeded && ctx.Err() == nil {
			return nil, nil, fmt.Errorf("no answer to %s within %s%s", method, r.opts.Timeout, r.deadDetail())
		}
		return nil, nil, fmt.Errorf("%s: %w%s", method, reply.Err, r.deadDetail())
	}
	if reply.Error != nil {
		return nil, &RPCError{Code: reply.Error.Code, Message: reply.Error.Message, Data: reply.Error.Data}, nil
	}
	return reply.Result, nil, nil
}

// deadDetail adds what is known about a dead stdio server, or an HTTP
// response over the cap.
func (r *RawSession) deadDetail() string {
	if r.proc == nil {
		if a := r.tripper.aborted(); a != nil {
			return "; " + a.Error()
		}
		return ""
	}
	s := ""
	if r.line != nil && r.line.aborted() != nil {
		s += "; " + r.line.aborted().Error()
	}
	r.proc.settle(r.line)
	if st := r.proc.exitStatus(); st != "" {
		s += "; server exited (" + st + ")"
		if tail := r.proc.stderrTail(stderrInMessage); tail != "" {
			s += "; stderr: " + tail
		}
	}
	return s
}

func (r *RawSession) connCall(ctx context.Context, req *jsonrpc.Request) rawReply {
	return r.calls.do(ctx, req.ID, func() error { return r.conn.Write(ctx, req) }, nil)
}

// SendLine sends bytes exactly as given, for probes no well-formed request
// can make (malformed JSON, invalid IDs, a batch). Over stdio the bytes go
// out as one line, and SendLine waits up to wait for an error answer with
// "id": null (what a server should send for input it cannot parse); it
// returns nil, nil when none came. Over Streamable HTTP the bytes are the
// POST body and the answer is any JSON-RPC error in the response (see
// LastHTTPStatus). Not supported over SSE.
func (r *RawSession) SendLine(ctx context.Context, data []byte, wait time.Duration) (*RPCError, error) {
	if bytes.ContainsAny(data, "\r\n") && r.line != nil {
		return nil, errors.New("SendLine: the line must not contain a newline")
	}
	cctx, cancel := context.WithTimeout(ctx, r.opts.Timeout)
	defer cancel()
	switch {
	case r.line != nil:
		// Drop null-id errors left over from earlier probes.
		for len(r.line.nullErrs) > 0 {
			<-r.line.nullErrs
		}
		if err := r.line.writeLine(cctx, data); err != nil {
			return nil, fmt.Errorf("SendLine: %w%s", err, r.deadDetail())
		}
		t := time.NewTimer(wait)
		defer t.Stop()
		select {
		case e := <-r.line.nullErrs:
			return e, nil
		case <-t.C:
			return nil, nil
		case <-cctx.Done():
			return nil, cctx.Err()
		}
	case r.client != nil:
		return r.httpSend(cctx, data)
	}
	return nil, errors.New("SendLine is not supported over SSE")
}

// post POSTs one body to the Streamable HTTP endpoint with the JSON-RPC
// content headers and the session id, if one was assigned.
func (r *RawSession) post(ctx context.Context, data []byte) (*http.Response, error) {
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, r.Target.URL, bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	hreq.Header.Set("Content-Type", "application/json")
	hreq.Header.Set("Accept", "application/json, text/event-stream")
	if sid := r.HTTPSessionID(); sid != "" {
		hreq.Header.Set("Mcp-Session-Id", sid)
	}
	return r.client.Do(hreq)
}

// httpSend POSTs a raw body and reports any JSON-RPC error in the answer.
func (r *RawSession) httpSend(ctx context.Context, data []byte) (*RPCError, error) {
	resp, err := r.post(ctx, data)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, fmt.Errorf("HTTP %d: reading body: %w", resp.StatusCode, err)
	}
	for _, chunk := range bytes.Split(b, []byte("\n")) {
		chunk = bytes.TrimSpace(bytes.TrimPrefix(bytes.TrimSpace(chunk), []byte("data:")))
		if len(chunk) == 0 || chunk[0] != '{' {
			continue
		}
		if e := nullIDError(chunk); e != nil {
			return e, nil
		}
		if msg, err := jsonrpc.DecodeMessage(chunk); err == nil {
			if m, ok := msg.(*jsonrpc.Response); ok && m.Error != nil {
				rep := replyOf(m)
				return &RPCError{Code: rep.Error.Code, Message: rep.Error.Message, Data: rep.Error.Data}, nil
			}
		}
	}
	return nil, nil
}

// Notify sends one notification.
func (r *RawSession) Notify(ctx context.Context, method string, params any) error {
	p, err := encodeParams(params)
	if err != nil {
		return err
	}
	req := &jsonrpc.Request{Method: method, Params: p}
	cctx, cancel := context.WithTimeout(ctx, r.opts.Timeout)
	defer cancel()
	if r.client != nil {
		rep := r.httpCall(cctx, req)
		return rep.Err
	}
	if err := r.conn.Write(cctx, req); err != nil {
		return fmt.Errorf("%s: %w%s", method, err, r.deadDetail())
	}
	return nil
}

// SetProtocolVersion makes HTTP requests carry MCP-Protocol-Version: v
// (after a negotiation done by hand). It does nothing for stdio.
func (r *RawSession) SetProtocolVersion(v string) {
	if r.tripper != nil {
		r.tripper.setVersion(v)
	}
}

// LastHTTPStatus returns the status of the last HTTP response (0 for stdio).
func (r *RawSession) LastHTTPStatus() int {
	if r.tripper == nil {
		return 0
	}
	return r.tripper.status()
}

// HTTPSessionID returns the Mcp-Session-Id the server assigned, if any.
func (r *RawSession) HTTPSessionID() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sessionID == "" && r.conn != nil {
		return r.conn.SessionID()
	}
	return r.sessionID
}

// httpCall POSTs one message to a Streamable HTTP endpoint.
func (r *RawSession) httpCall(ctx context.Context, req *jsonrpc.Request) rawReply {
	data, err := jsonrpc.EncodeMessage(req)
	if err != nil {
		return rawReply{Err: err}
	}
	resp, err := r.post(ctx, data)
	if err != nil {
		return rawReply{Err: err}
	}
	defer resp.Body.Close()
	if sid := resp.Header.Get("Mcp-Session-Id"); sid != "" {
		r.mu.Lock()
		r.sessionID = sid
		r.mu.Unlock()
	}
	body := io.LimitReader(resp.Body, int64(r.opts.MaxStdoutLine))
	if !req.IsCall() {
		if resp.StatusCode < 200 || resp.StatusCode >= 300 {
			b, _ := io.ReadAll(io.LimitReader(body, 4096))
			return rawReply{Err: fmt.Errorf("HTTP %d: %s", resp.StatusCode, clip(strings.TrimSpace(string(b)), 300))}
		}
		return rawReply{}
	}
	ct := strings.ToLower(resp.Header.Get("Content-Type"))
	if strings.HasPrefix(ct, "text/event-stream") && resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return r.readSSE(body, req.ID)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		return rawReply{Err: fmt.Errorf("HTTP %d: reading body: %w", resp.StatusCode, err)}
	}
	if msg, err := jsonrpc.DecodeMessage(bytes.TrimSpace(b)); err == nil {
		if m, ok := msg.(*jsonrpc.Response); ok && (m.ID == req.ID || !m.ID.IsValid() || resp.StatusCode >= 400) {
			return replyOf(m)
		}
	}
	if resp.StatusCode < 200 || resp.StatusCode >= 300 {
		return rawReply{Err: fmt.Errorf("HTTP %d: %s", resp.StatusCode, clip(strings.TrimSpace(string(b)), 300))}
	}
	return rawReply{Err: fmt.Errorf("HTTP %d: no JSON-RPC response for the call in a %q body: %s", resp.StatusCode, ct, clip(strings.TrimSpace(string(b)), 300))}
}

// readSSE reads an SSE response stream until the response to id.
func (r *RawSession) readSSE(body io.Reader, id jsonrpc.ID) rawReply {
	br := bufio.NewReaderSize(body, 64<<10)
	var data []byte
	flush := func() (rawReply, bool) {
		defer func() { data = data[:0] }()
		if len(bytes.TrimSpace(data)) == 0 {
			return rawReply{}, false
		}
		msg, err := jsonrpc.DecodeMessage(bytes.TrimSpace(data))
		if err != nil {
			return rawReply{}, false
		}
		switch m := msg.(type) {
		case *jsonrpc.Response:
			if m.ID == id {
				return replyOf(m), true
			}
		case *jsonrpc.Request:
			r.note(RawNotification{Method: m.Method, Params: m.Params, Request: m.IsCall()})
		}
		return rawReply{}, false
	}
	for {
		line, err := br.ReadString('\n')
		trimmed := strings.TrimRight(line, "\r\n")
		switch {
		case trimmed == "":
			if rep, ok := flush(); ok {
				return rep
			}
		case strings.HasPrefix(trimmed, "data:"):
			data = append(data, strings.TrimPrefix(strings.TrimPrefix(trimmed, "data:"), " ")...)
			data = append(data, '\n')
		}
		if err != nil {
			if rep, ok := flush(); ok {
				return rep
			}
			if errors.Is(err, io.EOF) {
				err = errors.New("SSE stream ended without a response")
			}
			return rawReply{Err: err}
		}
	}
}

// Stderr returns the captured stderr of a stdio server.
func (r *RawSession) Stderr() string {
	if r == nil || r.proc == nil {
		return ""
	}
	return r.proc.stderr.String()
}

// Noise returns the first non-MCP stdout lines of a stdio server.
func (r *RawSession) Noise() []string {
	if r == nil || r.proc == nil {
		return nil
	}
	lines, _ := r.proc.noise.snapshot()
	return lines
}

// NoiseCount returns how many non-MCP stdout lines were seen.
func (r *RawSession) NoiseCount() int {
	if r == nil || r.proc == nil {
		return 0
	}
	_, n := r.proc.noise.snapshot()
	return n
}

// PGID returns the process group of a stdio server (0 for HTTP).
func (r *RawSession) PGID() int {
	if r == nil || r.proc == nil {
		return 0
	}
	return r.proc.pgid
}

// Close ends the session and, for stdio, the whole server process group.
func (r *RawSession) Close() error {
	if r == nil {
		return nil
	}
	r.closeOnce.Do(func() {
		if r.stop != nil {
			r.stop()
		}
		if r.conn != nil {
			_ = r.conn.Close()
		}
		if r.proc != nil {
			r.closeErr = r.proc.Close()
		}
		if r.client != nil {
			if sid := r.HTTPSessionID(); sid != "" {
				ctx, cancel := context.WithTimeout(context.Background(), r.opts.Timeout)
				if req, err := http.NewRequestWithContext(ctx, http.MethodDelete, r.Target.URL, nil); err == nil {
					req.Header.Set("Mcp-Session-Id", sid)
					if resp, err := r.client.Do(req); err == nil {
						_ = resp.Body.Close()
					}
				}
				cancel()
			}
		}
	})
	return r.closeErr
}
