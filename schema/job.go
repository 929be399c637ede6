package schema

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// JobIDLength is the length in hex characters of a job ID: the first 128 bits of a
// SHA-256, enough that tens of thousands of jobs a sweep never collide.
const JobIDLength = 32

// ScanKeyLength is the length in hex characters of a scan key (a full SHA-256).
const ScanKeyLength = 64

// MaxSweepIDLength bounds a sweep ID (it is a NATS subject token and a key part).
const MaxSweepIDLength = 64

// Job is one unit of work on the MCPGAUGE_JOBS stream: scan one version of one server.
type Job struct {
	// SchemaVersion must equal Version.
	SchemaVersion int `json:"schema_version"`
	// SweepID names the sweep that planned the job (see ValidSweepID).
	SweepID string `json:"sweep_id"`
	// JobID is JobID(SweepID, Name, Version); it is also the Nats-Msg-Id.
	JobID string `json:"job_id"`
	// Name is the server's registry name, for example "io.github.owner/server".
	Name string `json:"name"`
	// Version is the server version being scanned.
	Version string `json:"version"`
	// Sources lists the registries the entry was found in (for example "official").
	Sources []string `json:"sources,omitempty"`
	// PackageType is the launch kind ("npm", "pypi", "oci", "remote", ...), for filters.
	PackageType string `json:"package_type,omitempty"`
	// PackageVersion is the version of the package the plan installs (may differ
	// from Version for registry entries that pin a package separately).
	PackageVersion string `json:"package_version,omitempty"`
	// Server is the normalised registry entry (a registry.Server as JSON).
	Server json.RawMessage `json:"server"`
	// Plan is the chosen launch plan (a registry.Plan as JSON).
	Plan json.RawMessage `json:"plan"`
	// Options are the scan options.
	Options ScanOptions `json:"options"`
	// ScannerVersion is the mcpgauge version that planned the job.
	ScannerVersion string `json:"scanner_version"`
	// RuleSetDigest identifies the rule set and its configuration.
	RuleSetDigest string `json:"rule_set_digest"`
	// ScanKey is ScanKey(Plan, PackageVersion, ScannerVersion, RuleSetDigest): when
	// it equals the key of an earlier scan, an incremental sweep may skip the job.
	ScanKey string `json:"scan_key"`
	// CreatedAt is when the coordinator planned the job.
	CreatedAt time.Time `json:"created_at"`
	// Attempt is the coordinator's token for this job of this sweep
	// (AttemptLength hex characters: a keyed hash of sweep, job ID and scan
	// key under a key only the coordinator holds). The worker copies it into
	// the result, and the coordinator stores a result only when it matches
	// what it planned.
	Attempt string `json:"attempt,omitempty"`
}

// AttemptLength is the length in hex characters of Job.Attempt.
const AttemptLength = 32

// ScanOptions tune one scan. The zero value is a read-only scan with the worker's
// default deadline, no eval and no tool calls.
type ScanOptions struct {
	// DeadlineSeconds is the wall-clock budget of the whole scan (0 = worker default).
	DeadlineSeconds int `json:"deadline_seconds,omitempty"`
	// AllowToolCalls permits tools/call on the server's real tools.
	AllowToolCalls bool `json:"allow_tool_calls,omitempty"`
	// LifecycleScripts permits package install scripts (off by default).
	LifecycleScripts bool `json:"lifecycle_scripts,omitempty"`
	// Sandbox names the worker sandbox ("" = worker default, "bwrap", "none").
	Sandbox string `json:"sandbox,omitempty"`
	// Compliance runs the protocol compliance tests.
	Compliance bool `json:"compliance,omitempty"`
	// ComplianceMode is "" (the default session plan) or "deep" (every
	// protocol revision offered in a session of its own).
	ComplianceMode string `json:"compliance_mode,omitempty"`
	// Eval runs the tool-selection eval with EvalModel.
	Eval bool `json:"eval,omitempty"`
	// EvalModel names the model the eval uses.
	EvalModel string `json:"eval_model,omitempty"`
}

// JobID returns the deterministic job ID for one server version in one sweep: the
// first JobIDLength hex characters of SHA-256 over the length-prefixed fields, so
// that a coordinator which republishes a sweep produces the same IDs.
func JobID(sweepID, name, version string) string {
	sum := hashFields("mcpgauge-job", sweepID, name, version)
	return hex.EncodeToString(sum[:])[:JobIDLength]
}

// ScanKey returns the scan key: hex SHA-256 over the launch plan (canonicalised:
// object keys sorted, insignificant whitespace removed, numbers kept verbatim),
// the package version, the scanner version and the rule-set digest. Two jobs with
// the same scan key would scan the same bytes with the same engine.
func ScanKey(plan json.RawMessage, packageVersion, scannerVersion, ruleSetDigest string) (string, error) {
	canon, err := canonicalJSON(plan)
	if err != nil {
		return "", fmt.Errorf("scan key: launch plan: %w", err)
	}
	sum := hashFields("mcpgauge-scankey", string(canon), packageVersion, scannerVersion, ruleSetDigest)
	return hex.EncodeToString(sum[:]), nil
}

