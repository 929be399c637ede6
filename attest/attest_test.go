package attest_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/attest"
	"github.com/mcpgauge/mcpgauge/attest/attesttest"
	"github.com/mcpgauge/mcpgauge/schema"
)

func signer(t *testing.T) *attest.Signer { return attesttest.Signer(t) }

func newKey(t *testing.T) []byte {
	priv, _ := attesttest.KeyPEMs(t)
	return priv
}

var finished = time.Date(2026, 11, 30, 3, 4, 5, 0, time.UTC)

// npmResult is a stored-scan shape: an ok npm scan with its integrity.
func npmResult() schema.Result {
	return schema.Result{
		SchemaVersion: schema.Version, JobID: "j1", SweepID: "s1",
		Name: "io.github.acme/notes", Version: "1.2.3", PackageType: "npm", Status: schema.StatusOK,
		RuleSetDigest: "rules-abc", ScannerVersion: "0.1.0",
		Artifact: &schema.Artifact{Type: "npm", Identifier: "@acme/notes", Version: "1.2.3",
			Integrity: "sha512-" + base64.StdEncoding.EncodeToString(make([]byte, 64))},
		Snapshot:   &schema.SnapshotSummary{Tools: 2, ServerDigest: strings.Repeat("ab", 32)},
		Findings:   []schema.Finding{{Rule: "a", Severity: "warning"}, {Rule: "b", Severity: "warning"}, {Rule: "c", Severity: "error"}},
		Scores:     &schema.Scores{ScoringVersion: "mcpgauge-score/v2", MCPGauge: 81, Compliance: new(90.0)},
		FinishedAt: finished,
	}
}

func TestSignVerifyRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := signer(t)
	env, err := attest.Sign(ctx, s, npmResult(), 24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if env.PayloadType != attest.PayloadType || len(env.Signatures) != 1 {
		t.Fatalf("envelope %+v", env)
	}
	raw, _ := json.Marshal(env)
	want, _ := attest.ParseArtifact("@acme/notes@1.2.3")
	rc, err := attest.Verify(ctx, raw, s.Verifier(), finished.Add(time.Hour), &want)
	if err != nil {
		t.Fatal(err)
	}
	p := rc.Predicate
	if p.Status != schema.StatusOK || p.Scores == nil || p.Scores.MCPGauge != 81 || p.ScoringVersion != "mcpgauge-score/v2" {
		t.Errorf("predicate %+v", p)
	}
	if p.Findings["warning"] != 2 || p.Findings["error"] != 1 || p.Findings["info"] != 0 {
		t.Errorf("finding counts %v", p.Findings)
	}
	if !p.ExpiresAt.Equal(finished.Add(24*time.Hour)) || p.RuleSetDigest != "rules-abc" {
		t.Errorf("expiry %v digest %q", p.ExpiresAt, p.RuleSetDigest)
	}
	if rc.Subject.Name() != "pkg:npm/%40acme/notes@1.2.3" || rc.Subject.Digest["sha512"] != strings.Repeat("00", 64) ||
		rc.Subject.Digest[attest.ToolsDigestAlgorithm] != strings.Repeat("ab", 32) {
		t.Errorf("subject %+v", rc.Subject)
	}
	// The statement inside is an in-toto v1 Statement.
	payload, _ := base64.StdEncoding.DecodeString(env.Payload)
	var st map[string]any
	if err := json.Unmarshal(payload, &st); err != nil {
		t.Fatal(err)
	}
	if st["_type"] != "https://in-toto.io/Statement/v1" || st["predicateType"] != attest.PredicateType {
		t.Errorf("statement header %v %v", st["_type"], st["predicateType"])
	}
}

