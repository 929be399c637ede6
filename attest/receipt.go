// Package attest makes and checks signed scan receipts: a DSSE envelope
// holding an in-toto Statement (v1) whose subject is the scanned artifact
// (the package and its registry integrity digest, or a remote URL) and
// whose predicate summarises the scan (status, scores, versions, finding
// counts, when it was made and when it expires). It knows nothing of
// stores or NATS: callers hand it a schema.Result.
package attest

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"time"

	intoto "github.com/in-toto/attestation/go/v1"
	"github.com/secure-systems-lab/go-securesystemslib/dsse"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/mcpgauge/mcpgauge/schema"
)

// The receipt's type identifiers.
const (
	// PayloadType is the DSSE payload type of an in-toto Statement.
	PayloadType = "application/vnd.in-toto+json"
	// PredicateType names the predicate's shape; docs/receipts.md
	// describes it.
	PredicateType = "https://github.com/mcpgauge/mcpgauge/blob/main/docs/receipts.md#scan-receipt-v1"
	// ToolsDigestAlgorithm is the subject digest key for the scanner's
	// digest of the tool definitions the server listed (schema
	// SnapshotSummary.ServerDigest): a digest of what was scanned, not of a
	// file, hence a name of its own rather than "sha256".
	ToolsDigestAlgorithm = "mcpgauge-tools-sha256"
)

// DefaultTTL is how long a receipt stays valid when the caller sets none:
// a nightly sweep renews it long before.
const DefaultTTL = 30 * 24 * time.Hour

// maxEnvelope bounds the envelope Verify reads (a receipt is about 2 KiB).
const maxEnvelope = 1 << 20

// Predicate is the receipt's predicate: what the scan found.
type Predicate struct {
	// Server is the registry name and version that were scanned.
	Server string `json:"server"`
	// Version is the server's version.
	Version string `json:"version"`
	// Status is the scan's status; only "ok" scans carry scores.
	Status schema.Status `json:"status"`
	// Reason explains a status other than ok.
	Reason string `json:"reason,omitempty"`
	// Scores are the scan's scores and parts (nil unless ok).
	Scores *schema.Scores `json:"scores,omitempty"`
	// ScannerVersion is the mcpgauge build that scanned.
	ScannerVersion string `json:"scanner_version"`
	// ScoringVersion is the scores' formula stamp ("" when not scored).
	ScoringVersion string `json:"scoring_version,omitempty"`
	// RuleSetDigest identifies the rules and options that ran.
	RuleSetDigest string `json:"rule_set_digest,omitempty"`
	// ServerDigest is the digest of the tool definitions listed.
	ServerDigest string `json:"server_digest,omitempty"`
	// Findings counts findings by severity (error, warning, info).
	Findings map[string]int `json:"findings"`
	// SweepID and JobID name the sweep job ("" for a local scan).
	SweepID string `json:"sweep_id,omitempty"`
	JobID   string `json:"job_id,omitempty"`
	// ScannedAt is when the scan finished; ExpiresAt when the receipt
	// stops vouching for it.
	ScannedAt time.Time `json:"scanned_at"`
	ExpiresAt time.Time `json:"expires_at"`
}

// Receipt is a verified receipt's content.
type Receipt struct {
	// Subject is the artifact the receipt is about.
	Subject Subject
	// Predicate is what the scan found.
	Predicate Predicate
	// KeyID is the fingerprint of the key that signed it.
	KeyID string
}

// ErrNoSubject means a result names no artifact digest (an install that
// failed before the registry's integrity was known, or a remote server that
// listed nothing): there is nothing for a receipt to be about.
var ErrNoSubject = errors.New("the scan has no artifact digest to make a receipt about")

// Sign makes the receipt of res, valid for ttl after the scan finished
// (DefaultTTL when ttl ≤ 0).
func Sign(ctx context.Context, s *Signer, res schema.Result, ttl time.Duration) (*dsse.Envelope, error) {
	subj, err := SubjectOf(res)
	if err != nil {
		return nil, err
	}
	payload, err := statement(subj, PredicateOf(res, ttl))
	if err != nil {
		return nil, err
	}
	es, err := dsse.NewEnvelopeSigner(s)
	if err != nil {
		return nil, fmt.Errorf("receipt signer: %w", err)
	}
	env, err := es.SignPayload(ctx, PayloadType, payload)
	if err != nil {
		return nil, fmt.Errorf("sign receipt: %w", err)
	}
	return env, nil
}

// PredicateOf summarises res for a receipt valid ttl after it finished.
func PredicateOf(res schema.Result, ttl time.Duration) Predicate {
	if ttl <= 0 {
		ttl = DefaultTTL
	}
	at := res.FinishedAt.UTC().Truncate(time.Second)
	p := Predicate{
		Server: res.Name, Version: res.Version, Status: res.Status, Reason: res.Reason,
		Scores: res.Scores, ScannerVersion: res.ScannerVersion, RuleSetDigest: res.RuleSetDigest,
		SweepID: res.SweepID, JobID: res.JobID,
		Findings:  map[string]int{"error": 0, "warning": 0, "info": 0},
		ScannedAt: at, ExpiresAt: at.Add(ttl),
	}
	if res.Scores != nil {
		p.ScoringVersion = res.Scores.ScoringVersion
	}
	if res.Snapshot != nil {
		p.ServerDigest = res.Snapshot.ServerDigest
	}
	for _, f := range res.Findings {
		p.Findings[f.Severity]++
	}
	return p
}

