package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

// runWorkerScan scans a registry entry (--entry, --registry/--name) or a
// local target under --sandbox bwrap through the worker's launch path.
// (Owned by the worker; until it lands this path is a usage error.)
func runWorkerScan(_ *cobra.Command, _ Config, _ string) error {
	return usageErr(fmt.Errorf("the worker launch path (--entry, --registry, --sandbox bwrap) is not built yet; use --sandbox none for a trusted local server"))
}
