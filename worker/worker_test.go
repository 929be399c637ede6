package worker

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/netguard"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

func TestNPMBin(t *testing.T) {
	cases := []struct {
		name, pkg, bin string
		want, err      string
	}{
		{"string bin", "tool", `"dist/index.js"`, "dist/index.js", ""},
		{"named like the package", "@scope/server-x", `{"other":"a.js","server-x":"./bin/x.js"}`, "bin/x.js", ""},
		{"the only entry", "@scope/pkg", `{"mcp-pkg":"cli.js"}`, "cli.js", ""},
		{"several, none named", "pkg", `{"a":"a.js","b":"b.js"}`, "", "has 2 bins and none is named \"pkg\": a, b"},
		{"no bin", "pkg", `null`, "", "declares no bin"},
		{"escapes the package", "pkg", `"../../etc/passwd"`, "", "points outside the package"},
		{"not a string or map", "pkg", `[1,2]`, "", "neither a string nor an object"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "package.json")
			if err := os.WriteFile(p, []byte(fmt.Sprintf(`{"name":%q,"bin":%s}`, c.pkg, c.bin)), 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := npmBin(p, c.pkg)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("npmBin = %q, %v; want error containing %q", got, err, c.err)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("npmBin = %q, %v; want %q", got, err, c.want)
			}
		})
	}
}

func TestCacheKey(t *testing.T) {
	a := cacheKey("npm", "@scope/a-b", "1.0.0")
	b := cacheKey("npm", "@scope/a_b", "1.0.0")
	if a == b {
		t.Errorf("identifiers that clean alike share key %q", a)
	}
	if cacheKey("npm", "x", "1.0.0") == cacheKey("npm", "x", "1.0.1") {
		t.Error("versions share a key")
	}
	if strings.ContainsAny(a, "/@ ") {
		t.Errorf("key %q is not file-name safe", a)
	}
}

// TestNPMInstallFailures: bad names fail before npm runs; a package npm
// does not have fails with npm's reason.
func TestNPMInstallFailures(t *testing.T) {
	npm := &NPM{Cache: t.TempDir()}
	_, err := npm.Install(context.Background(), registry.PlanPackage{Identifier: "../evil", Version: "1.0.0"}, InstallOptions{})
	var ie *InstallError
	if !errors.As(err, &ie) || ie.Status != schema.StatusInstallFailed || !strings.Contains(ie.Reason, "invalid npm package name") {
		t.Fatalf("bad name: %v", err)
	}
	if npm.Runs() != 0 {
		t.Errorf("npm ran %d times for an invalid name", npm.Runs())
	}
	if testing.Short() {
		return
	}
	if err := npm.Available(context.Background()); err != nil {
		t.Skipf("npm unavailable: %v", err)
	}
	_, err = npm.Install(context.Background(), registry.PlanPackage{Identifier: "mcpgauge-no-such-package-7f3a9c", Version: "1.0.0"}, InstallOptions{})
	if !errors.As(err, &ie) || ie.Status != schema.StatusInstallFailed || !strings.Contains(ie.Reason, "not found") {
		t.Fatalf("missing package: %v", err)
	}
}

// TestInstallFailedEntry: an entry whose package the registry does not
// have ends install_failed with npm's reason (not a timeout).
func TestInstallFailedEntry(t *testing.T) {
	if testing.Short() {
		t.Skip("needs the npm registry; skipped with -short")
	}
	sb := requireBwrap(t)
	// The install runs in the sandbox, as its user: the cache must be
	// reachable (t.TempDir's parent is 0700).
	npm := &NPM{Cache: sandboxReadableDir(t)}
	s := npmServer("mcpgauge-no-such-package-7f3a9c", "1.0.0")
	res := ScanEntry(context.Background(), s, registry.PlanFor(s, registry.PlanOptions{}), Options{Sandbox: sb, Installers: []Installer{npm}})
	checkResult(t, res, schema.StatusInstallFailed)
	if !strings.Contains(res.Reason, "not found") {
		t.Errorf("reason %q does not say the package was not found", res.Reason)
	}
}

