package connect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// StatelessVersion is the first protocol revision without initialize.
const StatelessVersion = "2026-07-28"

// Defaults for Options.
const (
	DefaultTimeout       = 30 * time.Second
	DefaultStderrLimit   = 64 << 10
	DefaultMaxPages      = 1000
	DefaultMaxStdoutLine = 8 << 20
	DefaultMaxListBytes  = 8 << 20
	DefaultMaxTools      = 10000
	// stderrInMessage is how much stderr goes into an error message
	// (toolgauge keeps its last 2000 characters too).
	stderrInMessage = 2000
)

// Options tune Dial, Snapshot and DialRaw. The zero value is usable.
type Options struct {
	// Timeout is the deadline of each call, and of Dial as a whole
	// (default 30s).
	Timeout time.Duration
	// ClientName and ClientVersion identify us (default "mcpgauge", "dev").
	ClientName, ClientVersion string
	// ProtocolVersion "" is auto: try 2026-07-28 server/discover, fall back
	// to the initialize handshake. Anything else forces exactly that
	// revision: 2026-07-28 (or later) sends only server/discover and never
	// falls back; an older one sends only initialize with that version.
	ProtocolVersion string
	// StderrLimit is how many bytes of the end of stderr are kept (default
	// 64 KiB), besides its first 4 KiB.
	StderrLimit int
	// MaxPages caps the pages read per list (default 1000).
	MaxPages int
	// MaxStdoutLine is the longest stdout line (one message) accepted; a
	// longer one aborts the connection with ErrTooLarge (default 8 MiB).
	MaxStdoutLine int
	// MaxListBytes caps the bytes of all list results one Snapshot reads
	// (default 8 MiB: analysing a listing costs far more memory than
	// reading it); MaxTools caps the tools (default 10,000). Past a
	// cap the listing stops with a too_large ListError.
	MaxListBytes int64
	MaxTools     int
	// DiscoverTimeout bounds the wait for a server/discover answer in auto
	// mode before falling back to initialize in the same connection
	// (default Timeout/2). Servers that answer unknown requests with an
	// error fall back at once.
	DiscoverTimeout time.Duration
}

func (o Options) withDefaults() Options {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.ClientName == "" {
		o.ClientName = "mcpgauge"
	}
	if o.ClientVersion == "" {
		o.ClientVersion = "dev"
	}
	if o.StderrLimit <= 0 {
		o.StderrLimit = DefaultStderrLimit
	}
	if o.MaxPages <= 0 {
		o.MaxPages = DefaultMaxPages
	}
	if o.MaxStdoutLine <= 0 {
		o.MaxStdoutLine = DefaultMaxStdoutLine
	}
	if o.MaxListBytes <= 0 {
		o.MaxListBytes = DefaultMaxListBytes
	}
	if o.MaxTools <= 0 {
		o.MaxTools = DefaultMaxTools
	}
	if o.DiscoverTimeout <= 0 {
		o.DiscoverTimeout = o.Timeout / 2
	}
	return o
}

// EraOf returns the era a negotiated protocol version belongs to.
func EraOf(version string) model.Era {
	if version >= StatelessVersion {
		return model.EraStateless
	}
	return model.EraHandshake
}

// Session is one live connection to an MCP server.
type Session struct {
	// Client is the SDK session; use it for anything beyond listing.
	Client *mcp.ClientSession
	// Era is the protocol era in use.
	Era model.Era
	// ProtocolVersion is the negotiated revision.
	ProtocolVersion string
	// RequestedVersion is Options.ProtocolVersion ("" in auto mode).
	RequestedVersion string
	// Init holds server info, capabilities and instructions (synthesised
	// from server/discover in the stateless era).
	Init *mcp.InitializeResult
	// InitRaw is the raw result of initialize or server/discover, as sent.
	InitRaw json.RawMessage
	// Transport is what was used: "stdio", "streamable" or "sse".
	Transport string
	// DiscoverError says why server/discover failed ("" when it worked or
	// was not sent): the server's error, or a timeout we made up.
	DiscoverError string
	// Target is the target dialled.
	Target *Target

	opts    Options
	proc    *process
	line    *lineConn
	tap     *tapConn
	tripper *headerTripper
	// stopHTTP ends the HTTP connection's lifetime context.
	stopHTTP context.CancelFunc
	// dialBudget is the time left on the caller's context at Dial, if any.
	dialBudget time.Duration

	// quitOnDiscover records, when a dial fails, that the server process
	// ended by itself while server/discover was outstanding (read before
	// the failed dial closes, and so kills, the process).
	quitOnDiscover bool

	snapMu    sync.Mutex
	listErr   *ListError // why the last Snapshot is incomplete
	closeOnce sync.Once
	closeErr  error
}

