package compliance

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/schemacheck"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// Protocol revisions probed by the version-negotiation test.
const (
	latestRevision = "2026-07-28"
	// bogusRevision is a version no server supports.
	bogusRevision = "1900-01-01"
)

// legacyRevisions are the initialize-era revisions, oldest first.
func legacyRevisions() []string {
	return []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"}
}

// JSON-RPC and MCP error codes the tests expect.
const (
	codeMethodNotFound             = -32601
	codeInvalidParams              = -32602
	codeUnsupportedProtocolVersion = -32022
)

// specTests are mcpgauge's own protocol tests (anchors §5).
func specTests() []Test {
	const rev = "2025-11-25"
	st := func(id, name, cat string, sev Severity, ref string, run func(context.Context, *Env) Result) Test {
		return Test{ID: id, Name: name, Category: cat, Severity: sev, SpecRef: ref, Origin: OriginMCPGauge, Doc: docOf(id), Run: run}
	}
	tests := []Test{
		st("spec-version-01", "Protocol version negotiation is honest", CategoryLifecycle, High,
			specURL(rev, "basic/lifecycle#version-negotiation"), runSpecVersion01),
		st("spec-ping-01", "Ping returns an empty result", CategoryLifecycle, Medium,
			specURL(rev, "basic/utilities/ping"), runSpecPing01),
		st("spec-method-01", "Unknown method returns -32601", CategoryProtocol, Medium,
			specURL(rev, "basic"), runSpecMethod01),
		st("spec-caps-01", "Declared capabilities work", CategoryProtocol, High,
			specURL(rev, "basic/lifecycle#capability-negotiation"), runSpecCaps01),
		st("spec-caps-02", "Undeclared capabilities are not served", CategoryProtocol, Medium,
			specURL(rev, "basic/lifecycle#capability-negotiation"), runSpecCaps02),
		st("spec-tools-01", "Unknown tool is a protocol error", CategoryTools, Medium,
			specURL(rev, "server/tools#error-handling"), runSpecTools01),
		st("spec-schema-01", "Tool input schemas are valid JSON Schema", CategorySchema, High,
			specURL(rev, "basic#json-schema-usage"), runSpecSchema01),
		st("spec-schema-02", "Tool output schemas are valid JSON Schema", CategorySchema, High,
			specURL(rev, "server/tools#output-schema"), runSpecSchema02),
		st("spec-output-01", "structuredContent conforms to outputSchema", CategoryTools, High,
			specURL(rev, "server/tools#structured-content"), runSpecOutput01),
		st("spec-stdio-01", "Stdout carries only MCP messages", CategoryTransport, High,
			specURL(rev, "basic/transports#stdio"), runSpecStdio01),
		st("spec-pagination-01", "Invalid cursor is rejected with -32602", CategoryPagination, Low,
			specURL(rev, "server/utilities/pagination#error-handling"), runSpecPagination01),
		st("spec-pagination-02", "Lists paginate without cycles or duplicates", CategoryPagination, Medium,
			specURL(rev, "server/utilities/pagination"), runSpecPagination02),
		st("spec-bait-01", "Same tools for every client identity", CategorySecurity, Critical,
			specURL(rev, "server/tools#security-considerations"), runSpecBait01),
	}
	needs := map[string][]Need{
		"spec-version-01":    {NeedMain, NeedRevisions},
		"spec-ping-01":       {NeedRaw},
		"spec-method-01":     {NeedRaw},
		"spec-caps-01":       {NeedRaw},
		"spec-caps-02":       {NeedRaw},
		"spec-pagination-01": {NeedRaw},
		"spec-bait-01":       {NeedMain, NeedIdentity},
	}
	for i := range tests {
		if tests[i].ID == "spec-output-01" {
			tests[i].Invokes = true
		}
		tests[i].Needs = needs[tests[i].ID]
		if tests[i].Needs == nil {
			tests[i].Needs = []Need{NeedMain}
		}
	}
	return tests
}

// Catalogue returns every compliance test: quality-gate's 17 in its order,
// then mcpgauge's spec tests. It builds a fresh table on each call.
func Catalogue() []Test {
	return append(qualityGateTests(), specTests()...)
}

// ByID returns the catalogue entry with the given ID.
func ByID(id string) (Test, bool) {
	for _, t := range Catalogue() {
		if t.ID == id {
			return t, true
		}
	}
	return Test{}, false
}

// rpcCode extracts a JSON-RPC error code from an SDK error.
func rpcCode(err error) (int64, bool) {
	var we *jsonrpc.Error
	if errors.As(err, &we) {
		return we.Code, true
	}
	return 0, false
}

// --- version negotiation ---

// probe is one row of the negotiation matrix.
type probe struct {
	Offered  string
	Method   string
	Answered string   // protocolVersion of a successful answer
	Listed   []string // server/discover supportedVersions
	RPC      *connect.RPCError
	Err      error
}

