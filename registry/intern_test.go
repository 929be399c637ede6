package registry

import (
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
)

func TestInternerSharesStringsWithoutChangingValues(t *testing.T) {
	t.Parallel()
	mk := func(v string) Server {
		// Fresh copies of equal text, as a JSON decoder makes them.
		desc := string([]byte("A knowledge graph server"))
		return Server{Name: "io.x/" + string([]byte("s")), Version: v, Description: desc,
			Packages: []Package{{RegistryType: string([]byte("npm")), Identifier: string([]byte("@x/s"))}},
			Sources:  []Listing{{Source: string([]byte("official")), Name: "io.x/s"}}}
	}
	a, b := mk("1.0.0"), mk("1.1.0")
	wantA, wantB := a, b
	in := NewInterner()
	in.Server(&a)
	in.Server(&b)
	if diff := cmp.Diff(wantA, a); diff != "" {
		t.Fatalf("interning changed a value:\n%s", diff)
	}
	if diff := cmp.Diff(wantB, b); diff != "" {
		t.Fatalf("interning changed a value:\n%s", diff)
	}
	same := func(x, y string) bool { return unsafe.StringData(x) == unsafe.StringData(y) }
	if !same(a.Description, b.Description) || !same(a.Packages[0].Identifier, b.Packages[0].Identifier) || !same(a.Sources[0].Source, b.Sources[0].Source) {
		t.Fatal("equal strings of two entries still have separate copies")
	}
	if same(a.Version, b.Version) {
		t.Fatal("different strings must stay different")
	}
}

func TestInternerOnTheRealCrawl(t *testing.T) {
	t.Parallel()
	doc := loadDoc(t, crawlDec)
	servers := doc.Servers
	in := NewInterner()
	for i := range servers {
		in.Server(&servers[i])
	}
	if in.Len() == 0 || in.Len() > len(servers)*20 {
		t.Fatalf("%d distinct strings over %d entries", in.Len(), len(servers))
	}
}
