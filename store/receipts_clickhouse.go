package store

import (
	"context"
	"fmt"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
)

const chInsertReceipt = `INSERT INTO receipts (job_id, name, version, key_id, public_key, expires_ns, created_ns, envelope)`

// InsertReceipts appends the receipts; ReplacingMergeTree keeps the latest
// per job and readers use FINAL, so a re-insert changes nothing they see.
func (s *clickhouseStore) InsertReceipts(ctx context.Context, rs []Receipt) (int, error) {
	if err := checkReceipts(rs); err != nil {
		return 0, err
	}
	if len(rs) == 0 {
		return 0, nil
	}
	err := s.sendBatch(ctx, chInsertReceipt, func(b driver.Batch) (int, error) {
		for _, r := range rs {
			if err := b.Append(r.JobID, r.Name, r.Version, r.KeyID, string(r.PublicKey),
				uint64(r.ExpiresAt.UnixNano()), uint64(r.CreatedAt.UnixNano()), string(r.Envelope)); err != nil {
				return 0, fmt.Errorf("receipt %s: %w", r.JobID, err)
			}
		}
		return len(rs), nil
	})
	if err != nil {
		return 0, fmt.Errorf("insert receipts into clickhouse: %w", err)
	}
	return len(rs), nil
}

func (s *clickhouseStore) Receipt(ctx context.Context, jobID string) (Receipt, error) {
	return readReceipt(ctx, s.query, "receipts FINAL", "toInt64", jobID)
}

func (s *clickhouseStore) SigningKey(ctx context.Context) (string, []byte, error) {
	return readSigningKey(ctx, s.query)
}
