package compliance

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// CallMode says which real tools the invoking tests may call.
type CallMode string

const (
	// CallNone calls no tool (the default, toolgauge's read-only invariant).
	CallNone CallMode = "none"
	// CallReadOnly calls only tools annotated readOnlyHint: true.
	CallReadOnly CallMode = "readonly"
	// CallAll calls every tool, side effects and all.
	CallAll CallMode = "all"
)

// ParseCallMode reads a --call-tools value; "" means none.
func ParseCallMode(s string) (CallMode, error) {
	switch m := CallMode(strings.ToLower(strings.TrimSpace(s))); m {
	case "":
		return CallNone, nil
	case CallNone, CallReadOnly, CallAll:
		return m, nil
	}
	return "", fmt.Errorf("invalid --call-tools value %q: want none, readonly or all", s)
}

// DefaultIdentities are the two client names the bait-and-switch test lists
// tools under: our own and the most common real client's.
func DefaultIdentities() []string { return []string{"mcpgauge", "claude-code"} }

// Options configure an Env.
type Options struct {
	// CallTools says which tools the invoking tests may call; "" is CallNone.
	CallTools CallMode
	// Timeout bounds each probe (a fresh dial, one raw call); zero means
	// DefaultTimeout. The runner's per-test deadline still applies on top.
	Timeout time.Duration
	// Connect is the base for the fresh sessions the tests dial (client
	// name, limits); ProtocolVersion and ClientName are set per probe.
	Connect connect.Options
	// Identities are the client names compared by the bait-and-switch
	// test; nil means DefaultIdentities().
	Identities []string
	// Mode is ModeDefault ("" too) or ModeDeep; see [Plan].
	Mode Mode
}

// RawCaller is the part of a raw JSON-RPC session the tests use;
// *connect.RawSession implements it.
type RawCaller interface {
	Call(ctx context.Context, method string, params any) (json.RawMessage, *connect.RPCError, error)
	Notify(ctx context.Context, method string, params any) error
	Close() error
}

// Env is what the tests need: the main session and its snapshot, ways to
// open fresh and raw sessions on the same target, and the call policy.
// An Env is used by one Run at a time.
type Env struct {
	// Target is the server under test.
	Target *connect.Target
	// Session is the main, already initialised session.
	Session *connect.Session
	// Snapshot is what the main session read (every list page walked).
	Snapshot *model.Snapshot
	// Dial opens a fresh SDK session on the same target.
	Dial func(ctx context.Context, o connect.Options) (*connect.Session, error)
	// DialRaw opens a raw JSON-RPC session on the same target; no
	// handshake is made.
	DialRaw func(ctx context.Context, o connect.Options) (RawCaller, error)
	// CallTools is the tool-call policy.
	CallTools CallMode
	// Timeout bounds each probe.
	Timeout time.Duration
	// ConnectOptions is the base for fresh dials.
	ConnectOptions connect.Options
	// Identities are the client names the bait-and-switch test compares.
	Identities []string
	// Mode is the compliance mode the session plan follows.
	Mode Mode

	starts atomic.Int64 // server processes the tests started

	identityOnce sync.Once
	identities   *identitySessions
	deepOnce     sync.Once
	deep         []probe
	legacyOnce   sync.Once
	legacy       *probe // the default plan's session at the newest initialize revision (HTTP)
	authOnce     sync.Once
	auth         *authFacts
	notesMu      sync.Mutex // guards notes
	notes        []sessionNote

	// dialRawTarget opens a raw session on a variant of Target (extra
	// headers); nil falls back to DialRaw.
	dialRawTarget func(ctx context.Context, t *connect.Target, o connect.Options) (RawCaller, error)

	mu  sync.Mutex // guards raw
	raw RawCaller

	callsMu sync.Mutex // guards calls; held while the tools are called
	calls   *callSet
}