// TestRefusesUnsandboxed: an entry is never run without an isolating
// sandbox unless that is allowed explicitly, and nothing is installed.
func TestRefusesUnsandboxed(t *testing.T) {
	npm := &NPM{Cache: t.TempDir()}
	s := npmServer("@modelcontextprotocol/server-memory", "2026.1.26")
	plan := registry.PlanFor(s, registry.PlanOptions{})
	for _, sb := range []Sandbox{nil, None{Log: &bytes.Buffer{}}} {
		res := ScanEntry(context.Background(), s, plan, Options{Sandbox: sb, Installers: []Installer{npm}})
		checkResult(t, res, schema.StatusWorkerError)
		if !strings.Contains(res.Reason, "refusing") {
			t.Errorf("reason %q does not say it refused", res.Reason)
		}
	}
	if npm.Runs() != 0 {
		t.Errorf("npm ran %d times for a refused entry", npm.Runs())
	}
}

// TestNoneSandboxWarns: the none sandbox runs a trusted local server and
// says loudly that it is unsandboxed.
func TestNoneSandboxWarns(t *testing.T) {
	var log bytes.Buffer
	careful := fixtures.Build(t, "careful")
	opts := localOpts(None{Log: &log})
	opts.AllowUnsandboxed = true
	out := ScanTarget(context.Background(), binTarget(careful), opts)
	checkResult(t, out.Result, schema.StatusOK)
	if !strings.Contains(log.String(), "UNSANDBOXED") {
		t.Errorf("none sandbox did not warn: %q", log.String())
	}
}

func TestUnsupportedPlans(t *testing.T) {
	cases := []struct {
		name   string
		server registry.Server
		opts   Options
		want   string
	}{
		{"no packages", registry.Server{Name: "x/none", Version: "1.0.0"}, Options{}, "no packages and no remotes"},
		{"nuget", registry.Server{Name: "x/nuget", Version: "1.0.0", Packages: []registry.Package{{RegistryType: "nuget", Identifier: "X", Version: "1"}}}, Options{}, "registry type not supported"},
		{"remote off", registry.Server{Name: "x/remote", Version: "1.0.0", Remotes: []registry.Remote{{Type: "streamable-http", URL: "https://example.invalid/mcp"}}}, Options{}, "remote scans are off"},
		{"no installer", npmServer("left-pad", "1.3.0"), Options{Sandbox: NewBwrap()}, "no npm-stdio installer"},
		{"oci without engine", registry.Server{Name: "x/oci", Version: "1.0.0", Packages: []registry.Package{{RegistryType: "oci", Identifier: "docker.io/library/hello-world:latest", Transport: registry.Transport{Type: "stdio"}}}},
			Options{Installers: []Installer{&OCI{Engines: []string{"mcpgauge-no-such-engine"}}}}, "no working container engine"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := ScanEntry(context.Background(), c.server, registry.PlanFor(c.server, registry.PlanOptions{}), c.opts)
			checkResult(t, res, schema.StatusUnsupported)
			if !strings.Contains(res.Reason, c.want) {
				t.Errorf("reason %q, want it to contain %q", res.Reason, c.want)
			}
		})
	}
}

// TestOCIDetectsWorkingEngine: an engine binary that is installed but does
// not work (docker info fails) is no engine.
func TestOCIDetectsWorkingEngine(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "fakedocker")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\necho 'Cannot connect to the Docker daemon' >&2\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := (&OCI{Engines: []string{fake}}).Engine(context.Background())
	if err == nil || !strings.Contains(err.Error(), "Cannot connect to the Docker daemon") {
		t.Fatalf("Engine = %v, want the engine's own failure", err)
	}
	// Whatever this host has, the answer must match `docker info`.
	real := (&OCI{}).Available(context.Background())
	if path, lerr := exec.LookPath("docker"); lerr == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		infoErr := exec.CommandContext(ctx, path, "info").Run()
		cancel()
		if (infoErr == nil) != (real == nil) {
			t.Errorf("OCI.Available = %v but docker info = %v", real, infoErr)
		}
	}
}

