package compliance

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// bogusStatelessRevision is a stateless-era revision no server supports,
// offered in a request's _meta.
const bogusStatelessRevision = "2999-12-31"

// wireRaw is a RawCaller on the main session's own connection.
type wireRaw struct{ s *connect.Session }

func (w wireRaw) Call(ctx context.Context, method string, params any) (json.RawMessage, *connect.RPCError, error) {
	return w.s.WireCall(ctx, method, params)
}

func (w wireRaw) Notify(context.Context, string, any) error {
	return errors.New("notifications are not sent on the main session's connection")
}

// Close does nothing: the main session is the caller's.
func (w wireRaw) Close() error { return nil }

// plan is the session plan for this Env's server.
func (e *Env) plan() Plan {
	return Plan{Mode: e.Mode, Era: e.era(), Stdio: e.isStdio()}
}

// mainClient is the client name the main session identified itself with.
func (e *Env) mainClient() string {
	if e.ConnectOptions.ClientName != "" {
		return e.ConnectOptions.ClientName
	}
	return "mcpgauge"
}

// sessionNote is what the runner adds to the result of each test that
// used a session: a slow start, said as a fact.
type sessionNote struct {
	via  Via
	text string
}

// slowStart is the share of its budget past which a session's start is
// reported as slow.
const slowStartShare = 3

// noteStart records how long a session took to start, when slow.
func (e *Env) noteStart(via Via, what string, took time.Duration) {
	if took <= e.Timeout/slowStartShare {
		return
	}
	e.notesMu.Lock()
	defer e.notesMu.Unlock()
	e.notes = append(e.notes, sessionNote{via: via, text: fmt.Sprintf(
		"note: slow start: %s took %.1f s (its own budget is %s; a slow start is not a failure)", what, took.Seconds(), e.Timeout)})
}

// notesFor returns the notes of the sessions a test used.
func (e *Env) notesFor(t Test) []string {
	p := e.plan()
	e.notesMu.Lock()
	defer e.notesMu.Unlock()
	var out []string
	for _, n := range e.notes {
		for _, need := range t.Needs {
			if p.Via(need) == n.via {
				out = append(out, n.text)
				break
			}
		}
	}
	return out
}

// prepare opens, before a test's own deadline starts, the sessions the
// plan gives it that cost a server start, each under its own budget, so no
// test shares one deadline among several starts. Each is opened once per
// Env and shared by every test that needs it.
func (e *Env) prepare(ctx context.Context, t Test) {
	p := e.plan()
	for _, n := range t.Needs {
		switch p.Via(n) {
		case ViaIdentity:
			e.identityOnce.Do(func() { e.identities = e.openIdentities(ctx) })
		case ViaPerRevision:
			e.deepOnce.Do(func() { e.deep = e.deepProbes(ctx) })
		}
	}
}

// toolView is the tools one client identity was shown.
type toolView struct {
	client string
	// revision is the protocol revision the listing session ended on.
	revision string
	tools    []model.Tool
	// startErr is set when the session could not even be opened; err when
	// it opened but the listing failed.
	startErr, err error
}

// identitySessions is what the identity plan found: one view per client
// identity, and (initialize era, default mode) the negotiation probe the
// first extra session carried.
type identitySessions struct {
	views []toolView
	// bogus is the initialize row of the bogus revision, when offered.
	bogus *probe
}

// openIdentities lists the tools under every identity but the main
// session's, in the initialize era one extra session per identity (the
// first also offering the bogus revision in default mode).
func (e *Env) openIdentities(ctx context.Context) *identitySessions {
	out := &identitySessions{}
	first := true
	for _, id := range e.Identities {
		if id == e.mainClient() && e.Snapshot != nil && e.isStdio() {
			// A fresh server shows what the snapshot saw before any tool
			// was called. Over HTTP the server is shared and tool calls may
			// have changed it since, so the main identity is listed again,
			// in a session of its own (a connection, not a process).
			out.views = append(out.views, toolView{client: id, revision: e.protocolVersion(), tools: e.Snapshot.Tools})
			continue
		}
		if id == e.mainClient() {
			v, _ := e.identitySession(ctx, id, e.protocolVersion())
			out.views = append(out.views, v)
			continue
		}
		offer := e.protocolVersion()
		if first && e.Mode != ModeDeep {
			offer = bogusRevision
		}
		v, row := e.identitySession(ctx, id, offer)
		if first && row != nil && offer == bogusRevision {
			out.bogus = row
		}
		first = false
		out.views = append(out.views, v)
	}
	return out
}

