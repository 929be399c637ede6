package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/internal/errkind"
	"github.com/mcpgauge/mcpgauge/local"
)

// addTargetFlags adds the flags every command that reaches a server shares.
func addTargetFlags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringP("command", "c", "", `start the server with this command line (shell-like quoting), e.g. "node server.js"`)
	f.String("server", "", "pick this entry from a multi-server manifest")
	f.StringArray("env", nil, "set an environment variable for the server (K=V, repeatable)")
	f.StringArray("header", nil, "add an HTTP header for URL targets (K:V, repeatable)")
	f.Duration("timeout", 0, "deadline for each call to the server (default 30s)")
	f.String("tools-json", "", "read a saved tools/list result instead of connecting")
	f.BoolP("verbose", "v", false, "show more detail")
}

// targetFlags reads TARGET and the target flags into a local.Target (its
// Timeout is set from the config later) and validates them.
func targetFlags(cmd *cobra.Command, args []string) (local.Target, error) {
	if len(args) > 1 {
		return local.Target{}, errkind.AsUsage(fmt.Errorf("expected one TARGET, got %d arguments (quote a command line: \"node server.js\")", len(args)))
	}
	f := cmd.Flags()
	t := local.Target{ClientVersion: version, Warn: cmd.ErrOrStderr(), CommandGiven: f.Changed("command")}
	if len(args) > 0 {
		t.Arg = args[0]
	}
	t.Command, _ = f.GetString("command")
	t.Server, _ = f.GetString("server")
	t.Env, _ = f.GetStringArray("env")
	t.Headers, _ = f.GetStringArray("header")
	t.ToolsJSON, _ = f.GetString("tools-json")
	return t, nil
}
