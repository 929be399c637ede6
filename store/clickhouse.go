package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/mcpgauge/mcpgauge/internal/redact"
	"github.com/mcpgauge/mcpgauge/schema"
)

// ClickHouseDialTimeout bounds connecting to ClickHouse.
const ClickHouseDialTimeout = 10 * time.Second

// clickhouseStore is the distributed-mode Store (native protocol).
type clickhouseStore struct {
	conn driver.Conn
}

// OpenClickHouse connects to the ClickHouse server a clickhouse:// URL names,
// creates its database when missing and applies the migrations. The database is
// the URL path ("default" when empty).
func OpenClickHouse(ctx context.Context, rawURL string) (Store, error) {
	st, err := openClickHouse(ctx, rawURL)
	return st, redact.Error(err)
}

func openClickHouse(ctx context.Context, rawURL string) (Store, error) {
	kind, _, err := parseURL(rawURL)
	if err != nil {
		return nil, err
	}
	if kind != schema.ClickHouse {
		return nil, fmt.Errorf("open clickhouse store: %q is not a clickhouse:// URL", redact.Text(rawURL))
	}
	opts, err := clickhouse.ParseDSN(rawURL)
	if err != nil {
		return nil, fmt.Errorf("open clickhouse store: %w", err)
	}
	db := opts.Auth.Database
	if db == "" {
		db = "default"
	}
	opts.DialTimeout = ClickHouseDialTimeout
	opts.Compression = &clickhouse.Compression{Method: clickhouse.CompressionLZ4}
	// Create the database through a connection to "default" first.
	opts.Auth.Database = "default"
	admin, err := clickhouse.Open(opts)
	if err != nil {
		return nil, fmt.Errorf("open clickhouse store %s: %w", clickhouseAddr(opts), err)
	}
	if err := admin.Ping(ctx); err != nil {
		admin.Close()
		return nil, fmt.Errorf("open clickhouse store %s: %w", clickhouseAddr(opts), err)
	}
	if err := admin.Exec(ctx, "CREATE DATABASE IF NOT EXISTS "+db); err != nil {
		admin.Close()
		return nil, fmt.Errorf("open clickhouse store: create database %s: %w", db, err)
	}
	admin.Close()
	opts.Auth.Database = db
	conn, err := clickhouse.Open(opts)
	if err != nil {
		return nil, fmt.Errorf("open clickhouse store %s: %w", clickhouseAddr(opts), err)
	}
	s := &clickhouseStore{conn: conn}
	if err := s.Migrate(ctx); err != nil {
		conn.Close()
		return nil, err
	}
	return s, nil
}

// clickhouseAddr names the server and database of o for an error, without
// the password.
func clickhouseAddr(o *clickhouse.Options) string {
	return fmt.Sprintf("clickhouse://%s@%v/%s", o.Auth.Username, o.Addr, o.Auth.Database)
}

func (s *clickhouseStore) Close() error { return s.conn.Close() }

