package compliance

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestJudgeNegotiation(t *testing.T) {
	t.Parallel()
	echo := func(v string) probe { return probe{Offered: v, Method: "initialize", Answered: v} }
	answer := func(v, a string) probe { return probe{Offered: v, Method: "initialize", Answered: a} }
	discover := func(listed ...string) probe {
		return probe{Offered: latestRevision, Method: "server/discover", Listed: listed}
	}
	noDiscover := probe{Offered: latestRevision, Method: "server/discover", RPC: &connect.RPCError{Code: -32601, Message: "method not found"}}
	refuse := func(v string, code int64, supported string) probe {
		p := probe{Offered: v, Method: "initialize", RPC: &connect.RPCError{Code: code, Message: "unsupported"}}
		if supported != "" {
			p.RPC.Data = json.RawMessage(`{"supported":` + supported + `}`)
		}
		return p
	}
	all4 := []probe{echo("2024-11-05"), echo("2025-03-26"), echo("2025-06-18"), echo("2025-11-25")}
	with := func(rest ...probe) []probe { return append(append([]probe{}, all4...), rest...) }
	cases := []struct {
		name   string
		probes []probe
		status Status
		want   string
	}{
		{"go-sdk server", with(discover("2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"), answer(bogusRevision, "2025-11-25")), StatusPass, "era: both"},
		{"legacy only, bogus refused with -32602", with(noDiscover, refuse(bogusRevision, -32602, `["2025-11-25"]`)), StatusPass, "handshake only"},
		{"echoes the bogus version", with(noDiscover, echo(bogusRevision)), StatusFail, "echoed the bogus version"},
		{"offers a version it refuses", []probe{answer("2024-11-05", "2025-06-18"), echo("2025-03-26"), answer("2025-06-18", "2025-03-26"), echo("2025-11-25"), noDiscover, answer(bogusRevision, "2025-11-25")},
			StatusFail, "answered 2025-06-18 to an offer of 2024-11-05"},
		{"lists a version it refuses", []probe{refuse("2024-11-05", -32602, `["2024-11-05","2025-11-25"]`), echo("2025-03-26"), echo("2025-06-18"), echo("2025-11-25"), noDiscover, answer(bogusRevision, "2025-11-25")},
			StatusFail, "lists 2024-11-05 as supported"},
		{"bogus refused with the wrong code", with(noDiscover, refuse(bogusRevision, -32603, "")), StatusFail, "refused the bogus version with error -32603"},
		{"bogus kills the server", with(noDiscover, probe{Offered: bogusRevision, Method: "initialize", Err: errors.New("server exited")}), StatusFail, "did not answer initialize with the bogus version"},
		{"stateless only", []probe{refuse("2024-11-05", -32601, ""), refuse("2025-03-26", -32601, ""), refuse("2025-06-18", -32601, ""), refuse("2025-11-25", -32601, ""), discover("2026-07-28"), refuse(bogusRevision, -32601, "")},
			StatusPass, "stateless only"},
		{"nothing answers", []probe{{Offered: "2024-11-05", Err: errors.New("x")}, {Offered: bogusRevision, Err: errors.New("x")}}, StatusError, "no version probe"},
	}
	for _, tc := range cases {
		r := judgeNegotiation(tc.probes)
		text := r.Message + "\n" + strings.Join(r.Details, "\n")
		if r.Status != tc.status || !strings.Contains(text, tc.want) {
			t.Errorf("%s: %s %q, want %s containing %q", tc.name, r.Status, text, tc.status, tc.want)
		}
	}
}

