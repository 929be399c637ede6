package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/ClickHouse/clickhouse-go/v2"

	"github.com/mcpgauge/mcpgauge/internal/redact"
	"github.com/mcpgauge/mcpgauge/schema"
)

// RuleCount is how widespread one rule's findings are across the latest
// scan of every server.
type RuleCount struct {
	Rule string
	// Servers counts the servers with at least one finding of the rule.
	Servers int
	// Findings counts the findings.
	Findings int
}

// readRuleCounts reads (rule, servers, findings) rows and closes rows.
func readRuleCounts(rows rowScanner) ([]RuleCount, error) {
	defer rows.Close()
	var out []RuleCount
	for rows.Next() {
		var rc RuleCount
		var servers, findings int64
		if err := rows.Scan(&rc.Rule, &servers, &findings); err != nil {
			return nil, err
		}
		rc.Servers, rc.Findings = int(servers), int(findings)
		out = append(out, rc)
	}
	return out, rows.Err()
}

func (s *sqliteStore) RulePrevalence(ctx context.Context) ([]RuleCount, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT f.rule, COUNT(DISTINCT f.name), COUNT(*) FROM findings f
		JOIN (SELECT job_id AS latest_job FROM scans
			JOIN (SELECT name AS latest_name, MAX(revision) AS latest_revision FROM scans GROUP BY name)
			ON name = latest_name AND revision = latest_revision) ON f.job_id = latest_job
		GROUP BY f.rule ORDER BY 2 DESC, 1`)
	if err != nil {
		return nil, fmt.Errorf("rule prevalence: %w", err)
	}
	out, err := readRuleCounts(rows)
	if err != nil {
		return nil, fmt.Errorf("rule prevalence: %w", err)
	}
	return out, nil
}

func (s *clickhouseStore) RulePrevalence(ctx context.Context) ([]RuleCount, error) {
	rows, err := s.conn.Query(ctx, `SELECT rule, toInt64(uniqExact(name)), toInt64(count()) FROM findings FINAL
		WHERE (job_id, revision) IN (SELECT job_id, revision FROM scans FINAL
			WHERE (name, revision) IN (SELECT name, max(revision) FROM scans GROUP BY name))
		GROUP BY rule ORDER BY 2 DESC, rule`)
	if err != nil {
		return nil, fmt.Errorf("rule prevalence: %w", err)
	}
	out, err := readRuleCounts(rows)
	if err != nil {
		return nil, fmt.Errorf("rule prevalence: %w", err)
	}
	return out, nil
}

// ErrNotMigrated is returned by OpenReadOnly for a store whose schema is
// missing or older than this build's migrations.
var ErrNotMigrated = errors.New("store is not migrated")

// OpenReadOnly opens the store a URL names for reading only: it creates
// nothing, applies no migration (it fails with ErrNotMigrated when one is
// missing), and the connection itself refuses writes (SQLite mode=ro and
// query_only; ClickHouse readonly=2). For `mcpgauge serve`.
//
// A SQLite file is opened immutable (SQLite's immutable=1: no lock, no
// -wal or -shm file, nothing written beside it) when the URL asks for it
// (sqlite:///path.db?immutable=1) or when the file or its directory is not
// writable (a read-only volume, where mode=ro alone fails to create the
// -shm file). An immutable store does not see changes other processes
// make; OpenNote says so for the operator.
func OpenReadOnly(ctx context.Context, rawURL string) (Store, error) {
	st, err := openReadOnly(ctx, rawURL)
	return st, redact.Error(err)
}

func openReadOnly(ctx context.Context, rawURL string) (Store, error) {
	kind, target, err := parseURL(rawURL)
	if err != nil {
		return nil, err
	}
	var st Store
	var applied func(context.Context) (map[int]bool, error)
	switch kind {
	case schema.SQLite:
		force, err := immutableParam(rawURL)
		if err != nil {
			return nil, err
		}
		s, err := openSQLiteReadOnly(ctx, target, force)
		if err != nil {
			return nil, err
		}
		st, applied = s, s.appliedMigrations
	default:
		s, err := openClickHouseReadOnly(ctx, target)
		if err != nil {
			return nil, err
		}
		st, applied = s, s.appliedMigrations
	}
	if err := checkMigrated(ctx, kind, applied); err != nil {
		st.Close()
		return nil, err
	}
	return st, nil
}

// immutableParam reads immutable=1 (or true) from a sqlite:// URL's query.
func immutableParam(rawURL string) (bool, error) {
	if !strings.Contains(rawURL, "://") {
		return false, nil
	}
	u, err := url.Parse(strings.TrimSpace(rawURL))
	if err != nil {
		return false, fmt.Errorf("store URL %q: %w", rawURL, err)
	}
	switch v := u.Query().Get("immutable"); v {
	case "", "0", "false":
		return false, nil
	case "1", "true":
		return true, nil
	default:
		return false, fmt.Errorf("store URL %q: immutable=%q, want 1 or 0", rawURL, v)
	}
}

// OpenNote is what the operator should know about how OpenReadOnly
// opened st: for an immutable SQLite store that other processes' changes
// are not seen (and that a WAL file beside it, whose transactions are not
// read, needs a checkpoint first); "" otherwise.
func OpenNote(st Store) string {
	s, ok := st.(*sqliteStore)
	if !ok || !s.immutable {
		return ""
	}
	note := "store opened read-only (immutable: changes by other processes are not seen)"
	if fi, err := os.Stat(s.path + "-wal"); err == nil && fi.Size() > 0 {
		note += fmt.Sprintf("; %s-wal holds %d bytes of transactions immutable mode does not read: checkpoint the database (stop its writer cleanly) before serving it read-only", s.path, fi.Size())
	}
	return note
}

func checkMigrated(ctx context.Context, kind schema.Dialect, applied func(context.Context) (map[int]bool, error)) error {
	ms, err := schema.Migrations(kind)
	if err != nil {
		return err
	}
	have, err := applied(ctx)
	if err != nil {
		return fmt.Errorf("%w: read %s: %v", ErrNotMigrated, schema.MigrationsTable, err)
	}
	for _, m := range ms {
		if !have[m.Version] {
			return fmt.Errorf("%w: migration %s is not applied (a sweep or the coordinator applies it)", ErrNotMigrated, m.Name)
		}
	}
	return nil
}

func openSQLiteReadOnly(ctx context.Context, path string, immutable bool) (*sqliteStore, error) {
	if strings.TrimSpace(path) == "" || path == ":memory:" {
		return nil, fmt.Errorf("open sqlite store read-only: %q is not a database file", path)
	}
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("open sqlite store %s read-only: %w", path, err)
	}
	immutable = immutable || !writable(path) || !writable(filepath.Dir(path))
	q := url.Values{}
	q.Set("mode", "ro")
	if immutable {
		q.Set("immutable", "1")
	}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", SQLiteBusyTimeout.Milliseconds()))
	q.Add("_pragma", "query_only(1)")
	q.Add("_pragma", "cache_size(-65536)")
	q.Add("_pragma", "temp_store(MEMORY)")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open sqlite store %s read-only: %w", path, err)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open sqlite store %s read-only: %w", path, err)
	}
	return &sqliteStore{db: db, path: path, immutable: immutable}, nil
}

func (s *sqliteStore) appliedMigrations(ctx context.Context) (map[int]bool, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT version FROM `+schema.MigrationsTable)
	if err != nil {
		return nil, err
	}
	return readVersions(rows)
}

