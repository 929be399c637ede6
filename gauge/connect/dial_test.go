package connect

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// selfTarget runs this test binary as a server in the given mode.
func selfTarget(t *testing.T, mode string, env map[string]string) (*Target, string) {
	t.Helper()
	pidFile := filepath.Join(t.TempDir(), "pid")
	e := map[string]string{envMode: mode, envPIDFile: pidFile}
	for k, v := range env {
		e[k] = v
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return &Target{Transport: TransportStdio, Command: exe, Env: e, Display: "self " + mode}, pidFile
}

// readPID waits briefly for the server to write its PID file.
func readPID(t *testing.T, pidFile string) int {
	t.Helper()
	for range 200 {
		if b, err := os.ReadFile(pidFile); err == nil && len(b) > 0 {
			pid, err := strconv.Atoi(string(b))
			if err != nil {
				t.Fatal(err)
			}
			return pid
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("server wrote no PID file %s", pidFile)
	return 0
}

// killGroupOnCleanup is a safety net: whatever a test does, the group dies.
func killGroupOnCleanup(t *testing.T, pidFile string) {
	t.Cleanup(func() {
		if b, err := os.ReadFile(pidFile); err == nil {
			if pid, err := strconv.Atoi(string(b)); err == nil && pid > 1 {
				_ = syscall.Kill(-pid, syscall.SIGKILL)
			}
		}
	})
}

// assertGroupGone fails unless no process of the group pgid is left.
func assertGroupGone(t *testing.T, pgid int) {
	t.Helper()
	if pgid <= 1 {
		t.Fatalf("bad pgid %d", pgid)
	}
	if err := syscall.Kill(-pgid, 0); !errors.Is(err, syscall.ESRCH) {
		t.Fatalf("process group %d still exists after Close (kill -0: %v)", pgid, err)
	}
}

func testOpts() Options { return Options{Timeout: 15 * time.Second} }

func dialOK(t *testing.T, tg *Target, o Options) *Session {
	t.Helper()
	s, err := Dial(context.Background(), tg, o)
	if err != nil {
		t.Fatalf("Dial: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// snapshotOK reads a snapshot from s and fails the test on error.
func snapshotOK(t *testing.T, s *Session) *model.Snapshot {
	t.Helper()
	snap, err := s.Snapshot(context.Background())
	if err != nil {
		t.Fatalf("Snapshot: %v", err)
	}
	return snap
}

func toolNames(snap *model.Snapshot) []string {
	var names []string
	for _, t := range snap.Tools {
		names = append(names, t.Name)
	}
	return names
}

func issuesOf(snap *model.Snapshot, kind string) []model.ListIssue {
	var out []model.ListIssue
	for _, i := range snap.Issues {
		if i.Kind == kind {
			out = append(out, i)
		}
	}
	return out
}

func TestDialHandshakeServerSnapshot(t *testing.T) {
	tg, pidFile := selfTarget(t, "legacy", nil)
	killGroupOnCleanup(t, pidFile)
	s := dialOK(t, tg, testOpts())
	if s.Era != model.EraHandshake || s.ProtocolVersion != "2025-11-25" {
		t.Fatalf("era %q version %q, want handshake 2025-11-25", s.Era, s.ProtocolVersion)
	}
	if !strings.Contains(s.DiscoverError, "-32601") {
		t.Errorf("DiscoverError = %q, want the server's -32601", s.DiscoverError)
	}
	snap := snapshotOK(t, s)
	if got := strings.Join(toolNames(snap), ","); got != "tool_a,tool_b,tool_c" {
		t.Errorf("tools = %s", got)
	}
	if snap.Pages[ListTools] != 2 || snap.Pages[ListResources] != 1 || snap.Pages[ListTemplates] != 1 || snap.Pages[ListPrompts] != 1 {
		t.Errorf("pages = %v", snap.Pages)
	}
	if len(snap.Issues) != 0 {
		t.Errorf("issues = %+v", snap.Issues)
	}
	if snap.Server.Name != "legacy-test" || snap.Server.Title != "Legacy Test" || snap.Server.Version != "1.2.3" ||
		snap.Server.ProtocolVersion != "2025-11-25" || snap.Server.Instructions != "Use the tools carefully." {
		t.Errorf("server info = %+v", snap.Server)
	}
	if _, ok := snap.Capabilities["x-custom"]; !ok {
		t.Errorf("raw capability x-custom lost: %v", snap.Capabilities)
	}
	if !strings.Contains(string(snap.Tools[0].Raw), `"x-vendor":"kept"`) {
		t.Errorf("unknown tool field lost: %s", snap.Tools[0].Raw)
	}
	if snap.Target != "self legacy" || snap.Era != model.EraHandshake {
		t.Errorf("target %q era %q", snap.Target, snap.Era)
	}
	if len(snap.Resources) != 1 || snap.Resources[0].URI != "file:///a.txt" || len(snap.Templates) != 1 ||
		len(snap.Prompts) != 1 || len(snap.Prompts[0].Arguments) != 1 || !snap.Prompts[0].Arguments[0].Required {
		t.Errorf("resources %+v templates %+v prompts %+v", snap.Resources, snap.Templates, snap.Prompts)
	}
	pgid := s.PGID()
	if pgid != readPID(t, pidFile) {
		t.Errorf("PGID %d is not the server's PID", pgid)
	}
	if err := s.Close(); err != nil {
		t.Logf("close: %v", err)
	}
	assertGroupGone(t, pgid)
	// Listing only: the server saw no tools/call.
	if strings.Contains(s.Stderr(), "GOT tools/call") {
		t.Errorf("snapshot called a tool: %s", s.Stderr())
	}
}

func TestDialStatelessSDKServer(t *testing.T) {
	tg, pidFile := selfTarget(t, "sdk", nil)
	killGroupOnCleanup(t, pidFile)
	s := dialOK(t, tg, testOpts())
	if s.Era != model.EraStateless || s.ProtocolVersion != StatelessVersion {
		t.Fatalf("era %q version %q, want stateless %s", s.Era, s.ProtocolVersion, StatelessVersion)
	}
	if s.DiscoverError != "" {
		t.Errorf("DiscoverError = %q", s.DiscoverError)
	}
	snap := snapshotOK(t, s)
	if got := strings.Join(toolNames(snap), ","); got != "alpha,beta,gamma" {
		t.Errorf("tools = %s", got)
	}
	if snap.Server.Name != "sdk-test" || snap.Server.Instructions != "SDK instructions." || snap.Server.ProtocolVersion != StatelessVersion {
		t.Errorf("server = %+v", snap.Server)
	}
	if !snap.HasCapability("tools") || snap.HasCapability("prompts") {
		t.Errorf("capabilities = %v", snap.Capabilities)
	}
	if snap.Tools[0].Params()["q"] == nil {
		t.Errorf("tool schema lost its parameter: %s", snap.Tools[0].Raw)
	}
}

func TestForcedVersions(t *testing.T) {
	t.Run("legacy version on a dual server", func(t *testing.T) {
		tg, pidFile := selfTarget(t, "sdk", nil)
		killGroupOnCleanup(t, pidFile)
		o := testOpts()
		o.ProtocolVersion = "2025-06-18"
		s := dialOK(t, tg, o)
		if s.Era != model.EraHandshake || s.ProtocolVersion != "2025-06-18" || s.RequestedVersion != "2025-06-18" {
			t.Fatalf("era %q version %q", s.Era, s.ProtocolVersion)
		}
		snap, err := s.Snapshot(context.Background())
		if err != nil || len(snap.Tools) != 3 {
			t.Fatalf("snapshot: %v, %d tools", err, len(snap.Tools))
		}
	})
	t.Run("stateless forced on a handshake-only server", func(t *testing.T) {
		logFile := filepath.Join(t.TempDir(), "methods")
		tg, pidFile := selfTarget(t, "legacy", map[string]string{envLog: logFile})
		killGroupOnCleanup(t, pidFile)
		o := testOpts()
		o.ProtocolVersion = StatelessVersion
		s, err := Dial(context.Background(), tg, o)
		if err == nil {
			s.Close()
			t.Fatal("Dial succeeded; want a refusal")
		}
		if !errors.Is(err, ErrConnect) || !strings.Contains(err.Error(), "does not support protocol 2026-07-28") {
			t.Fatalf("err = %v", err)
		}
		// The server saw server/discover and never initialize.
		methods, _ := os.ReadFile(logFile)
		if string(methods) != "server/discover\n" {
			t.Errorf("server received %q, want only server/discover", methods)
		}
		if !strings.Contains(err.Error(), "stderr: GOT server/discover") {
			t.Errorf("stderr tail missing from %v", err)
		}
		assertGroupGone(t, readPID(t, pidFile))
	})
	t.Run("old version on a handshake server", func(t *testing.T) {
		tg, pidFile := selfTarget(t, "legacy", nil)
		killGroupOnCleanup(t, pidFile)
		o := testOpts()
		o.ProtocolVersion = "2024-11-05"
		s := dialOK(t, tg, o)
		if s.ProtocolVersion != "2024-11-05" || s.DiscoverError != "" {
			t.Fatalf("version %q, discover error %q", s.ProtocolVersion, s.DiscoverError)
		}
		if strings.Contains(s.Stderr(), "server/discover") {
			t.Errorf("forced legacy version still sent server/discover: %s", s.Stderr())
		}
	})
}

func TestSilentDiscoverFallsBack(t *testing.T) {
	tg, pidFile := selfTarget(t, "legacy", map[string]string{envDiscover: "silent"})
	killGroupOnCleanup(t, pidFile)
	o := testOpts()
	o.DiscoverTimeout = 300 * time.Millisecond
	s := dialOK(t, tg, o)
	if s.Era != model.EraHandshake {
		t.Fatalf("era %q", s.Era)
	}
	if !strings.Contains(s.DiscoverError, "no answer to server/discover") {
		t.Errorf("DiscoverError = %q", s.DiscoverError)
	}
	snap, err := s.Snapshot(context.Background())
	if err != nil || len(snap.Tools) != 3 {
		t.Fatalf("snapshot after fallback: %v, %d tools", err, len(snap.Tools))
	}
}

// TestExitOnDiscoverStartsAgain: a server that ends the process on
// server/discover (the Rust SDK's do) is started once more and offered only
// initialize in auto mode, and the session says so; a forced stateless
// revision is not retried and fails as the server exited.
func TestExitOnDiscoverStartsAgain(t *testing.T) {
	t.Parallel()
	log := filepath.Join(t.TempDir(), "methods")
	starts := filepath.Join(t.TempDir(), "starts")
	tg, pidFile := selfTarget(t, "legacy", map[string]string{envDiscover: "exit", envLog: log, envStarts: starts})
	killGroupOnCleanup(t, pidFile)
	s := dialOK(t, tg, testOpts())
	if s.Era != model.EraHandshake || s.RequestedVersion != "" {
		t.Fatalf("era %q, requested %q; want the handshake era in auto mode", s.Era, s.RequestedVersion)
	}
	if !strings.Contains(s.DiscoverError, "exited") || !strings.Contains(s.DiscoverError, "started again") {
		t.Errorf("DiscoverError = %q, want it to say the server exited and was started again", s.DiscoverError)
	}
	snap, err := s.Snapshot(context.Background())
	if err != nil || len(snap.Tools) != 3 {
		t.Fatalf("snapshot after the restart: %v, %d tools", err, len(toolNames(snap)))
	}
	got, _ := os.ReadFile(log)
	if n := strings.Count(string(got), "server/discover"); n != 1 {
		t.Errorf("server/discover sent %d times, want once (the restart offers only initialize): %q", n, got)
	}
	if got, _ := os.ReadFile(starts); strings.Count(string(got), "start") != 2 {
		t.Errorf("the server started %d times, want twice", strings.Count(string(got), "start"))
	}

	// A server the dial itself ends (it floods stdout) did not quit on
	// server/discover: it is started once, and its error is its own.
	for _, flood := range []string{envGiantLine, envNoiseOnly} {
		starts := filepath.Join(t.TempDir(), "starts")
		tg, pidFile := selfTarget(t, "legacy", map[string]string{flood: "1", envStarts: starts})
		killGroupOnCleanup(t, pidFile)
		o := testOpts()
		o.MaxStdoutLine = 1 << 20
		_, err := Dial(context.Background(), tg, o)
		if err == nil || strings.Contains(err.Error(), "before that") {
			t.Errorf("%s: %v, want the flood's own error and no restart", flood, err)
		}
		if got, _ := os.ReadFile(starts); strings.Count(string(got), "start") != 1 {
			t.Errorf("%s: the server started %d times, want once", flood, strings.Count(string(got), "start"))
		}
	}

	forced, pidFile2 := selfTarget(t, "legacy", map[string]string{envDiscover: "exit"})
	killGroupOnCleanup(t, pidFile2)
	o := testOpts()
	o.ProtocolVersion = StatelessVersion
	_, err = Dial(context.Background(), forced, o)
	var de *DialError
	if !errors.As(err, &de) || de.Kind != DialExited {
		t.Fatalf("forced %s: %v, want the server's exit (no retry)", StatelessVersion, err)
	}
}

func TestHangingServer(t *testing.T) {
	for _, stubborn := range []bool{false, true} {
		t.Run("stubborn="+strconv.FormatBool(stubborn), func(t *testing.T) {
			env := map[string]string{envHang: "1", envChild: "1"}
			if stubborn {
				env[envStubborn] = "1"
			}
			tg, pidFile := selfTarget(t, "legacy", env)
			killGroupOnCleanup(t, pidFile)
			o := Options{Timeout: 2 * time.Second}
			_, err := Dial(context.Background(), tg, o)
			if err == nil {
				t.Fatal("Dial succeeded against a server that never answers")
			}
			if !errors.Is(err, ErrConnect) {
				t.Errorf("error does not wrap ErrConnect: %v", err)
			}
			msg := err.Error()
			if !strings.Contains(msg, "no answer to initialize within 2s") || !strings.Contains(msg, "stderr:") || !strings.Contains(msg, "GOT initialize") {
				t.Errorf("message = %q", msg)
			}
			// The server and its child (same group) are gone.
			assertGroupGone(t, readPID(t, pidFile))
		})
	}
}

func TestCallerDeadlineShorterThanTimeout(t *testing.T) {
	tg, pidFile := selfTarget(t, "legacy", map[string]string{envHang: "1"})
	killGroupOnCleanup(t, pidFile)
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_, err := Dial(ctx, tg, Options{Timeout: time.Minute})
	// Discover gives up after half the caller's time, initialize gets the rest.
	if !errors.Is(err, ErrConnect) || !strings.Contains(err.Error(), "no answer to initialize within 1s") {
		t.Fatalf("err = %v", err)
	}
	assertGroupGone(t, readPID(t, pidFile))
}

func TestPrettyPrintedJSONIsExplained(t *testing.T) {
	// A server that pretty-prints its JSON breaks newline framing: every
	// line is noise, and the error says so.
	script := `read line; printf '{\n  "jsonrpc": "2.0",\n  "id": 1,\n  "result": {}\n}\n'; sleep 30`
	tg := &Target{Transport: TransportStdio, Command: "sh", Args: []string{"-c", script}, Display: "pretty"}
	_, err := Dial(context.Background(), tg, Options{Timeout: time.Second, ProtocolVersion: "2025-11-25"})
	if !errors.Is(err, ErrConnect) || !strings.Contains(err.Error(), `5 non-MCP stdout lines were skipped, the first: "{"`) {
		t.Fatalf("err = %v", err)
	}
}

func TestJunkStdoutIsNoise(t *testing.T) {
	tg, pidFile := selfTarget(t, "legacy", map[string]string{envJunk: "1"})
	killGroupOnCleanup(t, pidFile)
	s := dialOK(t, tg, testOpts())
	snap := snapshotOK(t, s)
	if len(snap.Tools) != 3 {
		t.Errorf("tools = %v", toolNames(snap))
	}
	if s.NoiseCount() < 3 {
		t.Errorf("noise count %d", s.NoiseCount())
	}
	noise := s.Noise()
	if len(noise) == 0 || noise[0] != "Server starting on stdio..." {
		t.Errorf("noise = %q", noise)
	}
}

func TestFloodingServer(t *testing.T) {
	cases := []struct {
		name, env, want string
		o               Options
	}{
		{"giant line", envGiantLine, "a line longer than 1048576 bytes", Options{Timeout: 20 * time.Second, MaxStdoutLine: 1 << 20}},
		{"endless noise", envNoiseOnly, "more than 10000 non-MCP lines", Options{Timeout: 20 * time.Second}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tg, pidFile := selfTarget(t, "legacy", map[string]string{c.env: "1"})
			killGroupOnCleanup(t, pidFile)
			_, err := Dial(context.Background(), tg, c.o)
			if err == nil {
				t.Fatal("Dial succeeded")
			}
			if !errors.Is(err, ErrConnect) || !errors.Is(err, ErrFlood) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v", err)
			}
			assertGroupGone(t, readPID(t, pidFile))
		})
	}
}

func TestListWalkIssues(t *testing.T) {
	cases := []struct {
		mode      string
		maxPages  int
		wantTools string
		wantKind  string
		wantText  string
	}{
		{"cycle", 0, "alpha,beta,alpha", IssueCursorCycle, `cursor "B", seen before`},
		{"endless", 5, "t0,t1,t2,t3,t4", IssuePageLimit, "after 5 pages"},
		{"dup", 0, "same,other,same", IssueDuplicateName, `"same" listed more than once`},
		{"crash", 0, "first,second", IssueError, "panic: boom on page 2"},
		{"badannotations", 0, "weird,fine", IssueBadItem, "kept without annotations"},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			tg, pidFile := selfTarget(t, "legacy", map[string]string{envTools: c.mode})
			killGroupOnCleanup(t, pidFile)
			o := testOpts()
			o.MaxPages = c.maxPages
			s := dialOK(t, tg, o)
			snap := snapshotOK(t, s)
			if got := strings.Join(toolNames(snap), ","); got != c.wantTools {
				t.Errorf("tools = %s, want %s", got, c.wantTools)
			}
			found := false
			for _, i := range issuesOf(snap, c.wantKind) {
				if i.List == ListTools && strings.Contains(i.Detail, c.wantText) {
					found = true
				}
			}
			if !found {
				t.Errorf("no %s issue mentioning %q in %+v", c.wantKind, c.wantText, snap.Issues)
			}
			if c.mode == "crash" {
				// The dead server makes later lists fail too, as issues.
				if len(issuesOf(snap, IssueError)) < 2 || !strings.Contains(snap.Issues[0].Detail, "server exited (exit status 2)") {
					t.Errorf("issues = %+v", snap.Issues)
				}
			}
		})
	}
}

func TestCloseEscalatesAndKillsGroup(t *testing.T) {
	tg, pidFile := selfTarget(t, "legacy", map[string]string{envStubborn: "1", envChild: "1"})
	killGroupOnCleanup(t, pidFile)
	s := dialOK(t, tg, testOpts())
	pgid := s.PGID()
	if !strings.Contains(s.Stderr(), "CHILD ") {
		t.Fatalf("child not started: %s", s.Stderr())
	}
	_ = s.Close()
	assertGroupGone(t, pgid)
	// Close is idempotent.
	_ = s.Close()
}

func TestDialStartFailure(t *testing.T) {
	tg := &Target{Transport: TransportStdio, Command: "/nonexistent/mcp-server-binary", Display: "x"}
	_, err := Dial(context.Background(), tg, testOpts())
	if !errors.Is(err, ErrConnect) || !strings.Contains(err.Error(), "/nonexistent/mcp-server-binary") {
		t.Fatalf("err = %v", err)
	}
	tg = &Target{Transport: TransportStdio, Command: "sh", Args: []string{"-c", "echo 'fatal: missing API_KEY' >&2; exit 3"}}
	_, err = Dial(context.Background(), tg, testOpts())
	if !errors.Is(err, ErrConnect) || !strings.Contains(err.Error(), "server exited (exit status 3)") || !strings.Contains(err.Error(), "fatal: missing API_KEY") {
		t.Fatalf("err = %v", err)
	}
}

func TestSnapshotDeadlines(t *testing.T) {
	t.Run("a list that never answers", func(t *testing.T) {
		tg, pidFile := selfTarget(t, "legacy", map[string]string{envHangList: "1"})
		killGroupOnCleanup(t, pidFile)
		s := dialOK(t, tg, Options{Timeout: time.Second})
		snap := snapshotOK(t, s)
		errs := issuesOf(snap, IssueError)
		if len(errs) != 1 || errs[0].List != ListTools || !strings.Contains(errs[0].Detail, "tools/list page 1: no answer within 1s") {
			t.Errorf("issues = %+v", snap.Issues)
		}
		// The other lists still work on the same connection.
		if len(snap.Resources) != 1 || len(snap.Prompts) != 1 {
			t.Errorf("resources %d prompts %d", len(snap.Resources), len(snap.Prompts))
		}
	})
	t.Run("cancelled context", func(t *testing.T) {
		tg, pidFile := selfTarget(t, "legacy", nil)
		killGroupOnCleanup(t, pidFile)
		s := dialOK(t, tg, testOpts())
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		snap, err := s.Snapshot(ctx)
		if !errors.Is(err, context.Canceled) || snap == nil {
			t.Fatalf("snapshot %v, err %v", snap, err)
		}
		if snap.Server.Name != "legacy-test" || len(issuesOf(snap, IssueError)) == 0 {
			t.Errorf("partial snapshot = %+v", snap)
		}
	})
}

func TestUndeclaredCapabilities(t *testing.T) {
	t.Run("tools served without the capability", func(t *testing.T) {
		logFile := filepath.Join(t.TempDir(), "methods")
		tg, pidFile := selfTarget(t, "legacy", map[string]string{envNoCaps: "1", envLog: logFile})
		killGroupOnCleanup(t, pidFile)
		s := dialOK(t, tg, testOpts())
		snap := snapshotOK(t, s)
		if len(snap.Tools) != 3 || snap.Pages[ListTools] != 2 {
			t.Errorf("tools %v pages %v", toolNames(snap), snap.Pages)
		}
		if u := issuesOf(snap, IssueUndeclared); len(u) != 1 || !strings.Contains(u[0].Detail, "3 tools") {
			t.Errorf("issues = %+v", snap.Issues)
		}
		_ = s.Close()
		methods, _ := os.ReadFile(logFile)
		for _, m := range []string{"resources/list", "prompts/list", "resources/templates/list"} {
			if strings.Contains(string(methods), m) {
				t.Errorf("undeclared %s was asked for", m)
			}
		}
	})
	t.Run("no tools and no capability", func(t *testing.T) {
		srv := mcp.NewServer(&mcp.Implementation{Name: "prompts-only", Version: "1"}, nil)
		srv.AddPrompt(&mcp.Prompt{Name: "p"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{}, nil
		})
		ts := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil))
		defer ts.Close()
		s := dialOK(t, &Target{Transport: TransportHTTP, URL: ts.URL, Display: ts.URL}, testOpts())
		snap := snapshotOK(t, s)
		if len(snap.Tools) != 0 || len(snap.Issues) != 0 || len(snap.Prompts) != 1 || snap.HasCapability("tools") {
			t.Errorf("snapshot = %+v", snap)
		}
	})
}