// hashFields hashes a domain tag and fields, each prefixed by its length, so that
// ("ab","c") and ("a","bc") never collide.
func hashFields(domain string, fields ...string) [sha256.Size]byte {
	h := sha256.New()
	var n [8]byte
	for _, f := range append([]string{domain}, fields...) {
		binary.BigEndian.PutUint64(n[:], uint64(len(f)))
		h.Write(n[:])
		h.Write([]byte(f))
	}
	var out [sha256.Size]byte
	copy(out[:], h.Sum(nil))
	return out
}

// canonicalJSON re-encodes JSON with sorted object keys and no extra whitespace.
func canonicalJSON(raw json.RawMessage) ([]byte, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, errors.New("empty JSON")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("invalid JSON: %w", err)
	}
	if dec.More() {
		return nil, errors.New("invalid JSON: trailing data after the value")
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil { // encoding/json sorts map keys
		return nil, fmt.Errorf("re-encode JSON: %w", err)
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

var (
	sweepIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)
	hexPattern     = regexp.MustCompile(`^[0-9a-f]+$`)
)

// ValidSweepID reports whether id can be a sweep ID: 1 to MaxSweepIDLength
// characters from [A-Za-z0-9_-], so it is safe as a NATS subject token and a
// key-value key. It returns an error naming the problem.
func ValidSweepID(id string) error {
	switch {
	case id == "":
		return errors.New("sweep ID is empty")
	case len(id) > MaxSweepIDLength:
		return fmt.Errorf("sweep ID %q is longer than %d characters", id, MaxSweepIDLength)
	case !sweepIDPattern.MatchString(id):
		return fmt.Errorf("sweep ID %q may contain only letters, digits, '-' and '_'", id)
	}
	return nil
}

// Validate checks a job and returns an error naming every problem it finds.
func (j *Job) Validate() error {
	var errs []error
	add := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if j.SchemaVersion != Version {
		add("schema_version is %d, want %d", j.SchemaVersion, Version)
	}
	if err := ValidSweepID(j.SweepID); err != nil {
		errs = append(errs, err)
	}
	if strings.TrimSpace(j.Name) == "" {
		add("name is empty")
	}
	if strings.TrimSpace(j.Version) == "" {
		add("version is empty")
	}
	if want := JobID(j.SweepID, j.Name, j.Version); j.JobID != want {
		add("job_id is %q, want %q (JobID of sweep, name and version)", j.JobID, want)
	}
	if err := checkObject("server", j.Server); err != nil {
		errs = append(errs, err)
	}
	if err := checkObject("plan", j.Plan); err != nil {
		errs = append(errs, err)
	}
	if j.Options.DeadlineSeconds < 0 {
		add("options.deadline_seconds is negative (%d)", j.Options.DeadlineSeconds)
	}
	if j.Options.Eval && strings.TrimSpace(j.Options.EvalModel) == "" {
		add("options.eval is set but options.eval_model is empty")
	}
	if j.ScannerVersion == "" {
		add("scanner_version is empty")
	}
	if len(j.ScanKey) != ScanKeyLength || !hexPattern.MatchString(j.ScanKey) {
		add("scan_key %q is not %d lowercase hex characters", j.ScanKey, ScanKeyLength)
	} else if len(j.Plan) > 0 {
		if want, err := ScanKey(j.Plan, j.PackageVersion, j.ScannerVersion, j.RuleSetDigest); err == nil && want != j.ScanKey {
			add("scan_key is %q, want %q (ScanKey of plan, package version, scanner version and rule-set digest)", j.ScanKey, want)
		}
	}
	if j.CreatedAt.IsZero() {
		add("created_at is missing")
	}
	if err := checkAttempt(j.Attempt); err != nil {
		errs = append(errs, err)
	}
	if len(errs) > 0 {
		return fmt.Errorf("invalid job %q: %w", j.JobID, errors.Join(errs...))
	}
	return nil
}

// checkAttempt requires an attempt token, when there is one, to be
// AttemptLength lowercase hex characters.
func checkAttempt(a string) error {
	if a != "" && (len(a) != AttemptLength || !hexPattern.MatchString(a)) {
		return fmt.Errorf("attempt %.80q is not %d lowercase hex characters", a, AttemptLength)
	}
	return nil
}

// checkObject requires raw to be a JSON object.
func checkObject(field string, raw json.RawMessage) error {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return fmt.Errorf("%s is missing", field)
	}
	if t[0] != '{' || !json.Valid(t) {
		return fmt.Errorf("%s is not a JSON object", field)
	}
	return nil
}

// DecodeJob decodes and validates a job message. Unknown fields are rejected so
// that a message from a newer scanner is not silently misread.
func DecodeJob(data []byte) (Job, error) {
	var j Job
	if err := decodeStrict(data, &j); err != nil {
		return Job{}, fmt.Errorf("decode job: %w", err)
	}
	if err := j.Validate(); err != nil {
		return Job{}, err
	}
	return j, nil
}

// Encode validates the job and returns its JSON encoding.
func (j *Job) Encode() ([]byte, error) {
	if err := j.Validate(); err != nil {
		return nil, err
	}
	b, err := json.Marshal(j)
	if err != nil {
		return nil, fmt.Errorf("encode job %q: %w", j.JobID, err)
	}
	return b, nil
}

func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data after the JSON value")
	}
	return nil
}
