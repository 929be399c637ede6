package main

import (
	"context"
	"fmt"
	"os"

	"github.com/spf13/cobra"

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

// connectSnapshot dials the target and reads a full snapshot.
// (Live connection is wired in once gauge/connect lands.)
func connectSnapshot(_ context.Context, _ *cobra.Command, target string) (*model.Snapshot, error) {
	return nil, connectErr(fmt.Errorf("cannot connect to %q: live connections are not wired yet", target))
}