func (p probe) String() string {
	switch {
	case p.Err != nil:
		return fmt.Sprintf("%s via %s: no answer: %v", p.Offered, p.Method, p.Err)
	case p.RPC != nil:
		return fmt.Sprintf("%s via %s: error %s", p.Offered, p.Method, describeRPC(p.RPC))
	case p.Method == "server/discover":
		return fmt.Sprintf("%s via server/discover: supportedVersions %v", p.Offered, p.Listed)
	case p.Answered == p.Offered:
		return fmt.Sprintf("%s via initialize: %s (echoed)", p.Offered, p.Answered)
	default:
		return fmt.Sprintf("%s via initialize: answered %q", p.Offered, p.Answered)
	}
}

// supportedFromError reads data.supported from an error, if any.
func supportedFromError(e *connect.RPCError) []string {
	if e == nil || len(e.Data) == 0 {
		return nil
	}
	var d struct {
		Supported []string `json:"supported"`
	}
	if json.Unmarshal(e.Data, &d) != nil {
		return nil
	}
	return d.Supported
}

func (e *Env) probeVersion(ctx context.Context, version string) probe {
	p := probe{Offered: version, Method: "initialize"}
	if version >= latestRevision {
		p.Method = "server/discover"
	}
	pctx, cancel := context.WithTimeout(ctx, e.Timeout)
	defer cancel()
	var params map[string]any
	if p.Method == "initialize" {
		params = initializeParams(version, "mcpgauge")
	} else {
		params = map[string]any{"_meta": statelessMeta(version, "mcpgauge")}
	}
	r, err := e.openRawFor(pctx, p.Method, params)
	if err != nil {
		p.Err = err
		return p
	}
	defer r.Close()
	if sv, ok := r.(interface{ SetProtocolVersion(string) }); ok && p.Method == "server/discover" {
		// Streamable HTTP: a request whose _meta carries a protocol version
		// must carry the same MCP-Protocol-Version header.
		sv.SetProtocolVersion(version)
	}
	p.fill(r.Call(pctx, p.Method, params))
	return p
}

func runSpecVersion01(ctx context.Context, e *Env) Result {
	if e.DialRaw == nil {
		return errored("no raw dialer for this target")
	}
	p := e.plan()
	var probes []probe
	var note string
	switch p.Via(NeedRevisions) {
	case ViaPerRevision:
		// Deep: every revision in a session of its own (opened, in
		// parallel, before this test's deadline).
		e.deepOnce.Do(func() { e.deep = e.deepProbes(ctx) })
		probes = e.deep
		note = "plan: deep (every revision offered in a session of its own)"
	case ViaIdentity:
		// Initialize era: the main session's own offer, its
		// server/discover, and the bogus revision the identity session
		// offered.
		probes = e.mainRows(ctx)
		_, bogus := e.views(ctx)
		if bogus == nil {
			bogus = &probe{Offered: bogusRevision, Method: "initialize", Err: errors.New("the identity session did not start")}
			if e.identities != nil && len(e.identities.views) > 1 && e.identities.views[1].startErr != nil {
				return errored("%v", e.identities.views[1].startErr)
			}
		}
		probes = append(probes, *bogus)
		note = "plan: default (the main session's offer and the identity session's bogus offer; --compliance deep offers every revision)"
	default:
		// Stateless era: the main session's server/discover and a request
		// carrying a revision no server supports, on the main connection.
		probes = e.mainRows(ctx)
		note = "plan: default (server/discover on the main connection; --compliance deep also offers every initialize revision)"
	}
	if ctx.Err() != nil {
		return errored("version probes did not finish: %v", ctx.Err())
	}
	if p.Via(NeedRevisions) == ViaMainMeta {
		return judgeStatelessNegotiation(probes, e.protocolVersion()).with(note)
	}
	return judgeNegotiation(probes).with(note)
}

