// Command mcpgauge scans MCP servers: one locally (inspect, lint, check,
// scan, eval, ci) or every server in the public registries (sweep,
// coordinator, worker, leaderboard).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/mcpgauge/mcpgauge/internal/termsafe"
	"github.com/mcpgauge/mcpgauge/system"
)

// Exit codes shared by every command (toolgauge's contract).
const (
	exitOK        = 0
	exitThreshold = 1 // a gate was missed (--fail-on, --min-score, ...)
	exitUsage     = 2 // bad flags, config, target, case file
	exitConnect   = 3 // the server or model backend could not be reached
)

// exitError carries an exit code through cobra's error return.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// usageErr wraps err as a usage error (exit 2).
func usageErr(err error) error { return &exitError{code: exitUsage, err: err} }

// connectErr wraps err as a connection error (exit 3).
func connectErr(err error) error { return &exitError{code: exitConnect, err: err} }

// thresholdErr signals a missed gate (exit 1) after the report was printed.
func thresholdErr(msg string) error {
	return &exitError{code: exitThreshold, err: errors.New(msg)}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes the CLI with the given output streams and maps errors to
// exit codes.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	// Everything the CLI prints may quote a server, a registry or a scanned
	// repository: no control character reaches the operator's terminal raw.
	stdout, stderr = termsafe.NewWriter(stdout), termsafe.NewWriter(stderr)
	root := newRootCmd()
	prof := addCPUProfileFlag(root)
	defer prof.stop(stderr)
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if !errors.As(err, &ee) {
		ee = systemExit(err)
	}
	if ee != nil {
		if ee.err != nil && ee.code != exitThreshold {
			fmt.Fprintln(stderr, "mcpgauge:", ee.err)
		} else if ee.err != nil && ee.code == exitThreshold && ee.err.Error() != "" {
			fmt.Fprintln(stderr, ee.err)
		}
		return ee.code
	}
	// Cobra's own flag and argument errors are usage errors.
	fmt.Fprintln(stderr, "mcpgauge:", err)
	return exitUsage
}

// systemExit maps the kinds of error the system package returns to exit
// codes (nil for other errors).
func systemExit(err error) *exitError {
	var ue *system.UsageError
	var ce *system.UnreachableError
	switch {
	case errors.As(err, &ue):
		return &exitError{code: exitUsage, err: err}
	case errors.As(err, &ce):
		return &exitError{code: exitConnect, err: err}
	}
	return nil
}
