package main

import (
	"archive/zip"
	"bytes"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestInstalledFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	modules := filepath.Join(dir, "node_modules")
	for _, err := range []error{
		os.MkdirAll(filepath.Join(modules, "pkg", "bridge"), 0o755),
		os.WriteFile(filepath.Join(modules, "pkg", "bridge", "server.cjs"), nil, 0o644),
		os.WriteFile(filepath.Join(dir, "outside.js"), nil, 0o644),
		os.Symlink(filepath.Join(dir, "outside.js"), filepath.Join(modules, "pkg", "link.js")),
		os.MkdirAll(filepath.Join(modules, ".bin"), 0o755),
		os.Symlink("../pkg/bridge/server.cjs", filepath.Join(modules, ".bin", "server")),
		os.WriteFile(filepath.Join(modules, "pkg", "native"), nil, 0o755),
		os.WriteFile(filepath.Join(modules, "pkg", "stub"), nil, 0o644),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name, file string
		want       string // the resolved file's base name, or a piece of the error
		ok         bool
	}{
		{"a file of the package", "pkg/bridge/server.cjs", "server.cjs", true},
		{"a symbolic link that stays inside", ".bin/server", "server.cjs", true},
		{"an executable native file", "pkg/native", "native", true},
		{"dot-dot out of node_modules", "../outside.js", "must be a relative path", false},
		{"absolute path", filepath.Join(dir, "outside.js"), "must be a relative path", false},
		{"symbolic link out of node_modules", "pkg/link.js", "leaves node_modules", false},
		{"missing file", "pkg/none.js", "no such file", false},
		{"a directory", "pkg/bridge", "not a regular file", false},
		{"a native file that is not executable", "pkg/stub", "not executable", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := installedFile(modules, c.file)
			if (err == nil) != c.ok {
				t.Fatalf("installedFile(%q) = %q, %v; want ok=%v", c.file, got, err, c.ok)
			}
			if c.ok && filepath.Base(got) != c.want {
				t.Fatalf("installedFile(%q) = %q, want a file named %q", c.file, got, c.want)
			}
			if !c.ok && !strings.Contains(err.Error(), c.want) {
				t.Fatalf("installedFile(%q) error %q, want it to say %q", c.file, err, c.want)
			}
		})
	}
}

func TestServerCheck(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		s    server
		want string // a piece of the error, or "" for none
	}{
		{"an npm entry", server{Name: "a", Package: "pkg", Version: "1.0.0"}, ""},
		{"a file of node_modules", server{Name: "a", Package: "pkg", Version: "1.0.0", File: "pkg/x.js"}, ""},
		{"a file with a bin", server{Name: "a", Package: "pkg", Version: "1.0.0", File: "pkg/x.js", Bin: "x"}, "with no bin"},
		{"a file leaving node_modules", server{Name: "a", Package: "pkg", Version: "1.0.0", File: "../x.js"}, "relative path"},
		{"a go main in its module", server{Name: "a", Package: "example.com/m", Version: "v1.2.3", Go: "example.com/m/cmd/srv"}, ""},
		{"a go module that is its main", server{Name: "a", Package: "example.com/m/v2", Version: "v2.0.1", Go: "example.com/m/v2"}, ""},
		{"a go package of another module", server{Name: "a", Package: "example.com/m", Version: "v1.2.3", Go: "example.com/mx/cmd"}, "inside module"},
		{"a go entry with an npm name", server{Name: "a", Package: "@scope/pkg", Version: "v1.2.3", Go: "@scope/pkg"}, "module path"},
		{"a go version that is a query", server{Name: "a", Package: "example.com/m", Version: "latest", Go: "example.com/m"}, "exact version"},
		{"a go version without v", server{Name: "a", Package: "example.com/m", Version: "1.2.3", Go: "example.com/m"}, "exact version"},
		{"a go version that is short", server{Name: "a", Package: "example.com/m", Version: "v1.2", Go: "example.com/m"}, "exact version"},
		{"an incompatible major version", server{Name: "a", Package: "example.com/m", Version: "v2.0.0+incompatible", Go: "example.com/m/cmd"}, ""},
		{"a pseudo-version", server{Name: "a", Package: "example.com/m", Version: "v0.0.0-20260101000000-abcdefabcdef", Go: "example.com/m"}, ""},
		{"a major version the path does not carry", server{Name: "a", Package: "example.com/m", Version: "v2.0.0", Go: "example.com/m"}, "invalid version"},
		{"a path major the version does not match", server{Name: "a", Package: "example.com/m/v3", Version: "v2.1.0", Go: "example.com/m/v3"}, "invalid version"},
		{"a go entry with a file", server{Name: "a", Package: "example.com/m", Version: "v1.2.3", Go: "example.com/m", File: "x"}, "no bin or file"},
		{"a go path with a space", server{Name: "a", Package: "example.com/m", Version: "v1.2.3", Go: "example.com/m/a b"}, "inside module"},
		{"a go module path that is a flag", server{Name: "a", Package: "-exec=x", Version: "v1.2.3", Go: "-exec=x"}, "module path"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			err := c.s.check()
			if c.want == "" {
				if err != nil {
					t.Fatalf("check() = %v, want nil", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("check() = %v, want an error saying %q", err, c.want)
			}
		})
	}
}