// judgeStatelessNegotiation judges the default plan's rows in the
// stateless era: the main session's server/discover and a request at a
// revision no server supports. Only what those rows prove can fail: the
// initialize revisions a server lists are offered in deep mode only.
func judgeStatelessNegotiation(probes []probe, negotiated string) Result {
	details := make([]string, 0, len(probes)+3)
	for _, p := range probes {
		details = append(details, p.String())
	}
	discover, bogus := probes[0], probes[1]
	if discover.Err != nil || discover.RPC != nil {
		return errored("server/discover did not answer on the main connection").with(details...)
	}
	var bad []string
	if !slices.Contains(discover.Listed, negotiated) {
		bad = append(bad, fmt.Sprintf("the session negotiated %s, but server/discover's supportedVersions %v does not list it", negotiated, discover.Listed))
	}
	switch {
	case bogus.Err != nil:
		details = append(details, fmt.Sprintf("note: no answer to a request at %s: %v", bogusStatelessRevision, bogus.Err))
	case bogus.RPC == nil:
		details = append(details, fmt.Sprintf("note: a request at %s, a revision no server supports, was answered instead of refused with -32022", bogusStatelessRevision))
	default:
		for _, v := range supportedFromError(bogus.RPC) {
			if !slices.Contains(discover.Listed, v) {
				details = append(details, fmt.Sprintf("note: the refusal of %s lists %s as supported, but server/discover does not", bogusStatelessRevision, v))
			}
		}
	}
	var legacy []string
	for _, v := range discover.Listed {
		if slices.Contains(legacyRevisions(), v) {
			legacy = append(legacy, v)
		}
	}
	if len(legacy) > 0 {
		details = append(details, fmt.Sprintf("era: both (server/discover also lists initialize revisions %s; not offered in the default plan)", strings.Join(legacy, ", ")))
	} else {
		details = append(details, fmt.Sprintf("era: stateless only (%s); server/discover lists no initialize revision", latestRevision))
	}
	if len(bad) > 0 {
		return fail("version negotiation is inconsistent: %s", strings.Join(bad, "; ")).with(details...)
	}
	return pass("supports %s", strings.Join(discover.Listed, ", ")).with(details...)
}

// judgeNegotiation turns the probe rows (one per offered version, in
// offer order) into the test result.
func judgeNegotiation(probes []probe) Result {
	details := make([]string, 0, len(probes)+4)
	for _, p := range probes {
		details = append(details, p.String())
	}
	byOffer := map[string]probe{}
	echoed := map[string]bool{}
	answered := 0
	claimed := map[string]string{} // version → where the server listed it
	for _, p := range probes {
		byOffer[p.Offered] = p
		if p.Err == nil {
			answered++
		}
		if p.Method == "initialize" && p.RPC == nil && p.Err == nil && p.Answered == p.Offered {
			echoed[p.Offered] = true
		}
		for _, v := range p.Listed {
			claimed[v] = "server/discover supportedVersions"
		}
		for _, v := range supportedFromError(p.RPC) {
			if _, ok := claimed[v]; !ok {
				claimed[v] = fmt.Sprintf("data.supported of the error to %s", p.Offered)
			}
		}
	}
	if answered == 0 {
		return errored("no version probe got an answer").with(details...)
	}
	legacy := legacyRevisions()
	var bad []string
	bogus := byOffer[bogusRevision]
	if bogus.Err == nil && bogus.RPC == nil && bogus.Answered == bogusRevision {
		bad = append(bad, fmt.Sprintf("echoed the bogus version %s instead of offering one it supports", bogusRevision))
	}
	for _, v := range append(slices.Clone(legacy), bogusRevision) {
		p := byOffer[v]
		if p.Err != nil || p.RPC != nil || p.Answered == "" || p.Answered == v {
			continue
		}
		// The server declined v and offered p.Answered: it must support
		// that (judged only when p.Answered was offered too).
		if _, probed := byOffer[p.Answered]; probed && slices.Contains(legacy, p.Answered) && !echoed[p.Answered] {
			bad = append(bad, fmt.Sprintf("answered %s to an offer of %s, but does not accept %s when offered it (%s)",
				p.Answered, v, p.Answered, byOffer[p.Answered]))
		}
		if !slices.Contains(legacy, p.Answered) {
			details = append(details, fmt.Sprintf("note: answered %s to %s with %q, a revision this test does not know", v, v, p.Answered))
		}
	}
	for _, v := range legacy {
		where, ok := claimed[v]
		if !ok || echoed[v] {
			continue
		}
		p, probed := byOffer[v]
		if !probed || p.Err != nil {
			continue
		}
		bad = append(bad, fmt.Sprintf("lists %s as supported (%s) but did not accept it on initialize (%s)", v, where, p))
	}
	for _, v := range legacy {
		if echoed[v] && len(byOffer[latestRevision].Listed) > 0 && !slices.Contains(byOffer[latestRevision].Listed, v) {
			details = append(details, fmt.Sprintf("note: accepts %s on initialize, but server/discover's supportedVersions does not list it", v))
		}
	}
	// The server speaks initialize when any legacy offer was answered.
	anyLegacy := false
	for _, p := range probes {
		if p.Method == "initialize" && p.Offered != bogusRevision && p.Err == nil && p.RPC == nil && p.Answered != "" {
			anyLegacy = true
		}
	}
	if bogus.Err == nil && bogus.RPC != nil && anyLegacy && bogus.RPC.Code != codeInvalidParams && bogus.RPC.Code != codeUnsupportedProtocolVersion {
		bad = append(bad, fmt.Sprintf("refused the bogus version with error %d; expected a version it supports or -32602 with data.supported", bogus.RPC.Code))
	}
	if bogus.Err != nil && answered > 1 {
		bad = append(bad, fmt.Sprintf("did not answer initialize with the bogus version %s (%v)", bogusRevision, bogus.Err))
	}
	// Facts, not failures.
	modern := byOffer[latestRevision]
	modernOK := modern.Err == nil && modern.RPC == nil && slices.Contains(modern.Listed, latestRevision)
	switch {
	case modernOK && !anyLegacy:
		details = append(details, "era: stateless only (2026-07-28); no initialize revision accepted")
	case modernOK:
		details = append(details, "era: both (server/discover and initialize)")
	case anyLegacy:
		details = append(details, "era: handshake only (initialize); server/discover not supported")
	}
	var ok []string
	for _, v := range legacy {
		if echoed[v] {
			ok = append(ok, v)
		}
	}
	if modernOK {
		ok = append(ok, latestRevision)
	}
	if len(bad) > 0 {
		return fail("version negotiation is inconsistent: %s", strings.Join(bad, "; ")).with(details...)
	}
	if len(ok) == 0 {
		var got []string
		for _, p := range probes {
			if p.Method == "initialize" && p.Offered != bogusRevision && p.Answered != "" && !slices.Contains(got, p.Answered) {
				got = append(got, p.Answered)
			}
		}
		return pass("negotiates %s", strings.Join(got, ", ")).with(details...)
	}
	return pass("supports %s", strings.Join(ok, ", ")).with(details...)
}

