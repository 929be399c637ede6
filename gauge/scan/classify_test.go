package scan

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

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

// TestClassifyRefinements: the statuses the worker's classifier used to add
// on top of the text pass, now Classify's for every caller.
func TestClassifyRefinements(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		err     error
		skipped []string
		want    schema.Status
		has     string
	}{
		{"api key", fmt.Errorf("%w: server exited (exit status 1) before answering initialize; stderr: Error: API_KEY environment variable is required", connect.ErrConnect), nil, schema.StatusNeedsCredentials, "API_KEY"},
		{"missing module", fmt.Errorf("%w: server exited (exit status 1); stderr: Error: Cannot find module 'zod'", connect.ErrConnect), nil, schema.StatusStartFailed, "Cannot find module"},
		{"http 401", fmt.Errorf("%w: HTTP 401 Unauthorized", connect.ErrConnect), nil, schema.StatusAuthRequired, "401"},
		{"no answer", fmt.Errorf("%w: no answer to initialize within 30s", connect.ErrConnect), nil, schema.StatusTimeout, "no answer"},
		{"exited", fmt.Errorf("%w: server exited (exit status 2) before answering initialize; stderr: boom", connect.ErrConnect), nil, schema.StatusCrashed, "exit status 2"},
		{"flood", fmt.Errorf("%w: %w", connect.ErrConnect, connect.ErrFlood), nil, schema.StatusHandshakeFailed, "floods"},
		{"offline", fmt.Errorf("%w: server exited (exit status 1); stderr: Error: getaddrinfo EAI_AGAIN api.example.com", connect.ErrConnect), nil, schema.StatusStartFailed, "needs the network"},
		{"skipped scripts", fmt.Errorf("%w: server exited (exit status 1); stderr: Error: Cannot find module './build/Release/addon.node'", connect.ErrConnect),
			[]string{"better-sqlite3"}, schema.StatusInstallFailed, "better-sqlite3"},
		{"sandbox broke", fmt.Errorf("%w: server exited; stderr: bwrap: Can't mount proc on /newroot/proc: Operation not permitted", connect.ErrConnect), nil, schema.StatusWorkerError, "sandbox failed"},
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
