package system

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/ecosystem"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// StoreRef names the store a reading command opens: URL, else SQLite
// under DataDir.
type StoreRef struct{ URL, DataDir string }

// Validate checks the URL.
func (s StoreRef) Validate() error {
	if s.URL == "" {
		return nil
	}
	if _, _, err := store.ParseURL(s.URL); err != nil {
		return usage(err)
	}
	return nil
}

// readTimeout bounds a reading command's queries.
const readTimeout = time.Minute

// open opens the store for reading only (openReading).
func (s StoreRef) open(ctx context.Context) (store.Store, error) {
	u := s.URL
	if u == "" {
		u = store.SQLiteURL(s.DataDir)
	}
	return openReading(ctx, u)
}

// openReading opens the store at u for reading only (store.OpenReadOnly,
// so a store on a read-only volume works and nothing is written). It never
// creates or migrates a store: a SQLite file that does not exist is a
// usage error naming the path it looked for and how to make one, and a
// store that lacks a migration says who applies it. Other failures are
// UnreachableErrors.
func openReading(ctx context.Context, u string) (store.Store, error) {
	st, err := store.OpenReadOnly(ctx, u)
	switch {
	case err == nil:
		return st, nil
	case errors.Is(err, fs.ErrNotExist):
		where := u
		if kind, target, perr := store.ParseURL(u); perr == nil && kind == schema.SQLite {
			where = target
		}
		return nil, &NoStoreError{Path: where}
	case errors.Is(err, store.ErrNotMigrated):
		return nil, unreachable(fmt.Errorf("store: %w (read-only commands never migrate a store: run a sweep or the coordinator of this version on it first)", err))
	}
	return nil, unreachable(fmt.Errorf("store: %w", err))
}

// NoStoreError says a reading command found no store where it looked
// (Path, a SQLite file); it is a usage error.
type NoStoreError struct{ Path string }

func (e *NoStoreError) Error() string {
	return "no store at " + e.Path + " (read-only commands never create one): run a sweep to create it " +
		"(mcpgauge sweep --registry FILE_OR_URL, with the same --data-dir or --store), or name an existing store " +
		"with --store, MCPGAUGE_STORE, MCPGAUGE_STORE_FILE or --data-dir"
}

// ErrKind marks it a usage error for exit codes.
func (e *NoStoreError) ErrKind() errkind.Kind { return errkind.Usage }

// read opens the store, runs q on it within a minute and closes it.
func read[T any](ctx context.Context, s StoreRef, q func(context.Context, store.Store) (T, error)) (T, error) {
	var zero T
	ctx, cancel := context.WithTimeout(ctx, readTimeout)
	defer cancel()
	st, err := s.open(ctx)
	if err != nil {
		return zero, err
	}
	defer st.Close()
	return q(ctx, st)
}

// HistoryOptions select one server's history.
type HistoryOptions struct {
	Store StoreRef
	// Name is the server's registry name.
	Name string
}

// Validate checks the name and the store.
func (o HistoryOptions) Validate() error {
	if strings.TrimSpace(o.Name) == "" {
		return usage(errors.New("NAME is empty (want a registry name such as io.github.owner/server)"))
	}
	return o.Store.Validate()
}

// History reads every stored scan of one server, its rug pulls and its
// latest ecosystem report. A server with no scans is a usage error.
func History(ctx context.Context, o HistoryOptions) (leaderboard.ServerHistory, error) {
	if err := o.Validate(); err != nil {
		return leaderboard.ServerHistory{}, err
	}
	name := strings.TrimSpace(o.Name)
	h, err := read(ctx, o.Store, func(ctx context.Context, st store.Store) (leaderboard.ServerHistory, error) {
		return leaderboard.LoadHistory(ctx, st, name)
	})
	if err == nil && len(h.Scans) == 0 {
		err = usage(fmt.Errorf("no scans of server %q in the store", name))
	}
	return h, err
}

// EcosystemOptions select ecosystem reports.
type EcosystemOptions struct {
	Store StoreRef
	// SweepID picks a sweep ("": the latest with an ecosystem pass).
	SweepID string
	// Name keeps one server ("": all).
	Name string
	// Limit is how many servers the caller shows (0: all); checked here,
	// applied by the renderer, which also counts the rest.
	Limit int
}

// Validate checks the sweep ID, the limit and the store.
func (o EcosystemOptions) Validate() error {
	if o.SweepID != "" {
		if err := schema.ValidSweepID(o.SweepID); err != nil {
			return usage(fmt.Errorf("--sweep: %w", err))
		}
	}
	if o.Limit < 0 {
		return usage(fmt.Errorf("--limit must be 0 or more, got %d", o.Limit))
	}
	return o.Store.Validate()
}

// EcosystemReports reads the reports of one ecosystem pass, worst
// findability first.
func EcosystemReports(ctx context.Context, o EcosystemOptions) ([]schema.EcosystemReport, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	return read(ctx, o.Store, func(ctx context.Context, st store.Store) ([]schema.EcosystemReport, error) {
		reps, err := st.Ecosystem(ctx, store.EcosystemQuery{SweepID: o.SweepID, Name: o.Name})
		if err != nil {
			return nil, fmt.Errorf("ecosystem: %w", err)
		}
		ecosystem.SortWorstFirst(reps)
		return reps, nil
	})
}

// LeaderboardOptions select a leaderboard, as its flags spell them.
type LeaderboardOptions struct {
	Store StoreRef
	// By is the score part to rank by; Status ("": all) a scan status.
	By, Status string
	// Registry and PackageType filter ("": all).
	Registry, PackageType string
	// Limit is the rows per list (1 to leaderboard.MaxLimit).
	Limit int
}

// query parses the options into a store query.
func (o LeaderboardOptions) query() (store.LeaderboardQuery, error) {
	part, err := schema.ParseScorePart(o.By)
	if err != nil {
		return store.LeaderboardQuery{}, usage(fmt.Errorf("--by: %w", err))
	}
	var st schema.Status
	if o.Status != "" {
		if st, err = schema.ParseStatus(o.Status); err != nil {
			return store.LeaderboardQuery{}, usage(fmt.Errorf("--status: %w", err))
		}
	}
	if o.Limit < 1 || o.Limit > leaderboard.MaxLimit {
		return store.LeaderboardQuery{}, usage(fmt.Errorf("--limit must be 1 to %d, got %d", leaderboard.MaxLimit, o.Limit))
	}
	return store.LeaderboardQuery{By: part, Registry: o.Registry, Status: st, PackageType: o.PackageType, Limit: o.Limit}, o.Store.Validate()
}

// Validate checks the part, the status, the limit and the store.
func (o LeaderboardOptions) Validate() error {
	_, err := o.query()
	return err
}

// Leaderboard reads the ranked latest scan of every server.
func Leaderboard(ctx context.Context, o LeaderboardOptions) (store.Leaderboard, error) {
	q, err := o.query()
	if err != nil {
		return store.Leaderboard{}, err
	}
	return read(ctx, o.Store, func(ctx context.Context, st store.Store) (store.Leaderboard, error) {
		lb, err := st.Leaderboard(ctx, q)
		if err != nil {
			return lb, fmt.Errorf("leaderboard: %w", err)
		}
		return lb, nil
	})
}