// --- ping ---

func runSpecPing01(ctx context.Context, e *Env) Result {
	if e.era() == model.EraStateless {
		return skip("ping was removed in protocol revision %s (negotiated %s)", latestRevision, e.protocolVersion())
	}
	return e.withRaw(ctx, func(r RawCaller) Result {
		res, rpcErr, err := e.rawCall(ctx, r, "ping", nil)
		if err != nil {
			return errored("ping: %v", err)
		}
		if rpcErr != nil {
			return fail("ping returned error %s", describeRPC(rpcErr))
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal(res, &obj) != nil || obj == nil {
			return fail("ping result is not a JSON object: %s", clip(string(res)))
		}
		var extra []string
		for k := range obj {
			if k != "_meta" {
				extra = append(extra, k)
			}
		}
		if len(extra) > 0 {
			sort.Strings(extra)
			return fail("ping result must be empty; it has %s", strings.Join(extra, ", "))
		}
		return pass("ping answered with an empty result")
	})
}

func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}

// --- unknown method ---

// undeclaredMethod is a method no MCP revision defines.
const undeclaredMethod = "mcpgauge/nonexistent"

func runSpecMethod01(ctx context.Context, e *Env) Result {
	return e.withRaw(ctx, func(r RawCaller) Result {
		res, rpcErr, err := e.rawCall(ctx, r, undeclaredMethod, nil)
		if st, ok := httpRefusal(r, err); ok {
			return pass("%s was refused with HTTP %d and no JSON-RPC body (the Streamable HTTP transport allows this; -32601 is clearer)", undeclaredMethod, st).with(err.Error())
		}
		switch {
		case err != nil:
			return errored("%s: %v", undeclaredMethod, err)
		case rpcErr == nil:
			return fail("%s returned a result instead of error -32601: %s", undeclaredMethod, clip(string(res)))
		case rpcErr.Code != codeMethodNotFound:
			return fail("%s returned error %s; expected -32601 (method not found)", undeclaredMethod, describeRPC(rpcErr))
		}
		return pass("%s returned -32601", undeclaredMethod)
	})
}

// --- capabilities ---

// capProbe is how a capability is exercised.
type capProbe struct {
	Cap    string
	Method string
	Params map[string]any
	// ListKey is the array a list result must carry ("" for none).
	ListKey string
}

// capProbes returns the probe per capability for this server; a capability
// it cannot exercise has an empty Method.
func (e *Env) capProbes() []capProbe {
	probes := []capProbe{
		{Cap: "tools", Method: "tools/list", ListKey: "tools"},
		{Cap: "resources", Method: "resources/list", ListKey: "resources"},
		{Cap: "prompts", Method: "prompts/list", ListKey: "prompts"},
	}
	if e.era() != model.EraStateless {
		probes = append(probes, capProbe{Cap: "logging", Method: "logging/setLevel", Params: map[string]any{"level": "error"}})
	}
	probes = append(probes, e.completionProbe())
	return probes
}

