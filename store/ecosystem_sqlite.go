package store

import (
	"context"
	"database/sql"
	"errors"
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
	if err := checkEcosystemQuery(q); err != nil {
		return nil, err
	}
	sweep := q.SweepID
	if sweep == "" {
		err := s.db.QueryRowContext(ctx, `SELECT sweep_id FROM ecosystem ORDER BY created_ns DESC, sweep_id DESC LIMIT 1`).Scan(&sweep)
		if errors.Is(err, sql.ErrNoRows) {
			return []schema.EcosystemReport{}, nil
		}
		if err != nil {
			return nil, fmt.Errorf("ecosystem: latest sweep: %w", err)
		}
	}
	query, args := ecosystemSelect(`ecosystem`, sweep, q)
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("ecosystem of sweep %s: %w", sweep, err)
	}
	out, err := ecosystemReports(rows)
	if err != nil {
		return nil, fmt.Errorf("ecosystem of sweep %s: %w", sweep, err)
	}
	return out, nil
}
