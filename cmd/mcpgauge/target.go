package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// openSnapshot returns the snapshot a command works on: from --tools-json
// when that flag is set on cmd, else by connecting to the target.
// Errors are already wrapped with the right exit code (usage or connect).
func openSnapshot(ctx context.Context, cmd *cobra.Command, target string) (*model.Snapshot, error) {
	if f := cmd.Flags().Lookup("tools-json"); f != nil && f.Value.String() != "" {
		data, err := os.ReadFile(f.Value.String())
		if err != nil {
			return nil, usageErr(fmt.Errorf("read --tools-json: %w", err))
		}
		snap, err := model.ParseToolsJSON(data)
		if err != nil {
			return nil, usageErr(fmt.Errorf("%s: %w", f.Value.String(), err))
		}
		snap.Target = f.Value.String()
		return snap, nil
	}
	return connectSnapshot(ctx, cmd, target)
}

// resolveTarget turns TARGET and the target flags into a connect.Target.
func resolveTarget(cmd *cobra.Command, target string) (*connect.Target, error) {
	f := cmd.Flags()
	command, _ := f.GetString("command")
	server, _ := f.GetString("server")
	envItems, _ := f.GetStringArray("env")
	headerItems, _ := f.GetStringArray("header")
	env, err := parseKV(envItems, "=")
	if err != nil {
		return nil, usageErr(fmt.Errorf("--env: %w", err))
	}
	headers, err := parseKV(headerItems, ":")
	if err != nil {
		return nil, usageErr(fmt.Errorf("--header: %w", err))
	}
	t, err := connect.Resolve(target, connect.ResolveOptions{
		Command: command, CommandGiven: f.Changed("command"), Server: server, Env: env, Headers: headers,
	})
	if err != nil {
		if errors.Is(err, connect.ErrUsage) {
			return nil, usageErr(err)
		}
		return nil, connectErr(err)
	}
	return t, nil
}

// connectOptions builds connection options from the effective config.
func connectOptions(cfg Config) connect.Options {
	return connect.Options{Timeout: cfg.Timeout, ClientName: "mcpgauge", ClientVersion: version}
}

// connectSnapshot dials the target and reads a full snapshot.
func connectSnapshot(ctx context.Context, cmd *cobra.Command, target string) (*model.Snapshot, error) {
	t, err := resolveTarget(cmd, target)
	if err != nil {
		return nil, err
	}
	cfg, _, err := loadConfig(cmd, target, flagBinding{"timeout", "timeout"})
	if err != nil {
		return nil, err
	}
	sess, err := connect.Dial(ctx, t, connectOptions(cfg))
	if err != nil {
		return nil, connectErr(err)
	}
	defer sess.Close()
	snap, err := sess.Snapshot(ctx)
	if err != nil {
		return nil, connectErr(err)
	}
	if le := sess.ListError(); le != nil {
		// inspect and lint show what was read (toolgauge does), but never
		// as if it were the whole server.
		fmt.Fprintf(cmd.ErrOrStderr(), "warning: %v\n", le)
	}
	return snap, nil
}
