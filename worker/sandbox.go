package worker

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// Limits bound one sandboxed server. A zero field takes the default from
// DefaultLimits.
type Limits struct {
	// AddressSpace is RLIMIT_AS in bytes. Node reserves about 10 GiB of
	// address space per WebAssembly memory (undici's HTTP parser is one), so
	// the default is high; Data is the real memory bound.
	AddressSpace uint64
	// Data is RLIMIT_DATA in bytes: private writable memory (heap and
	// anonymous mappings), the limit a memory hog hits.
	Data uint64
	// Processes is RLIMIT_NPROC, counted for the sandbox's own user ID.
	Processes uint64
	// OpenFiles is RLIMIT_NOFILE.
	OpenFiles uint64
	// FileSize is RLIMIT_FSIZE in bytes (largest file the server may write).
	FileSize uint64
	// CPUSeconds is RLIMIT_CPU.
	CPUSeconds uint64
	// TmpfsBytes caps each tmpfs (home and /tmp).
	TmpfsBytes uint64
	// Memory bounds the memory of the sandbox as a whole (every process in
	// it, and its tmpfs pages), in bytes, through its cgroup. Processes
	// bounds the cgroup's process count as well.
	Memory uint64
}

// DefaultLimits returns the limits used for fields left zero.
func DefaultLimits() Limits {
	return Limits{
		AddressSpace: 32 << 30,
		Data:         2 << 30,
		Processes:    128,
		OpenFiles:    1024,
		FileSize:     256 << 20,
		CPUSeconds:   300,
		TmpfsBytes:   256 << 20,
		Memory:       3 << 30,
	}
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	return Limits{
		AddressSpace: cmp.Or(l.AddressSpace, d.AddressSpace),
		Data:         cmp.Or(l.Data, d.Data),
		Processes:    cmp.Or(l.Processes, d.Processes),
		OpenFiles:    cmp.Or(l.OpenFiles, d.OpenFiles),
		FileSize:     cmp.Or(l.FileSize, d.FileSize),
		CPUSeconds:   cmp.Or(l.CPUSeconds, d.CPUSeconds),
		TmpfsBytes:   cmp.Or(l.TmpfsBytes, d.TmpfsBytes),
		Memory:       cmp.Or(l.Memory, d.Memory),
	}
}

// Spec is one server to start in a sandbox.
type Spec struct {
	// Command is the executable (absolute, or looked up on PATH inside the
	// sandbox); Args follow it.
	Command string
	Args    []string
	// Env is the whole environment of the server besides PATH and HOME
	// (nothing is inherited from the worker).
	Env map[string]string
	// Path is prepended to the sandbox's PATH (for example a package's
	// node_modules/.bin).
	Path []string
	// Dir is the working directory ("" = the sandbox home).
	Dir string
	// ReadOnly are host paths (files or directories) made visible at the
	// same path, read-only: the package directory, a runtime's prefix.
	ReadOnly []string
	// Writable are host directories made visible at the same path,
	// writable (a package install's target and scratch directories). A
	// root worker hands them to the sandbox's host user ID for the run, and
	// Cleanup hands them back to the worker's own.
	Writable []string
	// Capped are paths where the sandbox gets a fresh writable tmpfs of
	// CappedBytes (an install's target: bwrap; other sandboxes ignore
	// them). The host path itself is not shown; Prepared.SandboxPID lets
	// the worker read the tmpfs from outside (installcap.go).
	Capped      []string
	CappedBytes uint64
	// Remap shows host directories at other paths inside the sandbox:
	// host directory → sandbox path ("~/" is below the sandbox's home).
	// ReadOnly, Writable and Capped paths at or below a key show below its
	// value, and Command, Args, Env values, Path and Dir are rewritten to
	// name them there, so no host path (a package cache's) shows inside.
	// bwrap only; other sandboxes run on the host's paths.
	Remap map[string]string
	// Limits bound the server.
	Limits Limits
}

// Prepared is a server ready to start: the target to dial and what to undo
// afterwards.
type Prepared struct {
	// Target starts the server inside the sandbox when dialled.
	Target *connect.Target
	// WorkDir is the scratch directory (as the server sees it) that
	// replaced registry.SandboxDirToken.
	WorkDir string
	// Cleanup kills anything the sandbox left running and removes its
	// temporary files. It is safe to call more than once.
	Cleanup func()
	// Breach, when set, says (after the run) why the sandbox's processes
	// together broke a limit the sandbox enforces as a whole (the kernel
	// killed some of them), or "" when they did not.
	Breach func() string
	// SandboxPath, when set, is where a host path of the Spec shows inside
	// the sandbox (Spec.Remap); nil means at the same path.
	SandboxPath func(string) string
	// SandboxPID, when set, is the host process ID of the sandbox's first
	// process once it started (0 before): its /proc/PID/root is the
	// sandbox's file system.
	SandboxPID func() int
	// Behaviour, when set, ends the watch on the server's starts and
	// returns what they did (call it after the server has been closed).
	Behaviour func() *schema.Behaviour
}

