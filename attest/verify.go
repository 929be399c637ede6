package attest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	intoto "github.com/in-toto/attestation/go/v1"
	"github.com/secure-systems-lab/go-securesystemslib/dsse"
	"google.golang.org/protobuf/encoding/protojson"
)

// The reasons Verify rejects a receipt; match them with errors.Is.
var (
	// ErrMalformed: not a DSSE envelope holding our in-toto Statement.
	ErrMalformed = errors.New("malformed receipt")
	// ErrSignature: no signature verifies under the key (a tampered
	// payload, or another key).
	ErrSignature = errors.New("receipt signature does not verify")
	// ErrExpired: a good signature, but the receipt's expiry has passed.
	ErrExpired = errors.New("receipt expired")
	// ErrSubjectMismatch: the receipt is about another artifact than the
	// one the caller named.
	ErrSubjectMismatch = errors.New("receipt is about another artifact")
)

// Artifact names what a caller expects a receipt to be about.
type Artifact struct {
	// Type is the package type ("npm", "pypi", "oci"; "remote" for a URL).
	Type string
	// Identifier and Version name the package; URL a remote endpoint.
	Identifier, Version, URL string
}

// ParseArtifact reads "pkg@version" (npm), "TYPE:pkg@version" (npm, pypi,
// oci, generic), an http(s) URL, or a receipt's subject name as verify
// prints it (a package URL, "pkg:npm/%40scope/name@1.2.3", or for a local
// scan "pkg:generic/<command line>@<version>").
func ParseArtifact(s string) (Artifact, error) {
	if strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://") {
		return Artifact{Type: "remote", URL: s}, nil
	}
	if strings.HasPrefix(s, "pkg:") {
		sub := subjectFrom(&intoto.ResourceDescriptor{Name: s})
		if sub.Type == "" || sub.Identifier == "" {
			return Artifact{}, fmt.Errorf("artifact %q: want a package URL pkg:TYPE/NAME@VERSION", s)
		}
		return Artifact{Type: sub.Type, Identifier: sub.Identifier, Version: sub.Version}, nil
	}
	typ := "npm"
	if t, rest, ok := strings.Cut(s, ":"); ok && (t == "npm" || t == "pypi" || t == "oci" || t == "generic") {
		typ, s = t, rest
	}
	i := strings.LastIndex(s, "@")
	if i <= 0 || i == len(s)-1 {
		return Artifact{}, fmt.Errorf("artifact %q: want pkg@version, TYPE:pkg@version or a URL", s)
	}
	return Artifact{Type: typ, Identifier: s[:i], Version: s[i+1:]}, nil
}

func (a Artifact) String() string {
	if a.URL != "" {
		return a.URL
	}
	return a.Type + ":" + a.Identifier + "@" + a.Version
}

// matches reports whether the receipt's subject is artifact a.
func (a Artifact) matches(s Subject) bool {
	if a.URL != "" {
		return s.URL == a.URL
	}
	return s.Type == a.Type && s.Identifier == a.Identifier && s.Version == a.Version
}

// Verify checks a receipt (the DSSE envelope as JSON): its signature under
// v, that it is our Statement, that it has not expired at now, and, when
// want is set, that its subject is that artifact. An expired receipt
// returns its content together with an error matching ErrExpired.
func Verify(ctx context.Context, envelope []byte, v *Verifier, now time.Time, want *Artifact) (*Receipt, error) {
	if len(envelope) > maxEnvelope {
		return nil, fmt.Errorf("%w: larger than %d bytes", ErrMalformed, maxEnvelope)
	}
	var env dsse.Envelope
	dec := json.NewDecoder(bytes.NewReader(envelope))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&env); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if env.PayloadType != PayloadType {
		return nil, fmt.Errorf("%w: payloadType %q, want %q", ErrMalformed, env.PayloadType, PayloadType)
	}
	if len(env.Signatures) == 0 {
		return nil, fmt.Errorf("%w: the envelope carries no signature", ErrSignature)
	}
	ev, err := dsse.NewEnvelopeVerifier(v)
	if err != nil {
		return nil, fmt.Errorf("receipt verifier: %w", err)
	}
	accepted, payload, err := ev.VerifyAndDecode(ctx, &env)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSignature, err)
	}
	st := &intoto.Statement{}
	if err := protojson.Unmarshal(payload, st); err != nil {
		return nil, fmt.Errorf("%w: statement: %v", ErrMalformed, err)
	}
	if err := st.Validate(); err != nil {
		return nil, fmt.Errorf("%w: statement: %v", ErrMalformed, err)
	}
	if st.GetPredicateType() != PredicateType || len(st.GetSubject()) != 1 {
		return nil, fmt.Errorf("%w: predicate type %q with %d subjects, want %q with one", ErrMalformed, st.GetPredicateType(), len(st.GetSubject()), PredicateType)
	}
	pj, err := protojson.Marshal(st.GetPredicate())
	if err != nil {
		return nil, fmt.Errorf("%w: predicate: %v", ErrMalformed, err)
	}
	rc := &Receipt{Subject: subjectFrom(st.GetSubject()[0])}
	if len(accepted) > 0 {
		rc.KeyID = accepted[0].KeyID
	}
	if err := json.Unmarshal(pj, &rc.Predicate); err != nil {
		return nil, fmt.Errorf("%w: predicate: %v", ErrMalformed, err)
	}
	if rc.Predicate.ExpiresAt.IsZero() {
		return nil, fmt.Errorf("%w: predicate has no expires_at", ErrMalformed)
	}
	if want != nil && !want.matches(rc.Subject) {
		return rc, fmt.Errorf("%w: it is about %s (digests %s), not %s", ErrSubjectMismatch,
			rc.Subject.Name(), strings.Join(sortedKeys(rc.Subject.Digest), ", "), want)
	}
	if !now.Before(rc.Predicate.ExpiresAt) {
		return rc, fmt.Errorf("%w at %s", ErrExpired, rc.Predicate.ExpiresAt.Format(time.RFC3339))
	}
	return rc, nil
}