// completionProbe builds a completion/complete request for a listed prompt
// argument or resource template variable, or a made-up prompt when none.
func (e *Env) completionProbe() capProbe {
	p := capProbe{Cap: "completions", Method: "completion/complete"}
	if e.Snapshot != nil {
		for _, pr := range e.Snapshot.Prompts {
			if len(pr.Arguments) > 0 {
				p.Params = map[string]any{
					"ref":      map[string]any{"type": "ref/prompt", "name": pr.Name},
					"argument": map[string]any{"name": pr.Arguments[0].Name, "value": ""},
				}
				return p
			}
		}
		for _, t := range e.Snapshot.Templates {
			if i := strings.Index(t.URITemplate, "{"); i >= 0 {
				if j := strings.Index(t.URITemplate[i:], "}"); j > 1 {
					name := strings.TrimLeft(t.URITemplate[i+1:i+j], "+#./;?&")
					if k := strings.IndexAny(name, ",:*"); k >= 0 {
						name = name[:k]
					}
					p.Params = map[string]any{
						"ref":      map[string]any{"type": "ref/resource", "uri": t.URITemplate},
						"argument": map[string]any{"name": name, "value": ""},
					}
					return p
				}
			}
		}
	}
	p.Params = map[string]any{
		"ref":      map[string]any{"type": "ref/prompt", "name": "mcpgauge_probe"},
		"argument": map[string]any{"name": "x", "value": ""},
	}
	p.ListKey = "-" // marks a made-up reference
	return p
}

func runSpecCaps01(ctx context.Context, e *Env) Result {
	var declared []capProbe
	for _, p := range e.capProbes() {
		if e.capability(p.Cap) {
			declared = append(declared, p)
		}
	}
	if len(declared) == 0 {
		return skip("Server declares none of the capabilities this test exercises")
	}
	return e.withRaw(ctx, func(r RawCaller) Result {
		var bad, details []string
		for _, p := range declared {
			res, rpcErr, err := e.rawCall(ctx, r, p.Method, p.Params)
			switch {
			case err != nil:
				return errored("%s: %v", p.Method, err)
			case rpcErr != nil && p.ListKey == "-" && rpcErr.Code != codeMethodNotFound:
				// A made-up prompt: refusing it (usually -32602) shows the method exists.
				details = append(details, fmt.Sprintf("completions: %s exists (a made-up prompt was refused with %d; nothing real to complete)", p.Method, rpcErr.Code))
			case rpcErr != nil:
				bad = append(bad, fmt.Sprintf("%s declared, but %s returned error %s", p.Cap, p.Method, describeRPC(rpcErr)))
			default:
				var obj map[string]json.RawMessage
				if json.Unmarshal(res, &obj) != nil || obj == nil {
					bad = append(bad, fmt.Sprintf("%s declared, but %s returned a non-object result: %s", p.Cap, p.Method, clip(string(res))))
					continue
				}
				if p.ListKey != "" && p.ListKey != "-" {
					var items []json.RawMessage
					if json.Unmarshal(obj[p.ListKey], &items) != nil || obj[p.ListKey] == nil {
						bad = append(bad, fmt.Sprintf("%s declared, but the %s result has no %q array", p.Cap, p.Method, p.ListKey))
						continue
					}
					details = append(details, fmt.Sprintf("%s: %s ok (%d on the first page)", p.Cap, p.Method, len(items)))
					continue
				}
				if p.Cap == "completions" {
					if _, ok := obj["completion"]; !ok {
						bad = append(bad, fmt.Sprintf("completions declared, but the %s result has no \"completion\" object", p.Method))
						continue
					}
				}
				details = append(details, fmt.Sprintf("%s: %s ok", p.Cap, p.Method))
			}
		}
		if len(bad) > 0 {
			return fail("%d declared capability(ies) do not work", len(bad)).with(append(bad, details...)...)
		}
		return pass("%d declared capability(ies) answer their requests", len(declared)).with(details...)
	})
}

func runSpecCaps02(ctx context.Context, e *Env) Result {
	if _, ok := e.capabilityKeys(); !ok {
		return skip("Server reported no capabilities object")
	}
	var undeclared []capProbe
	for _, p := range e.capProbes() {
		if !e.capability(p.Cap) {
			undeclared = append(undeclared, p)
		}
	}
	if len(undeclared) == 0 {
		return skip("Server declares every capability this test probes")
	}
	return e.withRaw(ctx, func(r RawCaller) Result {
		var bad, details []string
		for _, p := range undeclared {
			res, rpcErr, err := e.rawCall(ctx, r, p.Method, p.Params)
			if st, ok := httpRefusal(r, err); ok {
				details = append(details, fmt.Sprintf("%s not declared: %s refused with HTTP %d", p.Cap, p.Method, st))
				continue
			}
			switch {
			case err != nil:
				return errored("%s: %v", p.Method, err)
			case rpcErr != nil && rpcErr.Code == codeMethodNotFound:
				details = append(details, fmt.Sprintf("%s not declared: %s refused with -32601", p.Cap, p.Method))
			case rpcErr != nil:
				details = append(details, fmt.Sprintf("%s not declared: %s refused with %d (-32601 is the usual code)", p.Cap, p.Method, rpcErr.Code))
			default:
				n := -1
				if p.ListKey != "" && p.ListKey != "-" {
					var obj map[string]json.RawMessage
					var items []json.RawMessage
					if json.Unmarshal(res, &obj) == nil && json.Unmarshal(obj[p.ListKey], &items) == nil {
						n = len(items)
					}
				}
				if n > 0 {
					bad = append(bad, fmt.Sprintf("%s not declared, but %s serves %d item(s) that clients will never look for", p.Cap, p.Method, n))
					continue
				}
				details = append(details, fmt.Sprintf("%s not declared: %s answered with an empty result instead of -32601 (tolerated)", p.Cap, p.Method))
			}
		}
		if len(bad) > 0 {
			return fail("Server serves capabilities it did not declare").with(append(bad, details...)...)
		}
		return pass("%d undeclared capability(ies) are not served", len(undeclared)).with(details...)
	})
}