func openClickHouseReadOnly(ctx context.Context, rawURL string) (*clickhouseStore, error) {
	opts, err := clickhouse.ParseDSN(rawURL)
	if err != nil {
		return nil, fmt.Errorf("open clickhouse store read-only: %w", err)
	}
	if opts.Auth.Database == "" {
		opts.Auth.Database = "default"
	}
	opts.DialTimeout = ClickHouseDialTimeout
	opts.Compression = &clickhouse.Compression{Method: clickhouse.CompressionLZ4}
	if opts.Settings == nil {
		opts.Settings = clickhouse.Settings{}
	}
	opts.Settings["readonly"] = 2 // reads, and settings the driver sends; no writes, no DDL
	conn, err := clickhouse.Open(opts)
	if err != nil {
		return nil, fmt.Errorf("open clickhouse store %s read-only: %w", clickhouseAddr(opts), err)
	}
	if err := conn.Ping(ctx); err != nil {
		conn.Close()
		return nil, fmt.Errorf("open clickhouse store %s read-only: %w", clickhouseAddr(opts), err)
	}
	return &clickhouseStore{conn: conn}, nil
}

func (s *clickhouseStore) appliedMigrations(ctx context.Context) (map[int]bool, error) {
	rows, err := s.conn.Query(ctx, `SELECT toInt64(version) FROM `+schema.MigrationsTable)
	if err != nil {
		return nil, err
	}
	return readVersions(rows)
}

func readVersions(rows rowScanner) (map[int]bool, error) {
	defer rows.Close()
	out := map[int]bool{}
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out[int(v)] = true
	}
	return out, rows.Err()
}