// Sandbox starts servers in isolation. Implementations: Bwrap (bubblewrap,
// for untrusted code) and None (trusted local use only).
type Sandbox interface {
	// Name is "bwrap" or "none".
	Name() string
	// Isolated reports whether the sandbox contains untrusted code.
	Isolated() bool
	// Available reports why the sandbox cannot run on this host (nil when
	// it can).
	Available(ctx context.Context) error
	// Prepare builds the target for spec, replacing
	// registry.SandboxDirToken in Args and Env values with a scratch
	// directory the server may write.
	Prepare(ctx context.Context, spec Spec) (*Prepared, error)
}

// replaceToken replaces the sandbox dir token in args and env values.
func replaceToken(spec *Spec, dir string) {
	args := make([]string, len(spec.Args))
	for i, a := range spec.Args {
		args[i] = strings.ReplaceAll(a, registry.SandboxDirToken, dir)
	}
	spec.Args = args
	env := make(map[string]string, len(spec.Env))
	for k, v := range spec.Env {
		env[k] = strings.ReplaceAll(v, registry.SandboxDirToken, dir)
	}
	spec.Env = env
}

// None runs servers directly on the host, with no isolation at all. It is
// for trusted local servers only; it says so loudly on Log every time it
// prepares a server.
type None struct {
	// Log receives the warning (default os.Stderr).
	Log io.Writer
}

// Name implements Sandbox.
func (None) Name() string { return "none" }

// Isolated implements Sandbox: None isolates nothing.
func (None) Isolated() bool { return false }

// Available implements Sandbox.
func (None) Available(context.Context) error { return nil }

// Prepare implements Sandbox. The server sees the worker's full
// environment and file system (connect lays Env over the parent
// environment), which is why None must never run registry entries.
func (n None) Prepare(_ context.Context, spec Spec) (*Prepared, error) {
	w := n.Log
	if w == nil {
		w = os.Stderr
	}
	fmt.Fprintf(w, "WARNING: sandbox \"none\": running %s UNSANDBOXED with your user, files, network and environment; only do this for servers you trust\n", connect.ShellQuote(spec.Command))
	work, err := os.MkdirTemp("", "mcpgauge-work-")
	if err != nil {
		return nil, fmt.Errorf("sandbox none: scratch dir: %w", err)
	}
	replaceToken(&spec, work) // spec.Env is now a fresh copy
	env := spec.Env
	if len(spec.Path) > 0 {
		env["PATH"] = strings.Join(append(append([]string(nil), spec.Path...), os.Getenv("PATH")), string(filepath.ListSeparator))
	}
	t := &connect.Target{
		Transport: connect.TransportStdio, Command: spec.Command, Args: spec.Args, Env: env, Dir: spec.Dir,
		Source: "sandbox:none",
	}
	t.Display = connect.ShellJoin(append([]string{spec.Command}, spec.Args...))
	return &Prepared{Target: t, WorkDir: work, Cleanup: func() { _ = os.RemoveAll(work) }}, nil
}

// SandboxFailure says which part of a sandboxed start failed.
type SandboxFailure string

// Kinds of SandboxError.
const (
	// SandboxSetup: the sandbox itself could not be made (a bind, a mount,
	// a namespace, its limits or cgroup): the server never ran. A fault of
	// the worker, not of the server.
	SandboxSetup SandboxFailure = "setup"
	// SandboxExec: the sandbox was made, but the server's command is not
	// in it (no such executable on its PATH): the server could not start.
	SandboxExec SandboxFailure = "exec"
)

// SandboxError is a sandboxed start that never ran the server. bwrap's
// --json-status-fd tells it from the server's own exit: bwrap writes
// {"exit-code": N} there only for a server it actually started.
type SandboxError struct {
	// Sandbox is the sandbox's name ("bwrap").
	Sandbox string
	// Failure is which part failed.
	Failure SandboxFailure
	// Command is the server's command.
	Command string
	// Err is the cause (bwrap's exit, a failed set-up step).
	Err error
}

func (e *SandboxError) Error() string {
	what := "the sandbox could not be set up"
	if e.Failure == SandboxExec {
		what = fmt.Sprintf("command %s not found in the sandbox", connect.ShellQuote(e.Command))
	}
	if e.Err != nil {
		return fmt.Sprintf("sandbox %s: %s: %v", e.Sandbox, what, e.Err)
	}
	return fmt.Sprintf("sandbox %s: %s", e.Sandbox, what)
}

func (e *SandboxError) Unwrap() error { return e.Err }

// ResultStatus makes a SandboxError a scan.StatusError: a sandbox that
// could not be set up is a worker_error, a command missing from it a
// start_failed.
func (e *SandboxError) ResultStatus() (schema.Status, string) {
	if e.Failure == SandboxExec {
		return schema.StatusStartFailed, e.Error()
	}
	return schema.StatusWorkerError, "sandbox failed: " + e.Error()
}
