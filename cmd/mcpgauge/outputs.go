package main

import (
	"fmt"
	"io"

	"github.com/mcpgauge/mcpgauge/gauge/ci"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
	"github.com/mcpgauge/mcpgauge/local"
	"github.com/spf13/cobra"
)

// addReceiptFlags adds --signing-key, --receipt, --receipt-ttl, --markdown
// and --baseline.
func addReceiptFlags(cmd *cobra.Command, o *local.ScanOptions) {
	f := cmd.Flags()
	f.StringVar(&o.SigningKey, "signing-key", "", "sign a scan receipt with this ed25519 key (PKCS#8 PEM, as openssl genpkey -algorithm ed25519 writes)")
	f.StringVar(&o.Receipt, "receipt", "", "with --signing-key: write the signed receipt (a DSSE envelope) to this file")
	f.DurationVar(&o.ReceiptTTL, "receipt-ttl", local.DefaultReceiptTTL, "how long the receipt stays valid after the scan")
	f.StringVar(&o.Markdown, "markdown", "", "write a pull-request comment (score, parts, findings) here (- for stdout)")
	f.StringVar(&o.Baseline, "baseline", "", "with --markdown: a previous scan --json result to show deltas against")
}

// writeOutput writes what a command produced where its flag said: "-" is
// stdout, "" or no data writes nothing, a path is written whole with its
// directories made (ci.WriteFile).
func writeOutput(out io.Writer, flag, path string, data []byte) error {
	switch {
	case path == "" || data == nil:
		return nil
	case path == "-":
		_, err := out.Write(data)
		return err
	}
	if err := ci.WriteFile(path, data); err != nil {
		return errkind.AsUsage(fmt.Errorf("%s: %w", flag, err))
	}
	return nil
}
