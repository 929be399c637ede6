package registry

import (
	"os"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

// sharedData returns the path of a file under <repo root>/../shared/data/registry,
// skipping the test (or failing it when CI=true) if it is missing.
func sharedData(t testing.TB, name string) string {
	t.Helper()
	return shareddata.Path(t, "data", "registry", name)
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