func TestVerifyRejects(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := signer(t)
	env, err := attest.Sign(ctx, s, npmResult(), 24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	good, _ := json.Marshal(env)

	// A payload with a better score, keeping the old signature.
	tampered := *env
	payload, _ := base64.StdEncoding.DecodeString(env.Payload)
	tampered.Payload = base64.StdEncoding.EncodeToString([]byte(strings.Replace(string(payload), `"mcpgauge":81`, `"mcpgauge":99`, 1)))
	if tampered.Payload == env.Payload {
		t.Fatal("tampering changed nothing")
	}
	tamperedJSON, _ := json.Marshal(tampered)
	otherType := *env
	otherType.PayloadType = "text/plain"
	otherTypeJSON, _ := json.Marshal(otherType)
	unsigned := *env
	unsigned.Signatures = nil
	unsignedJSON, _ := json.Marshal(unsigned)

	npmOther, _ := attest.ParseArtifact("@acme/notes@1.2.4")
	pypi, _ := attest.ParseArtifact("pypi:@acme/notes@1.2.3")
	cases := []struct {
		name     string
		envelope []byte
		key      *attest.Verifier
		now      time.Time
		want     *attest.Artifact
		err      error
	}{
		{"tampered payload", tamperedJSON, s.Verifier(), finished, nil, attest.ErrSignature},
		{"another key", good, signer(t).Verifier(), finished, nil, attest.ErrSignature},
		{"no signature", unsignedJSON, s.Verifier(), finished, nil, attest.ErrSignature},
		{"not in-toto", otherTypeJSON, s.Verifier(), finished, nil, attest.ErrMalformed},
		{"not json", []byte("{"), s.Verifier(), finished, nil, attest.ErrMalformed},
		{"expired", good, s.Verifier(), finished.Add(25 * time.Hour), nil, attest.ErrExpired},
		{"expired at the instant", good, s.Verifier(), finished.Add(24 * time.Hour), nil, attest.ErrExpired},
		{"other version", good, s.Verifier(), finished, &npmOther, attest.ErrSubjectMismatch},
		{"other type", good, s.Verifier(), finished, &pypi, attest.ErrSubjectMismatch},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, err := attest.Verify(ctx, c.envelope, c.key, c.now, c.want)
			if !errors.Is(err, c.err) {
				t.Fatalf("err %v, want %v", err, c.err)
			}
		})
	}
}

func TestSubjects(t *testing.T) {
	t.Parallel()
	remote := schema.Result{Name: "r", Version: "1", PackageType: "remote", Status: schema.StatusOK, FinishedAt: finished,
		Artifact: &schema.Artifact{Type: "remote", URL: "https://mcp.example.com/mcp"},
		Snapshot: &schema.SnapshotSummary{ServerDigest: strings.Repeat("cd", 32)}}
	s, err := attest.SubjectOf(remote)
	if err != nil || s.Name() != "https://mcp.example.com/mcp" || len(s.Digest) != 1 {
		t.Fatalf("remote subject %+v, %v", s, err)
	}
	ctx := context.Background()
	sg := signer(t)
	env, err := attest.Sign(ctx, sg, remote, 0)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(env)
	want, _ := attest.ParseArtifact("https://mcp.example.com/mcp")
	rc, err := attest.Verify(ctx, raw, sg.Verifier(), finished, &want)
	if err != nil || !rc.Predicate.ExpiresAt.Equal(finished.Add(attest.DefaultTTL)) {
		t.Fatalf("remote receipt %+v, %v", rc, err)
	}

	// A failed install: no integrity, no tools: nothing to be about.
	failed := npmResult()
	failed.Status, failed.Snapshot, failed.Scores, failed.Artifact.Integrity = schema.StatusInstallFailed, nil, nil, ""
	if _, err := attest.SubjectOf(failed); !errors.Is(err, attest.ErrNoSubject) {
		t.Fatalf("failed install: %v", err)
	}
	// A start that failed after the install still has the package's digest.
	started := npmResult()
	started.Status, started.Snapshot, started.Scores = schema.StatusStartFailed, nil, nil
	if s, err := attest.SubjectOf(started); err != nil || len(s.Digest) != 1 {
		t.Fatalf("start failed: %+v %v", s, err)
	}
	bad := npmResult()
	bad.Artifact.Integrity = "sha512-!!!"
	if _, err := attest.SubjectOf(bad); err == nil {
		t.Fatal("a broken integrity string made a subject")
	}
}

