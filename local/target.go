package local

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
)

// Target is the server a command works on: the positional TARGET and the
// flags every command that reaches a server shares.
type Target struct {
	// Arg is TARGET: a directory, a script, a command line or a URL ("" when
	// none was given).
	Arg string
	// Command is --command; CommandGiven says the flag was typed (an empty
	// --command is then an error, not an absence).
	Command      string
	CommandGiven bool
	// Server is --server: the entry of a multi-server manifest.
	Server string
	// Env are --env items (K=V), Headers --header items (K:V).
	Env, Headers []string
	// ToolsJSON is --tools-json: a saved tools/list result read instead of
	// connecting.
	ToolsJSON string
	// Timeout is the deadline for each call to the server (config timeout).
	Timeout time.Duration
	// ClientVersion is the version the client announces (the scanner's).
	ClientVersion string
	// Warn, when set, receives warnings (an incomplete listing).
	Warn io.Writer
}

// Validate checks the combination of TARGET, --command and --tools-json and
// the form of --env and --header.
func (t Target) Validate() error {
	if t.Arg == "" && t.Command == "" && t.ToolsJSON == "" {
		return errkind.AsUsage(errors.New("give a TARGET (directory, script, command or URL), --command, or --tools-json FILE"))
	}
	if t.ToolsJSON != "" && (t.Arg != "" || t.Command != "") {
		return errkind.AsUsage(errors.New("--tools-json reads a saved file; do not also give a TARGET or --command"))
	}
	if _, err := parseKV(t.Env, "="); err != nil {
		return errkind.AsUsage(fmt.Errorf("--env: %w", err))
	}
	if _, err := parseKV(t.Headers, ":"); err != nil {
		return errkind.AsUsage(fmt.Errorf("--header: %w", err))
	}
	return nil
}

// Resolve turns the target into a connect.Target. A target that names no
// server is a usage error, one that cannot be reached an unreachable one.
func (t Target) Resolve() (*connect.Target, error) {
	env, err := parseKV(t.Env, "=")
	if err != nil {
		return nil, errkind.AsUsage(fmt.Errorf("--env: %w", err))
	}
	headers, err := parseKV(t.Headers, ":")
	if err != nil {
		return nil, errkind.AsUsage(fmt.Errorf("--header: %w", err))
	}
	ct, err := connect.Resolve(t.Arg, connect.ResolveOptions{
		Command: t.Command, CommandGiven: t.CommandGiven, Server: t.Server, Env: env, Headers: headers,
	})
	if err != nil {
		if errors.Is(err, connect.ErrUsage) {
			return nil, errkind.AsUsage(err)
		}
		return nil, errkind.AsUnreachable(err)
	}
	return ct, nil
}

// ConnectOptions are the connection options for the target.
func (t Target) ConnectOptions() connect.Options {
	return connect.Options{Timeout: t.Timeout, ClientName: "mcpgauge", ClientVersion: t.ClientVersion}
}

// OpenSnapshot returns the snapshot a command works on: read from
// --tools-json when set, else by connecting to the target and reading
// every list. Errors carry their kind (usage or unreachable). A listing
// that stopped early is returned with a warning to t.Warn: what was read,
// never as if it were the whole server.
func OpenSnapshot(ctx context.Context, t Target) (*model.Snapshot, error) {
	if t.ToolsJSON != "" {
		data, err := os.ReadFile(t.ToolsJSON)
		if err != nil {
			return nil, errkind.AsUsage(fmt.Errorf("read --tools-json: %w", err))
		}
		snap, err := model.ParseToolsJSON(data)
		if err != nil {
			return nil, errkind.AsUsage(fmt.Errorf("%s: %w", t.ToolsJSON, err))
		}
		snap.Target = t.ToolsJSON
		return snap, nil
	}
	ct, err := t.Resolve()
	if err != nil {
		return nil, err
	}
	sess, err := connect.Dial(ctx, ct, t.ConnectOptions())
	if err != nil {
		return nil, errkind.AsUnreachable(err)
	}
	defer sess.Close()
	snap, err := sess.Snapshot(ctx)
	if err != nil {
		return nil, errkind.AsUnreachable(err)
	}
	if le := sess.ListError(); le != nil && t.Warn != nil {
		fmt.Fprintf(t.Warn, "warning: %v\n", le)
	}
	return snap, nil
}

// parseKV splits K=V (sep "=") or K:V (sep ":") items.
func parseKV(items []string, sep string) (map[string]string, error) {
	out := map[string]string{}
	for _, it := range items {
		k, v, ok := strings.Cut(it, sep)
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return nil, fmt.Errorf("%q is not of the form KEY%sVALUE", it, sep)
		}
		if sep == ":" {
			v = strings.TrimSpace(v)
		}
		out[k] = v
	}
	return out, nil
}