func TestGoProgram(t *testing.T) {
	t.Parallel()
	for pkg, want := range map[string]string{
		"github.com/grafana/mcp-grafana/cmd/mcp-grafana":   "mcp-grafana",
		"golang.org/x/tools/gopls":                         "gopls",
		"github.com/google/osv-scanner/v2/cmd/osv-scanner": "osv-scanner",
		"example.com/tool/v2":                              "tool",
		"example.com/v1":                                   "v1",
	} {
		if got := goProgram(pkg); got != want {
			t.Errorf("goProgram(%q) = %q, want %q", pkg, got, want)
		}
	}
}

// TestGoInstall builds a module served from a proxy on disk (GOPROXY=file://,
// no network) and runs the program it returns.
func TestGoInstall(t *testing.T) {
	t.Parallel()
	proxy := tinyProxy(t, tinyMod, tinyVersion)
	const mod, version = tinyMod, tinyVersion
	env := goTestEnv(t, "file://"+filepath.ToSlash(proxy))
	ctx := t.Context()
	inst, err := goInstall(ctx, t.TempDir(), mod, mod, version, env)
	if err != nil {
		t.Fatal(err)
	}
	if inst.Version != version || filepath.Base(inst.Command) != "tinyserver" {
		t.Fatalf("goInstall = %+v, want program tinyserver at %s", inst, version)
	}
	runsTiny(t, inst.Command)
	// The go command's own words follow ours: the proxy has no v0.2.0.
	if _, err := goInstall(ctx, t.TempDir(), mod, mod, "v0.2.0", env); err == nil || !strings.Contains(err.Error(), "go install "+mod+"@v0.2.0: exit status") || !strings.Contains(err.Error(), "v0.2.0.info") {
		t.Fatalf("goInstall of a version the proxy lacks = %v, want the go command's error naming the missing version", err)
	}
	// A package whose build names another main module than the entry's
	// (a nested module) is refused: the audit-space hash was taken of the
	// entry's module.
	if _, err := goInstall(ctx, t.TempDir(), "example.com/parent", mod, version, env); err == nil || !strings.Contains(err.Error(), "built module "+mod+"@"+version+", not example.com/parent@"+version) {
		t.Fatalf("goInstall under another module = %v, want it refused", err)
	}
}

// The module tinyProxy serves in the install tests.
const tinyMod, tinyVersion = "example.com/tinyserver", "v0.1.0"

// runsTiny runs the program built from tinyMod and checks what it prints.
func runsTiny(t *testing.T, program string) {
	t.Helper()
	out, err := exec.CommandContext(t.Context(), program).Output()
	if err != nil || strings.TrimSpace(string(out)) != "tiny server up" {
		t.Fatalf("running %s: %q, %v", program, out, err)
	}
}