// identitySession opens one session as client, offering the revision
// offer on initialize; it returns the tools it was shown and the
// negotiation row of that offer. A server that refuses the offer is asked
// again on the same connection at the main session's revision, then, if
// that fails too, in a fresh session.
func (e *Env) identitySession(ctx context.Context, client, offer string) (toolView, *probe) {
	v := toolView{client: client}
	if e.DialRaw == nil {
		v.startErr = errors.New("no raw dialer for this target")
		return v, nil
	}
	start := time.Now()
	r, err := e.DialRaw(ctx, e.probeOptions())
	if err != nil {
		v.startErr = fmt.Errorf("start a session as %q: %w", client, err)
		return v, nil
	}
	defer func() { _ = r.Close() }()
	row := probe{Offered: offer, Method: "initialize"}
	res, rpcErr, err := r.Call(ctx, "initialize", initializeParams(offer, client))
	row.fill(res, rpcErr, err)
	e.noteStart(ViaIdentity, fmt.Sprintf("the session as %q (start and initialize)", client), time.Since(start))
	answered := row.Answered
	if err == nil && (rpcErr != nil || answered == "") && offer != e.protocolVersion() {
		// Refused: ask again at the main session's revision.
		main := e.protocolVersion()
		res2, rpcErr2, err2 := r.Call(ctx, "initialize", initializeParams(main, client))
		var again probe
		again.fill(res2, rpcErr2, err2)
		answered = again.Answered
		if err2 != nil || rpcErr2 != nil || answered == "" {
			_ = r.Close()
			fresh, err3 := e.DialRaw(ctx, e.probeOptions())
			if err3 != nil {
				v.startErr = fmt.Errorf("start a second session as %q: %w", client, err3)
				return v, &row
			}
			r = fresh
			res3, rpcErr3, err3 := r.Call(ctx, "initialize", initializeParams(main, client))
			var third probe
			third.fill(res3, rpcErr3, err3)
			if third.Err != nil || third.RPC != nil || third.Answered == "" {
				v.err = fmt.Errorf("initialize as %q: %s", client, third)
				return v, &row
			}
			answered = third.Answered
		}
	} else if err != nil || rpcErr != nil || answered == "" {
		v.err = fmt.Errorf("initialize as %q: %s", client, row)
		return v, &row
	}
	v.revision = answered
	if sv, ok := r.(interface{ SetProtocolVersion(string) }); ok {
		sv.SetProtocolVersion(answered)
	}
	if err := r.Notify(ctx, "notifications/initialized", map[string]any{}); err != nil {
		v.err = fmt.Errorf("notifications/initialized as %q: %w", client, err)
		return v, &row
	}
	v.tools, v.err = e.listToolsRaw(ctx, func(ctx context.Context, params map[string]any) (json.RawMessage, *connect.RPCError, error) {
		return r.Call(ctx, "tools/list", params)
	})
	if v.err != nil {
		v.err = fmt.Errorf("list tools as %q: %w", client, v.err)
	}
	return v, &row
}

// fill records the answer to an initialize or discover probe.
func (p *probe) fill(res json.RawMessage, rpcErr *connect.RPCError, err error) {
	switch {
	case err != nil:
		p.Err = err
	case rpcErr != nil:
		p.RPC = rpcErr
	default:
		var out struct {
			ProtocolVersion   string   `json:"protocolVersion"`
			SupportedVersions []string `json:"supportedVersions"`
		}
		if jerr := json.Unmarshal(res, &out); jerr != nil {
			p.Err = fmt.Errorf("result is not an object: %w", jerr)
		}
		p.Answered, p.Listed = out.ProtocolVersion, out.SupportedVersions
	}
}

