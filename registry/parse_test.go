package registry

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestParseCrawlCounts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file           string
		shape          Shape
		versions       int
		names          int
		registryLatest int
	}{
		{crawlDec, ShapeWrapped, 2794, 1108, 1108},
		{crawlCamel, ShapeFlatCamel, 789, 461, 461},
		{crawlSnake, ShapeFlatSnake, 548, 347, 347},
		{seedFile, ShapeBare, 358, 358, 0},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			doc := loadDoc(t, tc.file)
			if doc.Shapes[tc.shape] != tc.versions || len(doc.Shapes) != 1 {
				t.Errorf("shapes %v, want all %d %s", doc.Shapes, tc.versions, tc.shape)
			}
			names := map[string]bool{}
			latest := 0
			for _, s := range doc.Servers {
				names[s.Name] = true
				if s.RegistryLatest {
					latest++
				}
				// Real September data has four records with version "".
				if s.Name == "" || s.Status == "" {
					t.Fatalf("entry without name or status: %+v", s)
				}
			}
			if len(doc.Servers) != tc.versions || len(names) != tc.names || latest != tc.registryLatest {
				t.Errorf("%d versions, %d names, %d isLatest; want %d, %d, %d",
					len(doc.Servers), len(names), latest, tc.versions, tc.names, tc.registryLatest)
			}
		})
	}
}

// The same publication read from the three historical shapes normalises to
// the same Server, apart from what changed between the crawls: the $schema
// URL, the registry's isLatest, and timestamps the registry rounded from
// nanoseconds to microseconds.
func TestParseShapesAgree(t *testing.T) {
	t.Parallel()
	byKey := func(doc Document) map[string]Server {
		m := map[string]Server{}
		for _, s := range doc.Servers {
			m[s.Key()] = s
		}
		return m
	}
	dec, camel, snake := byKey(loadDoc(t, crawlDec)), byKey(loadDoc(t, crawlCamel)), byKey(loadDoc(t, crawlSnake))
	opts := cmp.Options{
		cmpopts.IgnoreFields(Server{}, "Schema", "RegistryLatest", "Sources", "Status", "UpdatedAt"),
		cmp.Comparer(func(a, b time.Time) bool { return a.Round(time.Microsecond).Equal(b.Round(time.Microsecond)) }),
		cmpopts.EquateEmpty(),
	}
	compared, withPackages, withEnv, differ := 0, 0, 0, 0
	for k, s := range snake {
		c, ok1 := camel[k]
		d, ok2 := dec[k]
		if !ok1 || !ok2 {
			continue
		}
		compared++
		if len(s.Packages) > 0 {
			withPackages++
			for _, p := range s.Packages {
				if len(p.EnvironmentVariables) > 0 {
					withEnv++
					break
				}
			}
		}
		if diff := cmp.Diff(s, c, opts); diff != "" {
			differ++
			t.Errorf("%s: snake vs camel (-snake +camel):\n%s", k, diff)
		}
		// Between September and December the registry itself rewrote
		// two things (the 2025-10-11 package refactor): it dropped the
		// version of MCPB packages whose URL does not repeat it, and it
		// lengthened NuGet base URLs. Everything else must agree.
		if diff := cmp.Diff(registryRewrites(c), registryRewrites(d), opts); diff != "" {
			differ++
			t.Errorf("%s: camel vs wrapped (-camel +wrapped):\n%s", k, diff)
		}
	}
	if compared < 100 || withPackages < 30 || withEnv < 10 {
		t.Fatalf("only %d publications in all three crawls (%d with packages, %d with env); the comparison proves little", compared, withPackages, withEnv)
	}
	t.Logf("compared %d publications (%d with packages, %d with env vars)", compared, withPackages, withEnv)
}

func registryRewrites(s Server) Server {
	s.Packages = append([]Package(nil), s.Packages...)
	for i := range s.Packages {
		p := &s.Packages[i]
		if p.RegistryType == "mcpb" {
			p.Version = ""
		}
		if p.RegistryType == "nuget" {
			p.RegistryBaseURL = strings.TrimSuffix(p.RegistryBaseURL, "/v3/index.json")
		}
	}
	return s
}

func TestParseLargeArrayErrorsNameTheRecord(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("[")
	for i := range 300 {
		if i > 0 {
			b.WriteString(",\n")
		}
		switch i {
		case 257:
			b.WriteString(`{"server":{"name":"a/b","packages":{"not":"a list"}}}`)
		default:
			b.WriteString(`{"server":{"name":"a/b","version":"1"}}`)
		}
	}
	b.WriteString("]")
	_, err := ParseOfficial([]byte(b.String()), "t")
	if err == nil || !strings.Contains(err.Error(), "record 257") {
		t.Fatalf("want an error naming record 257, got %v", err)
	}
	ok := strings.Replace(b.String(), `"packages":{"not":"a list"}`, `"version":"2"`, 1)
	doc, err := ParseOfficial([]byte(ok), "t")
	if err != nil || len(doc.Servers) != 300 || doc.Servers[257].Version != "2" || doc.Servers[299].Version != "1" {
		t.Fatalf("parallel decode: %v, %d servers", err, len(doc.Servers))
	}
	if _, err := ParseOfficial([]byte(ok+" trailing"), "t"); err == nil {
		t.Error("trailing garbage accepted")
	}
}
