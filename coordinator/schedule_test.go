package coordinator_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

func TestParseSchedule(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		spec string
		ok   bool
	}{
		{"0 3 * * *", true}, {"@daily", true}, {"@every 6h", true},
		{"", false}, {"0 3 * *", false}, {"61 * * * *", false}, {"every night", false},
	} {
		s, err := coordinator.ParseSchedule(tc.spec)
		if (err == nil) != tc.ok {
			t.Errorf("ParseSchedule(%q): err %v, want ok=%v", tc.spec, err, tc.ok)
			continue
		}
		if err != nil && !strings.Contains(err.Error(), tc.spec) {
			t.Errorf("error %q does not name the spec %q", err, tc.spec)
		}
		if tc.spec == "0 3 * * *" {
			next := s.Next(time.Date(2026, 11, 30, 1, 0, 0, 0, time.UTC))
			if !next.Equal(time.Date(2026, 11, 30, 3, 0, 0, 0, time.UTC)) {
				t.Errorf("next activation %v, want 03:00 the same day", next)
			}
		}
	}
	if got := coordinator.SweepID(time.Date(2026, 11, 30, 3, 0, 59, 0, time.UTC)); got != "s20261130T0300Z" || schema.ValidSweepID(got) != nil {
		t.Errorf("SweepID = %q", got)
	}
}

// TestScheduleRunsSweeps: a schedule activation starts a sweep named after
// the activation minute, which completes.
func TestScheduleRunsSweeps(t *testing.T) {
	t.Parallel()
	e := newFailEnv(t, 1, time.Minute, time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	go func() { _ = e.c.Ingest(ctx) }()
	sched, err := coordinator.ParseSchedule("@every 1s")
	if err != nil {
		t.Fatal(err)
	}
	sctx, stop := context.WithCancel(ctx)
	go func() { _ = e.c.Schedule(sctx, sched) }()
	for {
		sw, err := e.st.ListSweeps(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(sw) > 0 && sw[len(sw)-1].Status == "done" {
			stop()
			if !strings.HasPrefix(sw[len(sw)-1].ID, "s") || len(sw[len(sw)-1].ID) != len("s20261130T0300Z") {
				t.Errorf("scheduled sweep ID %q is not an activation-minute ID", sw[len(sw)-1].ID)
			}
			return
		}
		select {
		case <-ctx.Done():
			t.Fatal("no scheduled sweep finished")
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// TestIncrementalUsesSyncMark: the second incremental pull asks only for
// entries updated after the first pull's newest entry, kept in KV.
func TestIncrementalUsesSyncMark(t *testing.T) {
	t.Parallel()
	e := newFailEnv(t, 2, time.Minute, time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := coordinator.New(ctx, coordinator.Config{JS: e.js, Store: e.st, Sources: []registry.Source{registry.NewFile(e.reg)},
		Incremental: true, ScannerVersion: "test"})
	if err != nil {
		t.Fatal(err)
	}
	first, err := c.Pull(ctx)
	if err != nil {
		t.Fatal(err)
	}
	second, err := c.Pull(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != 2 || len(second) != 0 {
		t.Fatalf("incremental pulls planned %d then %d entries, want 2 then 0", len(first), len(second))
	}
	kv, err := e.js.KeyValue(ctx, schema.SyncBucket)
	if err != nil {
		t.Fatal(err)
	}
	keys, err := kv.Keys(ctx)
	if err != nil || len(keys) != 1 {
		t.Fatalf("sync marks: %v, %v", keys, err)
	}
	ent, _ := kv.Get(ctx, keys[0])
	if !strings.HasPrefix(string(ent.Value()), "2026-01-01T00:00:00") {
		t.Errorf("sync mark = %q, want the newest entry's updatedAt", ent.Value())
	}
}