// --- unknown tool ---

func runSpecTools01(ctx context.Context, e *Env) Result {
	if !e.capability("tools") {
		return skip(noToolsCap)
	}
	c := e.client()
	if c == nil {
		return errored("no session")
	}
	name := nonexistentToolName()
	res, err := c.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: map[string]any{}})
	if err != nil {
		if ctx.Err() != nil {
			return errored("calling %s: %v", name, err)
		}
		code, ok := rpcCode(err)
		if !ok {
			return fail("calling an unknown tool broke the connection instead of returning a JSON-RPC error: %v", err)
		}
		if code != codeInvalidParams {
			return pass("unknown tool returned JSON-RPC error %d (the spec's example is -32602)", code)
		}
		return pass("unknown tool returned JSON-RPC error -32602")
	}
	if res != nil && res.IsError {
		return fail("unknown tool returned a result with isError: true; it SHOULD be a JSON-RPC protocol error (-32602 Unknown tool)").with(firstText(res))
	}
	return fail("unknown tool %s returned a successful result", name)
}

// --- schemas ---

func runSpecSchema01(_ context.Context, e *Env) Result {
	tools, r := snapshotTools(e)
	if r != nil {
		return *r
	}
	var bad []string
	for _, t := range tools {
		if !t.HasInputSchema || len(t.RawInputSchema) == 0 {
			bad = append(bad, fmt.Sprintf("%s: no inputSchema", t.Name))
			continue
		}
		if _, err := schemacheck.Compile(t.RawInputSchema, false); err != nil {
			bad = append(bad, fmt.Sprintf("%s: %v", t.Name, err))
		}
	}
	if len(bad) > 0 {
		return fail("%d of %d tool input schema(s) are not valid JSON Schema", len(bad), len(tools)).with(bad...)
	}
	return pass("All %d tool input schema(s) compile as JSON Schema (2020-12 unless $schema says otherwise)", len(tools))
}

func runSpecSchema02(_ context.Context, e *Env) Result {
	tools, r := snapshotTools(e)
	if r != nil {
		return *r
	}
	var bad []string
	n := 0
	for _, t := range tools {
		if t.OutputSchema == nil {
			continue
		}
		n++
		raw, err := json.Marshal(t.OutputSchema)
		if err != nil {
			bad = append(bad, fmt.Sprintf("%s: %v", t.Name, err))
			continue
		}
		if _, err := schemacheck.Compile(raw, false); err != nil {
			bad = append(bad, fmt.Sprintf("%s: %v", t.Name, err))
			continue
		}
		if typ, _ := t.OutputSchema["type"].(string); typ != "object" {
			bad = append(bad, fmt.Sprintf("%s: outputSchema.type is %s; structuredContent is an object, so it must be \"object\"", t.Name, describeType(t.OutputSchema["type"])))
		}
	}
	if n == 0 {
		return skip("No tool declares an outputSchema")
	}
	if len(bad) > 0 {
		return fail("%d of %d tool output schema(s) are not valid", len(bad), n).with(bad...)
	}
	return pass("All %d tool output schema(s) compile as JSON Schema with type object", n)
}

