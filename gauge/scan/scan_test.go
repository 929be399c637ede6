package scan

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

func TestAnalyseToolgaugeFixtures(t *testing.T) {
	shareddata.Require(t) // skips once, here, without ../shared
	cases := []struct {
		server                  string
		lintHealth              int
		errors, warnings        int
		qgQuality, qgEff, qgSec int
	}{
		{"goodserver", 100, 0, 0, 25, 15, 20},
		{"badserver", 0, 5, 53, 16, 15, 20},
	}
	for _, c := range cases {
		t.Run(c.server, func(t *testing.T) {
			snap, err := model.ParseToolsJSON(shareddata.Read(t, "data", "toolgauge-fixtures", c.server, "tools-list.json"))
			if err != nil {
				t.Fatal(err)
			}
			rep := &Report{}
			if err := Analyse(rep, snap, Options{}); err != nil {
				t.Fatal(err)
			}
			h := rep.Health
			if h.LintScore != c.lintHealth || h.Overall != c.lintHealth || h.Errors != c.errors || h.Warnings != c.warnings {
				t.Errorf("health = %+v, want lint %d with %d errors, %d warnings", h, c.lintHealth, c.errors, c.warnings)
			}
			q := rep.QualityGate.Score
			if q.Quality != c.qgQuality || q.Efficiency != c.qgEff || q.Security != c.qgSec {
				t.Errorf("quality-gate parts = %d/%d/%d, want %d/%d/%d", q.Quality, q.Efficiency, q.Security, c.qgQuality, c.qgEff, c.qgSec)
			}
			// No compliance test ran: quality-gate scores 0, as upstream.
			if q.Score != 0 || !q.NoTestsRan {
				t.Errorf("quality-gate score without tests = %d (noTestsRan %v), want 0", q.Score, q.NoTestsRan)
			}
			if rep.Score.Part("compliance").Measured {
				t.Error("compliance must not count as measured when no test ran")
			}
			if rep.TotalTokens == 0 || len(rep.Tokens) != len(snap.Tools) {
				t.Errorf("token sizes missing: %d tools sized, total %d", len(rep.Tokens), rep.TotalTokens)
			}
			if p := rep.QualityGate.ClientViewProblem; p != "" {
				t.Errorf("quality-gate's client would reject %s: %s", c.server, p)
			}
		})
	}
}