// metaView lists the tools as client on the main connection (stdio) or
// in per-request POSTs (Streamable HTTP), the identity in each request's
// _meta: a stateless-era server needs no new session for it. A
// server/discover as client comes first, as a real client's would (a
// server may key its view on the identity it was discovered with), and
// one as the main identity after, so later requests see the main one.
func (e *Env) metaView(ctx context.Context, client string) toolView {
	v := toolView{client: client, revision: e.protocolVersion()}
	r, err := e.rawSession(ctx)
	if err != nil {
		v.startErr = err
		return v
	}
	defer func() {
		if _, ok := r.(wireRaw); !ok {
			_ = r.Close()
		}
	}()
	call := func(ctx context.Context, method string, params map[string]any, as string) (json.RawMessage, *connect.RPCError, error) {
		params = withMeta(params, e.protocolVersion(), as)
		return r.Call(ctx, method, params)
	}
	if _, _, err := call(ctx, "server/discover", nil, client); err != nil {
		v.err = fmt.Errorf("server/discover as %q: %w", client, err)
		return v
	}
	v.tools, v.err = e.listToolsRaw(ctx, func(ctx context.Context, params map[string]any) (json.RawMessage, *connect.RPCError, error) {
		return call(ctx, "tools/list", params, client)
	})
	if v.err != nil {
		v.err = fmt.Errorf("list tools as %q: %w", client, v.err)
	}
	_, _, _ = call(ctx, "server/discover", nil, e.mainClient())
	return v
}

// withMeta returns a copy of params whose _meta carries the stateless
// revision and client identity (keys already there are kept).
func withMeta(params map[string]any, version, client string) map[string]any {
	out := make(map[string]any, len(params)+1)
	for k, v := range params {
		out[k] = v
	}
	meta := map[string]any{}
	if m, ok := out["_meta"].(map[string]any); ok {
		for k, v := range m {
			meta[k] = v
		}
	}
	for k, v := range statelessMeta(version, client) {
		if _, ok := meta[k]; !ok {
			meta[k] = v
		}
	}
	out["_meta"] = meta
	return out
}

// listToolsRaw walks tools/list to its end through call, at most MaxPages
// pages, refusing a cursor seen before.
func (e *Env) listToolsRaw(ctx context.Context, call func(context.Context, map[string]any) (json.RawMessage, *connect.RPCError, error)) ([]model.Tool, error) {
	maxPages := e.ConnectOptions.MaxPages
	if maxPages <= 0 {
		maxPages = connect.DefaultMaxPages
	}
	var tools []model.Tool
	seen := map[string]bool{}
	cursor := ""
	for page := 1; ; page++ {
		if page > maxPages {
			// The main listing stops at the same cap (an issue of its own).
			return tools, nil
		}
		params := map[string]any{}
		if cursor != "" {
			params["cursor"] = cursor
		}
		res, rpcErr, err := call(ctx, params)
		if err != nil {
			return tools, fmt.Errorf("page %d: %w", page, err)
		}
		if rpcErr != nil {
			return tools, fmt.Errorf("page %d: error %s", page, describeRPC(rpcErr))
		}
		var out struct {
			Tools      []json.RawMessage `json:"tools"`
			NextCursor string            `json:"nextCursor"`
		}
		if err := json.Unmarshal(res, &out); err != nil {
			return tools, fmt.Errorf("page %d: %w", page, err)
		}
		for i, raw := range out.Tools {
			t, err := model.ToolFromWire(raw)
			if err != nil {
				return tools, fmt.Errorf("page %d, tool %d: %w", page, i, err)
			}
			tools = append(tools, t)
		}
		if out.NextCursor == "" {
			return tools, nil
		}
		if seen[out.NextCursor] {
			// A cycle (spec-pagination-02's finding): the main listing
			// stops at it too.
			return tools, nil
		}
		seen[out.NextCursor] = true
		cursor = out.NextCursor
	}
}

