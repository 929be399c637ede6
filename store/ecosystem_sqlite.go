package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/mcpgauge/mcpgauge/schema"
)

// sqliteUpsertEcosystem writes a report unless the stored one is as recent.
const sqliteUpsertEcosystem = `INSERT INTO ecosystem (sweep_id, name, version, job_id, search_at1, search_at5, search_total,
	has_in_pool, in_pool_correct, in_pool_total, model, created_ns, report)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
	ON CONFLICT (sweep_id, name, version) DO UPDATE SET job_id = excluded.job_id,
	search_at1 = excluded.search_at1, search_at5 = excluded.search_at5, search_total = excluded.search_total,
	has_in_pool = excluded.has_in_pool, in_pool_correct = excluded.in_pool_correct, in_pool_total = excluded.in_pool_total,
	model = excluded.model, created_ns = excluded.created_ns, report = excluded.report
	WHERE excluded.created_ns > ecosystem.created_ns`

func (s *sqliteStore) InsertEcosystem(ctx context.Context, reports []schema.EcosystemReport) (int, error) {
	batch, err := prepareEcosystem(reports)
	if err != nil {
		return 0, err
	}
	if len(batch) == 0 {
		return 0, nil
	}
	written := 0
	err = s.tx(ctx, func(tx *sql.Tx) error {
		written = 0
		st, err := tx.PrepareContext(ctx, sqliteUpsertEcosystem)
		if err != nil {
			return err
		}
		defer st.Close()
		for _, r := range batch {
			res, err := st.ExecContext(ctx, r.SweepID, r.Name, r.Version, r.JobID, r.SearchAt1, r.SearchAt5, r.SearchTotal,
				r.HasInPool, r.InPoolCorrect, r.InPoolTotal, r.Model, r.CreatedNS, r.Report)
			if err != nil {
				return fmt.Errorf("report %s %s@%s: %w", r.SweepID, r.Name, r.Version, err)
			}
			n, err := res.RowsAffected()
			if err != nil {
				return fmt.Errorf("report %s %s@%s: %w", r.SweepID, r.Name, r.Version, err)
			}
			written += int(n)
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("insert ecosystem into sqlite: %w", err)
	}
	return written, nil
}

func (s *sqliteStore) Ecosystem(ctx context.Context, q EcosystemQuery) ([]schema.EcosystemReport, error) {
	return readEcosystem(ctx, s.query, `ecosystem`, q)
}

func (s *sqliteStore) query(ctx context.Context, query string, args ...any) (rowScanner, error) {
	return s.db.QueryContext(ctx, query, args...)
}