// Dial starts or reaches the server and runs the discovery or handshake.
// It never hangs past Options.Timeout, and on failure leaves no process
// behind. Errors are *DialError values: they wrap ErrConnect, say the
// kind of failure and carry the stderr tail.
func Dial(ctx context.Context, t *Target, o Options) (*Session, error) {
	if t == nil {
		return nil, dialErr(DialUsage, "no target", errors.New("nil target"))
	}
	o = o.withDefaults()
	dctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	if dl, ok := ctx.Deadline(); ok {
		dctx = context.WithValue(dctx, budgetKey{}, time.Until(dl))
	}
	switch t.Transport {
	case TransportStdio:
		return dialStdio(dctx, t, o)
	case TransportHTTP:
		if t.HTTPKind == HTTPSSE {
			return dialHTTP(dctx, t, o, HTTPSSE)
		}
		s, err := dialHTTP(dctx, t, o, HTTPStreamable)
		var ce *fallbackHint
		if err != nil && t.HTTPKind == HTTPAuto && errors.As(err, &ce) && dctx.Err() == nil {
			s2, err2 := dialHTTP(dctx, t, o, HTTPSSE)
			if err2 == nil {
				return s2, nil
			}
			// The SSE attempt's kind stands unless it only failed at the
			// protocol level: then the refused POST's status is the cause.
			kind, code := DialHTTPStatus, ce.status
			var de *DialError
			if errors.As(err2, &de) && de.Kind != DialProtocol {
				kind, code = de.Kind, de.Code
			}
			e := dialErr(kind, fmt.Sprintf("Streamable HTTP refused (HTTP %d) and the SSE fallback failed too: %s", ce.status, strings.TrimPrefix(err2.Error(), ErrConnect.Error()+": ")),
				errors.Join(err, err2))
			e.Code = code
			return nil, e
		}
		if err != nil {
			return nil, err
		}
		return s, nil
	default:
		return nil, dialErr(DialUsage, fmt.Sprintf("unknown transport %q", t.Transport), errors.New("bad transport"))
	}
}

// budgetKey carries the caller's remaining time into the dial helpers.
type budgetKey struct{}

func budgetOf(ctx context.Context) time.Duration {
	d, _ := ctx.Value(budgetKey{}).(time.Duration)
	return d
}

// fallbackHint wraps a Streamable HTTP failure whose POSTs were refused
// with a 4xx status.
type fallbackHint struct {
	status int
	err    error
}

func (f *fallbackHint) Error() string { return f.err.Error() }
func (f *fallbackHint) Unwrap() error { return f.err }

// LatestHandshakeVersion is the newest revision of the initialize
// handshake: what a stdio server that ends the process on server/discover
// is offered when it is started again.
const LatestHandshakeVersion = "2025-11-25"

// dialStdio starts the server and runs the discovery or handshake. In auto
// mode a server that exits on server/discover, as strict handshake-era
// servers do (the Rust SDK's ends the process on any first request but
// initialize), is started once more and offered only initialize; the
// session's DiscoverError says so. A forced revision is never retried.
func dialStdio(ctx context.Context, t *Target, o Options) (*Session, error) {
	s, err := dialStdioOnce(ctx, t, o)
	if err == nil || o.ProtocolVersion != "" || s == nil || !s.quitOnDiscover || ctx.Err() != nil {
		return okSession(s, err)
	}
	first := fmt.Sprintf("the server exited (%s) on server/discover; it was started again and offered only initialize", s.proc.exitStatus())
	retry := o
	retry.ProtocolVersion = LatestHandshakeVersion
	s2, err2 := dialStdioOnce(ctx, t, retry)
	if err2 != nil {
		return nil, fmt.Errorf("%w (before that, %s)", err2, strings.Replace(first, "; it was started again and offered only initialize", "", 1))
	}
	s2.opts, s2.RequestedVersion, s2.DiscoverError = o, o.ProtocolVersion, first
	return s2, nil
}

