package worker

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/schema"
)

// TestLocalBindsAreReadOnly: a local sandboxed scan shows the server the
// paths its command line names (here a data file in a project directory)
// and binds them read-only: the server reads the file, but cannot write
// into the directory even though the host directory is world-writable
// (so only the read-only bind can stop it), and nothing appears on the
// host.
func TestLocalBindsAreReadOnly(t *testing.T) {
	sb := requireBwrap(t)
	bins := buildHostile(t)
	proj := filepath.Join(sandboxReadableDir(t), "proj")
	if err := os.Mkdir(proj, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(proj, 0o777); err != nil { // past the umask
		t.Fatal(err)
	}
	for name, body := range map[string]string{"package.json": "{}", "data.txt": "PROJECT-DATA-41c2"} {
		if err := os.WriteFile(filepath.Join(proj, name), []byte(body), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	opts := localOpts(sb)
	opts.Scan.Connect.Timeout = 90 * time.Second
	opts.Deadline = 3 * time.Minute
	out := ScanTarget(context.Background(), binTarget(bins["snoop"], "-file", filepath.Join(proj, "data.txt")), opts)
	checkResult(t, out.Result, schema.StatusOK)
	d := toolDescription(t, out)
	t.Logf("snoop: %.200s", d)
	for _, want := range []string{"file=PROJECT-DATA-41c2", "write=denied"} {
		if !strings.Contains(d, want) {
			t.Errorf("snoop report %q lacks %q", d, want)
		}
	}
	if _, err := os.Stat(filepath.Join(proj, "planted")); err == nil {
		t.Error("the sandboxed server planted a file in the host project directory")
	}
	noSandboxProcesses(t, "snoop")
}
