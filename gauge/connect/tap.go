package connect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Methods the tap treats specially.
const (
	methodDiscover      = "server/discover"
	methodInitialize    = "initialize"
	methodToolsList     = "tools/list"
	methodResourcesList = "resources/list"
	methodTemplatesList = "resources/templates/list"
	methodPromptsList   = "prompts/list"
	methodPromptsGet    = "prompts/get"
)

// codeNoAnswer is the JSON-RPC code of the errors the tap makes up itself.
const codeNoAnswer = -32000

// rawReply is one response as it came off the wire.
type rawReply struct {
	Result json.RawMessage
	Error  *jsonrpc.Error
	Err    error // a transport error (no response)
}

// tapConn wraps an mcp.Connection, between the SDK client and the
// transport. It
//   - keeps the raw result of the last response to each method, so
//     snapshots keep fields the SDK types drop (and tools the SDK filters);
//   - answers server/discover with a made-up error when the server stays
//     silent for discoverTimeout, so the SDK falls back to initialize in
//     the same connection (legacy servers that ignore unknown requests);
//   - in forced-stateless mode, refuses the SDK's fallback initialize so
//     nothing but the forced revision is ever sent;
//   - remembers which request is outstanding, for clear timeout messages.
type tapConn struct {
	inner           mcp.Connection
	discoverTimeout time.Duration
	refuseInit      bool

	lifeCtx context.Context
	stop    context.CancelFunc
	pumped  chan lineMsg
	inject  chan jsonrpc.Message
	closed  chan struct{}
	once    sync.Once

	mu          sync.Mutex
	pending     map[jsonrpc.ID]string      // request ID → method
	cursorOf    map[jsonrpc.ID]string      // request ID → cursor, for list calls
	pages       map[string]json.RawMessage // method+"\x00"+cursor → last raw list result
	madeUp      map[jsonrpc.ID]bool        // IDs we answered ourselves
	last        map[string]rawReply        // method → last reply
	lastMethod  string                     // method of the last request written
	discoverErr string
	offered     string // protocolVersion of the last initialize written

	wireSeq int   // last wire-call number
	wire    calls // wire calls awaiting their response
}

func newTapConn(inner mcp.Connection, discoverTimeout time.Duration, refuseInit bool) *tapConn {
	ctx, stop := context.WithCancel(context.Background())
	c := &tapConn{
		inner:           inner,
		discoverTimeout: discoverTimeout,
		refuseInit:      refuseInit,
		lifeCtx:         ctx,
		stop:            stop,
		pumped:          make(chan lineMsg),
		inject:          make(chan jsonrpc.Message, 4),
		closed:          make(chan struct{}),
		pending:         map[jsonrpc.ID]string{},
		cursorOf:        map[jsonrpc.ID]string{},
		pages:           map[string]json.RawMessage{},
		madeUp:          map[jsonrpc.ID]bool{},
		last:            map[string]rawReply{},
	}
	go c.pump()
	return c
}

func (c *tapConn) pump() {
	for {
		msg, err := c.inner.Read(c.lifeCtx)
		select {
		case c.pumped <- lineMsg{msg: msg, err: err}:
		case <-c.closed:
			return
		}
		if err != nil {
			return
		}
	}
}

// Read implements mcp.Connection.
func (c *tapConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	for {
		var msg jsonrpc.Message
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-c.closed:
			return nil, io.EOF
		case msg = <-c.inject:
			return msg, nil
		case m := <-c.pumped:
			if m.err != nil {
				c.failPending(m.err)
				return nil, m.err
			}
			msg = m.msg
		}
		if resp, ok := msg.(*jsonrpc.Response); ok {
			if c.wireReply(resp) {
				continue // the answer to a wire call, not the SDK's
			}
			if !c.record(resp) {
				continue // a late answer to a call we already answered
			}
		}
		return msg, nil
	}
}