// okSession drops the session of a failed dial.
func okSession(s *Session, err error) (*Session, error) {
	if err != nil {
		return nil, err
	}
	return s, nil
}

// dialStdioOnce starts the process and runs the handshake once; on failure
// it returns the dead session too, so dialStdio can tell why.
func dialStdioOnce(ctx context.Context, t *Target, o Options) (*Session, error) {
	p, err := startProcess(t, o)
	if err != nil {
		return nil, startFailure(err)
	}
	s := &Session{Target: t, opts: o, proc: p, Transport: "stdio", RequestedVersion: o.ProtocolVersion, dialBudget: budgetOf(ctx)}
	s.line = newLineConn(p, o.MaxStdoutLine)
	if err := s.handshake(ctx, s.line); err != nil {
		return s, s.withStderr(err)
	}
	return s, nil
}

func dialHTTP(ctx context.Context, t *Target, o Options, kind string) (*Session, error) {
	client, tripper := newHTTPClient(t, o.MaxStdoutLine)
	s := &Session{Target: t, opts: o, tripper: tripper, Transport: kind, RequestedVersion: o.ProtocolVersion, dialBudget: budgetOf(ctx)}
	lifeCtx, stop := context.WithCancel(context.Background())
	tripper.setOnAbort(stop)
	inner, err := httpConnect(ctx, lifeCtx, t, kind, client, o.MaxStdoutLine)
	if err != nil {
		stop()
		return nil, httpFailure(ctx, tripper, err.Error(), err)
	}
	s.stopHTTP = stop
	if err := s.handshake(ctx, inner); err != nil {
		_ = s.Close()
		if st, refused := tripper.refusedPost(); refused && kind == HTTPStreamable {
			return nil, &fallbackHint{status: st, err: err}
		}
		return nil, err
	}
	if s.Era == model.EraHandshake {
		tripper.setVersion(s.ProtocolVersion)
	}
	return s, nil
}

// handshake runs discovery or initialize over inner.
func (s *Session) handshake(ctx context.Context, inner mcp.Connection) error {
	o := s.opts
	forced := o.ProtocolVersion
	refuseInit := forced != "" && forced >= StatelessVersion
	discoverTimeout := o.DiscoverTimeout
	if b := s.dialBudget; b > 0 && b/2 < discoverTimeout {
		discoverTimeout = b / 2
	}
	if forced != "" {
		discoverTimeout = 0 // forced: wait for the real answer
	}
	s.tap = newTapConn(inner, discoverTimeout, refuseInit)
	client := mcp.NewClient(&mcp.Implementation{Name: o.ClientName, Version: o.ClientVersion},
		&mcp.ClientOptions{Capabilities: &mcp.ClientCapabilities{}})
	cs, err := client.Connect(ctx, tapTransport{s.tap}, &mcp.ClientSessionOptions{ProtocolVersion: forced})
	s.DiscoverError = s.tap.discoverError()
	if err != nil {
		return s.describe(ctx, err)
	}
	s.Client = cs
	s.Init = cs.InitializeResult()
	if s.Init == nil {
		_ = cs.Close()
		s.Client = nil
		return dialErr(DialProtocol, "the SDK returned no initialize result", errors.New("no initialize result"))
	}
	s.ProtocolVersion = s.Init.ProtocolVersion
	s.Era = EraOf(s.ProtocolVersion)
	method := methodInitialize
	if s.Era == model.EraStateless {
		method = methodDiscover
	} else {
		s.DiscoverError = s.tap.discoverError()
	}
	if r, ok := s.tap.peekReply(method); ok && r.Error == nil {
		s.InitRaw = r.Result
	}
	return nil
}

