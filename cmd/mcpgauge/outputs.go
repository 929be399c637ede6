package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/mcpgauge/mcpgauge/attest"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/schema"
)

// sarifLocator says where SARIF results point for target: the sources of
// a directory target (or of the directory a command runs in), falling back
// to the manifest, entry file, --tools-json file or URL. Paths are written
// relative to the working directory, as code scanning resolves them.
func sarifLocator(cmd *cobra.Command, target string) *report.Locator {
	base, _ := os.Getwd()
	if f := cmd.Flags().Lookup("tools-json"); f != nil && f.Value.String() != "" {
		return report.NewLocator("", f.Value.String(), base)
	}
	if target == "" {
		// A registry entry: the entry file, else the server's name.
		if e, _ := cmd.Flags().GetString("entry"); e != "" {
			return report.NewLocator("", e, base)
		}
		name, _ := cmd.Flags().GetString("name")
		return report.NewLocator("", name, base)
	}
	t, err := resolveTarget(cmd, target)
	if err != nil || t == nil {
		return report.NewLocator("", target, base)
	}
	return locatorFor(t, target, base)
}

// locatorFor is sarifLocator for a resolved target.
func locatorFor(t *connect.Target, target, base string) *report.Locator {
	if t.Transport == "http" {
		return report.NewLocator("", t.URL, base)
	}
	root := t.Dir
	if st, err := os.Stat(target); err == nil && st.IsDir() {
		root = target
	} else if root == "" {
		root = base
	}
	fallback := ""
	if isFile(t.Source) {
		fallback = t.Source
	} else {
		for _, a := range append([]string{t.Command}, t.Args...) {
			p := a
			if !filepath.IsAbs(p) && t.Dir != "" {
				p = filepath.Join(t.Dir, a)
			}
			if isFile(p) && filepath.Dir(absOr(p)) != "/usr/bin" {
				fallback = p
				break
			}
		}
	}
	if fallback == "" {
		fallback = filepath.Join(root, "package.json")
		if !isFile(fallback) {
			fallback = t.Display
		}
	}
	return report.NewLocator(root, fallback, base)
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

func absOr(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// addReceiptFlags adds --signing-key, --receipt and --receipt-ttl.
func addReceiptFlags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.String("signing-key", "", "sign a scan receipt with this ed25519 key (PKCS#8 PEM, as openssl genpkey -algorithm ed25519 writes)")
	f.String("receipt", "", "with --signing-key: write the signed receipt (a DSSE envelope) to this file")
	f.Duration("receipt-ttl", attest.DefaultTTL, "how long the receipt stays valid after the scan")
	f.String("markdown", "", "write a pull-request comment (score, parts, findings) here (- for stdout)")
	f.String("baseline", "", "with --markdown: a previous scan --json result to show deltas against")
}

// writeScanExtras writes the receipt and the pull-request comment a scan
// was asked for.
func writeScanExtras(cmd *cobra.Command, res schema.Result) error {
	if err := writeReceipt(cmd, res); err != nil {
		return err
	}
	return writeScanComment(cmd, res)
}

// writeReceipt signs res into the --receipt file when both receipt flags
// are set; one without the other is a usage error.
func writeReceipt(cmd *cobra.Command, res schema.Result) error {
	keyPath, _ := cmd.Flags().GetString("signing-key")
	out, _ := cmd.Flags().GetString("receipt")
	if keyPath == "" && out == "" {
		return nil
	}
	if keyPath == "" || out == "" {
		return usageErr(fmt.Errorf("--signing-key and --receipt go together"))
	}
	ttl, _ := cmd.Flags().GetDuration("receipt-ttl")
	if ttl <= 0 {
		return usageErr(fmt.Errorf("--receipt-ttl %s: want a positive duration", ttl))
	}
	s, err := attest.LoadSigner(keyPath)
	if err != nil {
		return usageErr(fmt.Errorf("--signing-key: %w", err))
	}
	env, err := attest.Sign(cmd.Context(), s, res, ttl)
	if errors.Is(err, attest.ErrNoSubject) {
		fmt.Fprintf(cmd.ErrOrStderr(), "mcpgauge: no receipt written: %v (status %s)\n", err, res.Status)
		return nil
	}
	if err != nil {
		return connectErr(fmt.Errorf("receipt: %w", err))
	}
	data, err := json.MarshalIndent(env, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, append(data, '\n'), 0o644); err != nil {
		return usageErr(fmt.Errorf("--receipt: %w", err))
	}
	return nil
}

// localArtifact names a local target for its receipt: the command line or
// URL it ran, with the tool digest as the only digest.
func localArtifact(res *schema.Result, t *connect.Target) {
	if res.Artifact != nil || t == nil {
		return
	}
	if t.Transport == "http" {
		res.Artifact = &schema.Artifact{Type: "remote", URL: t.URL}
		return
	}
	res.Artifact = &schema.Artifact{Type: "local", Identifier: t.Display, Version: res.Version}
}
