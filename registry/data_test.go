package registry

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedData returns the path of a file under <repo root>/../shared/data/registry,
// skipping the test (or failing it when CI=true) if it is missing.
func sharedData(t testing.TB, name string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test directory")
		}
		dir = parent
	}
	p := filepath.Join(dir, "..", "shared", "data", "registry", name)
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("test data missing: %v", err)
		}
		t.Skipf("test data missing: %v", err)
	}
	return p
}

const (
	crawlDec   = "official-v0-servers_2025-12-18T0842Z.json"
	crawlCamel = "official-v0-servers_2025-09-30T1634Z_legacy-flat-camel.json"
	crawlSnake = "official-v0-servers_2025-09-21T0830Z_legacy-flat-snake.json"
	seedFile   = "registry-repo-seed_2025-09-29.json"
)

func loadDoc(t testing.TB, name string) Document {
	t.Helper()
	data, err := os.ReadFile(sharedData(t, name))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ParseOfficial(data, "file")
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return doc
}
