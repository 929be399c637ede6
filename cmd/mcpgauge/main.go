// Command mcpgauge scans MCP servers: one locally (inspect, lint, check,
// scan, eval, ci) or every server in the public registries (sweep,
// coordinator, worker, leaderboard).
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/mcpgauge/mcpgauge/internal/errkind"
	"github.com/mcpgauge/mcpgauge/internal/termsafe"
)

// Exit codes shared by every command (toolgauge's contract).
const (
	exitOK        = 0
	exitThreshold = 1 // a gate was missed (--fail-on, --min-score, ...)
	exitUsage     = 2 // bad flags, config, target, case file
	exitConnect   = 3 // the server or model backend could not be reached
	exitExpired   = 4 // verify: the receipt's validity has ended
)

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
	code := exitFor(err)
	switch {
	case err == nil:
	case code == exitThreshold:
		// The report already said what was missed; a message adds to it.
		if msg := err.Error(); msg != "" {
			fmt.Fprintln(stderr, msg)
		}
	default:
		fmt.Fprintln(stderr, "mcpgauge:", err)
	}
	return code
}

// exitFor is the one place an error becomes an exit code. Cobra's own flag
// and argument errors carry no kind and are usage errors.
func exitFor(err error) int {
	if err == nil {
		return exitOK
	}
	switch errkind.Of(err) {
	case errkind.Threshold:
		return exitThreshold
	case errkind.Unreachable:
		return exitConnect
	case errkind.Expired:
		return exitExpired
	default:
		return exitUsage
	}
}