// TestPyPI: detection matches the host, and an install this machine cannot
// do (PyPI is unreachable, or the name does not exist) is install_failed or
// unsupported with pip's reason, never ok.
func TestPyPI(t *testing.T) {
	p := &PyPI{Cache: t.TempDir(), Timeout: 2 * time.Minute}
	avail := p.Available(context.Background())
	missing := &PyPI{Cache: t.TempDir(), Python: "mcpgauge-no-such-python"}
	if err := missing.Available(context.Background()); err == nil {
		t.Fatal("a missing interpreter is reported available")
	}
	_, err := missing.Install(context.Background(), registry.PlanPackage{Identifier: "mcp-server-time", Version: "0.6.2"}, InstallOptions{})
	var ie *InstallError
	if !errors.As(err, &ie) || ie.Status != schema.StatusUnsupported {
		t.Fatalf("install without Python: %v, want unsupported", err)
	}
	if avail != nil {
		t.Skipf("no usable Python here: %v", avail)
	}
	if testing.Short() {
		return
	}
	_, err = p.Install(context.Background(), registry.PlanPackage{Identifier: "mcpgauge-no-such-dist-7f3a9c", Version: "1.0.0"}, InstallOptions{})
	if !errors.As(err, &ie) || ie.Status != schema.StatusInstallFailed || ie.Reason == "" {
		t.Fatalf("install of a missing distribution: %v, want install_failed with a reason", err)
	}
	t.Logf("reason: %s", ie.Reason)
	if _, err := os.Stat(filepath.Join(p.Cache, "pypi")); err != nil {
		t.Fatal(err)
	}
	ents, _ := filepath.Glob(installRecord(filepath.Join(p.Cache, "pypi", "*")))
	if len(ents) != 0 {
		t.Errorf("a failed install left an install record: %v", ents)
	}
}

// TestPyPICachedInstallStartsPythonOnce: an install found in the cache
// checks the interpreter once (one Python start) and runs nothing else.
func TestPyPICachedInstallStartsPythonOnce(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skipf("no python3 here: %v", err)
	}
	dir := t.TempDir()
	starts := filepath.Join(dir, "starts")
	wrapper := filepath.Join(dir, "python-wrapper")
	script := "#!/bin/sh\necho start >> '" + starts + "'\nexec '" + python + "' \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	p := &PyPI{Cache: filepath.Join(dir, "cache"), Python: wrapper}
	if err := p.Available(context.Background()); err != nil {
		t.Skipf("no usable Python here: %v", err)
	}
	if err := os.Remove(starts); err != nil {
		t.Fatal(err)
	}
	pkg := registry.PlanPackage{Identifier: "mcp-server-time", Version: "0.6.2"}
	entry := filepath.Join(p.Cache, "pypi", cacheKey("pypi", pkg.Identifier, pkg.Version))
	if err := os.MkdirAll(filepath.Join(entry, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(entry, "bin", "mcp-server-time"), []byte("{}\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := writeInstallRecord(entry, []byte("\n")); err != nil { // made for the host (no sandbox)
		t.Fatal(err)
	}
	inst, err := p.Install(context.Background(), pkg, InstallOptions{})
	if err != nil {
		t.Fatalf("cached install: %v", err)
	}
	if !inst.Cached || inst.Command != filepath.Join(entry, "bin", "mcp-server-time") {
		t.Errorf("cached install = %+v, want the cached entry's script", inst)
	}
	b, err := os.ReadFile(starts)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "start"); n != 1 {
		t.Errorf("a cached install started Python %d times, want 1", n)
	}
}

