package connect

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Limits on stdout noise before a server counts as flooding it.
const (
	maxNoiseLines = 10000
	maxNoiseBytes = 64 << 20
	// maxUnsolicited caps the bytes of noise and server-initiated messages
	// between two responses.
	maxUnsolicited  = 64 << 20
	keptNoiseLines  = 100
	keptNoiseLength = 300
	// shutdownGrace is how long Close waits after closing stdin, and again
	// after SIGTERM, before escalating.
	shutdownGrace = 2 * time.Second
	// stderrDrain bounds the wait for the last stderr bytes of a dead server.
	stderrDrain = time.Second
	// groupReap bounds the wait for killed group members to disappear.
	groupReap = 3 * time.Second
)

// ErrFlood marks a server that wrote too much non-MCP output (or one giant
// line) to stdout; the connection is aborted.
var ErrFlood = errors.New("server floods stdout")

// ring keeps the last max bytes written to it.
type ring struct {
	mu    sync.Mutex
	head  []byte // the first headMax bytes ever written
	buf   []byte // the last max bytes
	max   int
	total int64
}

// headMax is how much of the start of stderr is kept besides its tail: a
// crash message (an out-of-memory line, a missing module) often comes
// before a long stack dump.
const headMax = 4 << 10

func (r *ring) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.total += int64(len(p))
	if room := headMax - len(r.head); room > 0 {
		r.head = append(r.head, p[:min(room, len(p))]...)
	}
	if len(p) >= r.max {
		r.buf = append(r.buf[:0], p[len(p)-r.max:]...)
		return len(p), nil
	}
	r.buf = append(r.buf, p...)
	if over := len(r.buf) - r.max; over > 0 {
		r.buf = append(r.buf[:0], r.buf[over:]...)
	}
	return len(p), nil
}

// String is everything written when it fitted; otherwise the head, a line
// saying how much was skipped, and the tail.
func (r *ring) String() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.total <= int64(len(r.buf)) {
		return string(r.buf)
	}
	skipped := r.total - int64(len(r.head)) - int64(len(r.buf))
	if skipped <= 0 { // head and tail overlap: the whole text
		return string(r.head) + string(r.buf[-skipped:])
	}
	return string(r.head) + fmt.Sprintf("\n[… %d bytes of stderr skipped …]\n", skipped) + string(r.buf)
}

// noise records non-MCP lines seen on stdout.
type noise struct {
	mu    sync.Mutex
	lines []string
	count int
	bytes int64
}

func (n *noise) add(line []byte) (count int, total int64) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.count++
	n.bytes += int64(len(line))
	if len(n.lines) < keptNoiseLines {
		s := string(line)
		if len(s) > keptNoiseLength {
			s = s[:keptNoiseLength] + "…"
		}
		n.lines = append(n.lines, s)
	}
	return n.count, n.bytes
}

func (n *noise) snapshot() ([]string, int) {
	n.mu.Lock()
	defer n.mu.Unlock()
	return append([]string(nil), n.lines...), n.count
}

// process is one running stdio server in its own process group.
type process struct {
	cmd    *exec.Cmd
	pgid   int
	stdin  *os.File
	stdout *os.File
	stderr *ring
	noise  noise

	exited  chan struct{} // closed when the leader has been reaped
	waitErr error         // valid after exited
	errDone chan struct{} // closed when stderr reached EOF

	// onExit is the launcher's Launched.Exited; exitCause calls it once.
	onExit    func(error) error
	causeOnce sync.Once
	cause     error

	closeOnce sync.Once
	closeErr  error
}

// errEmptyCommand is a stdio target with no command.
var errEmptyCommand = errors.New("empty command")

