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
// same status and reason wherever it happened.
//
// It decides from typed errors only (errors.Is and errors.As), never from
// the text of an error:
//
//	StatusError (worker install and sandbox errors)  its own status
//	*connect.ListError                                its Kind: crashed, timeout, protocol_error, too_large
//	*connect.DialError DialSpawn, DialUsage           start_failed
//	                   DialExited                     crashed (exit status 126/127: start_failed)
//	                   DialTimeout, DialAborted       timeout
//	                   DialHTTPStatus 401/403         auth_required
//	                   DialHTTPStatus other, DialTransport, DialProtocol
//	                                                  handshake_failed
//	context.DeadlineExceeded, or ctx ended            timeout
//	anything else                                     handshake_failed
//
// Then the server's own stderr (and the JSON-RPC error it answered a list
// with), the only place a server says why it failed, is read by diagnose,
// the one text reader: credentials it asks for (needs_credentials), and,
// when it exited, a module it could not load (start_failed), a network it
// could not reach (start_failed) or memory it ran out of (crashed, saying
// so). A server that could not start after its install scripts were
// skipped is an install failure with that reason.
func Classify(ctx context.Context, err error, f Failure) (schema.Status, string) {
	if err == nil {
		return schema.StatusOK, ""
	}
	var se StatusError
	if errors.As(err, &se) {
		st, reason := se.ResultStatus()
		var de *connect.DialError
		if errors.As(err, &de) && de.Stderr != "" && !strings.Contains(reason, de.Stderr) {
			reason += "; stderr: " + clipText(de.Stderr, 300)
		}
		return st, reason
	}
	msg := err.Error()
	reason := firstLine(msg)
	if line := serverLine(msg); line != "" && !strings.Contains(reason, line) {
		reason = reason + " (server said: " + line + ")"
	}
	var le *connect.ListError
	if errors.As(err, &le) {
		// The server answered the handshake, then its listing broke off,
		// with the phase, the bytes read and the server's stderr.
		status, lreason := schema.Status(le.Kind), le.Reason()
		if le.Kind != connect.ListTooLarge && diagnose(le.Detail+"\n"+le.Stderr, false).credentials {
			return schema.StatusNeedsCredentials, credentialReason(le.Stderr, reason)
		}
		if status == schema.StatusCrashed && diagnose(le.Stderr, true).outOfMemory {
			return status, "server ran out of memory under the sandbox's memory limit: " + lreason
		}
		return status, lreason
	}
	status, stderr, exited := dialStatus(err)
	d := diagnose(stderr, exited)
	switch {
	case d.credentials:
		return schema.StatusNeedsCredentials, credentialReason(stderr, reason)
	case ctx.Err() != nil:
		return schema.StatusTimeout, "no answer within the scan deadline: " + reason
	case d.missingModule:
		status = schema.StatusStartFailed
	case d.outOfMemory:
		return schema.StatusCrashed, "server ran out of memory under the sandbox's memory limit: " + reason
	case d.offline:
		return schema.StatusStartFailed, "server needs the network to start (the sandbox has loopback only): " + reason
	}
	if len(f.SkippedScripts) > 0 && (status == schema.StatusStartFailed || status == schema.StatusCrashed) {
		return schema.StatusInstallFailed, fmt.Sprintf("lifecycle scripts are off and %s has an install script; the server then failed: %s", strings.Join(f.SkippedScripts, ", "), reason)
	}
	return status, reason
}

// dialStatus is the status a failed dial's typed error stands for, the
// server's stderr it carries, and whether the server exited on its own.
func dialStatus(err error) (status schema.Status, stderr string, exited bool) {
	var de *connect.DialError
	if !errors.As(err, &de) {
		if errors.Is(err, context.DeadlineExceeded) {
			return schema.StatusTimeout, "", false
		}
		return schema.StatusHandshakeFailed, "", false
	}
	switch de.Kind {
	case connect.DialUsage, connect.DialSpawn:
		return schema.StatusStartFailed, de.Stderr, false
	case connect.DialExited:
		if code := exitCode(err); code == 126 || code == 127 {
			// The shells' and env's "not executable" and "not found".
			return schema.StatusStartFailed, de.Stderr, true
		}
		return schema.StatusCrashed, de.Stderr, true
	case connect.DialTimeout, connect.DialAborted:
		return schema.StatusTimeout, de.Stderr, false
	case connect.DialHTTPStatus:
		if de.Unauthorized() {
			return schema.StatusAuthRequired, "", false
		}
	}
	return schema.StatusHandshakeFailed, de.Stderr, false
}

// exitCode is the exit status of the process err says exited, or -1.
func exitCode(err error) int {
	var ec interface{ ExitCode() int }
	if errors.As(err, &ec) {
		return ec.ExitCode()
	}
	return -1
}

// diagnosis is what a server's own words say about its failure.
type diagnosis struct {
	// credentials: the server asks for a credential.
	credentials bool
	// The rest are read only from a server that exited on its own: it
	// could not load a module of its own, could not reach the network
	// (the sandbox has loopback only), or ran out of memory.
	missingModule, offline, outOfMemory bool
}

// diagnose is the one place that reads text to classify a failure, and
// it reads only the server's own words (its stderr, and the JSON-RPC
// error it answered a list with): a server that needs an API key says so
// in prose, nowhere else. Nothing here can turn a crash into a timeout,
// a start failure of ours, an HTTP status or a sandbox failure: those
// come from typed errors (Classify). exited says the server exited on its
// own; only then do the module, network and memory hints apply.
func diagnose(words string, exited bool) diagnosis {
	var d diagnosis
	low := strings.ToLower(words)
	if low == "" {
		return d
	}
	has := func(ps ...string) bool {
		for _, p := range ps {
			if strings.Contains(low, p) {
				return true
			}
		}
		return false
	}
	if has("api_key", "api key", "apikey", "access token", "access_token", "token is required", "environment variable is required",
		"missing required environment", "credentials", "must be set", "is not set") {
		d.credentials = true
	}
	if !exited {
		return d
	}
	d.missingModule = has("cannot find module", "modulenotfounderror: no module named")
	d.offline = has("network is unreachable", "enetunreach", "eai_again", "enotfound", "getaddrinfo")
	d.outOfMemory = has("out of memory", "memoryerror", "cannot allocate memory", "allocation failed")
	return d
}

// credentialReason prefers the server's own stderr line that names the credential.
func credentialReason(stderr, fallback string) string {
	for _, line := range strings.Split(stderr, "\n") {
		l := strings.ToLower(line)
		if strings.Contains(l, "key") || strings.Contains(l, "token") || strings.Contains(l, "required") || strings.Contains(l, "must be set") {
			return strings.TrimSpace(line)
		}
	}
	return fallback
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}

// serverLine picks the most telling stderr line out of a connect error
// (connect appends the server's stderr tail to its messages) for the
// reason; it never decides a status.
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
