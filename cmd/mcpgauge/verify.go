package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/attest"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
	"github.com/mcpgauge/mcpgauge/internal/termsafe"
)

func newVerifyCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "verify RECEIPT",
		Short: "Check a signed scan receipt: signature, expiry, and the artifact it is about",
		Long: `Verify checks a scan receipt (a DSSE envelope holding an in-toto Statement, as
scan --receipt and the board write): that a signature verifies under --key, that
it has not expired, and, with --artifact, that it is about that artifact.

Exit codes: 0 valid, 1 rejected (bad signature, tampered, another artifact, not
a receipt), 2 usage error (unreadable file or key), 4 signature good but expired.`,
		Args: cobra.ExactArgs(1),
		RunE: runVerify,
	}
	f := cmd.Flags()
	f.String("key", "", "the signer's ed25519 public key (PEM, as openssl pkey -pubout writes); required")
	f.String("artifact", "", "the artifact the receipt must be about: pkg@version (npm), TYPE:pkg@version, or a URL")
	return cmd
}

func runVerify(cmd *cobra.Command, args []string) error {
	keyPath, _ := cmd.Flags().GetString("key")
	if keyPath == "" {
		return usageErr(errors.New("--key is required"))
	}
	v, err := attest.LoadVerifier(keyPath)
	if err != nil {
		return usageErr(fmt.Errorf("--key: %w", err))
	}
	var want *attest.Artifact
	if a, _ := cmd.Flags().GetString("artifact"); a != "" {
		art, err := attest.ParseArtifact(a)
		if err != nil {
			return usageErr(fmt.Errorf("--artifact: %w", err))
		}
		want = &art
	}
	data, err := readReceipt(args[0])
	if err != nil {
		return usageErr(err)
	}
	rc, err := attest.Verify(cmd.Context(), data, v, time.Now(), want)
	out := cmd.OutOrStdout()
	if rc != nil {
		writeReceiptText(out, rc)
	}
	switch {
	case err == nil:
		fmt.Fprintln(out, "valid")
		return nil
	case errors.Is(err, attest.ErrExpired):
		return errkind.Wrap(errkind.Expired, err)
	default:
		return errkind.Wrap(errkind.Threshold, fmt.Errorf("rejected: %w", err))
	}
}

// readReceipt reads a receipt file ("-" for standard input), bounded.
func readReceipt(path string) ([]byte, error) {
	var r io.Reader = os.Stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("receipt: %w", err)
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, 2<<20))
	if err != nil {
		return nil, fmt.Errorf("receipt: %w", err)
	}
	return data, nil
}

func writeReceiptText(w io.Writer, rc *attest.Receipt) {
	p := rc.Predicate
	safe := termsafe.String
	fmt.Fprintf(w, "subject:  %s\n", safe(rc.Subject.Name()))
	for _, k := range sortedKeys(rc.Subject.Digest) {
		fmt.Fprintf(w, "  %s: %s\n", safe(k), safe(rc.Subject.Digest[k]))
	}
	fmt.Fprintf(w, "server:   %s %s\n", safe(p.Server), safe(p.Version))
	fmt.Fprintf(w, "status:   %s\n", safe(string(p.Status)))
	if p.Scores != nil {
		fmt.Fprintf(w, "score:    %.0f (%s)\n", p.Scores.MCPGauge, safe(p.ScoringVersion))
	}
	fmt.Fprintf(w, "findings: %d error, %d warning, %d info\n", p.Findings["error"], p.Findings["warning"], p.Findings["info"])
	fmt.Fprintf(w, "scanner:  %s, rules %s\n", safe(p.ScannerVersion), safe(orDash(p.RuleSetDigest)))
	fmt.Fprintf(w, "scanned:  %s, expires %s\n", p.ScannedAt.Format(time.RFC3339), p.ExpiresAt.Format(time.RFC3339))
	fmt.Fprintf(w, "key:      %s\n", safe(rc.KeyID))
}

func sortedKeys(m map[string]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