// startProcess starts t's command with its own process group, stdin and
// stdout on pipes we own, and stderr copied into a capped ring buffer.
func startProcess(t *Target, o Options) (*process, error) {
	if t.Command == "" {
		return nil, errEmptyCommand
	}
	cmd := exec.Command(t.Command, t.Args...)
	cmd.Dir = t.Dir
	cmd.Env = os.Environ()
	for _, k := range sortedKeys(t.Env) {
		cmd.Env = append(cmd.Env, k+"="+t.Env[k])
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}

	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	started := func(int) error { return nil }
	var exited func(error) error
	if t.Launch != nil {
		l, err := t.Launch(cmd)
		if err != nil {
			closeAll(inR, inW, outR, outW, errR, errW)
			return nil, fmt.Errorf("start %s: %w", ShellQuote(t.Command), err)
		}
		if l != nil && l.Started != nil {
			started = l.Started
		}
		if l != nil {
			exited = l.Exited
		}
	}
	if err := cmd.Start(); err != nil {
		_ = started(0)
		closeAll(inR, inW, outR, outW, errR, errW)
		return nil, fmt.Errorf("start %s: %w", ShellQuote(t.Command), err)
	}
	closeAll(inR, outW, errW) // the child holds its own copies
	if err := started(cmd.Process.Pid); err != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Wait()
		closeAll(inW, outR, errR)
		return nil, fmt.Errorf("start %s: %w", ShellQuote(t.Command), err)
	}
	p := &process{
		cmd:     cmd,
		pgid:    cmd.Process.Pid,
		stdin:   inW,
		stdout:  outR,
		stderr:  &ring{max: o.StderrLimit},
		exited:  make(chan struct{}),
		errDone: make(chan struct{}),
		onExit:  exited,
	}
	go func() {
		p.waitErr = cmd.Wait()
		close(p.exited)
	}()
	go func() {
		_, _ = io.Copy(p.stderr, errR)
		_ = errR.Close()
		close(p.errDone)
	}()
	return p, nil
}

func closeAll(fs ...*os.File) {
	for _, f := range fs {
		_ = f.Close()
	}
}

// settle waits briefly for the server to exit once its stdout is gone or
// its stdin broke, and for the last of its stdout to be read, so messages
// can say how it ended whichever side noticed first.
func (p *process) settle(line *lineConn) {
	if line == nil {
		return
	}
	select {
	case <-line.eof:
	case <-line.broken:
	default:
		return
	}
	timer := time.NewTimer(stderrDrain)
	defer timer.Stop()
	select {
	case <-p.exited:
	case <-timer.C:
		return
	}
	// The read loop finishes the stdout the server wrote before it ended
	// (so the skipped-lines count is complete).
	select {
	case <-line.eof:
	case <-timer.C:
	}
}

// exitStatus describes how the server ended, or "" while it runs.
func (p *process) exitStatus() string {
	select {
	case <-p.exited:
	default:
		return ""
	}
	if p.waitErr == nil {
		return "exit status 0"
	}
	return p.waitErr.Error()
}

// exitCause is why the process ended, once it has: the launcher's error
// when the launcher says it, not the server, ended the run, else the
// process's own wait error (nil for exit status 0).
func (p *process) exitCause() error {
	select {
	case <-p.exited:
	default:
		return nil
	}
	p.causeOnce.Do(func() {
		if p.onExit != nil {
			p.cause = p.onExit(p.waitErr)
		}
		if p.cause == nil {
			p.cause = p.waitErr
		}
	})
	return p.cause
}

// stderrTail returns the last n bytes of stderr; when the server has died
// it first waits briefly for the remaining stderr bytes.
func (p *process) stderrTail(n int) string {
	select {
	case <-p.exited:
		select {
		case <-p.errDone:
		case <-time.After(stderrDrain):
		}
	default:
	}
	return clipMiddle(strings.TrimSpace(p.stderr.String()), n)
}

// clipMiddle shortens s to about n bytes, keeping its first third and its
// last two thirds, so both a crash's first line and its last lines stay.
func clipMiddle(s string, n int) string {
	if len(s) <= n {
		return s
	}
	h := n / 3
	return strings.ToValidUTF8(s[:h], "") + " … " + strings.ToValidUTF8(s[len(s)-(n-h):], "")
}

