package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/schema"
	_ "modernc.org/sqlite" // registers the "sqlite" driver (pure Go)
)

// SQLiteBusyTimeout is how long a writer waits for a lock before failing.
const SQLiteBusyTimeout = 10 * time.Second

// sqliteStore is the embedded-mode Store.
type sqliteStore struct {
	db   *sql.DB
	path string
	// immutable says OpenReadOnly opened the file with immutable=1.
	immutable bool
}

// OpenSQLite opens (creating if needed) the SQLite database at path, in WAL mode
// with a busy timeout, and applies the migrations. The parent directory is
// created when missing.
func OpenSQLite(ctx context.Context, path string) (Store, error) {
	if strings.TrimSpace(path) == "" {
		return nil, errors.New("open sqlite store: empty database path")
	}
	if path != ":memory:" {
		if dir := filepath.Dir(path); dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, fmt.Errorf("open sqlite store %s: create directory: %w", path, err)
			}
		}
	}
	if path != ":memory:" {
		if err := checkSQLiteFile(path); err != nil {
			return nil, err
		}
	}
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", SQLiteBusyTimeout.Milliseconds()))
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_pragma", "cache_size(-65536)") // 64 MiB page cache
	q.Add("_pragma", "temp_store(MEMORY)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open sqlite store %s: %w", path, err)
	}
	if path == ":memory:" {
		db.SetMaxOpenConns(1) // every connection would get its own empty database
	}
	s := &sqliteStore{db: db, path: path}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, classify(fmt.Errorf("open sqlite store %s: %w", path, err), path)
	}
	if err := s.Migrate(ctx); err != nil {
		db.Close()
		return nil, classify(fmt.Errorf("open sqlite store %s: %w", path, err), path)
	}
	return s, nil
}

func (s *sqliteStore) Close() error { return s.db.Close() }

