package store

import (
	"context"
	"fmt"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/mcpgauge/mcpgauge/schema"
)

const chInsertEcosystem = `INSERT INTO ecosystem (sweep_id, name, version, job_id, search_at1, search_at5, search_total,
	has_in_pool, in_pool_correct, in_pool_total, model, created_ns, created_at, report)`

func (s *clickhouseStore) InsertEcosystem(ctx context.Context, reports []schema.EcosystemReport) (int, error) {
	batch, err := prepareEcosystem(reports)
	if err != nil {
		return 0, err
	}
	if len(batch) == 0 {
		return 0, nil
	}
	// Skip reports already stored at the same or a later creation time.
	have := map[ecosystemKey]int64{}
	for start := 0; start < len(batch); start += chInChunk {
		part := batch[start:min(start+chInChunk, len(batch))]
		sweeps, names := map[string]bool{}, map[string]bool{}
		var sweepList, nameList []string
		for _, r := range part {
			if !sweeps[r.SweepID] {
				sweeps[r.SweepID] = true
				sweepList = append(sweepList, r.SweepID)
			}
			if !names[r.Name] {
				names[r.Name] = true
				nameList = append(nameList, r.Name)
			}
		}
		rows, err := s.conn.Query(ctx, `SELECT sweep_id, name, version, toInt64(max(created_ns)) FROM ecosystem
			WHERE sweep_id IN `+inList(len(sweepList))+` AND name IN `+inList(len(nameList))+`
			GROUP BY sweep_id, name, version`,
			append(anySlice(sweepList), anySlice(nameList)...)...)
		if err != nil {
			return 0, fmt.Errorf("insert ecosystem into clickhouse: look up stored reports: %w", err)
		}
		for rows.Next() {
			var k ecosystemKey
			var ns int64
			if err := rows.Scan(&k.sweep, &k.name, &k.version, &ns); err != nil {
				rows.Close()
				return 0, fmt.Errorf("insert ecosystem into clickhouse: %w", err)
			}
			have[k] = ns
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return 0, fmt.Errorf("insert ecosystem into clickhouse: %w", err)
		}
	}
	n := 0
	err = s.sendBatch(ctx, chInsertEcosystem, func(b driver.Batch) (int, error) {
		for _, r := range batch {
			if ns, ok := have[r.key()]; ok && ns >= r.CreatedNS {
				continue
			}
			if err := b.Append(r.SweepID, r.Name, r.Version, r.JobID, uint32(r.SearchAt1), uint32(r.SearchAt5), uint32(r.SearchTotal),
				boolU8(r.HasInPool), uint32(r.InPoolCorrect), uint32(r.InPoolTotal), r.Model, uint64(r.CreatedNS),
				time.Unix(0, r.CreatedNS).UTC().Truncate(time.Second), r.Report); err != nil {
				return 0, fmt.Errorf("report %s %s@%s: %w", r.SweepID, r.Name, r.Version, err)
			}
			n++
		}
		return n, nil
	})
	if err != nil {
		return 0, fmt.Errorf("insert ecosystem into clickhouse: %w", err)
	}
	return n, nil
}

func (s *clickhouseStore) Ecosystem(ctx context.Context, q EcosystemQuery) ([]schema.EcosystemReport, error) {
	return readEcosystem(ctx, s.query, `ecosystem FINAL`, q)
}

func (s *clickhouseStore) query(ctx context.Context, query string, args ...any) (rowScanner, error) {
	return s.conn.Query(ctx, query, args...)
}