// views returns the tool views of every identity, opened as the plan says.
func (e *Env) views(ctx context.Context) ([]toolView, *probe) {
	if e.plan().Via(NeedIdentity) == ViaIdentity {
		e.identityOnce.Do(func() { e.identities = e.openIdentities(ctx) })
		return e.identities.views, e.identities.bogus
	}
	// Every identity is listed now, one after the other, the main one
	// included: the snapshot is older, and calling tools may have changed
	// what the server lists since.
	var out []toolView
	for _, id := range e.Identities {
		out = append(out, e.metaView(ctx, id))
	}
	return out, nil
}

// deepProbes offers every revision in a session of its own, all at once,
// each under its own budget.
func (e *Env) deepProbes(ctx context.Context) []probe {
	offers := deepOffers()
	probes := make([]probe, len(offers))
	start := time.Now()
	var wg sync.WaitGroup
	for i, v := range offers {
		wg.Go(func() { probes[i] = e.probeVersion(ctx, v) })
	}
	wg.Wait()
	e.noteStart(ViaPerRevision, fmt.Sprintf("the %d per-revision sessions (started in parallel)", len(offers)), time.Since(start))
	return probes
}

// mainRows are the negotiation rows the main session already answered:
// its initialize offer (initialize era) and its server/discover (sent in
// auto mode, or by the plan when a revision was forced), and in the
// stateless era a request carrying a revision no server supports.
func (e *Env) mainRows(ctx context.Context) []probe {
	var rows []probe
	v := e.protocolVersion()
	if e.era() == model.EraStateless {
		row := probe{Offered: v, Method: "server/discover"}
		if e.Session != nil && len(e.Session.InitRaw) > 0 {
			row.fill(e.Session.InitRaw, nil, nil)
			row.Answered = ""
		} else {
			row = e.metaProbe(ctx, v)
		}
		rows = append(rows, row, e.metaProbe(ctx, bogusStatelessRevision))
		return rows
	}
	offered := v
	if e.Session != nil && e.Session.OfferedVersion() != "" {
		offered = e.Session.OfferedVersion()
	}
	rows = append(rows, probe{Offered: offered, Method: "initialize", Answered: v})
	if e.Session != nil && e.Session.RequestedVersion == "" && e.Session.DiscoverError != "" {
		rows = append(rows, discoverRow(e.Session.DiscoverError))
	} else {
		rows = append(rows, e.metaProbe(ctx, latestRevision))
	}
	return rows
}

// discoverRow reads the main session's server/discover failure.
func discoverRow(msg string) probe {
	row := probe{Offered: latestRevision, Method: "server/discover"}
	if rest, ok := strings.CutPrefix(msg, "error "); ok {
		if code, text, ok := strings.Cut(rest, ": "); ok {
			if c, err := strconv.ParseInt(code, 10, 64); err == nil {
				row.RPC = &connect.RPCError{Code: c, Message: text}
				return row
			}
		}
	}
	row.Err = errors.New(msg)
	return row
}

// metaProbe sends server/discover with version in its _meta: on the main
// connection over stdio, else in a probe request of its own (over HTTP a
// request, not a process).
func (e *Env) metaProbe(ctx context.Context, version string) probe {
	if e.Session == nil || !e.Session.CanWire() {
		return e.probeVersion(ctx, version)
	}
	row := probe{Offered: version, Method: "server/discover"}
	pctx, cancel := context.WithTimeout(ctx, e.Timeout/2)
	defer cancel()
	res, rpcErr, err := e.Session.WireCall(pctx, "server/discover", map[string]any{"_meta": statelessMeta(version, e.mainClient())})
	row.fill(res, rpcErr, err)
	return row
}
