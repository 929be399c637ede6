package schema

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

// Dialect names an SQL dialect the store speaks.
type Dialect string

// The store dialects.
const (
	ClickHouse Dialect = "clickhouse"
	SQLite     Dialect = "sqlite"
)

// MigrationsTable is the table in which a store records the migrations it has
// applied (version, name, applied time). The store creates it itself.
const MigrationsTable = "schema_migrations"

//go:embed migrations/clickhouse/*.sql migrations/sqlite/*.sql
var migrationFiles embed.FS

// Migration is one versioned DDL file, split into statements.
type Migration struct {
	// Version is the number the file name starts with (0001_init.sql = 1).
	Version int
	// Name is the file name.
	Name string
	// Statements are the file's SQL statements, without their final semicolons.
	Statements []string
}

// Migrations returns the dialect's migrations in version order. File names must
// be NNNN_name.sql with unique versions; statements end with a semicolon at the
// end of a line, and lines starting with "--" are comments.
func Migrations(d Dialect) ([]Migration, error) {
	if d != ClickHouse && d != SQLite {
		return nil, fmt.Errorf("unknown SQL dialect %q (want %q or %q)", d, ClickHouse, SQLite)
	}
	dir := path.Join("migrations", string(d))
	entries, err := fs.ReadDir(migrationFiles, dir)
	if err != nil {
		return nil, fmt.Errorf("read %s migrations: %w", d, err)
	}
	var out []Migration
	seen := map[int]string{}
	for _, e := range entries {
		name := e.Name()
		num, _, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 || !strings.HasSuffix(name, ".sql") {
			return nil, fmt.Errorf("%s migration %q: name must be NNNN_name.sql", d, name)
		}
		if prev, dup := seen[v]; dup {
			return nil, fmt.Errorf("%s migrations %q and %q share version %d", d, prev, name, v)
		}
		seen[v] = name
		data, err := migrationFiles.ReadFile(path.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("read %s migration %q: %w", d, name, err)
		}
		stmts := SplitStatements(string(data))
		if len(stmts) == 0 {
			return nil, fmt.Errorf("%s migration %q holds no statement", d, name)
		}
		out = append(out, Migration{Version: v, Name: name, Statements: stmts})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

// SplitStatements splits SQL text into statements: comment lines ("--") are
// dropped and a statement ends at a line whose last character is ';'.
func SplitStatements(sql string) []string {
	var out []string
	var cur []string
	flush := func() {
		s := strings.TrimSpace(strings.Join(cur, "\n"))
		s = strings.TrimSpace(strings.TrimSuffix(s, ";"))
		if s != "" {
			out = append(out, s)
		}
		cur = cur[:0]
	}
	for _, line := range strings.Split(sql, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "--") || t == "" {
			continue
		}
		cur = append(cur, strings.TrimRight(line, " \t\r"))
		if strings.HasSuffix(t, ";") {
			flush()
		}
	}
	flush()
	return out
}