func (s *sqliteStore) Migrate(ctx context.Context) error {
	ms, err := schema.Migrations(schema.SQLite)
	if err != nil {
		return fmt.Errorf("migrate sqlite: %w", err)
	}
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS `+schema.MigrationsTable+
		` (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_ns INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("migrate sqlite: create %s: %w", schema.MigrationsTable, err)
	}
	for _, m := range ms {
		err := s.tx(ctx, func(tx *sql.Tx) error {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+schema.MigrationsTable+` WHERE version = ?`, m.Version).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			for i, stmt := range m.Statements {
				if _, err := tx.ExecContext(ctx, stmt); err != nil {
					return fmt.Errorf("statement %d: %w", i+1, err)
				}
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO `+schema.MigrationsTable+` (version, name, applied_ns) VALUES (?, ?, ?)`,
				m.Version, m.Name, time.Now().UnixNano())
			return err
		})
		if err != nil {
			return fmt.Errorf("migrate sqlite: %s: %w", m.Name, err)
		}
	}
	return nil
}

func (s *sqliteStore) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func (s *sqliteStore) BeginSweep(ctx context.Context, sw Sweep) error {
	sw, err := newSweep(sw)
	if err != nil {
		return err
	}
	regs, _ := json.Marshal(nonNil(sw.Registries))
	p := sw.Progress
	res, err := s.db.ExecContext(ctx, `INSERT INTO sweeps (sweep_id, status, registries, scanner_version, note,
		planned, published, skipped, failed, started_ns, finished_ns, updated_ns)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT (sweep_id) DO NOTHING`,
		sw.ID, string(sw.Status), string(regs), sw.ScannerVersion, sw.Note,
		p.Planned, p.Published, p.Skipped, p.Failed, sw.StartedAt.UnixNano(), time.Now().UnixNano())
	if err != nil {
		return classify(fmt.Errorf("begin sweep %s: %w", sw.ID, err), s.path)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("begin sweep %s: %w", sw.ID, ErrExists)
	}
	return nil
}

func (s *sqliteStore) UpdateSweep(ctx context.Context, id string, p SweepProgress) error {
	res, err := s.db.ExecContext(ctx, `UPDATE sweeps SET planned = ?, published = ?, skipped = ?, failed = ?, updated_ns = ?
		WHERE sweep_id = ?`, p.Planned, p.Published, p.Skipped, p.Failed, time.Now().UnixNano(), id)
	if err != nil {
		return classify(fmt.Errorf("update sweep %s: %w", id, err), s.path)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("update sweep %s: %w", id, ErrNotFound)
	}
	return nil
}

func (s *sqliteStore) FinishSweep(ctx context.Context, id string, status SweepStatus, at time.Time) error {
	if !status.valid() || status == SweepRunning {
		return fmt.Errorf("finish sweep %s: status %q is not a final status (done, failed, cancelled)", id, status)
	}
	if at.IsZero() {
		at = time.Now()
	}
	res, err := s.db.ExecContext(ctx, `UPDATE sweeps SET status = ?, finished_ns = ?, updated_ns = ? WHERE sweep_id = ?`,
		string(status), at.UnixNano(), time.Now().UnixNano(), id)
	if err != nil {
		return classify(fmt.Errorf("finish sweep %s: %w", id, err), s.path)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("finish sweep %s: %w", id, ErrNotFound)
	}
	return nil
}

func scanSweepSQLite(row interface{ Scan(...any) error }) (Sweep, error) {
	var sw Sweep
	var status, regs string
	var started, finished, updated int64
	if err := row.Scan(&sw.ID, &status, &regs, &sw.ScannerVersion, &sw.Note, &sw.Progress.Planned,
		&sw.Progress.Published, &sw.Progress.Skipped, &sw.Progress.Failed, &started, &finished, &updated); err != nil {
		return Sweep{}, err
	}
	sw.Status = SweepStatus(status)
	if err := json.Unmarshal([]byte(regs), &sw.Registries); err != nil {
		return Sweep{}, fmt.Errorf("sweep %s: registries: %w", sw.ID, err)
	}
	sw.StartedAt, sw.FinishedAt, sw.UpdatedAt = nsTime(started), nsTime(finished), nsTime(updated)
	return sw, nil
}

func (s *sqliteStore) GetSweep(ctx context.Context, id string) (Sweep, error) {
	sw, err := scanSweepSQLite(s.db.QueryRowContext(ctx, `SELECT `+sweepCols+` FROM sweeps WHERE sweep_id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Sweep{}, fmt.Errorf("sweep %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return Sweep{}, classify(fmt.Errorf("get sweep %s: %w", id, err), s.path)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT status, COUNT(*), COALESCE(SUM(has_scores), 0),
		COALESCE(SUM(CASE WHEN has_scores = 1 THEN score ELSE 0 END), 0.0) FROM scans WHERE sweep_id = ? GROUP BY status`, id)
	if err != nil {
		return Sweep{}, fmt.Errorf("get sweep %s: count results: %w", id, err)
	}
	if err := statusCounts(rows, &sw); err != nil {
		return Sweep{}, fmt.Errorf("get sweep %s: %w", id, err)
	}
	return sw, nil
}

func (s *sqliteStore) ListSweeps(ctx context.Context, limit int) ([]Sweep, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+sweepCols+` FROM sweeps ORDER BY started_ns DESC, sweep_id DESC LIMIT ?`, limitOr(limit))
	if err != nil {
		return nil, classify(fmt.Errorf("list sweeps: %w", err), s.path)
	}
	defer rows.Close()
	var out []Sweep
	for rows.Next() {
		sw, err := scanSweepSQLite(rows)
		if err != nil {
			return nil, fmt.Errorf("list sweeps: %w", err)
		}
		out = append(out, sw)
	}
	return out, rows.Err()
}

const sqliteInsertScan = `INSERT INTO scans (sweep_id, name, version, job_id, revision, status, reason, sources,
	package_type, scan_key, scanner_version, scoring_version, worker_id, started_ns, finished_ns,
	install_ms, start_ms, connect_ms, list_ms, lint_ms, compliance_ms, eval_ms,
	tool_count, resource_count, prompt_count, protocol_version, era, server_digest, toolgauge_digest,
	total_tokens, finding_count, critical_count, error_count, warning_count,
	has_scores, score, compliance, design, security, efficiency, has_selection, selection,
	toolgauge_health, quality_gate, qg_compliance, qg_quality, qg_efficiency, qg_security,
	placeholders, has_compliance, has_quality_gate,
	has_breakdown, capped, score_uncapped, w_compliance, w_design, w_security, w_efficiency, w_selection,
	behaviour_hosts)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
	?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
	?, ?, ?, ?, ?, ?, ?, ?, ?)`

func (s *sqliteStore) InsertResults(ctx context.Context, results []schema.Result) (int, error) {
	batch, err := prepare(results)
	if err != nil {
		return 0, err
	}
	if len(batch) == 0 {
		return 0, nil
	}
	written := 0
	err = s.tx(ctx, func(tx *sql.Tx) error {
		written = 0
		existing, err := tx.PrepareContext(ctx, `SELECT revision FROM scans WHERE job_id = ?`)
		if err != nil {
			return err
		}
		defer existing.Close()
		insScan, err := tx.PrepareContext(ctx, sqliteInsertScan)
		if err != nil {
			return err
		}
		defer insScan.Close()
		insDoc, err := tx.PrepareContext(ctx, `INSERT INTO results (job_id, result) VALUES (?, ?)`)
		if err != nil {
			return err
		}
		defer insDoc.Close()
		insFindings := newMultiInsert(tx, `INSERT INTO findings (job_id, idx, sweep_id, name, version, rule, severity, tool, parameter, entity, message, family) VALUES `, 12)
		defer insFindings.close()
		insTools := newMultiInsert(tx, `INSERT INTO tools (job_id, idx, name, version, sweep_id, tool, sha256, tokens) VALUES `, 8)
		defer insTools.close()
		for _, f := range batch {
			sc := f.scan
			var rev int64
			switch err := existing.QueryRowContext(ctx, sc.JobID).Scan(&rev); {
			case errors.Is(err, sql.ErrNoRows):
			case err != nil:
				return fmt.Errorf("job %s: %w", sc.JobID, err)
			case rev >= sc.Revision:
				continue // already stored (or a later result is)
			default:
				for _, t := range []string{"scans", "results", "findings", "tools"} {
					if _, err := tx.ExecContext(ctx, `DELETE FROM `+t+` WHERE job_id = ?`, sc.JobID); err != nil {
						return fmt.Errorf("job %s: replace %s: %w", sc.JobID, t, err)
					}
				}
			}
			srcs, _ := json.Marshal(sc.Sources)
			phs, _ := json.Marshal(sc.Placeholders)
			if _, err := insScan.ExecContext(ctx, sc.SweepID, sc.Name, sc.Version, sc.JobID, sc.Revision, sc.Status, sc.Reason,
				string(srcs), sc.PackageType, sc.ScanKey, sc.ScannerVersion, sc.ScoringVersion, sc.WorkerID, sc.StartedNS, sc.FinishedNS,
				sc.InstallMS, sc.StartMS, sc.ConnectMS, sc.ListMS, sc.LintMS, sc.ComplianceMS, sc.EvalMS,
				sc.ToolCount, sc.ResourceCount, sc.PromptCount, sc.ProtocolVersion, sc.Era, sc.ServerDigest, sc.ToolgaugeDigest,
				sc.TotalTokens, sc.FindingCount, sc.CriticalCount, sc.ErrorCount, sc.WarningCount,
				sc.HasScores, sc.Score, sc.Compliance, sc.Design, sc.Security, sc.Efficiency, sc.HasSelection, sc.Selection,
				sc.ToolgaugeHealth, sc.QualityGate, sc.QGCompliance, sc.QGQuality, sc.QGEfficiency, sc.QGSecurity,
				string(phs), sc.HasCompliance, sc.HasQualityGate,
				sc.HasBreakdown, sc.Capped, sc.Uncapped, sc.WCompliance, sc.WDesign, sc.WSecurity, sc.WEfficiency, sc.WSelection,
				sc.BehaviourHosts); err != nil {
				return fmt.Errorf("job %s (%s %s): insert scan: %w", sc.JobID, sc.Name, sc.Version, err)
			}
			if _, err := insDoc.ExecContext(ctx, sc.JobID, sc.Result); err != nil {
				return fmt.Errorf("job %s: insert result: %w", sc.JobID, err)
			}
			args := make([]any, 0, 12*len(f.findings))
			for _, fd := range f.findings {
				args = append(args, sc.JobID, fd.Idx, sc.SweepID, sc.Name, sc.Version, fd.Rule, fd.Severity,
					fd.Tool, fd.Parameter, fd.Entity, fd.Message, fd.Family)
			}
			if err := insFindings.exec(ctx, len(f.findings), args); err != nil {
				return fmt.Errorf("job %s: insert findings: %w", sc.JobID, err)
			}
			args = make([]any, 0, 8*len(f.tools))
			for _, t := range f.tools {
				args = append(args, sc.JobID, t.Idx, sc.Name, sc.Version, sc.SweepID, t.Name, t.SHA256, t.Tokens)
			}
			if err := insTools.exec(ctx, len(f.tools), args); err != nil {
				return fmt.Errorf("job %s: insert tools: %w", sc.JobID, err)
			}
			written++
		}
		return nil
	})
	if err != nil {
		return 0, classify(fmt.Errorf("insert results into sqlite: %w", err), s.path)
	}
	return written, nil
}

const sqliteScanCols = `job_id, sweep_id, name, version, revision, status, reason, sources, package_type, scan_key,
	scanner_version, scoring_version, started_ns, tool_count, total_tokens, server_digest, protocol_version, finding_count,
	has_scores, score, compliance, design, security, efficiency, has_selection, selection, toolgauge_health,
	quality_gate, qg_compliance, qg_quality, qg_efficiency, qg_security, has_compliance, has_quality_gate,
	has_breakdown, capped, score_uncapped, w_compliance, w_design, w_security, w_efficiency, w_selection,
	behaviour_hosts`

func (s *sqliteStore) queryScans(ctx context.Context, query string, args ...any) ([]Scan, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, classify(err, s.path)
	}
	scans, err := readScans(rows, true)
	return scans, classify(err, s.path)
}

func (s *sqliteStore) Leaderboard(ctx context.Context, q LeaderboardQuery) (Leaderboard, error) {
	scans, err := s.queryScans(ctx, `SELECT `+sqliteScanCols+` FROM scans
		JOIN (SELECT name AS latest_name, MAX(revision) AS latest_revision FROM scans GROUP BY name)
		ON name = latest_name AND revision = latest_revision`)
	if err != nil {
		return Leaderboard{}, fmt.Errorf("leaderboard: %w", err)
	}
	return rank(latestPerName(scans), q)
}

func (s *sqliteStore) History(ctx context.Context, name string) ([]Scan, error) {
	scans, err := s.queryScans(ctx, `SELECT `+sqliteScanCols+` FROM scans WHERE name = ? ORDER BY revision DESC`, name)
	if err != nil {
		return nil, fmt.Errorf("history of %s: %w", name, err)
	}
	sortHistory(scans)
	return scans, nil
}

func (s *sqliteStore) Result(ctx context.Context, jobID string) (schema.Result, error) {
	var doc string
	err := s.db.QueryRowContext(ctx, `SELECT result FROM results WHERE job_id = ?`, jobID).Scan(&doc)
	if errors.Is(err, sql.ErrNoRows) {
		return schema.Result{}, fmt.Errorf("result of job %s: %w", jobID, ErrNotFound)
	}
	if err != nil {
		return schema.Result{}, fmt.Errorf("result of job %s: %w", jobID, err)
	}
	return decodeResult(doc)
}

func (s *sqliteStore) Findings(ctx context.Context, jobID string) ([]schema.Finding, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+findingCols+` FROM findings WHERE job_id = ? ORDER BY idx`, jobID)
	if err != nil {
		return nil, fmt.Errorf("findings of job %s: %w", jobID, err)
	}
	out, err := readFindings(rows)
	if err != nil {
		return nil, fmt.Errorf("findings of job %s: %w", jobID, err)
	}
	return out, nil
}

func (s *sqliteStore) RugPulls(ctx context.Context, q RugPullQuery) ([]RugPull, error) {
	query := `SELECT ` + sqliteScanCols + ` FROM scans WHERE status = 'ok' AND (name, version) IN (
		SELECT name, version FROM scans WHERE status = 'ok' AND server_digest != ''` + ifName(q.Name, "?") + `
		GROUP BY name, version HAVING COUNT(DISTINCT server_digest) > 1)`
	var args []any
	if q.Name != "" {
		args = append(args, q.Name)
	}
	scans, err := s.queryScans(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("rug pulls: %w", err)
	}
	out, err := findRugPulls(scans, q.Limit, func(jobID string, _ int64) (map[string]string, error) {
		rows, err := s.db.QueryContext(ctx, `SELECT tool, sha256 FROM tools WHERE job_id = ?`, jobID)
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

// sqliteInChunk bounds the IN lists sent to SQLite (well below its bound
// on host parameters).
const sqliteInChunk = 500

func (s *sqliteStore) ScansByKey(ctx context.Context, keys []string) (map[string]Scan, error) {
	return scansByKey(keys, sqliteInChunk, func(part []string) ([]Scan, error) {
		return s.queryScans(ctx, `SELECT `+sqliteScanCols+` FROM scans WHERE scan_key IN `+inList(len(part))+` ORDER BY revision`,
			anySlice(part)...)
	})
}

// multiInsert inserts many rows with one statement, in chunks of up to
// multiInsertRows rows, caching one prepared statement per row count.
type multiInsert struct {
	tx     *sql.Tx
	prefix string
	cols   int
	stmts  map[int]*sql.Stmt
}

const multiInsertRows = 64

func newMultiInsert(tx *sql.Tx, prefix string, cols int) *multiInsert {
	return &multiInsert{tx: tx, prefix: prefix, cols: cols, stmts: map[int]*sql.Stmt{}}
}

func (m *multiInsert) exec(ctx context.Context, rows int, args []any) error {
	for start := 0; start < rows; start += multiInsertRows {
		n := min(multiInsertRows, rows-start)
		st, ok := m.stmts[n]
		if !ok {
			tuple := inList(m.cols)
			var err error
			st, err = m.tx.PrepareContext(ctx, m.prefix+tuple+strings.Repeat(", "+tuple, n-1))
			if err != nil {
				return err
			}
			m.stmts[n] = st
		}
		if _, err := st.ExecContext(ctx, args[start*m.cols:(start+n)*m.cols]...); err != nil {
			return err
		}
	}
	return nil
}

func (m *multiInsert) close() {
	for _, st := range m.stmts {
		st.Close()
	}
}
