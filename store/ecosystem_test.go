package store_test

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/google/go-cmp/cmp"

	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/store/storetest"
)

// ecosystemMigration is the migration that adds the ecosystem table.
const ecosystemMigration = "0002_ecosystem.sql"

// wantMigrations lists "version name" of every embedded migration, and checks
// that the ecosystem migration is one of them.
func wantMigrations(t *testing.T, d schema.Dialect) []string {
	t.Helper()
	ms, err := schema.Migrations(d)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	found := false
	for _, m := range ms {
		out = append(out, fmt.Sprintf("%d %s", m.Version, m.Name))
		found = found || m.Name == ecosystemMigration
	}
	if !found {
		t.Fatalf("%s migrations %v lack %s", d, out, ecosystemMigration)
	}
	return out
}

// checkUpgraded checks that a store opened over a migration-1 database holds
// the sweep written before the upgrade and stores ecosystem reports, and
// that the scan written then reads back honestly: its parts, no weights,
// no cap claimed, and a finding of no family.
func checkUpgraded(t *testing.T, s store.Store) {
	t.Helper()
	ctx := testCtx(t)
	if sw, err := s.GetSweep(ctx, "before-upgrade"); err != nil || sw.Note != "written at migration 1" {
		t.Errorf("sweep written before the upgrade = %+v, %v", sw, err)
	}
	h, err := s.History(ctx, oldScanName)
	if err != nil || len(h) != 1 || h[0].Scores == nil {
		t.Fatalf("History of the scan written at migration 1 = %+v, %v", h, err)
	}
	if sc := h[0].Scores; sc.MCPGauge != 61 || sc.Design != 64 || sc.Weights != nil || sc.Capped || sc.MCPGaugeUncapped != 0 {
		t.Errorf("scan written at migration 1 reads back as %+v, want 61 and design 64, no weights, no cap", sc)
	}
	if fs, err := s.Findings(ctx, h[0].JobID); err != nil || len(fs) != 1 || fs[0].Rule != "MCP002" || fs[0].Family != "" {
		t.Errorf("findings written at migration 1 = %+v, %v; want MCP002 of no family", fs, err)
	}
	r := storetest.EcosystemReport("before-upgrade", "io.github.x/upgraded", "1", time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC))
	if n, err := s.InsertEcosystem(ctx, []schema.EcosystemReport{r}); n != 1 || err != nil {
		t.Fatalf("InsertEcosystem after the upgrade = %d, %v", n, err)
	}
	got, err := s.Ecosystem(ctx, store.EcosystemQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]schema.EcosystemReport{r}, got); diff != "" {
		t.Errorf("Ecosystem after the upgrade (-want +got):\n%s", diff)
	}
}

// oldScanName is the server of the scan row written at migration 1.
const oldScanName = "io.github.x/old"

// appliedQuery reads every row of the migrations table, without FINAL: a
// migration applied twice would show twice.
const appliedQuery = `SELECT version, name FROM ` + schema.MigrationsTable + ` ORDER BY version`