// record files a response; it returns false when the response must be dropped.
func (c *tapConn) record(resp *jsonrpc.Response) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.madeUp[resp.ID] {
		delete(c.madeUp, resp.ID)
		return false
	}
	method, ok := c.pending[resp.ID]
	if !ok {
		return true
	}
	delete(c.pending, resp.ID)
	r := rawReply{Result: resp.Result}
	if resp.Error != nil {
		if we, ok := resp.Error.(*jsonrpc.Error); ok {
			r.Error = we
		} else {
			r.Error = &jsonrpc.Error{Code: codeNoAnswer, Message: resp.Error.Error()}
		}
		if method == methodDiscover {
			c.discoverErr = fmt.Sprintf("error %d: %s", r.Error.Code, r.Error.Message)
		}
	}
	if method == methodDiscover && r.Error == nil {
		c.discoverErr = discoverVersionsProblem(r.Result)
	}
	if cursor, ok := c.cursorOf[resp.ID]; ok {
		delete(c.cursorOf, resp.ID)
		if r.Error == nil {
			c.pages[method+"\x00"+cursor] = r.Result
		}
	}
	c.last[method] = r
	return true
}

// page returns the last raw result of a list call for cursor; the SDK may
// answer a repeated list call from its TTL cache without a wire call.
func (c *tapConn) page(method, cursor string) (json.RawMessage, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.pages[method+"\x00"+cursor]
	return r, ok
}

// discoverVersionsProblem says what is wrong with a server/discover result
// that offers no stateless revision ("" when it offers one).
func discoverVersionsProblem(result json.RawMessage) string {
	var d struct {
		SupportedVersions []string `json:"supportedVersions"`
	}
	if err := json.Unmarshal(result, &d); err != nil {
		return "result is not a discover result: " + err.Error()
	}
	for _, v := range d.SupportedVersions {
		if v >= "2026-07-28" {
			return ""
		}
	}
	return fmt.Sprintf("it offers only %q", d.SupportedVersions)
}

func (c *tapConn) failPending(err error) {
	c.wire.fail(err) // the pump has ended: nothing more will come
	c.mu.Lock()
	defer c.mu.Unlock()
	for id, method := range c.pending {
		c.last[method] = rawReply{Err: err}
		delete(c.pending, id)
		delete(c.cursorOf, id)
	}
}

// Write implements mcp.Connection.
func (c *tapConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	req, ok := msg.(*jsonrpc.Request)
	if !ok || !req.IsCall() {
		return c.inner.Write(ctx, msg)
	}
	if req.Method == methodInitialize && c.refuseInit {
		c.answer(req.ID, "mcpgauge: protocol 2026-07-28 was forced, so no initialize fallback is sent")
		return nil
	}
	if req.Method == methodPromptsGet {
		req.Params = withArguments(req.Params)
	}
	c.mu.Lock()
	if req.Method == methodInitialize {
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		_ = json.Unmarshal(req.Params, &p)
		c.offered = p.ProtocolVersion
	}
	c.pending[req.ID] = req.Method
	switch req.Method {
	case methodToolsList, methodResourcesList, methodTemplatesList, methodPromptsList:
		var p struct {
			Cursor string `json:"cursor"`
		}
		_ = json.Unmarshal(req.Params, &p)
		c.cursorOf[req.ID] = p.Cursor
	}
	c.lastMethod = req.Method
	delete(c.last, req.Method)
	c.mu.Unlock()
	if req.Method != methodDiscover {
		err := c.inner.Write(ctx, msg)
		if err != nil {
			c.forget(req.ID)
		}
		return err
	}
	// The discover timeout bounds the wait for the answer's headers only:
	// its body is read after Write returns, under the connection's
	// lifetime (see detachedRoundTrip).
	wctx := detachBody(ctx, c.lifeCtx)
	if c.discoverTimeout > 0 {
		var cancel context.CancelFunc
		wctx, cancel = context.WithTimeout(wctx, c.discoverTimeout)
		defer cancel()
	}
	start := time.Now()
	err := c.inner.Write(wctx, msg)
	if err != nil {
		if c.discoverTimeout > 0 && wctx.Err() != nil && ctx.Err() == nil {
			c.answer(req.ID, fmt.Sprintf("mcpgauge: no answer to server/discover within %s", c.discoverTimeout))
			return nil
		}
		c.forget(req.ID)
		c.mu.Lock()
		c.discoverErr = err.Error()
		c.mu.Unlock()
		return err
	}
	if c.discoverTimeout <= 0 {
		return nil
	}
	left := c.discoverTimeout - time.Since(start)
	id := req.ID
	time.AfterFunc(max(left, time.Millisecond), func() {
		c.mu.Lock()
		_, still := c.pending[id]
		c.mu.Unlock()
		if still {
			c.answer(id, fmt.Sprintf("mcpgauge: no answer to server/discover within %s", c.discoverTimeout))
		}
	})
	return nil
}

