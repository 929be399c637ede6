package main

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/attest/attesttest"
	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
	"github.com/mcpgauge/mcpgauge/internal/testutil/sariftest"
	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

// TestScanReceiptVerify: a local scan writes a receipt that verify accepts;
// a tampered one, one checked against another artifact or key, and an
// expired one are refused with their exit codes.
func TestScanReceiptVerify(t *testing.T) {
	bin := fixtures.Build(t, "careless")
	dir := t.TempDir()
	key, pub := attesttest.WriteKeyPair(t, dir)
	_, otherPub := attesttest.WriteKeyPair(t, t.TempDir())
	receipt := filepath.Join(dir, "receipt.json")

	code, _, stderr := cli(t, "scan", bin, "--no-config", "--no-check", "--signing-key", key, "--receipt", receipt)
	if code != exitOK {
		t.Fatalf("scan exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(receipt)
	if err != nil {
		t.Fatal(err)
	}
	var env struct {
		PayloadType string `json:"payloadType"`
		Payload     string `json:"payload"`
		Signatures  []struct {
			KeyID string `json:"keyid"`
			Sig   string `json:"sig"`
		} `json:"signatures"`
	}
	if err := json.Unmarshal(data, &env); err != nil || env.PayloadType != "application/vnd.in-toto+json" || len(env.Signatures) != 1 {
		t.Fatalf("receipt is not a DSSE envelope: %v\n%s", err, data)
	}

	code, out, stderr := cli(t, "verify", receipt, "--key", pub)
	if code != exitOK || !strings.Contains(out, "valid") || !strings.Contains(out, "status:   ok") || !strings.Contains(out, "pkg:generic/") {
		t.Fatalf("verify exit %d\n%s%s", code, out, stderr)
	}

	// The subject verify names is an --artifact verify accepts.
	subject := ""
	for _, l := range strings.Split(out, "\n") {
		if v, ok := strings.CutPrefix(l, "subject:  "); ok {
			subject = v
		}
	}
	if code, out, stderr := cli(t, "verify", receipt, "--key", pub, "--artifact", subject); code != exitOK || !strings.Contains(out, "valid") {
		t.Errorf("verify --artifact %q (the receipt's own subject): exit %d\n%s%s", subject, code, out, stderr)
	}

	// Tampering with the payload (a better score) breaks the signature.
	payload, _ := base64.StdEncoding.DecodeString(env.Payload)
	forged := strings.Replace(string(payload), `"status":"ok"`, `"status":"ok","note":"forged"`, 1)
	if forged == string(payload) {
		t.Fatal("nothing to tamper with")
	}
	tampered := strings.Replace(string(data), env.Payload, base64.StdEncoding.EncodeToString([]byte(forged)), 1)
	tamperedPath := filepath.Join(dir, "tampered.json")
	if err := os.WriteFile(tamperedPath, []byte(tampered), 0o644); err != nil {
		t.Fatal(err)
	}

	expired := filepath.Join(dir, "expired.json")
	if code, _, stderr := cli(t, "scan", bin, "--no-config", "--no-check", "--signing-key", key, "--receipt", expired, "--receipt-ttl", "1ns"); code != exitOK {
		t.Fatalf("scan exit %d: %s", code, stderr)
	}
	cases := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"tampered", []string{tamperedPath, "--key", pub}, exitThreshold, "signature"},
		{"another key", []string{receipt, "--key", otherPub}, exitThreshold, "signature"},
		{"another artifact", []string{receipt, "--key", pub, "--artifact", "@acme/notes@1.0.0"}, exitThreshold, "another artifact"},
		{"another local version", []string{receipt, "--key", pub, "--artifact", subject[:strings.LastIndex(subject, "@")] + "@0.0.0-other"}, exitThreshold, "another artifact"},
		{"expired", []string{expired, "--key", pub}, exitExpired, "expired"},
		{"no key", []string{receipt}, exitUsage, "--key"},
		{"private key as key", []string{receipt, "--key", key}, exitUsage, "PUBLIC KEY"},
		{"not a file", []string{filepath.Join(dir, "missing.json"), "--key", pub}, exitUsage, "receipt"},
	}
	for _, c := range cases {
		code, _, stderr := cli(t, append([]string{"verify"}, c.args...)...)
		if code != c.code || !strings.Contains(stderr, c.msg) {
			t.Errorf("%s: exit %d (want %d), stderr %q lacks %q", c.name, code, c.code, stderr, c.msg)
		}
	}

	// Half the receipt flags is a usage error, before anything runs.
	if code, _, stderr := cli(t, "scan", bin, "--no-config", "--no-check", "--receipt", receipt); code != exitUsage || !strings.Contains(stderr, "together") {
		t.Errorf("--receipt alone: exit %d %s", code, stderr)
	}
}

