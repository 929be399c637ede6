package coordinator_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/coordinator/sweeptest"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/registry/registrytest"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// hostileRegistry is one fake registry of an identity test: its source
// name ("official" has the official registry's standing) and entries.
type hostileRegistry struct {
	name    string
	entries []registrytest.Entry
}

// sweepRegistries runs sweep id over fake official-API registries served
// on loopback, with real NATS, SQLite and an in-process worker (see
// embeddedSweep).
func sweepRegistries(t *testing.T, dir, id string, regs []hostileRegistry) coordinator.Progress {
	t.Helper()
	var sources []registry.Source
	for _, r := range regs {
		srv, err := registrytest.NewOfficial(registrytest.Records(r.entries...), registrytest.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(srv.Close)
		sources = append(sources, registry.NewOfficial(registry.Config{URL: srv.URL, Name: r.name, RequestsPerSecond: 1000}))
	}
	return sweepSources(t, dir, sources, id, coordinator.DefaultRescanAfter, remoteScanner())
}

// TestIdentityAcrossRegistries: the three hostile registry shapes. In
// each, the victim's name keeps a row of its own, scanned at the victim's
// endpoint; an attacker's disagreeing listing is scanned apart, under its
// source-qualified name, with the conflict recorded; a name that shares
// the victim's launch gets a row too, without hiding the victim's.
func TestIdentityAcrossRegistries(t *testing.T) {
	t.Parallel()
	victim := sweeptest.Start("victim", "1.0.0", sweeptest.Good())
	attacker := sweeptest.Start("attacker", "1.0.0", sweeptest.Poor())
	t.Cleanup(victim.Close)
	t.Cleanup(attacker.Close)
	early, late := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		regs []hostileRegistry
		// want maps every name that must have a row to the endpoint its
		// latest scan ran against.
		want map[string]string
		// conflict is the victim name whose page must show a conflict
		// ("" for none).
		conflict string
		jobs     int64
	}{
		{"later-updated collision from a non-official source", []hostileRegistry{
			{"official@mirror-a", []registrytest.Entry{{Name: "dev.victim/tool", Version: "1.0.0", RemoteURL: victim.URL(), UpdatedAt: early}}},
			{"official@mirror-b", []registrytest.Entry{{Name: "dev.victim/tool", Version: "1.0.0", RemoteURL: attacker.URL(), UpdatedAt: late}}},
		}, map[string]string{"dev.victim/tool": victim.URL(), "official@mirror-b:dev.victim/tool": attacker.URL()}, "dev.victim/tool", 2},
		{"official vs other on a verified namespace, attacker listed first", []hostileRegistry{
			{"official@evil", []registrytest.Entry{
				{Name: "io.github.victim/tool", Version: "1.0.0", RemoteURL: attacker.URL(), UpdatedAt: late},
				{Name: "io.github.victim/tool", Version: "9.9.9", RemoteURL: attacker.URL(), UpdatedAt: late}}},
			{registry.SourceOfficial, []registrytest.Entry{{Name: "io.github.victim/tool", Version: "1.0.0", RemoteURL: victim.URL(), UpdatedAt: early}}},
		}, map[string]string{"io.github.victim/tool": victim.URL(), "official@evil:io.github.victim/tool": attacker.URL()}, "io.github.victim/tool", 2},
		{"shared launch listed first by the attacker", []hostileRegistry{
			{"official@evil", []registrytest.Entry{{Name: "io.github.attacker/copy", Version: "1.0.0", RemoteURL: victim.URL(), UpdatedAt: late}}},
			{registry.SourceOfficial, []registrytest.Entry{
				{Name: "io.github.victim/tool", Version: "1.0.0", RemoteURL: victim.URL(), UpdatedAt: early},
				{Name: "io.github.victim/tool-alias", Version: "1.0.0", RemoteURL: victim.URL(), UpdatedAt: early}}},
		}, map[string]string{"io.github.victim/tool": victim.URL(), "io.github.victim/tool-alias": victim.URL(),
			"io.github.attacker/copy": victim.URL()}, "", 1},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			p := sweepRegistries(t, dir, fmt.Sprintf("id%d", i), tc.regs)
			if p.Expected != tc.jobs || p.Done != tc.jobs {
				t.Fatalf("sweep: %+v; want %d jobs scanned", p, tc.jobs)
			}
			assertIdentity(t, dir, tc.want, tc.conflict)
			// The next sweep skips the unchanged scans, and every name
			// keeps its row.
			p = sweepRegistries(t, dir, fmt.Sprintf("id%db", i), tc.regs)
			if p.Skipped != tc.jobs || p.Expected != 0 {
				t.Errorf("second sweep: %+v; want all %d skipped as unchanged", p, tc.jobs)
			}
			assertIdentity(t, dir, tc.want, tc.conflict)
		})
	}
}

// assertIdentity checks the store under dir: each name of want has a
// board row and a history (its page and badge) whose latest scan ran at
// want's endpoint; conflict's page shows the conflict.
func assertIdentity(t *testing.T, dir string, want map[string]string, conflict string) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, store.SQLiteURL(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	lb, err := st.Leaderboard(ctx, store.LeaderboardQuery{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]bool{}
	for _, l := range [][]store.Scan{lb.Ranked, lb.Unranked, lb.Unscored} {
		for _, s := range l {
			rows[s.Name] = true
		}
	}
	if lb.Total != len(want) {
		t.Errorf("board holds %d rows (%v), want %d", lb.Total, rows, len(want))
	}
	for name, endpoint := range want {
		if !rows[name] {
			t.Errorf("%s has no board row (rows: %v)", name, rows)
		}
		hist, err := st.History(ctx, name)
		if err != nil || len(hist) == 0 {
			t.Errorf("%s: page and badge say not scanned (history %v, %v)", name, hist, err)
			continue
		}
		if hist[0].Status != schema.StatusOK {
			t.Errorf("%s: latest scan %s (%s)", name, hist[0].Status, hist[0].Reason)
		}
		r, err := st.Result(ctx, hist[0].JobID)
		if err != nil {
			t.Fatal(err)
		}
		if r.Artifact == nil || r.Artifact.URL != endpoint {
			t.Errorf("%s was scanned at %+v, want %s", name, r.Artifact, endpoint)
		}
	}
	if conflict == "" {
		return
	}
	links, err := st.NameLinks(ctx, conflict)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, l := range links {
		if l.Kind == store.LinkConflict && rows[l.OtherName] {
			found = true
		}
	}
	if !found {
		t.Errorf("%s's page records no conflict with the listing scanned apart: %+v", conflict, links)
	}
}