// Close ends the server the way the spec says (close stdin, SIGTERM,
// SIGKILL), always for the whole process group, and waits for it.
func (p *process) Close() error {
	p.closeOnce.Do(func() {
		// The whole tree, taken while the leader still holds it: children
		// that left the process group (setsid, bwrap's --new-session, a
		// PID namespace) are killed and waited for too, so nothing of this
		// session still counts against a process limit when the next
		// session of the same scan starts.
		tree := descendants(p.pgid)
		_ = p.stdin.Close()
		wait := func(d time.Duration) bool {
			select {
			case <-p.exited:
				return true
			case <-time.After(d):
				return false
			}
		}
		if !wait(shutdownGrace) {
			_ = syscall.Kill(-p.pgid, syscall.SIGTERM)
			if !wait(shutdownGrace) {
				_ = syscall.Kill(-p.pgid, syscall.SIGKILL)
				<-p.exited
			}
		}
		// Anything left in the group (children of the server) goes too, and
		// we wait (bounded) until the group is really empty.
		_ = syscall.Kill(-p.pgid, syscall.SIGKILL)
		for deadline := time.Now().Add(groupReap); time.Now().Before(deadline); {
			if errors.Is(syscall.Kill(-p.pgid, 0), syscall.ESRCH) {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		reapTree(tree, groupReap)
		_ = p.stdout.Close()
		select {
		case <-p.errDone:
		case <-time.After(stderrDrain):
		}
	})
	return p.closeErr
}

// lineConn is an mcp.Connection over a server's stdin/stdout that skips
// (and records) stdout lines that are not JSON-RPC messages, and aborts
// with ErrFlood when the noise or a single line grows too large.
type lineConn struct {
	p        *process
	maxLine  int
	incoming chan lineMsg
	closed   chan struct{}
	once     sync.Once
	writeMu  sync.Mutex

	abortMu  sync.Mutex
	abortErr error

	unsolicited int // bytes since the last response (read loop only)

	nullErrs chan *RPCError // errors with "id": null, newest dropped when full
	eof      chan struct{}  // closed when the read loop ends
	eofOnce  sync.Once
	// broken is closed when a write to stdin found the pipe broken: the
	// server closed its end, so it is ending even if the read loop has
	// not seen its stdout close yet.
	broken     chan struct{}
	brokenOnce sync.Once
}

func (c *lineConn) markEOF() { c.eofOnce.Do(func() { close(c.eof) }) }

type lineMsg struct {
	msg jsonrpc.Message
	err error
}

func newLineConn(p *process, maxLine int) *lineConn {
	c := &lineConn{p: p, maxLine: maxLine, incoming: make(chan lineMsg), closed: make(chan struct{}), eof: make(chan struct{}), broken: make(chan struct{}), nullErrs: make(chan *RPCError, 16)}
	go c.readLoop()
	return c
}

func (c *lineConn) send(m lineMsg) bool {
	select {
	case c.incoming <- m:
		return true
	case <-c.closed:
		return false
	}
}

func (c *lineConn) abort(err error) {
	c.abortMu.Lock()
	if c.abortErr == nil {
		c.abortErr = err
	}
	c.abortMu.Unlock()
	c.send(lineMsg{err: err})
}

// aborted returns the flood error, if the connection was aborted for one.
func (c *lineConn) aborted() error {
	c.abortMu.Lock()
	defer c.abortMu.Unlock()
	return c.abortErr
}

func (c *lineConn) readLoop() {
	defer c.markEOF()
	r := bufio.NewReaderSize(c.p.stdout, 64<<10)
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > c.maxLine {
			c.abort(fmt.Errorf("%w: %w: a line longer than %d bytes", ErrFlood, ErrTooLarge, c.maxLine))
			return
		}
		line = append(line, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if len(bytes.TrimSpace(line)) > 0 {
			if !c.handleLine(line) {
				return
			}
		}
		line = line[:0]
		if err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, os.ErrClosed) {
				err = io.EOF
			}
			c.markEOF() // before the error reaches anyone, so settle sees it
			c.send(lineMsg{err: err})
			return
		}
	}
}

// handleLine decodes one stdout line; it returns false to stop reading.
func (c *lineConn) handleLine(line []byte) bool {
	trimmed := bytes.TrimSpace(line)
	msgs, ok := decodeLine(trimmed)
	if !ok {
		if e := nullIDError(trimmed); e != nil {
			// A valid JSON-RPC error with a null id (the answer to input
			// the server could not parse): not noise, but the SDK cannot
			// route it; raw sessions pick it up.
			select {
			case c.nullErrs <- e:
			default:
			}
			return true
		}
		if tooDeep(trimmed) {
			c.abort(fmt.Errorf("protocol error: %w", errTooDeep))
			return false
		}
		n, total := c.p.noise.add(trimmed)
		c.unsolicited += len(trimmed)
		if n > maxNoiseLines || total > maxNoiseBytes || c.unsolicited > maxUnsolicited {
			c.abort(fmt.Errorf("%w: more than %d non-MCP lines or %d MiB of them", ErrFlood, maxNoiseLines, maxNoiseBytes>>20))
			return false
		}
		return true
	}
	response := false
	for _, m := range msgs {
		if _, ok := m.(*jsonrpc.Response); ok {
			response = true
		}
	}
	if response {
		c.unsolicited = 0
	} else if c.unsolicited += len(trimmed); c.unsolicited > maxUnsolicited {
		c.abort(fmt.Errorf("%w: more than %d MiB of notifications and noise without a response", ErrFlood, maxUnsolicited>>20))
		return false
	}
	for _, m := range msgs {
		if !c.send(lineMsg{msg: m}) {
			return false
		}
	}
	return true
}

