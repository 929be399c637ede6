// Package store persists sweeps and scan results and answers the read-side
// queries (leaderboard, history, rug pulls). It has two implementations behind
// one interface: SQLite (pure Go, embedded mode) and ClickHouse (distributed
// mode). Both apply the embedded migrations from package schema on Open, and
// both pass the shared conformance suite in store/storetest.
package store

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/redact"
	"github.com/mcpgauge/mcpgauge/schema"
)

// Store is the persistence seam. Every method takes a context and honours its
// deadline. The coordinator is the only writer.
type Store interface {
	// Migrate applies the dialect's embedded migrations that are not recorded yet.
	// It is idempotent; Open already calls it.
	Migrate(ctx context.Context) error

	// BeginSweep records a new sweep (status running). It fails with ErrExists
	// when the ID is taken.
	BeginSweep(ctx context.Context, s Sweep) error
	// UpdateSweep sets a running sweep's counters (absolute values, not deltas).
	UpdateSweep(ctx context.Context, id string, p SweepProgress) error
	// FinishSweep sets the sweep's final status and finish time.
	FinishSweep(ctx context.Context, id string, status SweepStatus, at time.Time) error
	// GetSweep returns a sweep with the number of results stored for it, by
	// status. It fails with ErrNotFound for an unknown ID.
	GetSweep(ctx context.Context, id string) (Sweep, error)
	// ListSweeps returns the most recent sweeps, newest first (limit ≤ 0: 100).
	ListSweeps(ctx context.Context, limit int) ([]Sweep, error)

	// InsertResults validates and stores a batch of results with their findings
	// and tools. It is idempotent per job ID: a result whose job is already stored
	// with the same or a later finished_at is skipped; a later one replaces the
	// earlier. A batch holding an invalid result is refused whole (the error
	// names it). It returns how many results were written.
	InsertResults(ctx context.Context, results []schema.Result) (int, error)

	// Leaderboard returns the latest scan of every server, filtered, with the ok
	// scans ranked by the chosen score part and the others listed apart.
	Leaderboard(ctx context.Context, q LeaderboardQuery) (Leaderboard, error)
	// History returns every stored scan of a server (all versions), newest first.
	History(ctx context.Context, name string) ([]Scan, error)
	// Result returns the full stored result of a job, or ErrNotFound.
	Result(ctx context.Context, jobID string) (schema.Result, error)
	// Findings returns the stored findings of a job, in result order.
	Findings(ctx context.Context, jobID string) ([]schema.Finding, error)
	// RugPulls returns server versions whose tool digest changed between two
	// consecutive ok scans of the same name and version, with the tools changed.
	RugPulls(ctx context.Context, q RugPullQuery) ([]RugPull, error)
	// ScansByKey returns, for each scan key that has been stored, the latest scan
	// with that key (for incremental sweeps).
	ScansByKey(ctx context.Context, keys []string) (map[string]Scan, error)

	// InsertEcosystem validates and stores post-sweep ecosystem reports. It is
	// idempotent per (sweep, name, version): a report with the same or an
	// earlier CreatedAt than the stored one is skipped; a later one replaces it.
	// A batch holding an invalid report is refused whole (the error names it).
	// It returns how many reports were written.
	InsertEcosystem(ctx context.Context, reports []schema.EcosystemReport) (int, error)
	// Ecosystem returns the stored ecosystem reports matching q, by name then version.
	Ecosystem(ctx context.Context, q EcosystemQuery) ([]schema.EcosystemReport, error)

	// InsertReceipts stores signed scan receipts, idempotent per job: a
	// receipt signed no later than the stored one changes nothing. It
	// returns how many it wrote (ClickHouse: how many it sent).
	InsertReceipts(ctx context.Context, rs []Receipt) (int, error)
	// Receipt returns the receipt of a job, or ErrNotFound.
	Receipt(ctx context.Context, jobID string) (Receipt, error)
	// SigningKey returns the key ID and PEM public key of the most recent
	// receipt, or ErrNotFound when none is stored.
	SigningKey(ctx context.Context) (keyID string, publicKey []byte, err error)
	// RulePrevalence counts, over the latest scan of every server, how many
	// servers have findings of each rule and how many findings there are;
	// most widespread first (ties by rule).
	RulePrevalence(ctx context.Context) ([]RuleCount, error)

	// InsertNameLinks stores links between names (aliases scanned once,
	// conflicts between registries), idempotent per (name, sweep, version,
	// kind, other name, other version). A batch holding an invalid link is
	// refused whole. It returns how many it was given once they are stored
	// (an existing link is kept as it is).
	InsertNameLinks(ctx context.Context, ls []NameLink) (int, error)
	// NameLinks returns the links of a name recorded by the latest sweep
	// that recorded any, by kind then other name (none: an empty list).
	NameLinks(ctx context.Context, name string) ([]NameLink, error)

	// Close releases the store's connections.
	Close() error
}