// describe turns a Dial failure into a clear ErrConnect.
func (s *Session) describe(ctx context.Context, err error) error {
	method := s.tap.outstanding()
	if method == "" {
		method = methodInitialize
	}
	if s.proc != nil {
		s.proc.settle(s.line)
	}
	var msg string
	kind := DialProtocol
	switch {
	case s.aborted() != nil:
		msg = s.aborted().Error()
		err = errors.Join(s.aborted(), err)
	case s.proc != nil && s.proc.exitStatus() != "":
		kind = DialExited
		s.quitOnDiscover = method == methodDiscover
		msg = fmt.Sprintf("server exited (%s) before answering %s", s.proc.exitStatus(), method)
		if c := s.proc.exitCause(); c != nil {
			err = errors.Join(c, err)
		}
	case errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil:
		if ctx.Err() == context.Canceled {
			kind = DialAborted
			msg = fmt.Sprintf("cancelled while waiting for %s", method)
		} else {
			kind = DialTimeout
			msg = fmt.Sprintf("no answer to %s within %s", method, s.budget())
		}
	case s.RequestedVersion >= StatelessVersion && s.DiscoverError != "":
		msg = fmt.Sprintf("server does not support protocol %s: server/discover: %s", s.RequestedVersion, s.DiscoverError)
	default:
		msg = fmt.Sprintf("%s failed: %v", method, err)
		if s.tripper != nil {
			return httpFailure(ctx, s.tripper, msg, err)
		}
	}
	if s.proc != nil && s.line != nil && s.line.aborted() == nil {
		if lines, n := s.proc.noise.snapshot(); n > 0 {
			msg += fmt.Sprintf("; %d non-MCP stdout lines were skipped, the first: %q", n, lines[0])
		}
	}
	return dialErr(kind, msg, err)
}

// startFailure is the DialError of a process that could not be started.
func startFailure(err error) *DialError {
	if errors.Is(err, errEmptyCommand) {
		return dialErr(DialUsage, err.Error(), err)
	}
	return dialErr(startKind(err), err.Error(), err)
}

// httpFailure is the DialError of a failed HTTP exchange: an error status
// the tripper saw, a transport error it kept, the deadline, or else a
// protocol failure.
func httpFailure(ctx context.Context, h *headerTripper, msg string, err error) *DialError {
	if st := h.status(); st >= 400 {
		e := dialErr(DialHTTPStatus, msg, err)
		e.Code = st
		return e
	}
	if terr := h.transportErr(); terr != nil && ctx.Err() == nil {
		if kind, ok := transportKind(terr); ok {
			return dialErr(kind, msg, errors.Join(terr, err))
		}
	}
	switch {
	case errors.Is(ctx.Err(), context.Canceled):
		return dialErr(DialAborted, msg, err)
	case ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded):
		return dialErr(DialTimeout, msg, err)
	}
	return dialErr(DialProtocol, msg, err)
}

// withStderr ends the server and adds its final stderr tail to a Dial error.
func (s *Session) withStderr(err error) error {
	_ = s.Close()
	var ce *DialError
	if s.proc == nil || !errors.As(err, &ce) {
		return err
	}
	if tail := s.proc.stderrTail(stderrInMessage); tail != "" {
		ce.msg += "; stderr: " + tail
		ce.Stderr = tail
	} else {
		ce.msg += "; stderr: (empty)"
	}
	return ce
}

// budget is the time Dial had: Options.Timeout, or less when the caller's
// context had an earlier deadline.
func (s *Session) budget() time.Duration {
	if s.dialBudget > 0 && s.dialBudget < s.opts.Timeout {
		return s.dialBudget.Round(100 * time.Millisecond)
	}
	return s.opts.Timeout
}

