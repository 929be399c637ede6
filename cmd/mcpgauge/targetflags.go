package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
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

// targetArg returns the positional TARGET ("" if none) and validates the
// combination with --command and --tools-json.
func targetArg(cmd *cobra.Command, args []string) (string, error) {
	command, _ := cmd.Flags().GetString("command")
	toolsJSON, _ := cmd.Flags().GetString("tools-json")
	target := ""
	if len(args) > 0 {
		target = args[0]
	}
	if len(args) > 1 {
		return "", usageErr(fmt.Errorf("expected one TARGET, got %d arguments (quote a command line: \"node server.js\")", len(args)))
	}
	if target == "" && command == "" && toolsJSON == "" {
		return "", usageErr(fmt.Errorf("give a TARGET (directory, script, command or URL), --command, or --tools-json FILE"))
	}
	if toolsJSON != "" && (target != "" || command != "") {
		return "", usageErr(fmt.Errorf("--tools-json reads a saved file; do not also give a TARGET or --command"))
	}
	return target, nil
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