// Errors callers may test with errors.Is.
var (
	ErrNotFound = errors.New("not found")
	ErrExists   = errors.New("already exists")
)

// SweepStatus is the state of a sweep.
type SweepStatus string

// The sweep states.
const (
	SweepRunning   SweepStatus = "running"
	SweepDone      SweepStatus = "done"
	SweepFailed    SweepStatus = "failed"
	SweepCancelled SweepStatus = "cancelled"
)

func (s SweepStatus) valid() bool {
	switch s {
	case SweepRunning, SweepDone, SweepFailed, SweepCancelled:
		return true
	}
	return false
}

// newSweep checks a sweep BeginSweep is to record and fills in what the
// caller may leave out: status running, started now, not finished.
func newSweep(sw Sweep) (Sweep, error) {
	if err := schema.ValidSweepID(sw.ID); err != nil {
		return Sweep{}, fmt.Errorf("begin sweep: %w", err)
	}
	if sw.Status == "" {
		sw.Status = SweepRunning
	}
	if !sw.Status.valid() {
		return Sweep{}, fmt.Errorf("begin sweep %s: unknown status %q", sw.ID, sw.Status)
	}
	if sw.StartedAt.IsZero() {
		sw.StartedAt = time.Now()
	}
	sw.FinishedAt = time.Time{}
	return sw, nil
}

// SweepProgress are the coordinator's counters for a sweep.
type SweepProgress struct {
	// Planned is the number of registry entries planned.
	Planned int64
	// Published is the number of jobs published.
	Published int64
	// Skipped is the number of entries skipped as unchanged (incremental sweeps).
	Skipped int64
	// Failed is the number of jobs that could not be published or were terminated.
	Failed int64
}

// Sweep is one sweep's record.
type Sweep struct {
	ID             string
	Status         SweepStatus
	Registries     []string
	ScannerVersion string
	Note           string
	Progress       SweepProgress
	StartedAt      time.Time
	// FinishedAt is zero while the sweep runs.
	FinishedAt time.Time
	UpdatedAt  time.Time
	// Results counts the results stored for the sweep (read-only, from GetSweep).
	Results int64
	// ByStatus counts those results by status (read-only, from GetSweep).
	ByStatus map[schema.Status]int64
	// Scored counts the results with scores and MeanScore is their mean
	// mcpgauge score (read-only, from GetSweep; 0 when none was scored).
	Scored    int64
	MeanScore float64
}

// Scan is the stored summary of one scan: what leaderboards, history and rug
// pulls show. The full result is available through Store.Result.
type Scan struct {
	// Rank is the 1-based position in Leaderboard.Ranked, 0 elsewhere.
	Rank        int
	JobID       string
	SweepID     string
	Name        string
	Version     string
	Status      schema.Status
	Reason      string
	Sources     []string
	PackageType string
	ScanKey     string
	// Value is the score part the leaderboard ranked by (0 when unranked).
	Value float64
	// Scores is nil unless Status is ok.
	Scores          *schema.Scores
	ToolCount       int
	TotalTokens     int
	ServerDigest    string
	ProtocolVersion string
	FindingCount    int
	ScannerVersion  string
	StartedAt       time.Time
	FinishedAt      time.Time
	// Watched says the scan recorded the server's behaviour at start-up;
	// BehaviourHosts are then the names it looked up or sent to.
	Watched        bool
	BehaviourHosts []string
}

// LeaderboardQuery selects and orders a leaderboard.
type LeaderboardQuery struct {
	// By is the score part to rank by ("" = mcpgauge).
	By schema.ScorePart
	// Registry keeps servers found in that registry source ("" = all).
	Registry string
	// Status keeps servers whose latest scan has that status ("" = all).
	Status schema.Status
	// PackageType keeps servers of that launch kind ("" = all).
	PackageType string
	// Search keeps servers whose name contains it, ignoring case ("" = all).
	Search string
	// Limit bounds each list (≤ 0: 100).
	Limit int
	// Offset skips that many entries of each list before Limit applies
	// (paging; ranks stay global).
	Offset int
}

