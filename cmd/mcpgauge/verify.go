package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/local"
)

func newVerifyCmd() *cobra.Command {
	var o local.VerifyOptions
	cmd := &cobra.Command{
		Use:   "verify RECEIPT",
		Short: "Check a signed scan receipt: signature, expiry, and the artifact it is about",
		Long: `Verify checks a scan receipt (a DSSE envelope holding an in-toto Statement, as
scan --receipt and the board write): that a signature verifies under --key, that
it has not expired, and, with --artifact, that it is about that artifact.

Exit codes: 0 valid, 1 rejected (bad signature, tampered, another artifact, not
a receipt), 2 usage error (unreadable file or key), 4 signature good but expired.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runVerify(cmd, args, o) },
	}
	f := cmd.Flags()
	f.StringVar(&o.Key, "key", "", "the signer's ed25519 public key (PEM, as openssl pkey -pubout writes); required")
	f.StringVar(&o.Artifact, "artifact", "", "the artifact the receipt must be about: pkg@version (npm), TYPE:pkg@version, or a URL")
	return cmd
}

func runVerify(cmd *cobra.Command, args []string, o local.VerifyOptions) error {
	o.Receipt, o.Stdin = args[0], cmd.InOrStdin()
	rc, err := local.Verify(cmd.Context(), o)
	if rc != nil {
		report.Receipt(cmd.OutOrStdout(), rc)
	}
	if err == nil {
		fmt.Fprintln(cmd.OutOrStdout(), "valid")
	}
	return err
}
