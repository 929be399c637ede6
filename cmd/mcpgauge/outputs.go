package main

import (
	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/attest"
)

// addReceiptFlags adds --signing-key, --receipt, --receipt-ttl, --markdown
// and --baseline.
func addReceiptFlags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.String("signing-key", "", "sign a scan receipt with this ed25519 key (PKCS#8 PEM, as openssl genpkey -algorithm ed25519 writes)")
	f.String("receipt", "", "with --signing-key: write the signed receipt (a DSSE envelope) to this file")
	f.Duration("receipt-ttl", attest.DefaultTTL, "how long the receipt stays valid after the scan")
	f.String("markdown", "", "write a pull-request comment (score, parts, findings) here (- for stdout)")
	f.String("baseline", "", "with --markdown: a previous scan --json result to show deltas against")
}
