package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// bombTarball is an npm package (under 1 MB gzipped) that unpacks beyond
// an install cap: files of size bytes each.
func bombTarball(t *testing.T, name string, files, size int) []byte {
	t.Helper()
	pj, _ := json.Marshal(map[string]any{"name": name, "version": "1.0.0", "bin": map[string]string{name: "index.js"}})
	fs := []tarFile{{"package/package.json", string(pj)}, {"package/index.js", "#!/usr/bin/env node\n"}}
	// Zeros with a pseudo-random byte every 256: gzip still shrinks it
	// about 60-fold, under npm's own limit on the decompression ratio
	// (1000), as the 2.8 MB tarball that unpacked to 1.6 GB was.
	raw := make([]byte, size)
	x := uint32(2463534242)
	for i := 0; i < size; i += 256 {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		raw[i] = byte(x)
	}
	body := string(raw)
	for i := range files {
		fs = append(fs, tarFile{fmt.Sprintf("package/d%d/f%d.bin", i/500, i), body})
	}
	return npmTarball(t, fs)
}

// TestInstallBomb is issue 22 §3: an npm tarball of under 1 MB that unpacks
// to more than the install cap (one 40 MB file of zeros; 3,000 small files)
// fails install_failed with the cap in the reason, and nothing of it is
// left in the package cache. In the bubblewrap sandbox npm writes into a
// tmpfs of the cap's size (the large file runs it out of space, so the disk
// never sees more than the cap); without bubblewrap the finished install is
// measured. The caps are small (20 MB, 1,000 files) to keep the test's
// disk and memory bounded.
func TestInstallBomb(t *testing.T) {
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("npm not installed")
	}
	caps := InstallCaps{Bytes: 20 << 20, Files: 1000}
	bombs := []struct {
		name        string
		files, size int
	}{
		{"mcpgauge-bomb-large", 1, 40 << 20},
		{"mcpgauge-bomb-many", 3000, 16},
	}
	for _, sandboxed := range []bool{true, false} {
		for _, b := range bombs {
			t.Run(map[bool]string{true: "bwrap", false: "host"}[sandboxed]+"/"+b.name, func(t *testing.T) {
				var sb Sandbox
				if sandboxed {
					sb = requireBwrap(t)
				}
				reg := fakeNPMRegistry(t, b.name, bombTarball(t, b.name, b.files, b.size))
				n := &NPM{Cache: sandboxReadableDir(t), Registries: []string{reg.URL}, Caps: caps}
				ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
				defer cancel()
				_, err := n.Install(ctx, registry.PlanPackage{Identifier: b.name, Version: "1.0.0"}, InstallOptions{Sandbox: sb})
				var ie *InstallError
				if !errors.As(err, &ie) || ie.Status != schema.StatusInstallFailed || ie.Kind != InstallTooLarge {
					t.Fatalf("install of %s: %v, want install_failed (too_large)", b.name, err)
				}
				t.Logf("%v", err)
				if !strings.Contains(ie.Reason, "install cap of 20 MB or 1000 files") {
					t.Errorf("reason %q does not name the cap", ie.Reason)
				}
				ents, err := os.ReadDir(filepath.Join(n.Cache, "npm"))
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range ents {
					if !strings.HasSuffix(e.Name(), ".lock") {
						t.Errorf("%s is left in the package cache", e.Name())
					}
				}
			})
		}
	}
}
