package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Receipt is a signed scan receipt as stored: the DSSE envelope (JSON) of
// one job's result and the public key that verifies it.
type Receipt struct {
	JobID, Name, Version string
	// KeyID is the signer's key fingerprint; PublicKey its PEM public key.
	KeyID     string
	PublicKey []byte
	// Envelope is the DSSE envelope as JSON.
	Envelope []byte
	// ExpiresAt is when the receipt stops vouching; CreatedAt when it was
	// signed (the later of two receipts of a job is kept).
	ExpiresAt, CreatedAt time.Time
}

// maxReceipt bounds a stored envelope (a receipt is about 2 KiB).
const maxReceipt = 64 << 10

func checkReceipts(rs []Receipt) error {
	for i, r := range rs {
		switch {
		case r.JobID == "" || r.Name == "" || r.Version == "":
			return fmt.Errorf("receipt %d: job, name and version are required", i)
		case r.KeyID == "" || len(r.PublicKey) == 0:
			return fmt.Errorf("receipt %s: key id and public key are required", r.JobID)
		case len(r.Envelope) == 0 || len(r.Envelope) > maxReceipt:
			return fmt.Errorf("receipt %s: envelope of %d bytes (want 1..%d)", r.JobID, len(r.Envelope), maxReceipt)
		case r.CreatedAt.IsZero() || r.ExpiresAt.IsZero():
			return fmt.Errorf("receipt %s: created and expiry times are required", r.JobID)
		}
	}
	return nil
}

// readReceipt returns the receipt of a job from table (with FINAL where
// the dialect needs it), or ErrNotFound. toInt is the function that reads
// an unsigned column as int64 ("" where the dialect needs none).
func readReceipt(ctx context.Context, query queryFunc, table, toInt, jobID string) (Receipt, error) {
	rows, err := query(ctx, `SELECT job_id, name, version, key_id, public_key, `+toInt+`(expires_ns), `+toInt+`(created_ns), envelope FROM `+table+
		` WHERE job_id = ? ORDER BY created_ns DESC LIMIT 1`, jobID)
	if err != nil {
		return Receipt{}, fmt.Errorf("read receipt: %w", err)
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return Receipt{}, fmt.Errorf("read receipt: %w", err)
		}
		return Receipt{}, fmt.Errorf("receipt of job %s: %w", jobID, ErrNotFound)
	}
	var r Receipt
	var pub, env string
	var exp, created int64
	if err := rows.Scan(&r.JobID, &r.Name, &r.Version, &r.KeyID, &pub, &exp, &created, &env); err != nil {
		return Receipt{}, fmt.Errorf("read receipt: %w", err)
	}
	r.PublicKey, r.Envelope = []byte(pub), []byte(env)
	r.ExpiresAt, r.CreatedAt = time.Unix(0, exp).UTC(), time.Unix(0, created).UTC()
	return r, rows.Err()
}

// readSigningKey returns the key of the most recent receipt, or ErrNotFound.
func readSigningKey(ctx context.Context, query queryFunc) (string, []byte, error) {
	rows, err := query(ctx, `SELECT key_id, public_key FROM receipts ORDER BY created_ns DESC LIMIT 1`)
	if err != nil {
		return "", nil, fmt.Errorf("read signing key: %w", err)
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return "", nil, fmt.Errorf("read signing key: %w", err)
		}
		return "", nil, fmt.Errorf("signing key: no receipt stored: %w", ErrNotFound)
	}
	var id, pub string
	if err := rows.Scan(&id, &pub); err != nil {
		return "", nil, fmt.Errorf("read signing key: %w", err)
	}
	return id, []byte(pub), rows.Err()
}