// statement serialises the in-toto Statement v1 of subj and p.
func statement(subj Subject, p Predicate) ([]byte, error) {
	rd := subj.descriptor()
	pj, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("receipt predicate: %w", err)
	}
	pred := &structpb.Struct{}
	if err := protojson.Unmarshal(pj, pred); err != nil {
		return nil, fmt.Errorf("receipt predicate: %w", err)
	}
	st := &intoto.Statement{
		Type: intoto.StatementTypeUri, Subject: []*intoto.ResourceDescriptor{rd},
		PredicateType: PredicateType, Predicate: pred,
	}
	if err := st.Validate(); err != nil {
		return nil, fmt.Errorf("receipt statement: %w", err)
	}
	out, err := protojson.Marshal(st)
	if err != nil {
		return nil, fmt.Errorf("receipt statement: %w", err)
	}
	return out, nil
}

// Subject is the artifact a receipt is about.
type Subject struct {
	// Type is the package type ("npm", "pypi", "oci", "remote", "local").
	Type string
	// Identifier and Version name the package (empty for remote).
	Identifier, Version string
	// URL is a remote server's endpoint.
	URL string
	// Digest maps algorithm to hex digest: the registry's integrity
	// (sha512 for npm) and ToolsDigestAlgorithm.
	Digest map[string]string
}

// SubjectOf says what res scanned. It fails with ErrNoSubject when the
// result holds no digest of the artifact.
func SubjectOf(res schema.Result) (Subject, error) {
	s := Subject{Type: res.PackageType, Digest: map[string]string{}}
	if a := res.Artifact; a != nil {
		s.Type, s.Identifier, s.Version, s.URL = a.Type, a.Identifier, a.Version, a.URL
		if a.Integrity != "" {
			alg, hx, err := integrityHex(a.Integrity)
			if err != nil {
				return Subject{}, err
			}
			s.Digest[alg] = hx
		}
	}
	if res.Snapshot != nil && res.Snapshot.ServerDigest != "" {
		s.Digest[ToolsDigestAlgorithm] = res.Snapshot.ServerDigest
	}
	if len(s.Digest) == 0 || (s.Identifier == "" && s.URL == "") {
		return Subject{}, ErrNoSubject
	}
	return s, nil
}

// Name is the subject's in-toto name: a package URL (purl) for packages,
// the endpoint for remote servers.
func (s Subject) Name() string {
	if s.Identifier == "" {
		return s.URL
	}
	typ := s.Type
	switch typ {
	case "npm", "pypi":
	case "oci":
		typ = "docker"
	default:
		typ = "generic"
	}
	id := s.Identifier
	if typ == "npm" && strings.HasPrefix(id, "@") {
		id = "%40" + id[1:]
	} else if typ == "generic" {
		id = url.PathEscape(id)
	}
	if s.Version == "" {
		return "pkg:" + typ + "/" + id
	}
	return "pkg:" + typ + "/" + id + "@" + url.PathEscape(s.Version)
}

func (s Subject) descriptor() *intoto.ResourceDescriptor {
	rd := &intoto.ResourceDescriptor{Name: s.Name(), Digest: s.Digest}
	if s.URL != "" {
		rd.Uri = s.URL
	}
	return rd
}

// subjectFrom reads a Subject back from a statement's descriptor.
func subjectFrom(rd *intoto.ResourceDescriptor) Subject {
	s := Subject{URL: rd.GetUri(), Digest: rd.GetDigest()}
	name := rd.GetName()
	rest, ok := strings.CutPrefix(name, "pkg:")
	if !ok {
		s.Type = "remote"
		if s.URL == "" {
			s.URL = name
		}
		return s
	}
	typ, id, _ := strings.Cut(rest, "/")
	if i := strings.LastIndex(id, "@"); i > 0 {
		s.Version, _ = url.PathUnescape(id[i+1:])
		id = id[:i]
	}
	id, _ = url.PathUnescape(id)
	if typ == "docker" {
		typ = "oci"
	}
	s.Type, s.Identifier = typ, id
	return s
}

// integrityHex turns a Subresource Integrity value ("sha512-BASE64", maybe
// several separated by spaces) into its strongest algorithm and hex digest.
func integrityHex(sri string) (alg, hx string, err error) {
	rank := map[string]int{"sha256": 1, "sha384": 2, "sha512": 3}
	best := -1
	for _, part := range strings.Fields(sri) {
		a, b64, ok := strings.Cut(part, "-")
		r, known := rank[a]
		if !ok || !known || r <= best {
			continue
		}
		raw, derr := base64.StdEncoding.DecodeString(b64)
		if derr != nil {
			return "", "", fmt.Errorf("integrity %q: %w", part, derr)
		}
		alg, hx, best = a, hex.EncodeToString(raw), r
	}
	if best < 0 {
		return "", "", fmt.Errorf("integrity %q: no sha256/384/512 digest", sri)
	}
	return alg, hx, nil
}

// sortedKeys returns m's keys in order (for stable messages).
func sortedKeys(m map[string]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