// TestSARIFLocatesToolsInSources: a directory target's SARIF points each
// tool's findings at the line of the source file that declares the tool.
func TestSARIFLocatesToolsInSources(t *testing.T) {
	bin := fixtures.Build(t, "careless")
	src, err := os.ReadFile(filepath.Join(shareddata.RepoRoot(t), "internal", "testutil", "fixtures", "servers", "careless", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	manifest := `{"mcpServers": {"careless": {"command": ` + strconvQuote(bin) + `}}}`
	if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	schema := sariftest.Schema(t)
	for _, sub := range [][]string{{"lint", dir, "--sarif"}, {"scan", dir, "--sarif", "--no-check"}} {
		code, out, stderr := cli(t, append(sub, "--no-config")...)
		if code != exitOK && code != exitThreshold {
			t.Fatalf("%v: exit %d %s", sub, code, stderr)
		}
		var doc struct {
			Runs []struct {
				Results []struct {
					Locations []struct {
						Physical *struct {
							Artifact struct{ URI string }    `json:"artifactLocation"`
							Region   struct{ StartLine int } `json:"region"`
						} `json:"physicalLocation"`
						Logical []struct{ Name, Kind string } `json:"logicalLocations"`
					} `json:"locations"`
				} `json:"results"`
			} `json:"runs"`
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("%v: %v", sub, err)
		}
		sariftest.Validate(t, schema, []byte(out))
		lines := strings.Split(string(src), "\n")
		located := 0
		for i, r := range doc.Runs[0].Results {
			p := r.Locations[0].Physical
			if p == nil {
				t.Fatalf("%v: result %d has no physical location", sub, i)
			}
			name := r.Locations[0].Logical[0].Name
			if !strings.HasSuffix(p.Artifact.URI, "main.go") || r.Locations[0].Logical[0].Kind != "function" {
				continue
			}
			if got := lines[p.Region.StartLine-1]; !strings.Contains(got, `"`+name+`"`) {
				t.Errorf("%v: %s located at line %d: %q", sub, name, p.Region.StartLine, got)
			}
			located++
		}
		if located == 0 {
			t.Errorf("%v: no tool finding located in main.go", sub)
		}
	}
}

func strconvQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestScanMarkdownDeltas: the pull-request comment shows each part's change
// against a baseline scan, and escapes what the server wrote.
func TestScanMarkdownDeltas(t *testing.T) {
	bin := fixtures.Build(t, "careless")
	dir := t.TempDir()
	code, out, stderr := cli(t, "scan", bin, "--no-config", "--no-check", "--json")
	if code != exitOK {
		t.Fatalf("scan exit %d: %s", code, stderr)
	}
	var base map[string]any
	if err := json.Unmarshal([]byte(out), &base); err != nil {
		t.Fatal(err)
	}
	same := filepath.Join(dir, "same.json")
	os.WriteFile(same, []byte(out), 0o644)
	// A base branch that scored 10 points lower and had no findings.
	scores := base["scores"].(map[string]any)
	scores["mcpgauge"] = scores["mcpgauge"].(float64) - 10
	delete(base, "findings")
	lower, _ := json.Marshal(base)
	worse := filepath.Join(dir, "worse.json")
	os.WriteFile(worse, lower, 0o644)

	cases := []struct {
		baseline string
		want     []string
		not      []string
	}{
		{"", []string{report.CommentMarker, "| mcpgauge |", "| security |"}, []string{"▲", "▼", "New since base"}},
		{same, []string{"| mcpgauge |", "—"}, []string{"▲", "New since base"}},
		{worse, []string{"▲ +10", "New since base"}, nil},
		{filepath.Join(dir, "missing.json"), []string{"| mcpgauge |"}, []string{"▲"}},
	}
	for _, c := range cases {
		args := []string{"scan", bin, "--no-config", "--no-check", "--markdown", "-"}
		if c.baseline != "" {
			args = append(args, "--baseline", c.baseline)
		}
		code, out, stderr := cli(t, args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d %s", args, code, stderr)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("baseline %q: comment lacks %q:\n%s", c.baseline, w, out)
			}
		}
		for _, w := range c.not {
			if strings.Contains(out, w) {
				t.Errorf("baseline %q: comment has %q:\n%s", c.baseline, w, out)
			}
		}
	}
}