// wireIDPrefix starts the IDs of wire calls; the SDK numbers its own
// requests, so a string ID never clashes with one of them.
const wireIDPrefix = "mcpgauge-wire-"

// wireReply hands a response to the wire call waiting for it; it reports
// whether resp was one.
func (c *tapConn) wireReply(resp *jsonrpc.Response) bool { return c.wire.deliver(resp) }

// wireCall sends one request on the connection beside the SDK's own and
// waits for its response, which never reaches the SDK.
func (c *tapConn) wireCall(ctx context.Context, method string, params json.RawMessage) rawReply {
	c.mu.Lock()
	select {
	case <-c.closed:
		c.mu.Unlock()
		return rawReply{Err: errors.New("connection closed")}
	default:
	}
	c.wireSeq++
	id, err := jsonrpc.MakeID(fmt.Sprintf("%s%d", wireIDPrefix, c.wireSeq))
	if err != nil {
		c.mu.Unlock()
		return rawReply{Err: err}
	}
	c.mu.Unlock()
	return c.wire.do(ctx, id, func() error {
		return c.inner.Write(ctx, &jsonrpc.Request{ID: id, Method: method, Params: params})
	}, c.closed)
}

// offeredVersion is the protocolVersion of the last initialize written.
func (c *tapConn) offeredVersion() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.offered
}

// withArguments gives prompts/get params an "arguments" object when they
// have none: the go-sdk omits an empty map, and some servers (and
// quality-gate's client, which always sends one) expect the key. Params that
// do not decode as an object are sent as they are.
func withArguments(params json.RawMessage) json.RawMessage {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(params, &m); err != nil || m == nil {
		return params
	}
	if _, ok := m["arguments"]; ok {
		return params
	}
	m["arguments"] = json.RawMessage(`{}`)
	out, err := json.Marshal(m)
	if err != nil {
		return params
	}
	return out
}

// forget drops a request whose write failed.
func (c *tapConn) forget(id jsonrpc.ID) {
	c.mu.Lock()
	delete(c.pending, id)
	delete(c.cursorOf, id)
	c.mu.Unlock()
}

// answer makes up an error response for id, as if the server had sent it.
func (c *tapConn) answer(id jsonrpc.ID, message string) {
	c.mu.Lock()
	method, wasPending := c.pending[id]
	if wasPending {
		delete(c.pending, id)
		c.madeUp[id] = true
	}
	if method == methodDiscover {
		c.discoverErr = message
	}
	c.mu.Unlock()
	e := &jsonrpc.Error{Code: codeNoAnswer, Message: message}
	select {
	case c.inject <- &jsonrpc.Response{ID: id, Error: e}:
	case <-c.closed:
	}
}

// lastReply returns (and forgets) the last raw reply to method.
func (c *tapConn) lastReply(method string) (rawReply, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.last[method]
	delete(c.last, method)
	return r, ok
}

// peekReply returns the last raw reply to method, keeping it.
func (c *tapConn) peekReply(method string) (rawReply, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.last[method]
	return r, ok
}

// outstanding returns the method of the oldest unanswered request, or of
// the last request sent.
func (c *tapConn) outstanding() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.pending {
		if m == methodInitialize || m == methodDiscover {
			return m
		}
	}
	for _, m := range c.pending {
		return m
	}
	return c.lastMethod
}

func (c *tapConn) discoverError() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.discoverErr
}

// Close implements mcp.Connection.
func (c *tapConn) Close() error {
	var err error
	c.once.Do(func() {
		close(c.closed)
		c.stop()
		err = c.inner.Close()
	})
	return err
}

// SessionID implements mcp.Connection.
func (c *tapConn) SessionID() string { return c.inner.SessionID() }

// tapTransport hands the SDK a tapConn over a connection made elsewhere.
type tapTransport struct{ conn *tapConn }

func (t tapTransport) Connect(context.Context) (mcp.Connection, error) { return t.conn, nil }
