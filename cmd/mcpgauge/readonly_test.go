package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/store"
)

// TestReadOnlyCommandsNeverCreateAStore: leaderboard, history, ecosystem
// and serve only read. Pointed at a store that does not exist (by
// --store, MCPGAUGE_STORE, MCPGAUGE_STORE_FILE or an empty --data-dir),
// each exits 2 with one error naming the path it looked for and how to
// make a store, and creates nothing. (It sets the environment, so it does
// not run in parallel.)
func TestReadOnlyCommandsNeverCreateAStore(t *testing.T) {
	commands := map[string][]string{
		"leaderboard": {"leaderboard"},
		"history":     {"history", "io.test/x"},
		"ecosystem":   {"ecosystem"},
		"serve":       {"serve", "--listen", "127.0.0.1:0"},
	}
	for name, args := range commands {
		for _, via := range []string{"flag", "MCPGAUGE_STORE", "MCPGAUGE_STORE_FILE", "data-dir"} {
			t.Run(name+"/"+via, func(t *testing.T) {
				dir := t.TempDir()
				path := filepath.Join(dir, "wrong", "path.db")
				url := "sqlite://" + path
				full := append(append([]string(nil), args...), "--no-config")
				switch via {
				case "flag":
					full = append(full, "--store", url)
				case "MCPGAUGE_STORE":
					t.Setenv("MCPGAUGE_STORE", url)
				case "MCPGAUGE_STORE_FILE":
					f := filepath.Join(dir, "store-url")
					if err := os.WriteFile(f, []byte(url+"\n"), 0o600); err != nil {
						t.Fatal(err)
					}
					t.Setenv("MCPGAUGE_STORE_FILE", f)
				case "data-dir":
					path = filepath.Join(dir, "data", store.SQLiteFile)
					full = append(full, "--data-dir", filepath.Join(dir, "data"))
				}
				code, _, stderr := cli(t, full...)
				if code != exitUsage {
					t.Errorf("exit %d, want %d; stderr:\n%s", code, exitUsage, stderr)
				}
				if n := strings.Count(stderr, "no store at "+path); n != 1 {
					t.Errorf("stderr names the missing store %s %d times, want once:\n%s", path, n, stderr)
				}
				if !strings.Contains(stderr, "run a sweep to create it") {
					t.Errorf("stderr does not say how to create a store:\n%s", stderr)
				}
				if _, err := os.Stat(path); !os.IsNotExist(err) {
					t.Errorf("%s exists after a read-only command (%v)", path, err)
				}
				if _, err := os.Stat(filepath.Dir(path)); !os.IsNotExist(err) {
					t.Errorf("%s was created by a read-only command (%v)", filepath.Dir(path), err)
				}
			})
		}
	}
}

// TestMissingRegistryErrorPrintedOnce: a sweep over a registry file that
// does not exist fails with the error printed once (it used to be logged,
// repeated as a warning and then printed as the error).
func TestMissingRegistryErrorPrintedOnce(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	code, _, stderr := cli(t, "sweep", "--no-config", "--registry", "file://"+filepath.Join(dir, "missing.json"),
		"--data-dir", dir, "--sandbox", "none", "--workers", "1")
	if code != exitUsage {
		t.Errorf("exit %d, want %d:\n%s", code, exitUsage, stderr)
	}
	if n := strings.Count(stderr, "missing.json: no such file or directory"); n != 1 {
		t.Errorf("the missing file's error is printed %d times, want once:\n%s", n, stderr)
	}
}
