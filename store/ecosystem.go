package store

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/mcpgauge/mcpgauge/schema"
)

// ecosystemRow is an ecosystem report flattened into the ecosystem table's
// columns; Report is the whole report as JSON, which the readers decode.
type ecosystemRow struct {
	SweepID, Name, Version, JobID     string
	SearchAt1, SearchAt5, SearchTotal int64
	HasInPool                         bool
	InPoolCorrect, InPoolTotal        int64
	Model                             string
	CreatedNS                         int64
	Report                            string
}

// ecosystemKey is what a stored report is unique by.
type ecosystemKey struct{ sweep, name, version string }

func (r *ecosystemRow) key() ecosystemKey { return ecosystemKey{r.SweepID, r.Name, r.Version} }

// prepareEcosystem validates a batch, keeps the latest report per (sweep,
// name, version) (the first of equal ones) and flattens it, in batch order.
// Any invalid report refuses the whole batch with an error naming it.
func prepareEcosystem(reports []schema.EcosystemReport) ([]ecosystemRow, error) {
	idx := map[ecosystemKey]int{}
	var out []ecosystemRow
	for i := range reports {
		row, err := flattenEcosystem(&reports[i])
		if err != nil {
			return nil, fmt.Errorf("insert ecosystem: report %d: %w", i, err)
		}
		k := row.key()
		if j, seen := idx[k]; seen {
			if row.CreatedNS > out[j].CreatedNS {
				out[j] = row
			}
			continue
		}
		idx[k] = len(out)
		out = append(out, row)
	}
	return out, nil
}

func flattenEcosystem(r *schema.EcosystemReport) (ecosystemRow, error) {
	if err := r.Validate(); err != nil {
		return ecosystemRow{}, err
	}
	name := fmt.Sprintf("%s %s@%s", r.SweepID, r.Name, r.Version)
	ns := r.CreatedAt.UnixNano()
	if ns <= 0 || r.CreatedAt.Year() > 2261 {
		return ecosystemRow{}, fmt.Errorf("ecosystem report %s: created_at %s is outside 1970–2261", name, r.CreatedAt.Format(time.RFC3339))
	}
	row := ecosystemRow{
		SweepID: r.SweepID, Name: r.Name, Version: r.Version, JobID: r.JobID,
		SearchAt1: int64(r.Search.At1), SearchAt5: int64(r.Search.At5), SearchTotal: int64(r.Search.Total),
		Model: r.Model, CreatedNS: ns,
	}
	if r.InPool != nil {
		row.HasInPool, row.InPoolCorrect, row.InPoolTotal = true, int64(r.InPool.Correct), int64(r.InPool.Total)
	}
	// Validate bounds them below; ClickHouse keeps them as UInt32.
	if row.SearchTotal > math.MaxUint32 || row.InPoolTotal > math.MaxUint32 {
		return ecosystemRow{}, fmt.Errorf("ecosystem report %s: case totals %d and %d exceed %d", name, row.SearchTotal, row.InPoolTotal, uint32(math.MaxUint32))
	}
	doc, err := json.Marshal(r)
	if err != nil {
		return ecosystemRow{}, fmt.Errorf("ecosystem report %s: encode: %w", name, err)
	}
	row.Report = string(doc)
	return row, nil
}

// checkEcosystemQuery refuses a malformed sweep ID (an unknown one is fine).
func checkEcosystemQuery(q EcosystemQuery) error {
	if q.SweepID == "" {
		return nil
	}
	if err := schema.ValidSweepID(q.SweepID); err != nil {
		return fmt.Errorf("ecosystem query: %w", err)
	}
	return nil
}

// ecosystemReports decodes rows of one report column and closes rows. The
// answer is never nil.
func ecosystemReports(rows rowScanner) ([]schema.EcosystemReport, error) {
	defer rows.Close()
	out := []schema.EcosystemReport{}
	for rows.Next() {
		var doc string
		if err := rows.Scan(&doc); err != nil {
			return nil, err
		}
		var r schema.EcosystemReport
		if err := json.Unmarshal([]byte(doc), &r); err != nil {
			return nil, fmt.Errorf("decode stored ecosystem report: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// readEcosystem answers Store.Ecosystem through query, reading reports from
// table (which may carry a FINAL).
func readEcosystem(ctx context.Context, query queryFunc, table string, q EcosystemQuery) ([]schema.EcosystemReport, error) {
	if err := checkEcosystemQuery(q); err != nil {
		return nil, err
	}
	sweep := q.SweepID
	if sweep == "" {
		// No FINAL needed: the newest row overall is never a replaced one.
		rows, err := query(ctx, `SELECT sweep_id FROM ecosystem ORDER BY created_ns DESC, sweep_id DESC LIMIT 1`)
		if err != nil {
			return nil, fmt.Errorf("ecosystem: latest sweep: %w", err)
		}
		found, err := firstString(rows, &sweep)
		if err != nil {
			return nil, fmt.Errorf("ecosystem: latest sweep: %w", err)
		}
		if !found {
			return []schema.EcosystemReport{}, nil
		}
	}
	sel, args := ecosystemSelect(table, sweep, q)
	rows, err := query(ctx, sel, args...)
	if err != nil {
		return nil, fmt.Errorf("ecosystem of sweep %s: %w", sweep, err)
	}
	out, err := ecosystemReports(rows)
	if err != nil {
		return nil, fmt.Errorf("ecosystem of sweep %s: %w", sweep, err)
	}
	return out, nil
}

// ecosystemSelect is the read of one sweep's reports from table (which
// may carry a FINAL), with its arguments.
func ecosystemSelect(table, sweep string, q EcosystemQuery) (string, []any) {
	query := `SELECT report FROM ` + table + ` WHERE sweep_id = ?` + ifName(q.Name, "?") + ` ORDER BY name, version`
	args := []any{sweep}
	if q.Name != "" {
		args = append(args, q.Name)
	}
	if q.Limit > 0 {
		query += ` LIMIT ?`
		args = append(args, q.Limit)
	}
	return query, args
}
