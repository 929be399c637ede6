package storetest

import (
	"testing"

	"github.com/mcpgauge/mcpgauge/store"
)

func nameLinkTests() []suiteCase {
	return []suiteCase{
		{"NameLinksRoundTrip", testNameLinks},
		{"NameLinksRefuseInvalid", testNameLinksInvalid},
	}
}

func testNameLinks(t *testing.T, s store.Store) {
	if got, err := s.NameLinks(ctx(t), "io.github.victim/tool"); err != nil || len(got) != 0 {
		t.Fatalf("NameLinks on an empty store = %v, %v; want none", got, err)
	}
	conflict := store.NameLink{SweepID: "s1", Name: "io.github.victim/tool", Version: "1.0.0", Kind: store.LinkConflict,
		OtherName: "smithery:io.github.victim/tool", OtherVersion: "1.0.0", Source: "smithery", Reason: "different launch", CreatedAt: at(1)}
	alias := store.NameLink{SweepID: "s1", Name: "io.github.victim/tool", Version: "1.0.0", Kind: store.LinkAlias,
		OtherName: "io.github.attacker/copy", OtherVersion: "1.0.0", CreatedAt: at(1)}
	later := conflict
	later.SweepID, later.CreatedAt, later.Reason = "s2", at(2), "version not listed by the owner"
	if _, err := s.InsertNameLinks(ctx(t), []store.NameLink{conflict, alias}); err != nil {
		t.Fatal(err)
	}
	// Re-inserting changes nothing.
	if _, err := s.InsertNameLinks(ctx(t), []store.NameLink{conflict}); err != nil {
		t.Fatal(err)
	}
	got, err := s.NameLinks(ctx(t), "io.github.victim/tool")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0] != alias || got[1] != conflict {
		t.Fatalf("NameLinks = %+v, want the alias then the conflict", got)
	}
	if other, _ := s.NameLinks(ctx(t), "io.github.attacker/copy"); len(other) != 0 {
		t.Errorf("links of another name: %+v", other)
	}
	// A later sweep's links are the ones shown.
	if _, err := s.InsertNameLinks(ctx(t), []store.NameLink{later}); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.NameLinks(ctx(t), "io.github.victim/tool"); len(got) != 1 || got[0] != later {
		t.Fatalf("after a later sweep, NameLinks = %+v, want %+v", got, later)
	}
}

func testNameLinksInvalid(t *testing.T, s store.Store) {
	good := store.NameLink{SweepID: "s1", Name: "a.b/c", Version: "1", Kind: store.LinkAlias, OtherName: "a.b/d", CreatedAt: at(1)}
	bad := good
	bad.Kind = "owner"
	if _, err := s.InsertNameLinks(ctx(t), []store.NameLink{good, bad}); err == nil {
		t.Fatal("a link of an unknown kind was stored")
	}
	if got, _ := s.NameLinks(ctx(t), "a.b/c"); len(got) != 0 {
		t.Fatalf("a refused batch was partly stored: %+v", got)
	}
}
