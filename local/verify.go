package local

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mcpgauge/mcpgauge/attest"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
)

// VerifyOptions configure Verify.
type VerifyOptions struct {
	// Receipt is the RECEIPT file, "-" for Stdin.
	Receipt string
	Stdin   io.Reader
	// Key is --key: the signer's public key file.
	Key string
	// Artifact is --artifact: the artifact the receipt must be about ("":
	// any).
	Artifact string
	// Now is the time expiry is checked at (zero: the current time).
	Now time.Time
}

// Validate checks --key and --artifact are given and well-formed.
func (o VerifyOptions) Validate() error {
	if o.Key == "" {
		return errkind.AsUsage(errors.New("--key is required"))
	}
	if o.Artifact != "" {
		if _, err := attest.ParseArtifact(o.Artifact); err != nil {
			return errkind.AsUsage(fmt.Errorf("--artifact: %w", err))
		}
	}
	if o.Receipt == "" {
		return errkind.AsUsage(errors.New("give the RECEIPT file (- for standard input)"))
	}
	return nil
}

// Verify checks a scan receipt: a signature that verifies under Key, not
// expired, and about Artifact when given. The receipt read is returned
// whenever its signature verified, with an errkind expired error when its
// validity has ended and a threshold error when it is rejected.
func Verify(ctx context.Context, o VerifyOptions) (*attest.Receipt, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	v, err := attest.LoadVerifier(o.Key)
	if err != nil {
		return nil, errkind.AsUsage(fmt.Errorf("--key: %w", err))
	}
	var want *attest.Artifact
	if o.Artifact != "" {
		art, _ := attest.ParseArtifact(o.Artifact)
		want = &art
	}
	data, err := readReceipt(o.Receipt, o.Stdin)
	if err != nil {
		return nil, errkind.AsUsage(err)
	}
	now := o.Now
	if now.IsZero() {
		now = time.Now()
	}
	rc, err := attest.Verify(ctx, data, v, now, want)
	switch {
	case err == nil:
		return rc, nil
	case errors.Is(err, attest.ErrExpired):
		return rc, errkind.Wrap(errkind.Expired, err)
	default:
		return rc, errkind.Wrap(errkind.Threshold, fmt.Errorf("rejected: %w", err))
	}
}

// readReceipt reads a receipt file ("-" for stdin), bounded.
func readReceipt(path string, stdin io.Reader) ([]byte, error) {
	r := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("receipt: %w", err)
		}
		defer f.Close()
		r = f
	}
	if r == nil {
		return nil, errors.New("receipt: no standard input")
	}
	data, err := io.ReadAll(io.LimitReader(r, 2<<20))
	if err != nil {
		return nil, fmt.Errorf("receipt: %w", err)
	}
	return data, nil
}
