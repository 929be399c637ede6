package registry

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/registry/registrytest"
)

// pullRegistries serves each registry's entries from a fake official-API server
// and pulls them in order, as the coordinator does; a registry named
// "official" gets the official registry's standing.
func pullRegistries(t *testing.T, regs []fakeRegistry) []Server {
	t.Helper()
	var all []Server
	for _, r := range regs {
		srv, err := registrytest.NewOfficial(registrytest.Records(r.entries...), registrytest.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(srv.Close)
		src := NewOfficial(Config{URL: srv.URL, Name: r.name, RequestsPerSecond: 1000})
		if err := src.Pull(context.Background(), Query{}, func(s Server) error { all = append(all, s); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	return all
}

type fakeRegistry struct {
	name    string
	entries []registrytest.Entry
}

func TestIdentityHostileRegistries(t *testing.T) {
	t.Parallel()
	early, late := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	const victimURL, evilURL = "https://victim.example/mcp", "https://evil.example/mcp"
	tests := []struct {
		name string
		regs []fakeRegistry
		// want maps each stored name to the URL or package it launches.
		want map[string]string
		// conflicts is how many listings were split off their name.
		conflicts int
		// shared: names scanned by one target.
		shared []string
	}{
		{"later-updated collision from another source", []fakeRegistry{
			{"official@mirror-a", []registrytest.Entry{{Name: "dev.victim/tool", Version: "1.0.0", RemoteURL: victimURL, UpdatedAt: early}}},
			{"official@mirror-b", []registrytest.Entry{{Name: "dev.victim/tool", Version: "1.0.0", RemoteURL: evilURL, UpdatedAt: late}}},
		}, map[string]string{"dev.victim/tool": victimURL, "official@mirror-b:dev.victim/tool": evilURL}, 1, nil},
		{"official wins its verified namespace, attacker listed first", []fakeRegistry{
			{"official@evil", []registrytest.Entry{
				{Name: "io.github.victim/tool", Version: "1.0.0", RemoteURL: evilURL, UpdatedAt: late},
				{Name: "io.github.victim/tool", Version: "9.9.9", RemoteURL: evilURL, UpdatedAt: late}}},
			{SourceOfficial, []registrytest.Entry{{Name: "io.github.victim/tool", Version: "1.0.0", RemoteURL: victimURL, UpdatedAt: early}}},
		}, map[string]string{"io.github.victim/tool": victimURL, "official@evil:io.github.victim/tool": evilURL}, 2, nil},
		{"shared launch listed first by the attacker", []fakeRegistry{
			{"official@evil", []registrytest.Entry{{Name: "io.github.attacker/copy", Version: "1.0.0", Package: "@victim/tool", UpdatedAt: late}}},
			{SourceOfficial, []registrytest.Entry{{Name: "io.github.victim/tool", Version: "1.0.0", Package: "@victim/tool", UpdatedAt: early}}},
		}, map[string]string{"io.github.attacker/copy": "@victim/tool", "io.github.victim/tool": "@victim/tool"}, 0,
			[]string{"io.github.attacker/copy@1.0.0", "io.github.victim/tool@1.0.0"}},
		{"a listing named like another source's split-off one", []fakeRegistry{
			{"official@mirror-a", []registrytest.Entry{{Name: "dev.victim/tool", Version: "1.0.0", RemoteURL: victimURL}}},
			{"official@mirror-b", []registrytest.Entry{{Name: "dev.victim/tool", Version: "1.0.0", RemoteURL: victimURL + "/v2"}}},
			{"official@evil", []registrytest.Entry{{Name: "official@mirror-b:dev.victim/tool", Version: "1.0.0", RemoteURL: evilURL}}},
		}, map[string]string{"dev.victim/tool": victimURL, "official@mirror-b:dev.victim/tool": victimURL + "/v2",
			"official@evil:official@mirror-b:dev.victim/tool": evilURL}, 2, nil},
		{"agreeing listings merge without replacing the owner's record", []fakeRegistry{
			{SourceOfficial, []registrytest.Entry{{Name: "io.github.victim/tool", Version: "1.0.0", RemoteURL: victimURL, UpdatedAt: early}}},
			{"official@mirror", []registrytest.Entry{{Name: "io.github.victim/tool", Version: "1.0.0", RemoteURL: victimURL + "/", UpdatedAt: late}}},
		}, map[string]string{"io.github.victim/tool": victimURL}, 0, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			norm, rep := Normalise(pullRegistries(t, tc.regs), NormaliseOptions{LatestOnly: true})
			if rep.Conflicts != tc.conflicts {
				t.Errorf("%d conflicts, want %d", rep.Conflicts, tc.conflicts)
			}
			got := map[string]string{}
			for _, s := range norm {
				p := PlanFor(s, PlanOptions{})
				launch := p.URL
				if p.Package != nil {
					launch = p.Package.Identifier
				}
				if prev, dup := got[s.Name]; dup {
					t.Errorf("name %s kept twice (%s and %s)", s.Name, prev, launch)
				}
				got[s.Name] = launch
				if s.ListedAs != "" && len(s.Conflicts) == 0 {
					t.Errorf("split-off %s records no conflict", s.Name)
				}
			}
			if len(got) != len(tc.want) {
				t.Errorf("names %v, want %v", got, tc.want)
			}
			for name, launch := range tc.want {
				if got[name] != launch {
					t.Errorf("%s launches %q, want %q (all: %v)", name, got[name], launch, got)
				}
			}
			if tc.conflicts > 0 {
				for _, s := range norm {
					if s.ListedAs == "" && len(s.Conflicts) == 0 {
						t.Errorf("the owner's %s does not show the conflict", s.Key())
					}
				}
			}
			targets := Dedupe(norm)
			if tc.shared != nil {
				if len(targets) != 1 || !slices.Equal(targets[0].Names, tc.shared) || len(targets[0].Members) != len(tc.shared) {
					t.Fatalf("targets %+v, want one scanning %v", targets, tc.shared)
				}
			} else if len(targets) != len(tc.want) {
				t.Errorf("%d targets, want %d (both sides scanned)", len(targets), len(tc.want))
			}
		})
	}
}

// TestIdentityIncremental: on an incremental pull the official registry
// sends only what changed, so a victim's unchanged name is absent; another
// source's listing of it must still not take it.
func TestIdentityIncremental(t *testing.T) {
	t.Parallel()
	evil := Server{Name: "io.github.victim/tool", Version: "1.0.0", Status: StatusActive,
		Remotes: []Remote{{Type: "streamable-http", URL: "https://evil.example/mcp"}},
		Sources: []Listing{{Source: "smithery", Name: "io.github.victim/tool"}}}
	own := Server{Name: "acme/own", Version: "1", Status: StatusActive,
		Remotes: []Remote{{Type: "streamable-http", URL: "https://acme.example/mcp"}},
		Sources: []Listing{{Source: "smithery", Name: "acme/own"}}}
	for _, tc := range []struct {
		incremental bool
		want        []string
	}{
		{false, []string{"io.github.victim/tool", "acme/own"}},
		{true, []string{"smithery:io.github.victim/tool", "acme/own"}},
	} {
		out, rep := Normalise([]Server{evil, own}, NormaliseOptions{LatestOnly: true, OfficialOwnsVerified: tc.incremental})
		var got []string
		for _, s := range out {
			got = append(got, s.Name)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("officialOwnsVerified=%v: names %v, want %v", tc.incremental, got, tc.want)
		}
		if tc.incremental && (rep.Conflicts != 1 || out[0].ListedAs != evil.Name || len(out[0].Conflicts) != 1 || out[0].Conflicts[0].Source != SourceOfficial) {
			t.Errorf("split-off listing %+v (report %+v)", out[0], rep)
		}
	}
}

func TestVerifiedNamespace(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{
		"io.github.victim/tool": true, "com.example/x": true, "io.github.Victim-1/x": true,
		"a/x": false, "@scope/x": false, "io.github./x": false, "com.example": false,
		"com.example/x/y": false, "1com.example/x": false, "smithery:io.github.v/x": false, "c.e_x/y": false,
	} {
		if got := VerifiedNamespace(name); got != want {
			t.Errorf("VerifiedNamespace(%q) = %v, want %v", name, got, want)
		}
	}
}