func runSpecOutput01(ctx context.Context, e *Env) Result {
	if !e.capability("tools") {
		return skip(noToolsCap)
	}
	cs := e.toolCalls(ctx)
	if cs.skipReason != "" {
		return skip("%s", cs.skipReason)
	}
	var bad, details []string
	checked, withSchema := 0, 0
	for _, c := range cs.calls {
		if c.OutputSchema == nil {
			continue
		}
		withSchema++
		switch {
		case c.NotCalled != "":
			details = append(details, fmt.Sprintf("%s: not called: %s", c.Tool, c.NotCalled))
			continue
		case c.Err != nil:
			details = append(details, fmt.Sprintf("%s: call failed: %v", c.Tool, c.Err))
			continue
		case c.Result == nil:
			continue
		case c.Result.IsError:
			details = append(details, fmt.Sprintf("%s: returned isError, so no structuredContent is required", c.Tool))
			continue
		}
		checked++
		if c.Result.StructuredContent == nil {
			bad = append(bad, fmt.Sprintf("%s: declares an outputSchema but returned no structuredContent", c.Tool))
			continue
		}
		sch, err := schemacheck.Compile(c.OutputSchema, false)
		if err != nil {
			details = append(details, fmt.Sprintf("%s: outputSchema does not compile (see spec-schema-02): %v", c.Tool, err))
			continue
		}
		raw, err := json.Marshal(c.Result.StructuredContent)
		if err != nil {
			bad = append(bad, fmt.Sprintf("%s: structuredContent cannot be encoded: %v", c.Tool, err))
			continue
		}
		if err := schemacheck.Validate(sch, raw); err != nil {
			bad = append(bad, fmt.Sprintf("%s: structuredContent %s does not conform: %v", c.Tool, clip(string(raw)), err))
			continue
		}
		details = append(details, fmt.Sprintf("%s: structuredContent conforms", c.Tool))
	}
	if withSchema == 0 {
		return skip("None of the %d tool(s) chosen for calling declares an outputSchema", len(cs.calls))
	}
	if len(bad) > 0 {
		return fail("%d tool result(s) break their outputSchema", len(bad)).with(append(bad, details...)...)
	}
	if checked == 0 {
		return skip("No successful call of a tool with an outputSchema to check").with(details...)
	}
	return pass("%d tool result(s) conform to their outputSchema", checked).with(details...)
}

// --- stdout ---

func runSpecStdio01(_ context.Context, e *Env) Result {
	if !e.isStdio() {
		return skip("not a stdio server")
	}
	if e.Session == nil {
		return errored("no session")
	}
	noise := e.Session.Noise()
	total := max(e.Session.NoiseCount(), len(noise))
	if total == 0 {
		return pass("stdout carried only JSON-RPC messages")
	}
	shown := noise
	if len(shown) > 10 {
		shown = shown[:10]
	}
	lines := make([]string, 0, len(shown)+1)
	for _, n := range shown {
		lines = append(lines, clip(n))
	}
	if total > len(shown) {
		lines = append(lines, fmt.Sprintf("… and %d more", total-len(shown)))
	}
	return fail("Server wrote %d non-MCP line(s) to stdout", total).with(lines...)
}

// --- pagination ---

// invalidCursor is a cursor no server can have issued.
const invalidCursor = "mcpgauge-invalid-cursor-\u00ff-%%"

func runSpecPagination01(ctx context.Context, e *Env) Result {
	if !e.capability("tools") {
		return skip(noToolsCap)
	}
	return e.withRaw(ctx, func(r RawCaller) Result {
		res, rpcErr, err := e.rawCall(ctx, r, "tools/list", map[string]any{"cursor": invalidCursor})
		switch {
		case err != nil:
			return errored("tools/list with an invalid cursor: %v", err)
		case rpcErr == nil:
			return fail("tools/list accepted an invalid cursor (an invalid cursor SHOULD return -32602)").with(clip(string(res)))
		case rpcErr.Code != codeInvalidParams:
			return fail("tools/list with an invalid cursor returned error %s (an invalid cursor SHOULD return -32602)", describeRPC(rpcErr))
		}
		return pass("tools/list with an invalid cursor returned -32602")
	})
}

func runSpecPagination02(_ context.Context, e *Env) Result {
	if e.Snapshot == nil {
		return errored("no snapshot")
	}
	var bad []string
	for _, is := range e.Snapshot.Issues {
		if is.Kind == "error" && is.Page <= 1 {
			continue // a failing first page is the list tests' finding
		}
		s := fmt.Sprintf("%s: %s on page %d: %s", is.List, is.Kind, is.Page, is.Detail)
		if is.Subject != "" {
			s += " (" + is.Subject + ")"
		}
		bad = append(bad, s)
	}
	var pages []string
	for _, l := range []string{"tools", "resources", "resource_templates", "prompts"} {
		if n, ok := e.Snapshot.Pages[l]; ok {
			pages = append(pages, fmt.Sprintf("%s: %d page(s)", l, n))
		}
	}
	if len(bad) > 0 {
		return fail("%d pagination problem(s)", len(bad)).with(append(bad, pages...)...)
	}
	return pass("every list paginated to its end without cycles or duplicates").with(pages...)
}

// --- bait and switch ---

func runSpecBait01(ctx context.Context, e *Env) Result {
	if !e.capability("tools") {
		return skip(noToolsCap)
	}
	if e.DialRaw == nil {
		return errored("no dialer for this target")
	}
	ids := e.Identities
	if len(ids) < 2 {
		return skip("needs two client identities")
	}
	views, _ := e.views(ctx)
	for _, v := range views {
		if v.startErr != nil {
			return errored("%v", v.startErr)
		}
		if v.err != nil {
			// A listing that broke off differs from the others for our
			// reasons, not the server's choice of audience.
			return errored("%v", v.err)
		}
	}
	return compareViews(views)
}