func (s *clickhouseStore) Migrate(ctx context.Context) error {
	ms, err := schema.Migrations(schema.ClickHouse)
	if err != nil {
		return fmt.Errorf("migrate clickhouse: %w", err)
	}
	if err := s.conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS `+schema.MigrationsTable+
		` (version UInt32, name String, applied_at DateTime) ENGINE = ReplacingMergeTree ORDER BY version`); err != nil {
		return fmt.Errorf("migrate clickhouse: create %s: %w", schema.MigrationsTable, err)
	}
	applied := map[uint32]bool{}
	rows, err := s.conn.Query(ctx, `SELECT DISTINCT version FROM `+schema.MigrationsTable)
	if err != nil {
		return fmt.Errorf("migrate clickhouse: read %s: %w", schema.MigrationsTable, err)
	}
	for rows.Next() {
		var v uint32
		if err := rows.Scan(&v); err != nil {
			rows.Close()
			return fmt.Errorf("migrate clickhouse: %w", err)
		}
		applied[v] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("migrate clickhouse: %w", err)
	}
	for _, m := range ms {
		if applied[uint32(m.Version)] {
			continue
		}
		// ClickHouse has no DDL transactions; the statements are written to be
		// re-runnable (IF NOT EXISTS), so a migration cut short is simply redone.
		for i, stmt := range m.Statements {
			if err := s.conn.Exec(ctx, stmt); err != nil {
				return fmt.Errorf("migrate clickhouse: %s statement %d: %w", m.Name, i+1, err)
			}
		}
		if err := s.insertRow(ctx, `INSERT INTO `+schema.MigrationsTable+` (version, name, applied_at)`,
			uint32(m.Version), m.Name, time.Now().UTC().Truncate(time.Second)); err != nil {
			return fmt.Errorf("migrate clickhouse: record %s: %w", m.Name, err)
		}
	}
	return nil
}

func (s *clickhouseStore) getSweepRow(ctx context.Context, id string) (Sweep, uint64, error) {
	rows, err := s.conn.Query(ctx, `SELECT `+sweepCols+` FROM sweeps FINAL WHERE sweep_id = ?`, id)
	if err != nil {
		return Sweep{}, 0, err
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return Sweep{}, 0, err
		}
		return Sweep{}, 0, fmt.Errorf("sweep %s: %w", id, ErrNotFound)
	}
	return scanSweepClickHouse(rows)
}

// scanSweepClickHouse reads a row of sweepCols, returning its updated_ns too.
func scanSweepClickHouse(row interface{ Scan(...any) error }) (Sweep, uint64, error) {
	var sw Sweep
	var status string
	var started, finished int64
	var updated uint64
	if err := row.Scan(&sw.ID, &status, &sw.Registries, &sw.ScannerVersion, &sw.Note, &sw.Progress.Planned,
		&sw.Progress.Published, &sw.Progress.Skipped, &sw.Progress.Failed, &started, &finished, &updated); err != nil {
		return Sweep{}, 0, err
	}
	sw.Status = SweepStatus(status)
	sw.StartedAt, sw.FinishedAt, sw.UpdatedAt = nsTime(started), nsTime(finished), nsTime(int64(updated))
	return sw, updated, nil
}

func (s *clickhouseStore) putSweep(ctx context.Context, sw Sweep, prevUpdated uint64) error {
	upd := uint64(time.Now().UnixNano())
	if upd <= prevUpdated {
		upd = prevUpdated + 1
	}
	var finished int64
	if !sw.FinishedAt.IsZero() {
		finished = sw.FinishedAt.UnixNano()
	}
	p := sw.Progress
	return s.insertRow(ctx, `INSERT INTO sweeps (`+sweepCols+`)`,
		sw.ID, string(sw.Status), nonNil(sw.Registries), sw.ScannerVersion, sw.Note,
		p.Planned, p.Published, p.Skipped, p.Failed, sw.StartedAt.UnixNano(), finished, upd)
}

func (s *clickhouseStore) BeginSweep(ctx context.Context, sw Sweep) error {
	sw, err := newSweep(sw)
	if err != nil {
		return err
	}
	if _, _, err := s.getSweepRow(ctx, sw.ID); err == nil {
		return fmt.Errorf("begin sweep %s: %w", sw.ID, ErrExists)
	} else if !errors.Is(err, ErrNotFound) {
		return fmt.Errorf("begin sweep %s: %w", sw.ID, err)
	}
	if err := s.putSweep(ctx, sw, 0); err != nil {
		return fmt.Errorf("begin sweep %s: %w", sw.ID, err)
	}
	return nil
}

func (s *clickhouseStore) UpdateSweep(ctx context.Context, id string, p SweepProgress) error {
	sw, upd, err := s.getSweepRow(ctx, id)
	if err != nil {
		return fmt.Errorf("update sweep %s: %w", id, err)
	}
	sw.Progress = p
	if err := s.putSweep(ctx, sw, upd); err != nil {
		return fmt.Errorf("update sweep %s: %w", id, err)
	}
	return nil
}

func (s *clickhouseStore) FinishSweep(ctx context.Context, id string, status SweepStatus, at time.Time) error {
	if !status.valid() || status == SweepRunning {
		return fmt.Errorf("finish sweep %s: status %q is not a final status (done, failed, cancelled)", id, status)
	}
	sw, upd, err := s.getSweepRow(ctx, id)
	if err != nil {
		return fmt.Errorf("finish sweep %s: %w", id, err)
	}
	if at.IsZero() {
		at = time.Now()
	}
	sw.Status, sw.FinishedAt = status, at
	if err := s.putSweep(ctx, sw, upd); err != nil {
		return fmt.Errorf("finish sweep %s: %w", id, err)
	}
	return nil
}

func (s *clickhouseStore) GetSweep(ctx context.Context, id string) (Sweep, error) {
	sw, _, err := s.getSweepRow(ctx, id)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return Sweep{}, err
		}
		return Sweep{}, fmt.Errorf("get sweep %s: %w", id, err)
	}
	rows, err := s.conn.Query(ctx, `SELECT status, toInt64(count()), toInt64(sum(has_scores)), toFloat64(sumIf(score, has_scores = 1))
		FROM scans FINAL WHERE sweep_id = ? GROUP BY status`, id)
	if err != nil {
		return Sweep{}, fmt.Errorf("get sweep %s: count results: %w", id, err)
	}
	if err := statusCounts(rows, &sw); err != nil {
		return Sweep{}, fmt.Errorf("get sweep %s: %w", id, err)
	}
	return sw, nil
}

func (s *clickhouseStore) ListSweeps(ctx context.Context, limit int) ([]Sweep, error) {
	rows, err := s.conn.Query(ctx, `SELECT `+sweepCols+` FROM sweeps FINAL ORDER BY started_ns DESC, sweep_id DESC LIMIT ?`, limitOr(limit))
	if err != nil {
		return nil, fmt.Errorf("list sweeps: %w", err)
	}
	defer rows.Close()
	var out []Sweep
	for rows.Next() {
		sw, _, err := scanSweepClickHouse(rows)
		if err != nil {
			return nil, fmt.Errorf("list sweeps: %w", err)
		}
		out = append(out, sw)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list sweeps: %w", err)
	}
	return out, nil
}

const chInsertScan = `INSERT INTO scans (sweep_id, name, version, job_id, revision, status, reason, sources,
	package_type, scan_key, scanner_version, scoring_version, worker_id, started_ns, finished_at,
	install_ms, start_ms, connect_ms, list_ms, lint_ms, compliance_ms, eval_ms,
	tool_count, resource_count, prompt_count, protocol_version, era, server_digest, toolgauge_digest,
	total_tokens, finding_count, critical_count, error_count, warning_count,
	has_scores, score, compliance, design, security, efficiency, has_selection, selection,
	toolgauge_health, quality_gate, qg_compliance, qg_quality, qg_efficiency, qg_security,
	placeholders, result, has_compliance, has_quality_gate,
	has_breakdown, capped, score_uncapped, w_compliance, w_design, w_security, w_efficiency, w_selection,
	behaviour_hosts)`

// chInChunk bounds the IN lists sent to ClickHouse (max_query_size is 256 KiB).
const chInChunk = 2000

func (s *clickhouseStore) InsertResults(ctx context.Context, results []schema.Result) (int, error) {
	batch, err := prepare(results)
	if err != nil {
		return 0, err
	}
	if len(batch) == 0 {
		return 0, nil
	}
	// Skip results already stored at the same or a later revision.
	have := map[string]int64{}
	for start := 0; start < len(batch); start += chInChunk {
		part := batch[start:min(start+chInChunk, len(batch))]
		jobs := make([]string, len(part))
		sweeps := map[string]bool{}
		for i, f := range part {
			jobs[i] = f.scan.JobID
			sweeps[f.scan.SweepID] = true
		}
		sweepList := make([]string, 0, len(sweeps))
		for sw := range sweeps {
			sweepList = append(sweepList, sw)
		}
		rows, err := s.conn.Query(ctx, `SELECT job_id, toInt64(max(revision)) FROM scans
			WHERE sweep_id IN `+inList(len(sweepList))+` AND job_id IN `+inList(len(jobs))+` GROUP BY job_id`,
			append(anySlice(sweepList), anySlice(jobs)...)...)
		if err != nil {
			return 0, fmt.Errorf("insert results into clickhouse: look up stored jobs: %w", err)
		}
		for rows.Next() {
			var id string
			var rev int64
			if err := rows.Scan(&id, &rev); err != nil {
				rows.Close()
				return 0, fmt.Errorf("insert results into clickhouse: %w", err)
			}
			have[id] = rev
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return 0, fmt.Errorf("insert results into clickhouse: %w", err)
		}
	}
	var todo []flattened
	for _, f := range batch {
		if rev, ok := have[f.scan.JobID]; ok && rev >= f.scan.Revision {
			continue
		}
		todo = append(todo, f)
	}
	if len(todo) == 0 {
		return 0, nil
	}
	// Findings and tools first, scans last: a scan row is visible only once its
	// details are stored, so a retried batch is never skipped half-written.
	if err := s.insertFindings(ctx, todo); err != nil {
		return 0, classify(err, "")
	}
	if err := s.insertTools(ctx, todo); err != nil {
		return 0, classify(err, "")
	}
	if err := s.insertScans(ctx, todo); err != nil {
		return 0, classify(err, "")
	}
	return len(todo), nil
}

func (s *clickhouseStore) insertFindings(ctx context.Context, todo []flattened) error {
	err := s.sendBatch(ctx, `INSERT INTO findings (job_id, revision, idx, sweep_id, name, version, rule, severity, tool, parameter, entity, message, family)`,
		func(b driver.Batch) (int, error) {
			n := 0
			for _, f := range todo {
				sc := f.scan
				for _, fd := range f.findings {
					if err := b.Append(sc.JobID, uint64(sc.Revision), uint32(fd.Idx), sc.SweepID, sc.Name, sc.Version,
						fd.Rule, fd.Severity, fd.Tool, fd.Parameter, fd.Entity, fd.Message, fd.Family); err != nil {
						return 0, fmt.Errorf("job %s finding %d: %w", sc.JobID, fd.Idx, err)
					}
					n++
				}
			}
			return n, nil
		})
	if err != nil {
		return fmt.Errorf("insert findings into clickhouse: %w", err)
	}
	return nil
}

func (s *clickhouseStore) insertTools(ctx context.Context, todo []flattened) error {
	err := s.sendBatch(ctx, `INSERT INTO tools (name, version, sweep_id, job_id, revision, idx, tool, sha256, tokens)`,
		func(b driver.Batch) (int, error) {
			n := 0
			for _, f := range todo {
				sc := f.scan
				for _, t := range f.tools {
					if err := b.Append(sc.Name, sc.Version, sc.SweepID, sc.JobID, uint64(sc.Revision), uint32(t.Idx),
						t.Name, t.SHA256, uint64(t.Tokens)); err != nil {
						return 0, fmt.Errorf("job %s tool %d: %w", sc.JobID, t.Idx, err)
					}
					n++
				}
			}
			return n, nil
		})
	if err != nil {
		return fmt.Errorf("insert tools into clickhouse: %w", err)
	}
	return nil
}

func (s *clickhouseStore) insertScans(ctx context.Context, todo []flattened) error {
	err := s.sendBatch(ctx, chInsertScan, func(b driver.Batch) (int, error) {
		for _, f := range todo {
			sc := f.scan
			if err := b.Append(sc.SweepID, sc.Name, sc.Version, sc.JobID, uint64(sc.Revision), sc.Status, sc.Reason, sc.Sources,
				sc.PackageType, sc.ScanKey, sc.ScannerVersion, sc.ScoringVersion, sc.WorkerID, sc.StartedNS,
				time.Unix(0, sc.FinishedNS).UTC().Truncate(time.Second),
				sc.InstallMS, sc.StartMS, sc.ConnectMS, sc.ListMS, sc.LintMS, sc.ComplianceMS, sc.EvalMS,
				uint32(sc.ToolCount), uint32(sc.ResourceCount), uint32(sc.PromptCount), sc.ProtocolVersion, sc.Era,
				sc.ServerDigest, sc.ToolgaugeDigest, uint64(sc.TotalTokens),
				uint32(sc.FindingCount), uint32(sc.CriticalCount), uint32(sc.ErrorCount), uint32(sc.WarningCount),
				boolU8(sc.HasScores), sc.Score, sc.Compliance, sc.Design, sc.Security, sc.Efficiency,
				boolU8(sc.HasSelection), sc.Selection, sc.ToolgaugeHealth, sc.QualityGate,
				sc.QGCompliance, sc.QGQuality, sc.QGEfficiency, sc.QGSecurity, sc.Placeholders, sc.Result,
				boolU8(sc.HasCompliance), boolU8(sc.HasQualityGate),
				boolU8(sc.HasBreakdown), boolU8(sc.Capped), sc.Uncapped,
				sc.WCompliance, sc.WDesign, sc.WSecurity, sc.WEfficiency, sc.WSelection,
				sc.BehaviourHosts); err != nil {
				return 0, fmt.Errorf("job %s (%s %s): %w", sc.JobID, sc.Name, sc.Version, err)
			}
		}
		return len(todo), nil
	})
	if err != nil {
		return fmt.Errorf("insert scans into clickhouse: %w", err)
	}
	return nil
}

// sendBatch prepares insert (an INSERT naming its columns), lets fill append
// the rows and sends them; when fill appends none or fails, the batch is
// aborted instead. (An INSERT … VALUES with bound parameters is not supported
// by the native protocol client.)
func (s *clickhouseStore) sendBatch(ctx context.Context, insert string, fill func(driver.Batch) (int, error)) error {
	b, err := s.conn.PrepareBatch(ctx, insert)
	if err != nil {
		return err
	}
	n, err := fill(b)
	if err != nil || n == 0 {
		if aerr := b.Abort(); err == nil {
			err = aerr
		}
		return err
	}
	return b.Send()
}

// insertRow inserts one row through sendBatch.
func (s *clickhouseStore) insertRow(ctx context.Context, insert string, values ...any) error {
	return s.sendBatch(ctx, insert, func(b driver.Batch) (int, error) { return 1, b.Append(values...) })
}

func boolU8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// chScanCols are cast so that every integer scans into an int64.
const chScanCols = `job_id, sweep_id, name, version, toInt64(revision), status, reason, sources, package_type, scan_key,
	scanner_version, scoring_version, started_ns, toInt64(tool_count), toInt64(total_tokens), server_digest,
	protocol_version, toInt64(finding_count), has_scores, score, compliance, design, security, efficiency,
	has_selection, selection, toolgauge_health, quality_gate, qg_compliance, qg_quality, qg_efficiency, qg_security,
	has_compliance, has_quality_gate, has_breakdown, capped, score_uncapped,
	w_compliance, w_design, w_security, w_efficiency, w_selection, behaviour_hosts`

func (s *clickhouseStore) queryScans(ctx context.Context, query string, args ...any) ([]Scan, error) {
	rows, err := s.conn.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return readScans(rows, false)
}

func (s *clickhouseStore) Leaderboard(ctx context.Context, q LeaderboardQuery) (Leaderboard, error) {
	scans, err := s.queryScans(ctx, `SELECT `+chScanCols+` FROM scans FINAL
		WHERE (name, revision) IN (SELECT name, max(revision) FROM scans GROUP BY name)`)
	if err != nil {
		return Leaderboard{}, fmt.Errorf("leaderboard: %w", err)
	}
	return rank(latestPerName(scans), q)
}

func (s *clickhouseStore) History(ctx context.Context, name string) ([]Scan, error) {
	// No FINAL: on ClickHouse 18.16 it merges every part of the table before
	// filtering; latestPerJob does its work for the one server's rows.
	scans, err := s.queryScans(ctx, `SELECT `+chScanCols+` FROM scans WHERE name = ? ORDER BY revision DESC`, name)
	if err != nil {
		return nil, fmt.Errorf("history of %s: %w", name, err)
	}
	scans = latestPerJob(scans)
	sortHistory(scans)
	return scans, nil
}

func (s *clickhouseStore) Result(ctx context.Context, jobID string) (schema.Result, error) {
	// The latest revision of the job is what FINAL would keep; without FINAL
	// the filter runs before the (large) result column is read.
	rows, err := s.conn.Query(ctx, `SELECT result FROM scans WHERE job_id = ? ORDER BY revision DESC LIMIT 1`, jobID)
	if err != nil {
		return schema.Result{}, fmt.Errorf("result of job %s: %w", jobID, err)
	}
	var doc string
	found, err := firstString(rows, &doc)
	if err == nil && !found {
		err = ErrNotFound
	}
	if err != nil {
		return schema.Result{}, fmt.Errorf("result of job %s: %w", jobID, err)
	}
	return decodeResult(doc)
}

// revisionOf returns the stored revision of a job (0 when it is not stored).
func (s *clickhouseStore) revisionOf(ctx context.Context, jobID string) (int64, error) {
	var rev int64
	if err := s.conn.QueryRow(ctx, `SELECT toInt64(max(revision)) FROM scans WHERE job_id = ?`, jobID).Scan(&rev); err != nil {
		return 0, err
	}
	return rev, nil
}

func (s *clickhouseStore) Findings(ctx context.Context, jobID string) ([]schema.Finding, error) {
	rev, err := s.revisionOf(ctx, jobID)
	if err != nil {
		return nil, fmt.Errorf("findings of job %s: %w", jobID, err)
	}
	rows, err := s.conn.Query(ctx, `SELECT `+findingCols+` FROM findings FINAL
		WHERE job_id = ? AND revision = ? ORDER BY idx`, jobID, uint64(rev))
	if err != nil {
		return nil, fmt.Errorf("findings of job %s: %w", jobID, err)
	}
	out, err := readFindings(rows)
	if err != nil {
		return nil, fmt.Errorf("findings of job %s: %w", jobID, err)
	}
	return out, nil
}

func (s *clickhouseStore) RugPulls(ctx context.Context, q RugPullQuery) ([]RugPull, error) {
	query := `SELECT ` + chScanCols + ` FROM scans FINAL WHERE status = 'ok' AND (name, version) IN (
		SELECT name, version FROM scans FINAL WHERE status = 'ok' AND server_digest != ''` + ifName(q.Name, "?") + `
		GROUP BY name, version HAVING uniqExact(server_digest) > 1)`
	var args []any
	if q.Name != "" {
		args = append(args, q.Name)
	}
	scans, err := s.queryScans(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("rug pulls: %w", err)
	}
	byJob := map[string]Scan{}
	for _, sc := range scans {
		byJob[sc.JobID] = sc
	}
	out, err := findRugPulls(scans, q.Limit, func(jobID string, rev int64) (map[string]string, error) {
		sc := byJob[jobID]
		rows, err := s.conn.Query(ctx, `SELECT tool, sha256 FROM tools FINAL
			WHERE name = ? AND version = ? AND sweep_id = ? AND job_id = ? AND revision = ?`,
			sc.Name, sc.Version, sc.SweepID, jobID, uint64(rev))
		if err != nil {
			return nil, err
		}
		return toolDigests(rows)
	})
	if err != nil {
		return nil, fmt.Errorf("rug pulls: tools: %w", err)
	}
	return out, nil
}

func (s *clickhouseStore) ScansByKey(ctx context.Context, keys []string) (map[string]Scan, error) {
	return scansByKey(keys, chInChunk, func(part []string) ([]Scan, error) {
		return s.queryScans(ctx, `SELECT `+chScanCols+` FROM scans FINAL WHERE scan_key IN `+inList(len(part))+` ORDER BY revision`,
			anySlice(part)...)
	})
}

// DropClickHouseDatabase drops the database a clickhouse:// URL names (tests
// use it to clean up). It refuses to drop "default" and "system".
func DropClickHouseDatabase(ctx context.Context, rawURL string) error {
	opts, err := clickhouse.ParseDSN(rawURL)
	if err != nil {
		return fmt.Errorf("drop clickhouse database: %w", err)
	}
	db := opts.Auth.Database
	if db == "" || db == "default" || db == "system" || !validIdent(db) {
		return fmt.Errorf("drop clickhouse database: refusing to drop %q", db)
	}
	opts.Auth.Database = "default"
	opts.DialTimeout = ClickHouseDialTimeout
	conn, err := clickhouse.Open(opts)
	if err != nil {
		return fmt.Errorf("drop clickhouse database %s: %w", db, err)
	}
	defer conn.Close()
	if err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+db); err != nil {
		return fmt.Errorf("drop clickhouse database %s: %w", db, err)
	}
	return nil
}
