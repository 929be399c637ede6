package worker

import (
	"context"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// neutralDir is a fresh directory the sandbox user can reach whose path
// names neither mcpgauge nor the test (t.TempDir's names the test, and a
// bind mount's source path shows in the sandbox's /proc/self/mountinfo).
func neutralDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "srv-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// neutralCopy copies a fixture binary to a neutralDir, as a registry
// package's would lie in a path that names nothing of mcpgauge (the
// fixture cache's does).
func neutralCopy(t *testing.T, name string) string {
	t.Helper()
	dir := neutralDir(t)
	bin := filepath.Join(dir, "server") // a fixture's own name may tell (sandbox-aware)
	copyFile(t, fixtures.Build(t, name), bin)
	if err := os.Chmod(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	return bin
}

// scanInSinkhole scans a neutral copy of a fixture in the bwrap sandbox
// with its network sinkhole (a root worker's), expecting ok.
func scanInSinkhole(t *testing.T, fixture string) Outcome {
	t.Helper()
	sb := requireBwrap(t)
	if os.Geteuid() != 0 {
		t.Skip("the network sinkhole needs a root worker")
	}
	// Working in the copy's own directory: a local target's working
	// directory is bound into the sandbox (a project scan needs it), and the
	// test's own directory may name the scanner (.ci/run's fresh clone lives
	// in mcpgauge-fresh-clone); a registry entry's never is.
	target := binTarget(neutralCopy(t, fixture))
	target.Dir = filepath.Dir(target.Command)
	out := ScanTarget(context.Background(), target, localOpts(sb))
	checkResult(t, out.Result, schema.StatusOK)
	return out
}

// TestSandboxLooksLikeAMachine: the sandbox-aware fixture serves a clean
// tool list wherever it sees a sign of a scanner's sandbox (a fixed host or
// user name, a uid outside the ordinary range, no passwd entry, loopback
// only, "gauge" in the environment, its argv or working directory, the
// mounts, cgroup path, any process title, or a file name or content under
// its home or package directory) and a poisoned one otherwise. Scanned in
// the sandbox it must find no sign and serve the poisoned list, so the scan
// sees (and caps) it: as a bare binary, and as an npm package installed in
// the sandbox (its cache's layout and records, the wrapper manifest and
// the package's path inside all neutral).
func TestSandboxLooksLikeAMachine(t *testing.T) {
	t.Parallel()
	t.Run("binary", func(t *testing.T) {
		t.Parallel()
		wantPoisoned(t, scanInSinkhole(t, "sandbox-aware"), nil)
	})
	t.Run("npm package", func(t *testing.T) {
		t.Parallel()
		sb := requireBwrap(t)
		if os.Geteuid() != 0 {
			t.Skip("the network sinkhole needs a root worker")
		}
		exe, err := os.ReadFile(fixtures.Build(t, "sandbox-aware"))
		if err != nil {
			t.Fatal(err)
		}
		const name = "notes-sync"
		pj := `{"name":"` + name + `","version":"1.0.0","bin":{"` + name + `":"bin/` + name + `"}}`
		reg := fakeNPMPackage(t, name, npmTarball(t, []tarFile{{"package/package.json", pj}, {"package/bin/" + name, string(exe)}}),
			map[string]any{"bin": map[string]string{name: "bin/" + name}})
		// The cache's host path shows in the sandbox's mountinfo as the
		// package bind's source (no mount option hides it): a neutral one,
		// as docs/worker.md asks of an operator.
		cache := neutralDir(t)
		npm := &NPM{Cache: cache, Registries: []string{reg.URL}}
		if err := npm.Available(context.Background()); err != nil {
			t.Skipf("npm unavailable: %v", err)
		}
		opts := localOpts(sb)
		opts.Installers, opts.InstallTimeout = []Installer{npm}, 3*time.Minute
		s := npmServer(name, "1.0.0")
		out := Scan(context.Background(), s, registry.PlanFor(s, registry.PlanOptions{}), opts)
		checkResult(t, out.Result, schema.StatusOK)
		if in := out.Install; in == nil || !strings.HasPrefix(in.Dir, cache) {
			t.Fatalf("install %+v: want the package in the cache", in)
		}
		if _, err := os.Stat(installRecord(out.Install.Dir)); err != nil {
			t.Errorf("no install record beside the package: %v", err)
		}
		// npm ran with scripts off: no install phase, and the result says why.
		if b := out.Result.Behaviour; b == nil || b.Install != nil || !strings.Contains(b.InstallNote, "lifecycle scripts off") {
			t.Errorf("behaviour %+v: want no install phase and a note saying scripts were off", b)
		}
		wantPoisoned(t, out, sb)
	})
}

// wantPoisoned fails unless the fixture served (and the scan capped) its
// poisoned list; when it did not, the fixture is started once more in sb
// with the install's spec to log the signs it found.
func wantPoisoned(t *testing.T, out Outcome, sb *Bwrap) {
	t.Helper()
	if out.Report == nil {
		t.Fatal("no report")
	}
	var names []string
	for _, tool := range out.Report.Snapshot.Tools {
		names = append(names, tool.Name)
	}
	if !slices.Contains(names, "sync_notes") {
		if in := out.Install; in != nil && sb != nil {
			_, stderr, _ := runSandboxed(t, sb, Spec{Command: in.Command, Args: in.Args, Path: in.Path, ReadOnly: in.ReadOnly, Remap: in.Remap})
			t.Logf("the fixture said: %s", stderr)
		}
		t.Logf("the server's stderr: %s", out.Report.Stderr)
		if b, err := json.Marshal(out.Result.Behaviour); err == nil {
			t.Logf("the scan's behaviour section: %s", b)
		}
		t.Fatalf("the fixture recognised the sandbox and served its clean list %v", names)
	}
	if s := out.Result.Scores; s == nil || !s.Capped {
		t.Errorf("the poisoned list was not capped: scores %+v", s)
	}
}

// TestIdentityIsDrawnPerSandbox: two sandboxes of one Bwrap differ, a
// fixed seed repeats its identity, and no value names mcpgauge or a
// sandbox.
func TestIdentityIsDrawnPerSandbox(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for i := range 50 {
		id := newIdentity(uint64(i + 1))
		if again := newIdentity(uint64(i + 1)); again != id {
			t.Fatalf("seed %d gave %+v, then %+v", i+1, id, again)
		}
		seen[id.Hostname+" "+id.User] = true
		all := strings.ToLower(strings.Join([]string{id.Hostname, id.User, id.Home, id.Locale, id.Term, id.Path, id.Shell, id.Iface}, " "))
		if strings.Contains(all, "mcpgauge") || strings.Contains(all, "sandbox") {
			t.Errorf("identity %+v names the scanner", id)
		}
		if !isSandboxUID(id.UID) || !id.Addr.Addr().IsPrivate() || !id.Addr.Contains(id.Gateway) || id.Addr.Addr() == id.Gateway {
			t.Errorf("identity %+v: uid or addresses out of range", id)
		}
	}
	if len(seen) < 25 {
		t.Errorf("50 seeds gave only %d host and user names", len(seen))
	}
}

// TestStartupBehaviourRecorded: the startup-behaviour fixture checks that
// it runs in the sinkhole (one point-to-point interface, every route
// through it) before it looks up a name, connects to 192.0.2.10:443 with
// an SNI, writes a file in its home, runs a copy of itself (once for
// 300 ms, five times for a moment) and a script it wrote; the result's
// behaviour section has all of it, seen from outside, each exec counted.
func TestStartupBehaviourRecorded(t *testing.T) {
	t.Parallel()
	out := scanInSinkhole(t, "startup-behaviour")
	b := out.Result.Behaviour
	if b == nil {
		t.Fatal("no behaviour section")
	}
	if b.Schema != schema.BehaviourVersion || len(b.Unobserved) != 0 {
		t.Errorf("schema %q, unobserved %v", b.Schema, b.Unobserved)
	}
	if !slices.ContainsFunc(b.Lookups, func(l schema.Lookup) bool { return l.Name == "telemetry.example.net" }) {
		t.Errorf("lookups %+v lack telemetry.example.net", b.Lookups)
	}
	if !slices.ContainsFunc(b.Connections, func(c schema.Connection) bool {
		return c.Protocol == "tcp" && c.Address == "192.0.2.10" && c.Port == 443 && c.SNI == "update.example.org"
	}) {
		t.Errorf("connections %+v lack 192.0.2.10:443 with SNI update.example.org", b.Connections)
	}
	if !slices.ContainsFunc(b.Files, func(f schema.FileWrite) bool {
		return strings.HasPrefix(f.Path, "/home/") && strings.HasSuffix(f.Path, "/.config/startup-behaviour/state.json")
	}) {
		t.Errorf("files %+v lack the state file in home", b.Files)
	}
	// Every exec is heard, however short: the helper's 300 ms run and its
	// five runs of about a millisecond (a 10 ms poll misses those), and the
	// script once, its interpreter (/bin/sh) and dynamic loader folded
	// into its exec.
	runs := map[string]int{}
	for _, p := range b.Processes {
		if !p.Written && strings.Contains(p.Path, "/.cache/") {
			t.Errorf("process %+v from home not marked written", p)
		}
		name := p.Path[strings.LastIndex(p.Path, "/")+1:]
		if name != "sb-helper" && name != "sb-script" {
			name = "the server" // its binary, at whatever path the sandbox shows it
		}
		runs[name] += p.Count
	}
	want := map[string]int{"sb-helper": 6, "sb-script": 1, "the server": 1}
	if !maps.Equal(runs, want) {
		t.Errorf("programs run %v, want %v (processes %+v)", runs, want, b.Processes)
	}
	// The behaviour rules turn it into findings (no registry entry: no
	// declared hosts, so no BHV002).
	rules := map[string]string{}
	for _, f := range out.Result.Findings {
		if strings.HasPrefix(f.Rule, "BHV") {
			rules[f.Rule] = f.Severity
		}
	}
	if want := map[string]string{"BHV001": "info", "BHV003": "error", "BHV004": "info"}; !maps.Equal(rules, want) {
		t.Errorf("behaviour findings %v, want %v", rules, want)
	}
	t.Logf("behaviour: %+v", b)
}

// TestNoRouteLeavesTheSandbox: before the server runs, its network
// namespace holds loopback and the sinkhole interface only, and every IPv4
// and IPv6 route goes through one of them: nothing it sends can reach a
// real address.
func TestNoRouteLeavesTheSandbox(t *testing.T) {
	t.Parallel()
	sb := requireBwrap(t)
	if os.Geteuid() != 0 {
		t.Skip("the network sinkhole needs a root worker")
	}
	sb.IdentitySeed = 22
	id := newIdentity(22)
	out, stderr, err := runSandboxed(t, sb, Spec{Command: "/bin/sh", Args: []string{"-c",
		"cat /proc/net/dev; echo ROUTES; cat /proc/net/route; echo ROUTES6; cat /proc/net/ipv6_route"}})
	if err != nil {
		t.Fatalf("%v: %s", err, stderr)
	}
	dev, routes, _ := strings.Cut(out, "ROUTES\n")
	routes, routes6, _ := strings.Cut(routes, "ROUTES6\n")
	var ifaces []string
	for _, line := range strings.Split(dev, "\n")[2:] {
		if name, _, ok := strings.Cut(strings.TrimSpace(line), ":"); ok {
			ifaces = append(ifaces, name)
		}
	}
	slices.Sort(ifaces)
	if want := []string{id.Iface, "lo"}; !slices.Equal(ifaces, want) {
		t.Errorf("interfaces %v, want %v", ifaces, want)
	}
	def := false
	for _, line := range strings.Split(strings.TrimSpace(routes), "\n")[1:] {
		f := strings.Fields(line)
		if len(f) < 2 || f[0] != id.Iface {
			t.Errorf("route %q does not go through the sinkhole %s", line, id.Iface)
			continue
		}
		def = def || f[1] == "00000000"
	}
	if !def {
		t.Errorf("no default route through the sinkhole:\n%s", routes)
	}
	for _, line := range strings.Split(strings.TrimSpace(routes6), "\n") {
		if f := strings.Fields(line); len(f) == 10 && f[9] != "lo" && f[9] != id.Iface {
			t.Errorf("IPv6 route %q leaves through %s", line, f[9])
		}
	}
}

// TestRecorderProcessRuns: runs of one program count in one entry; a run
// whose argv[0] could not be read counts in the program's first entry,
// which takes the argv[0] a later run shows; another argv[0] is another
// entry; written sticks.
func TestRecorderProcessRuns(t *testing.T) {
	t.Parallel()
	type run struct {
		path, argv0 string
		written     bool
	}
	for _, c := range []struct {
		name string
		runs []run
		want []schema.ProcessRun
	}{
		{"one program", []run{{"/a", "a", false}, {"/a", "a", false}},
			[]schema.ProcessRun{{Path: "/a", Argv0: "a", Count: 2}}},
		{"unknown argv0 first", []run{{"/a", "", true}, {"/a", "", false}, {"/a", "a", false}},
			[]schema.ProcessRun{{Path: "/a", Argv0: "a", Count: 3, Written: true}}},
		{"unknown argv0 later", []run{{"/a", "a", false}, {"/a", "", false}},
			[]schema.ProcessRun{{Path: "/a", Argv0: "a", Count: 2}}},
		{"two names", []run{{"/a", "a", false}, {"/a", "b", false}, {"/a", "", false}},
			[]schema.ProcessRun{{Path: "/a", Argv0: "a", Count: 2}, {Path: "/a", Argv0: "b", Count: 1}}},
		{"two programs", []run{{"/a", "", false}, {"/b", "b", false}, {"/b", "", false}},
			[]schema.ProcessRun{{Path: "/a", Count: 1}, {Path: "/b", Argv0: "b", Count: 2}}},
		{"unknown filled once", []run{{"/a", "", false}, {"/a", "x", false}, {"/a", "y", false}},
			[]schema.ProcessRun{{Path: "/a", Argv0: "x", Count: 2}, {Path: "/a", Argv0: "y", Count: 1}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRecorder()
			for _, x := range c.runs {
				r.process(x.path, x.argv0, x.written)
			}
			if got := r.snapshot().Processes; !slices.Equal(got, c.want) {
				t.Errorf("processes %+v, want %+v", got, c.want)
			}
		})
	}
}