func TestParseArtifact(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in                    string
		typ, id, version, url string
		bad                   bool
	}{
		{in: "@acme/notes@1.2.3", typ: "npm", id: "@acme/notes", version: "1.2.3"},
		{in: "npm:left-pad@1.0.0", typ: "npm", id: "left-pad", version: "1.0.0"},
		{in: "pypi:mcp-server-git@0.6.2", typ: "pypi", id: "mcp-server-git", version: "0.6.2"},
		{in: "https://x.example/mcp", typ: "remote", url: "https://x.example/mcp"},
		{in: "@acme/notes", bad: true},
		{in: "notes@", bad: true},
	}
	for _, c := range cases {
		a, err := attest.ParseArtifact(c.in)
		if c.bad {
			if err == nil {
				t.Errorf("%q: accepted as %+v", c.in, a)
			}
			continue
		}
		if err != nil || a.Type != c.typ || a.Identifier != c.id || a.Version != c.version || a.URL != c.url {
			t.Errorf("%q: %+v, %v", c.in, a, err)
		}
	}
}

func TestKeys(t *testing.T) {
	t.Parallel()
	s := signer(t)
	v, err := attest.ParseVerifier(s.PublicKeyPEM())
	if err != nil {
		t.Fatal(err)
	}
	a, _ := s.KeyID()
	b, _ := v.KeyID()
	if a != b || !strings.HasPrefix(a, "SHA256:") {
		t.Errorf("key ids %q %q", a, b)
	}
	for name, data := range map[string][]byte{
		"empty":      nil,
		"public key": s.PublicKeyPEM(),
		"garbage":    []byte("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"),
	} {
		if _, err := attest.ParseSigner(data); err == nil {
			t.Errorf("%s accepted as a signing key", name)
		}
	}
	if _, err := attest.ParseVerifier(newKey(t)); err == nil {
		t.Error("a private key accepted as a public key")
	}
}

// TestOpenSSLKey reads a key as the docs tell operators to make it.
func TestOpenSSLKey(t *testing.T) {
	t.Parallel()
	openssl, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("no openssl on this machine")
	}
	dir := t.TempDir()
	key, pub := filepath.Join(dir, "key.pem"), filepath.Join(dir, "pub.pem")
	if out, err := exec.Command(openssl, "genpkey", "-algorithm", "ed25519", "-out", key).CombinedOutput(); err != nil {
		t.Fatalf("openssl genpkey: %v\n%s", err, out)
	}
	if out, err := exec.Command(openssl, "pkey", "-in", key, "-pubout", "-out", pub).CombinedOutput(); err != nil {
		t.Fatalf("openssl pkey: %v\n%s", err, out)
	}
	s, err := attest.LoadSigner(key)
	if err != nil {
		t.Fatal(err)
	}
	v, err := attest.LoadVerifier(pub)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(pub)
	if string(data) != string(s.PublicKeyPEM()) {
		t.Errorf("our public PEM differs from openssl's:\n%s\n%s", data, s.PublicKeyPEM())
	}
	env, err := attest.Sign(context.Background(), s, npmResult(), time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(env)
	if _, err := attest.Verify(context.Background(), raw, v, finished, nil); err != nil {
		t.Fatal(err)
	}
}

// TestParseArtifactSubjectNames: a receipt's subject name as verify prints
// it parses to the artifact it names, for every subject kind, and matches
// the subject of a receipt about it.
func TestParseArtifactSubjectNames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want attest.Artifact
	}{
		{"pkg:npm/%40acme/notes@1.2.3", attest.Artifact{Type: "npm", Identifier: "@acme/notes", Version: "1.2.3"}},
		{"pkg:pypi/notes@0.4", attest.Artifact{Type: "pypi", Identifier: "notes", Version: "0.4"}},
		{"pkg:docker/acme%2Fnotes@v1", attest.Artifact{Type: "oci", Identifier: "acme/notes", Version: "v1"}},
		{"pkg:generic/node%20server.js%20--stdio@1.0.0", attest.Artifact{Type: "generic", Identifier: "node server.js --stdio", Version: "1.0.0"}},
		{"generic:node server.js@1.0.0", attest.Artifact{Type: "generic", Identifier: "node server.js", Version: "1.0.0"}},
		{"https://mcp.example.com/mcp", attest.Artifact{Type: "remote", URL: "https://mcp.example.com/mcp"}},
	} {
		got, err := attest.ParseArtifact(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseArtifact(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"pkg:", "pkg:npm/", "notes"} {
		if a, err := attest.ParseArtifact(bad); err == nil {
			t.Errorf("ParseArtifact(%q) = %+v, want an error", bad, a)
		}
	}
}
