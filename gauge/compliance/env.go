package compliance

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
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

	mu    sync.Mutex
	calls *callSet
	raw   RawCaller
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
	e := &Env{
		Target: target, Session: sess, Snapshot: snap,
		CallTools: mode, Timeout: timeout, ConnectOptions: opts.Connect, Identities: ids,
	}
	if target != nil {
		e.Dial = func(ctx context.Context, o connect.Options) (*connect.Session, error) {
			return connect.Dial(ctx, target, o)
		}
		e.DialRaw = func(ctx context.Context, o connect.Options) (RawCaller, error) {
			r, err := connect.DialRaw(ctx, target, o)
			if err != nil {
				return nil, err
			}
			return r, nil
		}
	}
	return e
}

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
	if e.Snapshot != nil && e.Snapshot.Capabilities != nil {
		return e.Snapshot.HasCapability(name)
	}
	if e.Session == nil || e.Session.Init == nil || e.Session.Init.Capabilities == nil {
		return false
	}
	c := e.Session.Init.Capabilities
	switch name {
	case "tools":
		return c.Tools != nil
	case "resources":
		return c.Resources != nil
	case "prompts":
		return c.Prompts != nil
	case "logging":
		return c.Logging != nil
	case "completions":
		return c.Completions != nil
	}
	return false
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
func (e *Env) rawSession(ctx context.Context) (RawCaller, error) {
	if e.DialRaw == nil {
		return nil, errors.New("no raw dialer for this target")
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
	if params == nil {
		params = map[string]any{}
	}
	if e.era() == model.EraStateless {
		meta, _ := params["_meta"].(map[string]any)
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