// TestRemotePlans: remote entries are scanned only when allowed; a loopback
// fixture is refused by the address policy unless its range is allowed,
// then scans ok; an endpoint that answers 401 is auth_required.
func TestRemotePlans(t *testing.T) {
	u := fixtures.StartHTTP(t, "careful", "-http", "127.0.0.1:0")
	s := registry.Server{Name: "test/remote", Version: "1.0.0", Remotes: []registry.Remote{{Type: "streamable-http", URL: u}}}
	plan := registry.PlanFor(s, registry.PlanOptions{})
	opts := localOpts(nil)
	res := ScanEntry(context.Background(), s, plan, opts)
	checkResult(t, res, schema.StatusUnsupported)
	opts.AllowRemote = true
	res = ScanEntry(context.Background(), s, plan, opts)
	checkResult(t, res, schema.StatusUnsupported)
	if !strings.Contains(res.Reason, "loopback") {
		t.Errorf("loopback endpoint refused with reason %q, want it to name the range", res.Reason)
	}
	opts.RemoteAllow = netguard.Loopback()
	res = ScanEntry(context.Background(), s, plan, opts)
	checkResult(t, res, schema.StatusOK)
	if res.PackageType != "remote" || res.Snapshot.Tools == 0 {
		t.Errorf("remote scan: package type %q, %d tools", res.PackageType, res.Snapshot.Tools)
	}

	deny := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="mcp"`)
		http.Error(w, "unauthorized", http.StatusUnauthorized)
	}))
	defer deny.Close()
	s2 := registry.Server{Name: "test/locked", Version: "1.0.0", Remotes: []registry.Remote{{Type: "streamable-http", URL: deny.URL + "/mcp"}}}
	res = ScanEntry(context.Background(), s2, registry.PlanFor(s2, registry.PlanOptions{}), opts)
	checkResult(t, res, schema.StatusAuthRequired)
	if res.Scores != nil || res.PreAuth != nil {
		t.Errorf("auth_required without compliance carries scores %+v, pre_auth %+v", res.Scores, res.PreAuth)
	}

	// With compliance on (as sweeps run), a server behind OAuth is graded
	// without credentials: its metadata is read through the same address
	// policy, and the result is auth_required with a compliance-only score.
	opts.Scan.Compliance = true
	au := fixtures.StartHTTP(t, "oauth-protected", "-http", "127.0.0.1:0")
	s3 := registry.Server{Name: "test/oauth", Version: "1.0.0", Remotes: []registry.Remote{{Type: "streamable-http", URL: au}}}
	res = ScanEntry(context.Background(), s3, registry.PlanFor(s3, registry.PlanOptions{}), opts)
	checkResult(t, res, schema.StatusAuthRequired)
	if res.PreAuth == nil || res.Scores == nil || res.Scores.MCPGauge != 100 || !schema.Scored(res.Status, res.Scores) {
		t.Errorf("graded auth_required: scores %+v, pre_auth %+v; want 100 from the authorization tests", res.Scores, res.PreAuth)
	}
}

// TestSandboxDirToken: the file-path placeholder becomes a writable
// directory inside the sandbox (filesystem server style).
func TestSandboxDirToken(t *testing.T) {
	b := NewBwrap()
	prep, err := b.Prepare(context.Background(), Spec{Command: "/bin/true", Args: []string{"--root", registry.SandboxDirToken}, Env: map[string]string{"DATA": registry.SandboxDirToken + "/db"}})
	if err != nil {
		t.Fatal(err)
	}
	defer prep.Cleanup()
	args := strings.Join(prep.Target.Args, " ")
	if strings.Contains(args, registry.SandboxDirToken) || !strings.Contains(args, "--root "+SandboxWorkDir) || !strings.Contains(args, "--setenv DATA "+SandboxWorkDir+"/db") {
		t.Errorf("token not replaced: %s", args)
	}
	for _, want := range []string{"--unshare-user", "--disable-userns", "--cap-drop ALL", "--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--clearenv", "--die-with-parent", "--seccomp ", "--block-fd "} {
		if !strings.Contains(args, want) {
			t.Errorf("bwrap arguments lack %s", want)
		}
	}
}

// TestLimitsWithDefaults: a set field is kept, every zero field takes
// DefaultLimits' value.
func TestLimitsWithDefaults(t *testing.T) {
	d := DefaultLimits()
	if got := (Limits{}).withDefaults(); got != d {
		t.Errorf("zero limits = %+v, want the defaults %+v", got, d)
	}
	want := d
	want.Data, want.Processes = 1, 2
	if got := (Limits{Data: 1, Processes: 2}).withDefaults(); got != want {
		t.Errorf("partial limits = %+v, want %+v", got, want)
	}
}
