package action_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

// runnerOS and runnerArch are what the Actions runner sets for this host.
func runnerOS() string {
	return map[string]string{"linux": "Linux", "darwin": "macOS", "windows": "Windows"}[runtime.GOOS]
}

func runnerArch() string {
	return map[string]string{"amd64": "X64", "arm64": "ARM64"}[runtime.GOARCH]
}

// releaseArchive is a goreleaser-shaped tar.gz holding an executable
// "mcpgauge" (a script printing its version).
func releaseArchive(t *testing.T, version string) []byte {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	script := []byte("#!/bin/sh\necho 'mcpgauge " + version + "'\n")
	for _, f := range []struct {
		name string
		body []byte
		mode int64
	}{{"README.md", []byte("# mcpgauge\n"), 0o644}, {"mcpgauge", script, 0o755}} {
		if err := tw.WriteHeader(&tar.Header{Name: f.name, Mode: f.mode, Size: int64(len(f.body))}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write(f.body); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestActionDownloadsRelease runs the action's download step against a
// loopback server laid out as GitHub's release downloads
// (<base>/<tag>/<archive> and <base>/<tag>/checksums.txt, the names
// .goreleaser.yaml gives them). A good release is used and the build
// steps are skipped; a branch ref, a missing release or a wrong checksum
// falls back to building. Nothing here reaches GitHub.
func TestActionDownloadsRelease(t *testing.T) {
	t.Parallel()
	if runnerOS() == "" || runnerArch() == "" {
		t.Skipf("no release target for %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	root := shareddata.RepoRoot(t)
	a := loadAction(t, root)
	var download step
	var skipped []string
	for _, s := range a.Runs.Steps {
		if s.ID == "release" {
			download = s
		} else if s.If == "steps.release.outputs.found != 'true'" {
			skipped = append(skipped, s.Name+s.Uses)
		}
	}
	if download.Run == "" || len(skipped) != 2 {
		t.Fatalf("want a download step (id release) and two build steps conditional on it, got %q and %v", download.Name, skipped)
	}

	const version = "1.2.3"
	archive := fmt.Sprintf("mcpgauge_%s_%s_%s.tar.gz", version, runtime.GOOS, runtime.GOARCH)
	body := releaseArchive(t, version)
	sum := sha256.Sum256(body)
	good := hex.EncodeToString(sum[:]) + "  " + archive + "\n"
	bad := hex.EncodeToString(make([]byte, 32)) + "  " + archive + "\n"

	cases := []struct {
		name, ref, checksums string
		serve                bool
		found                string
		requests             int64
	}{
		{"release", "v" + version, good, true, "true", 2},
		{"branch builds", "main", good, true, "false", 0},
		{"no release builds", "v" + version, good, false, "false", 1},
		{"wrong checksum builds", "v" + version, bad, true, "false", 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var requests atomic.Int64
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				requests.Add(1)
				switch {
				case !c.serve:
					http.NotFound(w, r)
				case r.URL.Path == "/releases/v"+version+"/"+archive:
					_, _ = w.Write(body)
				case r.URL.Path == "/releases/v"+version+"/checksums.txt":
					_, _ = w.Write([]byte(c.checksums))
				default:
					http.NotFound(w, r)
				}
			}))
			defer srv.Close()
			st := download
			st.Env = map[string]string{}
			for k, v := range download.Env {
				st.Env[k] = v
			}
			st.Env["RELEASES"] = srv.URL + "/releases"
			r := &runner{t: t, root: root, work: t.TempDir(), temp: t.TempDir(), event: "push", ref: c.ref,
				inputs: map[string]string{}, outputs: map[string]map[string]string{}}
			one := a
			one.Runs.Steps = []step{st}
			if code, _ := r.run(one); code != 0 {
				t.Fatalf("download step exited %d", code)
			}
			if got := r.outputs["release"]["found"]; got != c.found {
				t.Errorf("found = %q, want %q", got, c.found)
			}
			if n := requests.Load(); n != c.requests {
				t.Errorf("%d requests to the release server, want %d", n, c.requests)
			}
			bin := filepath.Join(r.temp, "mcpgauge-bin", "mcpgauge")
			out, err := exec.Command(bin, "--version").CombinedOutput()
			if c.found == "true" && (err != nil || string(out) != "mcpgauge "+version+"\n") {
				t.Errorf("downloaded binary --version = %q, %v", out, err)
			}
			if c.found == "false" && err == nil {
				t.Errorf("a binary was left at %s although the release was not used", bin)
			}
		})
	}
}