// compareViews compares the tools every identity was shown. Views listed
// on the same revision are compared whole; across revisions only what a
// revision does not change (name, description, input schema), and the
// result says so.
func compareViews(views []toolView) Result {
	type digested struct {
		toolView
		digest string
		tools  map[string]string
	}
	base := views[0]
	var partial []string
	for _, v := range views[1:] {
		if v.revision != base.revision {
			partial = append(partial, fmt.Sprintf("%q was listed on %s, %q on %s", base.client, base.revision, v.client, v.revision))
		}
	}
	digest := func(v toolView) digested {
		d := digested{toolView: v, tools: map[string]string{}}
		if len(partial) == 0 {
			d.digest = model.ServerSHA256(v.tools)
			for i := range v.tools {
				d.tools[v.tools[i].Name] = model.ToolSHA256(&v.tools[i])
			}
			return d
		}
		var all []string
		for i := range v.tools {
			h := revisionFreeDigest(&v.tools[i])
			d.tools[v.tools[i].Name] = h
			all = append(all, v.tools[i].Name+"\x00"+h)
		}
		d.digest = strings.Join(all, "\x01")
		return d
	}
	ds := make([]digested, len(views))
	for i, v := range views {
		ds[i] = digest(v)
	}
	b := ds[0]
	var diffs []string
	differ := map[string]bool{}
	for _, v := range ds[1:] {
		if v.digest == b.digest {
			continue
		}
		names := map[string]bool{}
		for n := range b.tools {
			names[n] = true
		}
		for n := range v.tools {
			names[n] = true
		}
		sorted := make([]string, 0, len(names))
		for n := range names {
			sorted = append(sorted, n)
		}
		sort.Strings(sorted)
		for _, n := range sorted {
			x, inA := b.tools[n]
			y, inB := v.tools[n]
			if !inA || !inB || x != y {
				differ[n] = true
			}
			switch {
			case inA && !inB:
				diffs = append(diffs, fmt.Sprintf("%s: listed for %q, hidden from %q", n, b.client, v.client))
			case !inA && inB:
				diffs = append(diffs, fmt.Sprintf("%s: listed for %q, hidden from %q", n, v.client, b.client))
			case x != y:
				diffs = append(diffs, fmt.Sprintf("%s: definition differs between %q and %q", n, b.client, v.client))
			}
		}
		if len(diffs) == 0 {
			diffs = append(diffs, fmt.Sprintf("tool order or set digest differs between %q and %q", b.client, v.client))
		}
	}
	var scope []string
	if len(partial) > 0 {
		scope = append(scope, fmt.Sprintf("compared tool names, descriptions and input schemas only (what a protocol revision does not change): %s", strings.Join(partial, "; ")))
	}
	if len(diffs) > 0 {
		if len(differ) == 0 {
			return fail("Server shows different tools to different clients (same tools, in another order)").with(append(diffs, scope...)...)
		}
		names := make([]string, 0, len(differ))
		for n := range differ {
			names = append(names, n)
		}
		sort.Strings(names)
		return fail("Server shows different tools to different clients: %s", nameList(names, 8)).with(append(diffs, scope...)...)
	}
	clients := make([]string, len(views))
	for i, v := range views {
		clients[i] = v.client
	}
	return pass("identical tools (%d) for clients %s", len(b.tools), strings.Join(clients, ", ")).with(scope...)
}

// revisionFreeDigest hashes what a protocol revision does not change in a
// tool: its name, description and input schema (re-encoded, so key order
// does not count).
func revisionFreeDigest(t *model.Tool) string {
	var schema any
	_ = json.Unmarshal(t.RawInputSchema, &schema)
	b, _ := json.Marshal(struct {
		Name        string `json:"name"`
		Description string `json:"description"`
		Schema      any    `json:"inputSchema"`
	}{t.Name, t.RawDescription, schema})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// nameList joins up to n names, with a count of the rest.
func nameList(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}

// withRaw runs f on the Env's shared raw probe session, opening it on first
// use. A transport error drops the session so the next test reopens it.
func (e *Env) withRaw(ctx context.Context, f func(RawCaller) Result) Result {
	e.mu.Lock()
	r := e.raw
	e.mu.Unlock()
	if r == nil {
		var err error
		r, err = e.rawSession(ctx)
		if err != nil {
			return errored("%v", err)
		}
		e.mu.Lock()
		e.raw = r
		e.mu.Unlock()
	}
	res := f(r)
	if res.Status == StatusError {
		e.dropRaw()
	}
	return res
}

func (e *Env) dropRaw() {
	e.mu.Lock()
	r := e.raw
	e.raw = nil
	e.mu.Unlock()
	if r != nil {
		_ = r.Close()
	}
}

// Close closes the probe sessions the tests opened (not the main session).
// Run calls it when it finishes.
func (e *Env) Close() error {
	if e == nil {
		return nil
	}
	e.dropRaw()
	return nil
}