// TestSnapshotList pins the skip and error results the structural tests
// share, for each list they read.
func TestSnapshotList(t *testing.T) {
	t.Parallel()
	caps := map[string]any{"tools": map[string]any{}, "resources": map[string]any{}, "prompts": map[string]any{}}
	withTools := &model.Snapshot{Capabilities: caps, Tools: []model.Tool{{Name: "a"}, {Name: "b"}}}
	failed := &model.Snapshot{Capabilities: caps, Issues: []model.ListIssue{
		{List: connect.ListResources, Kind: connect.IssueCursorCycle, Detail: "not an error"},
		{List: connect.ListResources, Kind: connect.IssueError, Detail: "resources/list page 1: boom"},
	}}
	noSession := &Env{}
	initOnly := &Env{Session: &connect.Session{Init: &mcp.InitializeResult{Capabilities: &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{}}}}}
	cases := []struct {
		name   string
		env    *Env
		list   func(*Env) (int, *Result)
		n      int
		status Status
		msg    string
	}{
		{"tools listed", &Env{Snapshot: withTools}, countTools, 2, "", ""},
		{"tools undeclared", &Env{Snapshot: &model.Snapshot{Capabilities: map[string]any{"prompts": map[string]any{}}}}, countTools, 0, StatusSkip, "Server does not declare the tools capability"},
		{"no capabilities at all", noSession, countPrompts, 0, StatusSkip, "Server does not declare the prompts capability"},
		{"declared but no snapshot", initOnly, countTools, 0, StatusError, "no snapshot"},
		{"resources list failed", &Env{Snapshot: failed}, countResources, 0, StatusError, "resources/list failed: resources/list page 1: boom"},
		{"cycle alone is no failure", &Env{Snapshot: failed}, countPrompts, 0, StatusSkip, "Server lists no prompts"},
		{"resources empty", &Env{Snapshot: withTools}, countResources, 0, StatusSkip, "Server lists no resources"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			n, r := c.list(c.env)
			if n != c.n {
				t.Errorf("%d items, want %d", n, c.n)
			}
			switch {
			case c.status == "" && r != nil:
				t.Errorf("result %+v, want the items", *r)
			case c.status != "" && r == nil:
				t.Errorf("no result, want %s %q", c.status, c.msg)
			case r != nil && (r.Status != c.status || r.Message != c.msg):
				t.Errorf("result %s %q, want %s %q", r.Status, r.Message, c.status, c.msg)
			}
		})
	}
}

func countTools(e *Env) (int, *Result)     { x, r := snapshotTools(e); return len(x), r }
func countResources(e *Env) (int, *Result) { x, r := snapshotResources(e); return len(x), r }
func countPrompts(e *Env) (int, *Result)   { x, r := snapshotPrompts(e); return len(x), r }

// TestRawCallLeavesParamsAlone: a stateless-era raw call carries the
// protocol _meta the server needs, and the caller's params (and its own
// _meta) come back as they were, so a probe table can be sent twice.
func TestRawCallLeavesParamsAlone(t *testing.T) {
	t.Parallel()
	tg := &connect.Target{Transport: connect.TransportStdio, Command: fixtures.Build(t, "stateless"), Display: "stateless"}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	r, err := connect.DialRaw(ctx, tg, connect.Options{Timeout: 30 * time.Second})
	if err != nil {
		t.Fatalf("DialRaw: %v", err)
	}
	defer r.Close()
	e := &Env{Snapshot: &model.Snapshot{Era: model.EraStateless}}
	meta := map[string]any{"note": "mine"}
	params := map[string]any{"_meta": meta}
	for i := range 2 {
		res, rpcErr, err := e.rawCall(ctx, r, "tools/list", params)
		if err != nil || rpcErr != nil {
			t.Fatalf("call %d: tools/list: err %v, rpc error %+v", i+1, err, rpcErr)
		}
		var out struct {
			Tools []json.RawMessage `json:"tools"`
		}
		if err := json.Unmarshal(res, &out); err != nil || len(out.Tools) != 3 {
			t.Errorf("call %d: result %s (err %v); want 3 tools", i+1, res, err)
		}
		if len(params) != 1 || len(meta) != 1 || meta["note"] != "mine" {
			t.Fatalf("call %d changed the caller's params: %v", i+1, params)
		}
	}
}
