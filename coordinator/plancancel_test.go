package coordinator_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/internal/testutil/natstest"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/store/storetest"
)

// floodSource sends n entries, ignoring its context the way a slow or
// hostile source might, and cancels the sweep's context after cancelAt of
// them (cancelAt ≥ n: once it has sent them all). With shared every entry
// launches the same package.
type floodSource struct {
	n, cancelAt int
	shared      bool
	cancel      context.CancelFunc
	sent        int
}

func (s *floodSource) Name() string { return "flood" }

func (s *floodSource) Pull(_ context.Context, _ registry.Query, fn func(registry.Server) error) error {
	for i := 0; i < s.n; i++ {
		if i == s.cancelAt {
			s.cancel()
		}
		name := fmt.Sprintf("io.flood/s%06d", i)
		pkg := "shared-pkg"
		if !s.shared {
			pkg = fmt.Sprintf("pkg-%06d", i)
		}
		e := registry.Server{Name: name, Version: "1.0.0", Status: registry.StatusActive,
			Sources:  []registry.Listing{{Source: "flood", Name: name, Version: "1.0.0"}},
			Packages: []registry.Package{{RegistryType: "npm", Identifier: pkg, Version: "1.0.0", Transport: registry.Transport{Type: "stdio"}}}}
		if err := fn(e); err != nil {
			return err
		}
		s.sent++
	}
	if s.cancelAt >= s.n {
		s.cancel()
	}
	return nil
}

// TestPlanStopsWhenCancelled: a sweep whose context ends (SIGTERM) while
// 300,000 entries are pulled, or once they are and are being deduplicated
// and planned, returns the context's error and publishes nothing; a
// source that ignores its context is told to stop at the next entries.
func TestPlanStopsWhenCancelled(t *testing.T) {
	t.Parallel()
	const n = 300_000
	for _, tc := range []struct {
		name     string
		cancelAt int
		shared   bool
	}{
		{"mid-pull", 1000, false},
		{"after the pull, one shared launch", n, true},
		{"after the pull, distinct launches", n, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			_, js, stopNATS := natstest.Start(t, dir, time.Minute)
			defer stopNATS()
			st := storetest.Open(t, storetest.SQLiteURL(t))
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			src := &floodSource{n: n, cancelAt: tc.cancelAt, shared: tc.shared, cancel: cancel}
			c, err := coordinator.New(ctx, coordinator.Config{JS: js, Store: st, Sources: []registry.Source{src},
				ScannerVersion: "test", Log: testLog(t)})
			if err != nil {
				t.Fatal(err)
			}
			err = c.Start(ctx, "big")
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("Start = %v, want context.Canceled", err)
			}
			if tc.cancelAt < n && src.sent >= n {
				t.Errorf("the source sent all %d entries: the pull was not stopped", src.sent)
			}
			p, err := c.Progress(context.Background(), "big")
			if err != nil {
				t.Fatal(err)
			}
			if p.Published != 0 || p.Planned != 0 || p.Status != store.SweepRunning {
				t.Errorf("progress %+v: want nothing planned or published, the sweep still running (resumable)", p)
			}
		})
	}
}
