package registry

import (
	"slices"
	"testing"
	"time"
)

func ver(name, version string, published int, status Status) Server {
	base := time.Date(2025, 10, 1, 0, 0, 0, 0, time.UTC)
	return Server{
		Name: name, Version: version, Status: status,
		PublishedAt: base.Add(time.Duration(published) * time.Hour),
		UpdatedAt:   base.Add(time.Duration(published) * time.Hour),
		Sources:     []Listing{{Source: SourceOfficial, Name: name, Version: version}},
	}
}

func TestNormaliseLatest(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		in         []Server
		wantLatest string
		wantRule   string
	}{
		{"semver beats publish time", []Server{
			ver("a/x", "1.0.0", 1, StatusActive), ver("a/x", "0.2.0", 2, StatusActive), ver("a/x", "1.0.0-beta", 3, StatusActive),
		}, "1.0.0", LatestBySemver},
		{"semver numeric not string order", []Server{
			ver("a/x", "0.10.0", 1, StatusActive), ver("a/x", "0.9.0", 2, StatusActive),
		}, "0.10.0", LatestBySemver},
		{"one non-semver version: publish time", []Server{
			ver("a/x", "1.0.0", 1, StatusActive), ver("a/x", "1.0.0.post2", 2, StatusActive),
		}, "1.0.0.post2", LatestByPublishTime},
		{"v prefix is not strict semver", []Server{
			ver("a/x", "v2.0.0", 1, StatusActive), ver("a/x", "v1.0.0", 2, StatusActive),
		}, "v1.0.0", LatestByPublishTime},
		{"single", []Server{ver("a/x", "auto", 1, StatusActive)}, "auto", LatestOnlyVersion},
		{"deleted never latest", []Server{
			ver("a/x", "1.0.0", 1, StatusActive), ver("a/x", "2.0.0", 2, StatusDeleted),
		}, "1.0.0", LatestOnlyVersion},
		{"deprecated stays eligible", []Server{
			ver("a/x", "1.0.0", 1, StatusActive), ver("a/x", "2.0.0", 2, StatusDeprecated),
		}, "2.0.0", LatestBySemver},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out, rep := Normalise(tc.in, NormaliseOptions{})
			var latest []Server
			for _, s := range out {
				if s.IsLatest {
					latest = append(latest, s)
				}
				if s.LatestRule != tc.wantRule {
					t.Errorf("%s rule %q, want %q", s.Key(), s.LatestRule, tc.wantRule)
				}
				if s.Deprecated != (s.Status == StatusDeprecated) {
					t.Errorf("%s deprecated flag %v for status %s", s.Key(), s.Deprecated, s.Status)
				}
				if s.Status == StatusDeleted {
					t.Errorf("deleted %s kept", s.Key())
				}
			}
			if len(latest) != 1 || latest[0].Version != tc.wantLatest {
				t.Fatalf("latest %v, want %s", latest, tc.wantLatest)
			}
			if rep.Names != 1 || rep.LatestBy[tc.wantRule] != 1 {
				t.Errorf("report %+v", rep)
			}
			only, orep := Normalise(tc.in, NormaliseOptions{LatestOnly: true})
			if len(only) != 1 || only[0].Version != tc.wantLatest || !only[0].IsLatest || orep.Out != 1 {
				t.Errorf("LatestOnly kept %v (report out %d), want only %s", only, orep.Out, tc.wantLatest)
			}
		})
	}
}

func TestNormaliseKeepDeletedAndMerge(t *testing.T) {
	t.Parallel()
	a := ver("a/x", "1.0.0", 1, StatusActive)
	b := ver("a/x", "1.0.0", 2, StatusActive) // the same source read twice
	b.Description = "updated"
	c := ver("a/x", "1.0.0", 4, StatusActive) // another source, same launch
	c.Sources = []Listing{{Source: "official@staging.example", Name: "a/x", Version: "1.0.0"}}
	c.Description = "mirror's text"
	d := ver("a/x", "2.0.0", 3, StatusDeleted)
	in := []Server{a, b, c, d}
	out, rep := Normalise(in, NormaliseOptions{KeepDeleted: true})
	if len(out) != 2 || rep.Deleted != 1 {
		t.Fatalf("out %d deleted %d, want 2 and 1", len(out), rep.Deleted)
	}
	if len(out[0].Sources) != 2 || !out[0].UpdatedAt.Equal(b.UpdatedAt) || out[0].Description != "updated" {
		t.Errorf("duplicates not merged into the owner's later record with both listings: %+v", out[0])
	}
	if out[1].IsLatest || !out[0].IsLatest {
		t.Errorf("deleted entry took part in the latest decision")
	}
	if len(in[0].Sources) != 1 {
		t.Error("Normalise modified its input")
	}
	only, _ := Normalise(in, NormaliseOptions{KeepDeleted: true, LatestOnly: true})
	if len(only) != 1 || only[0].Version != "1.0.0" || only[0].Status == StatusDeleted {
		t.Errorf("KeepDeleted with LatestOnly kept %+v, want only the live 1.0.0", only)
	}
}