// tinyProxy writes a module proxy on disk holding mod at version, a main
// package that prints "tiny server up", and returns its directory; it
// skips the test where there is no go command.
func tinyProxy(t *testing.T, mod, version string) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	proxy := t.TempDir()
	vdir := filepath.Join(proxy, mod, "@v")
	gomod := "module " + mod + "\n\ngo 1.22\n"
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	for name, body := range map[string]string{
		"go.mod":  gomod,
		"main.go": "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"tiny server up\") }\n",
	} {
		w, err := zw.Create(mod + "@" + version + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	for _, err := range []error{
		zw.Close(),
		os.MkdirAll(vdir, 0o755),
		os.WriteFile(filepath.Join(vdir, "list"), []byte(version+"\n"), 0o644),
		os.WriteFile(filepath.Join(vdir, version+".info"), []byte(`{"Version":"`+version+`","Time":"2026-01-01T00:00:00Z"}`), 0o644),
		os.WriteFile(filepath.Join(vdir, version+".mod"), []byte(gomod), 0o644),
		os.WriteFile(filepath.Join(vdir, version+".zip"), zb.Bytes(), 0o644),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	return proxy
}

// goTestEnv keeps a developer's own go env from sending an install
// anywhere but goproxy (GOENV=off, empty private-module settings), with
// no checksum database and the local toolchain.
func goTestEnv(t *testing.T, goproxy string) []string {
	t.Helper()
	return append(os.Environ(), "GOENV=off", "GOPRIVATE=", "GONOPROXY=", "GONOSUMDB=", "GOFLAGS=",
		"GOPROXY="+goproxy, "GOSUMDB=off", "GOTOOLCHAIN=local",
		"GOMODCACHE="+filepath.Join(t.TempDir(), "modcache"))
}

// TestGoInstallPinsRefusedList: a proxy that serves a module's exact
// version but refuses its version list (as proxy.golang.org does for many
// MCP servers here) still builds it, through the pinned proxy on disk.
func TestGoInstallPinsRefusedList(t *testing.T) {
	t.Parallel()
	proxy := tinyProxy(t, tinyMod, tinyVersion)
	const mod, version = tinyMod, tinyVersion
	var mu sync.Mutex
	var lists int
	files := http.FileServer(http.Dir(proxy))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/@v/list") || strings.HasSuffix(r.URL.Path, "/@latest") {
			mu.Lock()
			lists++
			mu.Unlock()
			http.Error(w, "This module version is not available.", http.StatusForbidden)
			return
		}
		files.ServeHTTP(w, r)
	}))
	defer srv.Close()
	u, err := url.Parse(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	if ip := net.ParseIP(u.Hostname()); ip == nil || !ip.IsLoopback() {
		t.Fatalf("test proxy at %s is not on loopback", srv.URL)
	}
	ctx := t.Context()
	inst, err := goInstall(ctx, t.TempDir(), mod, mod, version, goTestEnv(t, srv.URL))
	if err != nil {
		t.Fatal(err)
	}
	runsTiny(t, inst.Command)
	mu.Lock()
	defer mu.Unlock()
	if lists != 0 {
		t.Errorf("the refusing proxy was asked for a version list %d times; the pinned proxy should answer it", lists)
	}
	// A version the proxy does not serve fails with the proxy's words.
	if _, err := goInstall(ctx, t.TempDir(), mod, mod, "v0.2.0", goTestEnv(t, srv.URL)); err == nil || !strings.Contains(err.Error(), "pin "+mod+"@v0.2.0") || !strings.Contains(err.Error(), "404") {
		t.Errorf("goInstall of a version the proxy lacks = %v, want the pin to fail with the proxy's status", err)
	}
}

// TestPinProxyLeavesOtherProxies: only an HTTP proxy first in GOPROXY is
// pinned; a proxy on disk, direct and off are passed through.
func TestPinProxyLeavesOtherProxies(t *testing.T) {
	t.Parallel()
	for _, goproxy := range []string{"file:///srv/proxy", "direct", "off", "", "file:///a,https://proxy.golang.org"} {
		got, err := pinProxy(t.Context(), http.DefaultClient, goproxy, t.TempDir(), "example.com/m", "v1.0.0")
		if err != nil || got != goproxy {
			t.Errorf("pinProxy(%q) = %q, %v; want it unchanged", goproxy, got, err)
		}
	}
}

// TestPackageQuarter checks the quarter each captured line names: a
// package's own path decides it, and a Go module's major-version suffix is
// part of that path (GitHub's server at /v2 falls in the corpus quarter,
// the path without it in the audit space).
func TestPackageQuarter(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ pkg, want string }{
		{"github.com/github/github-mcp-server/v2", "corpus"},
		{"github.com/github/github-mcp-server", "audit"},
		{"kit-mcp-server", "audit"},
	} {
		if got := packageQuarter(tc.pkg); got != tc.want {
			t.Errorf("packageQuarter(%q) = %q, want %q", tc.pkg, got, tc.want)
		}
	}
}
