package main

import "github.com/spf13/cobra"

// commandConstructors lists every subcommand. Each lives in its own file.
func commandConstructors() []func() *cobra.Command {
	return []func() *cobra.Command{
		newInspectCmd, newLintCmd, newCheckCmd, newScanCmd, newEvalCmd, newCiCmd, newRulesCmd, newRegistryCmd,
		newSweepCmd, newCoordinatorCmd, newWorkerCmd, newLeaderboardCmd, newHistoryCmd, newEcosystemCmd, newVerifyCmd, newServeCmd,
	}
}