// TestClientViewProblem: a tool list quality-gate's own client would reject
// is still scored on its real tools, and the report says why quality-gate's
// numbers would differ.
func TestClientViewProblem(t *testing.T) {
	snap, err := model.ParseToolsJSON([]byte(`{"tools":[
		{"name":"list_items","description":"Lists the items in the store.","inputSchema":{"type":"object","properties":{}}},
		{"name":"bad","inputSchema":{"type":"array"}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	rep := &Report{}
	if err := Analyse(rep, snap, Options{}); err != nil {
		t.Fatal(err)
	}
	if p := rep.QualityGate.ClientViewProblem; !strings.Contains(p, `type is not "object"`) {
		t.Errorf("client-view problem %q, want the rejected inputSchema named", p)
	}
	if len(rep.QualityGate.Quality.Findings) == 0 {
		t.Error("mcpgauge should still analyse the real tools (quality-gate would see none)")
	}
}

// TestClassify: each kind of typed error gets its status, with a reason.
func TestClassify(t *testing.T) {
	t.Parallel()
	exit := func(code string) error {
		err := exec.Command("sh", "-c", "exit "+code).Run()
		return connect.NewDialError(connect.DialExited, "server exited ("+err.Error()+") before answering initialize", err)
	}
	withStderr := func(e error, stderr string) error {
		var de *connect.DialError
		if errors.As(e, &de) {
			de.Stderr = stderr
		}
		return e
	}
	http := func(code int) error {
		e := connect.NewDialError(connect.DialHTTPStatus, fmt.Sprintf("Streamable HTTP refused (HTTP %d)", code), errors.New("refused"))
		e.Code = code
		return e
	}
	cases := []struct {
		err  error
		want string
	}{
		{nil, "ok"},
		{connect.NewDialError(connect.DialTimeout, "no answer to initialize within 5s", context.DeadlineExceeded), "timeout"},
		{context.DeadlineExceeded, "timeout"},
		{withStderr(exit("1"), "Error: GITHUB_PERSONAL_ACCESS_TOKEN environment variable is required"), "needs_credentials"},
		{withStderr(exit("1"), "Error: Cannot find module '/x/index.js'"), "start_failed"},
		{exit("127"), "start_failed"},
		{connect.NewDialError(connect.DialSpawn, `exec: "nodez": executable file not found in $PATH`, exec.ErrNotFound), "start_failed"},
		{http(401), "auth_required"},
		{http(403), "auth_required"},
		{http(500), "handshake_failed"},
		{exit("2"), "crashed"},
		{connect.NewDialError(connect.DialProtocol, "invalid initialize result", errors.New("bad")), "handshake_failed"},
		{connect.NewDialError(connect.DialTransport, "connection refused", syscall.ECONNREFUSED), "handshake_failed"},
		// Text alone decides nothing: an untyped error that names a
		// timeout, an HTTP 401 or a missing file is a handshake failure.
		{errors.New("cannot connect to MCP server: no answer to initialize within 5s"), "handshake_failed"},
		{errors.New("Streamable HTTP refused (HTTP 401)"), "handshake_failed"},
		{errors.New(`exec: "nodez": executable file not found in $PATH`), "handshake_failed"},
	}
	for _, c := range cases {
		got, reason := classifyStr(c.err)
		if got != c.want {
			t.Errorf("Classify(%v) = %s, want %s", c.err, got, c.want)
		}
		if c.err != nil && reason == "" {
			t.Errorf("Classify(%v) gave no reason", c.err)
		}
	}
	_, reason := classifyStr(withStderr(exit("1"), "starting\nError: API_KEY environment variable is required\n"))
	if reason != "Error: API_KEY environment variable is required" {
		t.Errorf("credential reason should come from stderr, got %q", reason)
	}
}

func TestRunCarefulAndResultDocument(t *testing.T) {
	bin := fixtures.Build(t, "careful")
	rep, err := Run(context.Background(), &connect.Target{Transport: connect.TransportStdio, Command: bin, Display: bin}, Options{Compliance: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Compliance == nil || rep.Compliance.Summary.Failed != 0 || rep.Compliance.Summary.Passed == 0 {
		t.Fatalf("careful compliance: %+v", rep.Compliance)
	}
	if rep.Score.Overall < 95 || rep.QualityGate.Score.Score != 100 {
		t.Fatalf("careful scores: mcpgauge %d, quality-gate %d", rep.Score.Overall, rep.QualityGate.Score.Score)
	}
	res := localResultFor(rep)
	if err := res.Validate(); err != nil {
		t.Fatalf("result document invalid: %v", err)
	}
	if res.Snapshot.ServerDigest != model.ServerSHA256(rep.Snapshot.Tools) || len(res.Snapshot.ToolList) != 6 {
		t.Fatalf("snapshot summary wrong: %+v", res.Snapshot)
	}
}

// BenchmarkScanOverhead compares a bare connect-and-list of the careful
// fixture with a scan on the same single connection (snapshot, lint, BPE
// sizes, scores) and with a full scan (plus the live compliance tests,
// which open further connections by design).
func BenchmarkScanOverhead(b *testing.B) {
	bin := fixtures.Build(b, "careful")
	target := &connect.Target{Transport: connect.TransportStdio, Command: bin, Display: bin}
	ctx := context.Background()
	b.Run("bare-connect-list", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			s, err := connect.Dial(ctx, target, connect.Options{})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := s.Snapshot(ctx); err != nil {
				b.Fatal(err)
			}
			_ = s.Close()
		}
	})
	for _, full := range []bool{false, true} {
		b.Run(fmt.Sprintf("scan-compliance=%v", full), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := Run(ctx, target, Options{Compliance: full}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