// In the December crawl our rule agrees with the registry's isLatest except
// on three names where a non-semver version was published after a semver
// one: the registry keeps the semver one, we take the newer publication.
func TestNormaliseDecemberAgainstRegistry(t *testing.T) {
	t.Parallel()
	doc := loadDoc(t, crawlDec)
	out, rep := Normalise(doc.Servers, NormaliseOptions{})
	if rep.Names != 1108 || rep.Out != 2794 || rep.Deleted != 0 {
		t.Fatalf("report %+v", rep)
	}
	if rep.NonSemver != 45 {
		t.Errorf("%d non-semver versions, want 45", rep.NonSemver)
	}
	var disagree []string
	for _, s := range out {
		if s.IsLatest && !s.RegistryLatest {
			disagree = append(disagree, s.Key())
			if s.LatestRule != LatestByPublishTime {
				t.Errorf("%s: disagreement decided by %s", s.Key(), s.LatestRule)
			}
		}
	}
	slices.Sort(disagree)
	want := []string{"com.qualityclouds/mcp-server-qualityclouds@1.0.1º", "finance.orbt/intelligence@3.3.0.1", "io.github.byteplant-dev/byteplant-mcp@1.0.0.post2"}
	if !slices.Equal(disagree, want) || rep.RegistryDisagrees != 3 {
		t.Errorf("disagreements %v (%d), want %v", disagree, rep.RegistryDisagrees, want)
	}
	// The README's 19 names whose isLatest is not the newest publication:
	// 16 all-semver ones where we agree, and the 3 mixed ones above.
	newest := map[string]Server{}
	for _, s := range out {
		if n, ok := newest[s.Name]; !ok || s.PublishedAt.After(n.PublishedAt) {
			newest[s.Name] = s
		}
	}
	agree, odd := 0, 0
	for _, s := range out {
		if s.RegistryLatest && newest[s.Name].Key() != s.Key() {
			odd++
			if s.IsLatest && s.LatestRule == LatestBySemver {
				agree++
			}
		}
	}
	if odd != 19 || agree != 16 {
		t.Errorf("%d names with isLatest off the newest version (want 19), we agree on %d (want 16)", odd, agree)
	}
	if rep.LatestBy[LatestBySemver]+rep.LatestBy[LatestByPublishTime]+rep.LatestBy[LatestOnlyVersion] != 1108 {
		t.Errorf("rules %v do not cover every name", rep.LatestBy)
	}
}

func TestDedupe(t *testing.T) {
	t.Parallel()
	npm := func(name, source, pkgVersion string) Server {
		return Server{Name: name, Version: "1.0.0", Status: StatusActive,
			Packages: []Package{{RegistryType: "npm", Identifier: "@acme/mcp", Version: pkgVersion, Transport: Transport{Type: "stdio"}}},
			Sources:  []Listing{{Source: source, Name: name, Version: "1.0.0"}}}
	}
	remote := func(name, source, u string) Server {
		return Server{Name: name, Version: "2", Status: StatusActive,
			Remotes: []Remote{{Type: "streamable-http", URL: u}},
			Sources: []Listing{{Source: source, Name: name, Version: "2"}}}
	}
	in := []Server{
		npm("com.acme/mcp", SourceSmithery, "1.2.3"),
		npm("io.github.acme/mcp", SourceOfficial, "1.2.3"),
		npm("io.github.acme/mcp-old", SourceOfficial, "1.2.2"),
		remote("a/r", SourceOfficial, "https://MCP.example.com/mcp/"),
		remote("b/r", SourceGlama, "https://mcp.example.com/mcp"),
		{Name: "c/none", Version: "1", Sources: []Listing{{Source: SourceOfficial, Name: "c/none"}}},
	}
	got := Dedupe(in)
	ids := make([]string, len(got))
	for i, tg := range got {
		ids[i] = tg.ID
	}
	want := []string{"npm:@acme/mcp@1.2.3", "npm:@acme/mcp@1.2.2", "remote:https://mcp.example.com/mcp", "server:c/none@1"}
	if !slices.Equal(ids, want) {
		t.Fatalf("targets %v, want %v", ids, want)
	}
	first := got[0]
	if first.Server.Name != "io.github.acme/mcp" || len(first.Server.Sources) != 2 || first.Server.Sources[0].Source != SourceOfficial {
		t.Errorf("merged target should prefer the official listing and keep both: %+v", first.Server)
	}
	if !slices.Equal(first.Names, []string{"com.acme/mcp@1.0.0", "io.github.acme/mcp@1.0.0"}) {
		t.Errorf("names %v", first.Names)
	}
	if len(got[2].Server.Sources) != 2 {
		t.Errorf("remote listings %v", got[2].Server.Sources)
	}
}

func TestDedupeWithoutListings(t *testing.T) {
	t.Parallel()
	s := Server{Name: "a/b", Version: "1", Remotes: []Remote{{Type: "sse", URL: "https://x/sse"}}}
	o := s
	o.Name, o.Sources = "c/d", []Listing{{Source: SourceOfficial, Name: "c/d"}}
	got := Dedupe([]Server{s, o})
	if len(got) != 1 || got[0].Server.Name != "c/d" || len(got[0].Names) != 2 {
		t.Errorf("targets %+v", got)
	}
}

func TestDedupeDecember(t *testing.T) {
	t.Parallel()
	doc := loadDoc(t, crawlDec)
	out, _ := Normalise(doc.Servers, NormaliseOptions{})
	var latest []Server
	for _, s := range out {
		if s.IsLatest {
			latest = append(latest, s)
		}
	}
	targets := Dedupe(latest)
	merged := 0
	listings := 0
	for _, tg := range targets {
		listings += len(tg.Server.Sources)
		if len(tg.Names) > 1 {
			merged++
		}
	}
	if listings != len(latest) {
		t.Errorf("targets remember %d listings, want %d", listings, len(latest))
	}
	if merged == 0 || len(targets) >= len(latest) {
		t.Errorf("%d targets from %d entries, %d merged: expected some names to share a package", len(targets), len(latest), merged)
	}
	t.Logf("%d latest entries -> %d scan targets (%d merged)", len(latest), len(targets), merged)
}
