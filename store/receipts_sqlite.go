package store

import (
	"context"
	"database/sql"
	"fmt"
)

const sqliteUpsertReceipt = `INSERT INTO receipts (job_id, name, version, key_id, public_key, expires_ns, created_ns, envelope)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?)
	ON CONFLICT (job_id) DO UPDATE SET name = excluded.name, version = excluded.version, key_id = excluded.key_id,
	public_key = excluded.public_key, expires_ns = excluded.expires_ns, created_ns = excluded.created_ns, envelope = excluded.envelope
	WHERE excluded.created_ns > receipts.created_ns`

func (s *sqliteStore) InsertReceipts(ctx context.Context, rs []Receipt) (int, error) {
	if err := checkReceipts(rs); err != nil {
		return 0, err
	}
	if len(rs) == 0 {
		return 0, nil
	}
	written := 0
	err := s.tx(ctx, func(tx *sql.Tx) error {
		written = 0
		st, err := tx.PrepareContext(ctx, sqliteUpsertReceipt)
		if err != nil {
			return err
		}
		defer st.Close()
		for _, r := range rs {
			res, err := st.ExecContext(ctx, r.JobID, r.Name, r.Version, r.KeyID, string(r.PublicKey),
				r.ExpiresAt.UnixNano(), r.CreatedAt.UnixNano(), string(r.Envelope))
			if err != nil {
				return fmt.Errorf("receipt %s: %w", r.JobID, err)
			}
			n, err := res.RowsAffected()
			if err != nil {
				return fmt.Errorf("receipt %s: %w", r.JobID, err)
			}
			written += int(n)
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("insert receipts into sqlite: %w", err)
	}
	return written, nil
}

func (s *sqliteStore) Receipt(ctx context.Context, jobID string) (Receipt, error) {
	return readReceipt(ctx, s.query, "receipts", "", jobID)
}

func (s *sqliteStore) SigningKey(ctx context.Context) (string, []byte, error) {
	return readSigningKey(ctx, s.query)
}
