package scan

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/schema"
)

// Failure is what the caller knows of a failed scan beyond its error.
type Failure struct {
	// SkippedScripts names the installed packages whose lifecycle (install)
	// scripts were skipped; a server of theirs that then fails to start is
	// an install failure.
	SkippedScripts []string
}

// StatusError is an error that knows the result status it stands for (the
// worker's install and sandbox errors): Classify finds it with errors.As
// and keeps its status and reason.
type StatusError interface {
	error
	ResultStatus() (schema.Status, string)
}

// Classify maps a failed scan to a result status and a one-line reason; a
// local scan and a worker's scan both call it, so the same failure gets the
// same status and reason wherever it happened. An error that knows its own
// status (a StatusError, such as the worker's install and sandbox errors)
// keeps it; a listing that broke off keeps its
// connect.ListError kind (crashed, protocol_error, timeout, too_large),
// the scan deadline is a timeout, a sandbox failure
// is a worker error, a stdout flood fails the handshake, a server that dies
// for want of network says so, and a server that could not start after its
// install scripts were skipped is an install failure with that reason.
func Classify(ctx context.Context, err error, f Failure) (schema.Status, string) {
	if err == nil {
		return schema.StatusOK, ""
	}
	var se StatusError
	if errors.As(err, &se) {
		return se.ResultStatus()
	}
	msg := err.Error()
	low := strings.ToLower(msg)
	st, reason := classifyText(err, "")
	status := schema.Status(st)
	if line := serverLine(msg); line != "" && !strings.Contains(reason, line) {
		reason = reason + " (server said: " + line + ")"
	}
	var le *connect.ListError
	switch {
	case errors.As(err, &le):
		// The server answered the handshake, then its listing broke off:
		// crashed, protocol_error, timeout or too_large, with the phase,
		// the bytes read and the server's stderr (head and tail).
		if status == schema.StatusCrashed && strings.Contains(strings.ToLower(le.Stderr), "out of memory") {
			return status, "server ran out of memory under the sandbox's memory limit: " + reason
		}
		return status, reason
	case strings.Contains(low, "bwrap: ") && !strings.Contains(low, "exit status"):
		return schema.StatusWorkerError, "sandbox failed: " + clipText(msg, 300)
	case errors.Is(err, connect.ErrFlood):
		return schema.StatusHandshakeFailed, reason
	case ctx.Err() != nil && status != schema.StatusNeedsCredentials:
		return schema.StatusTimeout, "no answer within the scan deadline: " + reason
	case status == schema.StatusNeedsCredentials || status == schema.StatusAuthRequired || status == schema.StatusTimeout:
		return status, reason
	case status == schema.StatusCrashed && (strings.Contains(low, "out of memory") || strings.Contains(low, "memoryerror") ||
		strings.Contains(low, "cannot allocate memory") || strings.Contains(low, "allocation failed")):
		return schema.StatusCrashed, "server ran out of memory under the sandbox's memory limit: " + reason
	case strings.Contains(low, "network is unreachable") || strings.Contains(low, "enetunreach") ||
		strings.Contains(low, "eai_again") || strings.Contains(low, "enotfound") || strings.Contains(low, "getaddrinfo"):
		return schema.StatusStartFailed, "server needs the network to start (the sandbox has loopback only): " + reason
	}
	if len(f.SkippedScripts) > 0 && (status == schema.StatusStartFailed || status == schema.StatusCrashed) {
		return schema.StatusInstallFailed, fmt.Sprintf("lifecycle scripts are off and %s has an install script; the server then failed: %s", strings.Join(f.SkippedScripts, ", "), reason)
	}
	return status, reason
}

// serverLine picks the most telling stderr line out of a connect error
// (connect appends the server's stderr tail to its messages).
func serverLine(msg string) string {
	lines := strings.Split(msg, "\n")
	if len(lines) < 2 {
		return ""
	}
	keys := []string{"error", "required", "cannot", "missing", "not set", "must", "failed", "unreachable", "denied"}
	for _, l := range lines[1:] {
		ll := strings.ToLower(l)
		for _, k := range keys {
			if strings.Contains(ll, k) {
				return clipText(strings.TrimSpace(l), 200)
			}
		}
	}
	return ""
}

func clipText(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