// nullIDError decodes {"jsonrpc":"2.0","id":null,"error":{…}}, or returns nil.
func nullIDError(b []byte) *RPCError {
	var m struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   *struct {
			Code    int64           `json:"code"`
			Message string          `json:"message"`
			Data    json.RawMessage `json:"data"`
		} `json:"error"`
	}
	if json.Unmarshal(b, &m) != nil || m.JSONRPC != "2.0" || m.Error == nil || !isNull(m.ID) {
		return nil
	}
	return &RPCError{Code: m.Error.Code, Message: m.Error.Message, Data: m.Error.Data}
}

// deepResponse decodes a response the SDK's decoder refused (too deep for
// it), or returns nil.
func deepResponse(b []byte) *jsonrpc.Response {
	var m struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      any             `json:"id"`
		Method  json.RawMessage `json:"method"`
		Result  json.RawMessage `json:"result"`
	}
	if json.Unmarshal(b, &m) != nil || m.JSONRPC != "2.0" || m.Method != nil || len(m.Result) == 0 || m.ID == nil {
		return nil
	}
	id, err := jsonrpc.MakeID(m.ID)
	if err != nil || !id.IsValid() {
		return nil
	}
	return &jsonrpc.Response{ID: id, Result: m.Result}
}

// errTooDeep marks a message nested deeper than encoding/json reads.
var errTooDeep = errors.New("a message nested deeper than 10000 levels, which the scanner cannot read")

// tooDeep reports whether b is a JSON object too deep for encoding/json.
func tooDeep(b []byte) bool {
	if len(b) == 0 || b[0] != '{' {
		return false
	}
	var v struct{}
	err := json.Unmarshal(b, &v)
	return err != nil && strings.Contains(err.Error(), "exceeded max depth")
}

// decodeLine decodes a JSON-RPC message or a batch of them.
func decodeLine(b []byte) ([]jsonrpc.Message, bool) {
	if len(b) == 0 {
		return nil, false
	}
	switch b[0] {
	case '{':
		m, err := jsonrpc.DecodeMessage(b)
		if err != nil {
			// The SDK refuses messages nested deeper than 1000 levels; a
			// Node client reads them. Read the envelope with encoding/json
			// (10,000 levels) so the tap keeps the raw result and the tools
			// in it are seen.
			if r := deepResponse(b); r != nil {
				return []jsonrpc.Message{r}, true
			}
			return nil, false
		}
		return []jsonrpc.Message{m}, true
	case '[':
		var raws []json.RawMessage
		if json.Unmarshal(b, &raws) != nil || len(raws) == 0 {
			return nil, false
		}
		msgs := make([]jsonrpc.Message, 0, len(raws))
		for _, r := range raws {
			m, err := jsonrpc.DecodeMessage(r)
			if err != nil {
				return nil, false
			}
			msgs = append(msgs, m)
		}
		return msgs, true
	}
	return nil, false
}

// Read implements mcp.Connection.
func (c *lineConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case m := <-c.incoming:
		return m.msg, m.err
	case <-c.closed:
		return nil, io.EOF
	}
}

// Write implements mcp.Connection. The context deadline bounds a write to
// a server that stopped reading its stdin.
func (c *lineConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return fmt.Errorf("encode message: %w", err)
	}
	return c.writeLine(ctx, data)
}

func (c *lineConn) writeLine(ctx context.Context, data []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	if dl, ok := ctx.Deadline(); ok {
		_ = c.p.stdin.SetWriteDeadline(dl)
	} else {
		_ = c.p.stdin.SetWriteDeadline(time.Time{})
	}
	data = append(append([]byte(nil), data...), '\n')
	if _, err := c.p.stdin.Write(data); err != nil {
		if errors.Is(err, syscall.EPIPE) {
			c.brokenOnce.Do(func() { close(c.broken) })
		}
		return fmt.Errorf("write to server stdin: %w", err)
	}
	return nil
}

// Close implements mcp.Connection; it does not end the process (the
// session does that).
func (c *lineConn) Close() error {
	c.once.Do(func() { close(c.closed) })
	return nil
}

// SessionID implements mcp.Connection.
func (c *lineConn) SessionID() string { return "" }

var _ mcp.Connection = (*lineConn)(nil)
