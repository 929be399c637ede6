package scan

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/schema"
)

// classifyStr is Classify with no caller knowledge, its status as a string.
func classifyStr(err error) (string, string) {
	st, reason := Classify(context.Background(), err, Failure{})
	return string(st), reason
}

type testStatusError struct {
	status schema.Status
	reason string
}

func (e *testStatusError) Error() string                         { return e.reason }
func (e *testStatusError) ResultStatus() (schema.Status, string) { return e.status, e.reason }

// exited is the DialError of a server that exited with code and said
// stderr, as connect builds it.
func exited(t *testing.T, code int, stderr string) error {
	t.Helper()
	err := exec.Command("sh", "-c", fmt.Sprintf("exit %d", code)).Run()
	if err == nil {
		t.Fatal("sh exited 0")
	}
	e := connect.NewDialError(connect.DialExited, fmt.Sprintf("server exited (%v) before answering initialize; stderr: %s", err, stderr), err)
	e.Stderr = stderr
	return e
}

// TestClassifyRefinements: what the server's own stderr adds to a typed
// failure, for every caller.
func TestClassifyRefinements(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		err     error
		skipped []string
		want    schema.Status
		has     string
	}{
		{"api key", exited(t, 1, "Error: API_KEY environment variable is required"), nil, schema.StatusNeedsCredentials, "API_KEY"},
		{"missing module", exited(t, 1, "Error: Cannot find module 'zod'"), nil, schema.StatusStartFailed, "Cannot find module"},
		{"exited", exited(t, 2, "boom"), nil, schema.StatusCrashed, "exit status 2"},
		{"flood", connect.NewDialError(connect.DialProtocol, connect.ErrFlood.Error(), connect.ErrFlood), nil, schema.StatusHandshakeFailed, "floods"},
		{"offline", exited(t, 1, "Error: getaddrinfo EAI_AGAIN api.example.com"), nil, schema.StatusStartFailed, "needs the network"},
		{"out of memory", exited(t, 134, "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory"), nil, schema.StatusCrashed, "ran out of memory"},
		{"skipped scripts", exited(t, 1, "Error: Cannot find module './build/Release/addon.node'"),
			[]string{"better-sqlite3"}, schema.StatusInstallFailed, "better-sqlite3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, reason := Classify(context.Background(), c.err, Failure{SkippedScripts: c.skipped})
			if st != c.want || !strings.Contains(reason, c.has) {
				t.Fatalf("Classify = %s %q, want %s containing %q", st, reason, c.want, c.has)
			}
		})
	}
	ie := fmt.Errorf("install: %w", &testStatusError{schema.StatusUnsupported, "no installer for cargo"})
	if st, reason := Classify(context.Background(), ie, Failure{}); st != schema.StatusUnsupported || reason != "no installer for cargo" {
		t.Errorf("a wrapped StatusError classifies as %s %q, want its own status and reason", st, reason)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if st, _ := Classify(ctx, errors.New("cannot connect: context canceled"), Failure{}); st != schema.StatusTimeout {
		t.Errorf("an expired scan deadline classifies as %s, want timeout", st)
	}
}

// TestClassifyTrustsTypesNotText: a real server that simply crashes is
// crashed whatever its stderr says ("timed out", "ENOENT", "HTTP 401",
// "bwrap: ..." and "exit status 1" used to make it a timeout, a start
// failure, auth_required or a worker error); a real HTTP 401 is
// auth_required and a server that never answers is a timeout.
func TestClassifyTrustsTypesNotText(t *testing.T) {
	t.Parallel()
	deny := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="mcp"`)
		http.Error(w, "go away", http.StatusUnauthorized)
	}))
	t.Cleanup(deny.Close)
	broken := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "unauthorized, timed out, bwrap: no", http.StatusInternalServerError)
	}))
	t.Cleanup(broken.Close)
	stdio := func(script string) *connect.Target {
		return &connect.Target{Transport: connect.TransportStdio, Command: "sh", Args: []string{"-c", script}, Display: "sh"}
	}
	cases := []struct {
		name   string
		target *connect.Target
		want   schema.Status
	}{
		{"says timed out", stdio(`echo "Error: request timed out" >&2; exit 1`), schema.StatusCrashed},
		{"says ENOENT", stdio(`echo "Error: ENOENT: no such file or directory, open '/x/config.json'" >&2; exit 1`), schema.StatusCrashed},
		{"says HTTP 401", stdio(`echo "upstream said HTTP 401 Unauthorized" >&2; exit 1`), schema.StatusCrashed},
		{"says bwrap", stdio(`echo "bwrap: something" >&2; kill -9 $$`), schema.StatusCrashed},
		{"says exit status", stdio(`echo "child: exit status 1, permission denied" >&2; exit 1`), schema.StatusCrashed},
		{"real 401", &connect.Target{Transport: connect.TransportHTTP, URL: deny.URL + "/mcp", Display: "deny"}, schema.StatusAuthRequired},
		{"real 500 with words", &connect.Target{Transport: connect.TransportHTTP, URL: broken.URL + "/mcp", HTTPKind: connect.HTTPStreamable, Display: "broken"}, schema.StatusHandshakeFailed},
		{"real timeout", stdio(`exec sleep 60`), schema.StatusTimeout},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			timeout := 30 * time.Second
			if c.want == schema.StatusTimeout {
				timeout = time.Second
			}
			_, err := Run(context.Background(), c.target, Options{Connect: connect.Options{Timeout: timeout}})
			if err == nil {
				t.Fatal("scan ok, want a failure")
			}
			st, reason := Classify(context.Background(), err, Failure{})
			if st != c.want {
				t.Errorf("status %s (%s), want %s", st, reason, c.want)
			}
		})
	}
}