// callError describes a failed call on a live session, adding what we know
// about a dead server (flood, exit status, stderr tail).
func (s *Session) callError(err error) string {
	msg := err.Error()
	if a := s.aborted(); a != nil {
		msg += "; " + a.Error()
	}
	if s.proc != nil {
		s.proc.settle(s.line)
		if st := s.proc.exitStatus(); st != "" {
			msg += "; server exited (" + st + ")"
			if tail := s.proc.stderrTail(stderrInMessage); tail != "" {
				msg += "; stderr: " + tail
			}
		}
	}
	return msg
}

// Stderr returns the captured stderr: all of it when it fitted, else its
// first 4 KiB, a line saying how much was skipped, and its last
// Options.StderrLimit bytes.
func (s *Session) Stderr() string {
	if s == nil || s.proc == nil {
		return ""
	}
	return s.proc.stderr.String()
}

// Noise returns the first non-MCP lines seen on stdout (up to 100, each
// cut to 300 bytes).
func (s *Session) Noise() []string {
	if s == nil || s.proc == nil {
		return nil
	}
	lines, _ := s.proc.noise.snapshot()
	return lines
}

// NoiseCount returns how many non-MCP lines were seen on stdout in all.
func (s *Session) NoiseCount() int {
	if s == nil || s.proc == nil {
		return 0
	}
	_, n := s.proc.noise.snapshot()
	return n
}

// PGID returns the process group of a stdio server (0 for HTTP).
func (s *Session) PGID() int {
	if s == nil || s.proc == nil {
		return 0
	}
	return s.proc.pgid
}

// Close ends the session and, for stdio, the server: close stdin, SIGTERM,
// then SIGKILL to the whole process group; it waits for the exit.
func (s *Session) Close() error {
	if s == nil {
		return nil
	}
	s.closeOnce.Do(func() {
		if s.Client != nil {
			done := make(chan struct{})
			go func() {
				_ = s.Client.Close()
				close(done)
			}()
			select {
			case <-done:
			case <-time.After(s.opts.Timeout):
			}
		}
		if s.tap != nil {
			_ = s.tap.Close()
		}
		if s.stopHTTP != nil {
			s.stopHTTP()
		}
		if s.proc != nil {
			s.closeErr = s.proc.Close()
		}
	})
	return s.closeErr
}

// ErrNoWire is returned by WireCall on a session that cannot carry calls
// beside the SDK's: any transport but stdio, or a session with no
// connection.
var ErrNoWire = errors.New("wire calls need a live stdio session")

// WireCall sends one JSON-RPC request exactly as given on the session's own
// connection, beside the SDK's traffic, and waits (at most Options.Timeout)
// for its answer, which the SDK never sees. Compliance probes use it so a
// probe costs no second server process. Only stdio sessions support it
// (ErrNoWire otherwise). As with RawSession.Call, a JSON-RPC error reply
// comes back as *RPCError with a nil error.
func (s *Session) WireCall(ctx context.Context, method string, params any) (json.RawMessage, *RPCError, error) {
	if s == nil || s.tap == nil || s.line == nil {
		return nil, nil, ErrNoWire
	}
	p, err := encodeParams(params)
	if err != nil {
		return nil, nil, err
	}
	cctx, cancel := context.WithTimeout(ctx, s.opts.Timeout)
	defer cancel()
	rep := s.tap.wireCall(cctx, method, p)
	if rep.Err != nil {
		if cctx.Err() == context.DeadlineExceeded && ctx.Err() == nil {
			return nil, nil, fmt.Errorf("no answer to %s within %s", method, s.opts.Timeout)
		}
		return nil, nil, fmt.Errorf("%s: %s", method, s.callError(rep.Err))
	}
	if rep.Error != nil {
		return nil, &RPCError{Code: rep.Error.Code, Message: rep.Error.Message, Data: rep.Error.Data}, nil
	}
	return rep.Result, nil, nil
}

// CanWire reports whether WireCall works on this session.
func (s *Session) CanWire() bool { return s != nil && s.tap != nil && s.line != nil }

// OfferedVersion is the protocolVersion the client offered in its
// initialize request ("" when none was sent: the stateless era).
func (s *Session) OfferedVersion() string {
	if s == nil || s.tap == nil {
		return ""
	}
	return s.tap.offeredVersion()
}