// readApplied reads appliedQuery's rows as "version name" and closes rows.
func readApplied(t *testing.T, rows interface {
	Next() bool
	Scan(...any) error
	Err() error
	Close() error
}) []string {
	t.Helper()
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v uint32
		var n string
		if err := rows.Scan(&v, &n); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%d %s", v, n))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// upgradeTwice opens the migration-1 database at u twice: the first open
// applies every later migration and leaves a store that works
// (checkUpgraded), the second finds nothing to do. applied reads the
// migrations table behind the store's back.
func upgradeTwice(t *testing.T, u string, d schema.Dialect, applied func() []string) {
	t.Helper()
	ctx := testCtx(t)
	want := wantMigrations(t, d)
	if got := applied(); len(got) != 1 {
		t.Fatalf("before the upgrade %s = %v, want migration 1 only", schema.MigrationsTable, got)
	}
	for round := 1; round <= 2; round++ {
		s, err := store.Open(ctx, u)
		if err != nil {
			t.Fatalf("open %d: %v", round, err)
		}
		if got := applied(); !cmp.Equal(got, want) {
			t.Errorf("open %d: %s = %v, want %v", round, schema.MigrationsTable, got, want)
		}
		if round == 1 {
			checkUpgraded(t, s)
		}
		s.Close()
	}
}

func TestSQLiteUpgradesFromMigration1(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	path := filepath.Join(t.TempDir(), "v1.db")
	// Build the database an older mcpgauge left: migration 1 only, one sweep.
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ms, err := schema.Migrations(schema.SQLite)
	if err != nil {
		t.Fatal(err)
	}
	stmts := append([]string{`CREATE TABLE ` + schema.MigrationsTable + ` (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_ns INTEGER NOT NULL)`},
		ms[0].Statements...)
	stmts = append(stmts,
		fmt.Sprintf(`INSERT INTO %s (version, name, applied_ns) VALUES (1, '%s', 1)`, schema.MigrationsTable, ms[0].Name),
		`INSERT INTO sweeps (sweep_id, status, note, started_ns) VALUES ('before-upgrade', 'done', 'written at migration 1', 1)`,
		`INSERT INTO scans (job_id, sweep_id, name, version, revision, status, has_scores, score, design)
			VALUES ('old-job', 'before-upgrade', '`+oldScanName+`', '1', 1000, 'ok', 1, 61, 64)`,
		`INSERT INTO findings (job_id, idx, sweep_id, name, version, rule, severity)
			VALUES ('old-job', 0, 'before-upgrade', '`+oldScanName+`', '1', 'MCP002', 'warning')`)
	for _, st := range stmts {
		if _, err := db.ExecContext(ctx, st); err != nil {
			t.Fatalf("%s: %v", st, err)
		}
	}
	upgradeTwice(t, "sqlite://"+path, schema.SQLite, func() []string {
		t.Helper()
		rows, err := db.QueryContext(ctx, appliedQuery)
		if err != nil {
			t.Fatal(err)
		}
		return readApplied(t, rows)
	})
}

func TestClickHouseUpgradesFromMigration1(t *testing.T) {
	t.Parallel()
	ctx := testCtx(t)
	u := storetest.ClickHouseURL(t)
	opts, err := clickhouse.ParseDSN(u)
	if err != nil {
		t.Fatal(err)
	}
	dbName := opts.Auth.Database
	opts.Auth.Database = "default"
	admin, err := clickhouse.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if err := admin.Exec(ctx, "CREATE DATABASE "+dbName); err != nil {
		t.Fatal(err)
	}
	opts.Auth.Database = dbName
	conn, err := clickhouse.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// Build the database an older mcpgauge left: migration 1 only, one sweep.
	ms, err := schema.Migrations(schema.ClickHouse)
	if err != nil {
		t.Fatal(err)
	}
	stmts := append([]string{`CREATE TABLE ` + schema.MigrationsTable +
		` (version UInt32, name String, applied_at DateTime) ENGINE = ReplacingMergeTree ORDER BY version`}, ms[0].Statements...)
	for _, st := range stmts {
		if err := conn.Exec(ctx, st); err != nil {
			t.Fatalf("%s: %v", st, err)
		}
	}
	insert := func(q string, values ...any) {
		t.Helper()
		b, err := conn.PrepareBatch(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Append(values...); err != nil {
			t.Fatal(err)
		}
		if err := b.Send(); err != nil {
			t.Fatal(err)
		}
	}
	insert(`INSERT INTO `+schema.MigrationsTable+` (version, name, applied_at)`, uint32(1), ms[0].Name, time.Now().UTC().Truncate(time.Second))
	insert(`INSERT INTO sweeps (sweep_id, status, registries, scanner_version, note, planned, published, skipped, failed, started_ns, finished_ns, updated_ns)`,
		"before-upgrade", "done", []string{}, "", "written at migration 1", int64(0), int64(0), int64(0), int64(0), int64(1), int64(2), uint64(3))
	insert(`INSERT INTO scans (sweep_id, name, version, job_id, revision, status, has_scores, score, design)`,
		"before-upgrade", oldScanName, "1", "old-job", uint64(1000), "ok", uint8(1), 61.0, 64.0)
	insert(`INSERT INTO findings (job_id, revision, idx, sweep_id, name, version, rule, severity)`,
		"old-job", uint64(1000), uint32(0), "before-upgrade", oldScanName, "1", "MCP002", "warning")
	upgradeTwice(t, u, schema.ClickHouse, func() []string {
		t.Helper()
		rows, err := conn.Query(ctx, appliedQuery)
		if err != nil {
			t.Fatal(err)
		}
		return readApplied(t, rows)
	})
}

// benchEcosystem stores 1000 realistic ecosystem reports per iteration (one
// batch) and reads the sweep back, reporting reports/s for each.
func benchEcosystem(b *testing.B, open func(testing.TB) store.Store) {
	const batch = 1000
	s := open(b)
	ctx := testCtx(b)
	var ins, read time.Duration
	n := 0
	for it := 0; it < b.N; it++ {
		sweep := fmt.Sprintf("bench-%d", it)
		reports := make([]schema.EcosystemReport, batch)
		for j := range reports {
			reports[j] = storetest.EcosystemReport(sweep, fmt.Sprintf("io.github.bench/server-%07d", j), "1.0.0",
				time.Date(2026, 11, 1, 0, 0, 0, it*batch+j+1, time.UTC))
		}
		start := time.Now()
		w, err := s.InsertEcosystem(ctx, reports)
		ins += time.Since(start)
		if err != nil || w != batch {
			b.Fatalf("InsertEcosystem = %d, %v; want %d", w, err, batch)
		}
		start = time.Now()
		got, err := s.Ecosystem(ctx, store.EcosystemQuery{})
		read += time.Since(start)
		if err != nil || len(got) != batch || got[0].SweepID != sweep {
			b.Fatalf("Ecosystem = %d reports, %v; want %d of %s", len(got), err, batch, sweep)
		}
		n += w
	}
	b.ReportMetric(float64(n)/ins.Seconds(), "inserted/s")
	b.ReportMetric(float64(n)/read.Seconds(), "read/s")
}

func BenchmarkEcosystemSQLite(b *testing.B)     { benchEcosystem(b, openSQLite) }
func BenchmarkEcosystemClickHouse(b *testing.B) { benchEcosystem(b, openClickHouse) }