// NewEnv builds the Env for one server: target, its open main session and
// the snapshot read from it.
func NewEnv(target *connect.Target, sess *connect.Session, snap *model.Snapshot, opts Options) *Env {
	mode := opts.CallTools
	if mode == "" {
		mode = CallNone
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ids := opts.Identities
	if len(ids) == 0 {
		ids = DefaultIdentities()
	}
	cmode := opts.Mode
	if cmode == "" {
		cmode = ModeDefault
	}
	e := &Env{
		Target: target, Session: sess, Snapshot: snap,
		CallTools: mode, Timeout: timeout, ConnectOptions: opts.Connect, Identities: ids, Mode: cmode,
	}
	if target != nil {
		e.Dial = func(ctx context.Context, o connect.Options) (*connect.Session, error) {
			if target.Transport == connect.TransportStdio {
				e.starts.Add(1)
			}
			return connect.Dial(ctx, target, o)
		}
		e.dialRawTarget = func(ctx context.Context, t *connect.Target, o connect.Options) (RawCaller, error) {
			if t.Transport == connect.TransportStdio {
				e.starts.Add(1)
			}
			r, err := connect.DialRaw(ctx, t, o)
			if err != nil {
				return nil, err
			}
			return r, nil
		}
		e.DialRaw = func(ctx context.Context, o connect.Options) (RawCaller, error) {
			return e.dialRawTarget(ctx, target, o)
		}
	}
	return e
}

// Starts returns how many server processes the tests started beside the
// main session (stdio; 0 over HTTP).
func (e *Env) Starts() int { return int(e.starts.Load()) }

// client returns the main SDK session, or nil.
func (e *Env) client() *mcp.ClientSession {
	if e == nil || e.Session == nil {
		return nil
	}
	return e.Session.Client
}

// era is the main session's protocol era.
func (e *Env) era() model.Era {
	if e.Session != nil && e.Session.Era != "" {
		return e.Session.Era
	}
	if e.Snapshot != nil {
		return e.Snapshot.Era
	}
	return model.EraHandshake
}

// protocolVersion is the revision negotiated on the main session.
func (e *Env) protocolVersion() string {
	if e.Session != nil && e.Session.ProtocolVersion != "" {
		return e.Session.ProtocolVersion
	}
	if e.Snapshot != nil {
		return e.Snapshot.Server.ProtocolVersion
	}
	return ""
}

// isStdio reports whether the target is a stdio server.
func (e *Env) isStdio() bool {
	return e.Target == nil || e.Target.Transport == "" || e.Target.Transport == connect.TransportStdio
}

// probeOptions are the connect options for a fresh probe session.
func (e *Env) probeOptions() connect.Options {
	o := e.ConnectOptions
	if o.Timeout <= 0 || o.Timeout > e.Timeout {
		o.Timeout = e.Timeout
	}
	if o.ClientName == "" {
		o.ClientName = "mcpgauge"
	}
	return o
}

// capability reports whether the server declared a top-level capability.
func (e *Env) capability(name string) bool {
	keys, _ := e.capabilityKeys()
	return slices.Contains(keys, name)
}

// capabilityKeys lists the declared, non-null capability names, sorted.
func (e *Env) capabilityKeys() ([]string, bool) {
	var caps map[string]any
	if e.Snapshot != nil && e.Snapshot.Capabilities != nil {
		caps = e.Snapshot.Capabilities
	} else if e.Session != nil && e.Session.Init != nil && e.Session.Init.Capabilities != nil {
		raw, err := json.Marshal(e.Session.Init.Capabilities)
		if err == nil {
			_ = json.Unmarshal(raw, &caps)
		}
		if caps == nil {
			caps = map[string]any{}
		}
	}
	if caps == nil {
		return nil, false
	}
	var keys []string
	for k, v := range caps {
		if v != nil {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys, true
}

// rawSession opens a raw session and, for the handshake era, performs the
// initialize handshake at the main session's protocol version, so that
// ordinary requests can follow. In the stateless era requests carry the
// version in _meta instead (see rawCall).
//
// oneProbeServer closes the shared raw probe session before a test starts
// a server of its own over stdio (later tests reopen it): every server of
// a scan runs in the same sandbox and shares its process limit, so at most
// one probe server runs beside the main session, and a server that starts
// children is never blamed for our probes crowding it out.
func (e *Env) oneProbeServer() {
	if e.Target != nil && e.Target.Transport == connect.TransportStdio {
		e.dropRaw()
	}
}

func (e *Env) rawSession(ctx context.Context) (RawCaller, error) {
	if e.Session != nil && e.Session.CanWire() {
		// The main session is open and (in the initialize era) initialised:
		// its connection carries the probes, and no server starts.
		return wireRaw{e.Session}, nil
	}
	if e.DialRaw == nil {
		return nil, errors.New("no raw dialer for this target")
	}
	if e.era() == model.EraStateless && e.streamableHTTP() {
		v := e.protocolVersion()
		if v == "" {
			v = latestRevision
		}
		return &perCallRaw{e: e, version: v}, nil
	}
	r, err := e.DialRaw(ctx, e.probeOptions())
	if err != nil {
		return nil, fmt.Errorf("open raw session: %w", err)
	}
	v := e.protocolVersion()
	if sv, ok := r.(interface{ SetProtocolVersion(string) }); ok && v != "" {
		// Streamable HTTP requests after the handshake carry MCP-Protocol-Version.
		defer sv.SetProtocolVersion(v)
	}
	if e.era() == model.EraStateless {
		return r, nil
	}
	if v == "" {
		v = "2025-11-25"
	}
	_, rpcErr, err := r.Call(ctx, "initialize", initializeParams(v, "mcpgauge"))
	if err == nil && rpcErr != nil {
		err = fmt.Errorf("initialize refused: %s", describeRPC(rpcErr))
	}
	if err != nil {
		_ = r.Close()
		return nil, fmt.Errorf("raw initialize: %w", err)
	}
	if err := r.Notify(ctx, "notifications/initialized", map[string]any{}); err != nil {
		_ = r.Close()
		return nil, fmt.Errorf("raw notifications/initialized: %w", err)
	}
	return r, nil
}

// rawCall sends one request on a raw session opened by rawSession, adding
// the stateless-era _meta when the main session is stateless.
func (e *Env) rawCall(ctx context.Context, r RawCaller, method string, params map[string]any) (json.RawMessage, *connect.RPCError, error) {
	// Copy before adding _meta: the caller's params stay as they were.
	params = maps.Clone(params)
	if params == nil {
		params = map[string]any{}
	}
	if e.era() == model.EraStateless {
		meta, _ := params["_meta"].(map[string]any)
		meta = maps.Clone(meta)
		if meta == nil {
			meta = map[string]any{}
		}
		v := e.protocolVersion()
		if v == "" {
			v = latestRevision
		}
		for k, val := range statelessMeta(v, "mcpgauge") {
			if _, ok := meta[k]; !ok {
				meta[k] = val
			}
		}
		params["_meta"] = meta
	}
	return r.Call(ctx, method, params)
}

// initializeParams are the params of a raw initialize request.
func initializeParams(version, client string) map[string]any {
	return map[string]any{
		"protocolVersion": version,
		"capabilities":    map[string]any{},
		"clientInfo":      map[string]any{"name": client, "version": "0"},
	}
}

// statelessMeta is the per-request _meta of the 2026-07-28 revision.
func statelessMeta(version, client string) map[string]any {
	return map[string]any{
		mcp.MetaKeyProtocolVersion:    version,
		mcp.MetaKeyClientInfo:         map[string]any{"name": client, "version": "0"},
		mcp.MetaKeyClientCapabilities: map[string]any{},
	}
}

// describe renders an RPC error as "code message".
func describeRPC(e *connect.RPCError) string {
	if e == nil {
		return "no error"
	}
	s := fmt.Sprintf("%d %s", e.Code, e.Message)
	if len(e.Data) > 0 && string(e.Data) != "null" {
		d := string(e.Data)
		if len(d) > 200 {
			d = d[:200] + "…"
		}
		s += " data=" + d
	}
	return s
}

// streamableHTTP reports whether the target is a Streamable HTTP server.
func (e *Env) streamableHTTP() bool {
	return e.Target != nil && e.Target.Transport == connect.TransportHTTP && e.Target.HTTPKind != connect.HTTPSSE
}

// mcpHeaders are the 2026-07-28 Streamable HTTP routing headers for one
// request: Mcp-Method always, Mcp-Name for the methods that name a tool,
// resource or prompt.
func mcpHeaders(method string, params any) map[string]string {
	h := map[string]string{"Mcp-Method": method}
	p, _ := params.(map[string]any)
	switch method {
	case "tools/call", "prompts/get":
		if n, ok := p["name"].(string); ok {
			h["Mcp-Name"] = n
		}
	case "resources/read":
		if u, ok := p["uri"].(string); ok {
			h["Mcp-Name"] = u
		}
	}
	return h
}

// openRawFor opens a raw session for one request. Over Streamable HTTP the
// request's Mcp-Method (and Mcp-Name) headers are added, which the
// 2026-07-28 transport requires and older servers ignore; connect's raw
// session sends exactly what it is given, so the headers ride on a copy of
// the target.
func (e *Env) openRawFor(ctx context.Context, method string, params any) (RawCaller, error) {
	e.oneProbeServer()
	if e.dialRawTarget == nil || !e.streamableHTTP() {
		if e.DialRaw == nil {
			return nil, errors.New("no raw dialer for this target")
		}
		return e.DialRaw(ctx, e.probeOptions())
	}
	t := *e.Target
	t.Headers = make(map[string]string, len(e.Target.Headers)+2)
	for k, v := range e.Target.Headers {
		t.Headers[k] = v
	}
	for k, v := range mcpHeaders(method, params) {
		t.Headers[k] = v
	}
	return e.dialRawTarget(ctx, &t, e.probeOptions())
}

// perCallRaw is a raw "session" on a stateless Streamable HTTP server: each
// request is its own POST with its own routing headers (there is no session
// to keep).
type perCallRaw struct {
	e       *Env
	version string
	status  int
}

func (p *perCallRaw) Call(ctx context.Context, method string, params any) (json.RawMessage, *connect.RPCError, error) {
	r, err := p.e.openRawFor(ctx, method, params)
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	if sv, ok := r.(interface{ SetProtocolVersion(string) }); ok {
		sv.SetProtocolVersion(p.version)
	}
	res, rpcErr, err := r.Call(ctx, method, params)
	p.status = httpStatus(r)
	return res, rpcErr, err
}

func (p *perCallRaw) Notify(ctx context.Context, method string, params any) error {
	r, err := p.e.openRawFor(ctx, method, params)
	if err != nil {
		return err
	}
	defer r.Close()
	if sv, ok := r.(interface{ SetProtocolVersion(string) }); ok {
		sv.SetProtocolVersion(p.version)
	}
	return r.Notify(ctx, method, params)
}

// LastHTTPStatus is the status of the last POST.
func (p *perCallRaw) LastHTTPStatus() int { return p.status }

func (p *perCallRaw) Close() error { return nil }

// httpStatus returns the last HTTP status of a raw session (0 for stdio or
// when unknown).
func httpStatus(r RawCaller) int {
	if s, ok := r.(interface{ LastHTTPStatus() int }); ok {
		return s.LastHTTPStatus()
	}
	return 0
}

// httpRefusal reports whether a raw request failed because the HTTP server
// refused it with a 4xx status and no JSON-RPC body. The Streamable HTTP
// transport allows that ("If the server cannot accept the input, it MUST
// return an HTTP error status code"), so tests count it as a refusal.
func httpRefusal(r RawCaller, err error) (int, bool) {
	if err == nil {
		return 0, false
	}
	st := httpStatus(r)
	return st, st >= 400 && st < 500
}