// Leaderboard is the latest scan of every server matching a query.
type Leaderboard struct {
	// By is the part ranked by.
	By schema.ScorePart
	// Ranked are scored scans with the part, best first (ties by name):
	// ok ones, and auth_required ones graded without credentials (by the
	// mcpgauge score and compliance only; schema.RankValue).
	Ranked []Scan
	// Unranked are scored scans without the part (selection when no eval
	// ran; design, security and efficiency of a scan graded without
	// credentials).
	Unranked []Scan
	// Unscored are scans that did not complete and carry no score, by name.
	// They are never given a score.
	Unscored []Scan
	// Total counts every matching server, before Limit.
	Total int
	// RankedTotal, UnrankedTotal and UnscoredTotal count each list before
	// Offset and Limit.
	RankedTotal, UnrankedTotal, UnscoredTotal int
}

// RugPullQuery filters rug-pull detection.
type RugPullQuery struct {
	// Name keeps one server ("" = all).
	Name string
	// Limit bounds the answer (≤ 0: 100).
	Limit int
}

// RugPull is a tool surface that changed under an unchanged name and version.
type RugPull struct {
	Name    string
	Version string
	// Before and After are the two consecutive ok scans whose digests differ.
	Before, After Scan
	// Added, Removed and Changed name the tools, sorted.
	Added, Removed, Changed []string
}

// EcosystemQuery selects ecosystem reports.
type EcosystemQuery struct {
	// SweepID picks a sweep ("" = the most recent sweep that has reports, by report creation time).
	SweepID string
	// Name keeps one server ("" = all).
	Name string
	// Limit bounds the answer (≤ 0: no limit).
	Limit int
}

// DefaultLimit is the list length used when a query's Limit is ≤ 0.
const DefaultLimit = 100

// Open opens the store a URL names and applies its migrations:
//
//	sqlite:///abs/path/mcpgauge.db, sqlite://rel/path.db or a plain file path → SQLite
//	clickhouse://user:pass@127.0.0.1:9000/db → ClickHouse (native protocol)
//
// No error it returns holds the URL's password (redact.Text masks it).
func Open(ctx context.Context, rawURL string) (Store, error) {
	kind, target, err := parseURL(rawURL)
	if err != nil {
		return nil, redact.Error(err)
	}
	if kind == schema.SQLite {
		return OpenSQLite(ctx, target) // a path: no password to mask
	}
	return OpenClickHouse(ctx, target)
}

// ParseURL names the dialect a store URL selects and the target to pass to
// OpenSQLite (a file path) or OpenClickHouse (the URL itself). Its errors
// show the URL with its password masked.
func ParseURL(rawURL string) (schema.Dialect, string, error) {
	kind, target, err := parseURL(rawURL)
	return kind, target, redact.Error(err)
}

func parseURL(rawURL string) (schema.Dialect, string, error) {
	s := strings.TrimSpace(rawURL)
	if s == "" {
		return "", "", errors.New("store URL is empty (want sqlite:///path/to.db, a file path, or clickhouse://user:pass@host:9000/db)")
	}
	if !strings.Contains(s, "://") {
		return schema.SQLite, s, nil
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", "", fmt.Errorf("store URL %q: %w", rawURL, err)
	}
	switch strings.ToLower(u.Scheme) {
	case "sqlite", "sqlite3", "file":
		p := u.Host + u.Path
		if p == "" {
			return "", "", fmt.Errorf("store URL %q names no database file (want sqlite:///path/to.db)", rawURL)
		}
		return schema.SQLite, p, nil
	case "clickhouse", "tcp":
		if u.Host == "" {
			return "", "", fmt.Errorf("store URL %q names no host (want clickhouse://user:pass@127.0.0.1:9000/db)", rawURL)
		}
		db := strings.Trim(u.Path, "/")
		if db != "" && !validIdent(db) {
			return "", "", fmt.Errorf("store URL %q: database name %q may contain only letters, digits and '_'", rawURL, db)
		}
		return schema.ClickHouse, s, nil
	default:
		return "", "", fmt.Errorf("store URL %q: unsupported scheme %q (want sqlite or clickhouse)", rawURL, u.Scheme)
	}
}

func validIdent(s string) bool {
	if s == "" || len(s) > 128 {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case r >= '0' && r <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

func limitOr(n int) int {
	if n <= 0 {
		return DefaultLimit
	}
	return n
}

// SQLiteFile is the database file name the embedded store uses in a data dir.
const SQLiteFile = "mcpgauge.db"

// SQLiteURL returns the store URL of the embedded database in dataDir.
func SQLiteURL(dataDir string) string { return "sqlite://" + filepath.Join(dataDir, SQLiteFile) }
