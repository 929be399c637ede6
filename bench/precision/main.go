// Command precision captures the lists of the precision corpus: it installs
// each server named in servers.yaml from the npm registry (lifecycle
// scripts off, as the worker installs), starts it over stdio through
// gauge/connect with no credentials, snapshots it as the scanner does, and
// writes testdata/precision/<name>.json. Servers are captured one at a
// time. See bench/precision/README.md.
package main

import (
	"bytes"
	"context"
	"debug/buildinfo"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/internal/precision"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/worker"
)

// server is one entry of servers.yaml.
type server struct {
	Name    string            `yaml:"name"`
	Package string            `yaml:"package"`
	Version string            `yaml:"version"`
	Args    []string          `yaml:"args"`
	Env     map[string]string `yaml:"env"`
	Note    string            `yaml:"note"`
	// Bin names the package's program to run when it is not the one npx
	// picks (npx -p <package> <bin>), as a package's README may say for its
	// MCP server.
	Bin string `yaml:"bin"`
	// File runs a file of the install instead, named relative to its
	// node_modules ("<package>/bridge/mcp-server.cjs"): the MCP server a
	// plugin's own config starts with node, or a native binary that the
	// package's install script, which the capture never runs, would have
	// linked as its bin. JavaScript files run with node. A package with
	// no bin, or with several none named like it, installs for a bin or
	// file entry (worker.InstallOptions.OwnProgram) and for nothing else.
	File string `yaml:"file"`
	// Files are written into the work directory before the start
	// (placeholder config files a server insists on reading).
	Files map[string]string `yaml:"files"`
	// Go builds a Go package instead of installing from npm: an MCP
	// server published as a Go module, built with `go install
	// <go>@<version>` through the Go module proxy. Package is then the
	// module path (the audit-space hash is taken of it) and Go the
	// package of its main, inside that module.
	Go string `yaml:"go"`
}

// check refuses an entry whose fields contradict each other.
func (s server) check() error {
	if s.File != "" && (s.Bin != "" || !filepath.IsLocal(s.File)) {
		return fmt.Errorf("%s: file %q must be a relative path inside node_modules, with no bin", s.Name, s.File)
	}
	if s.Go == "" {
		return nil
	}
	if s.Bin != "" || s.File != "" {
		return fmt.Errorf("%s: go %q takes no bin or file", s.Name, s.Go)
	}
	if err := module.CheckPath(s.Package); err != nil {
		return fmt.Errorf("%s: package must be the Go module path: %w", s.Name, err)
	}
	if err := module.CheckImportPath(s.Go); err != nil || (s.Go != s.Package && !strings.HasPrefix(s.Go, s.Package+"/")) {
		return fmt.Errorf("%s: go %q must be a package inside module %s", s.Name, s.Go, s.Package)
	}
	if module.CanonicalVersion(s.Version) != s.Version {
		return fmt.Errorf("%s: go version %q must be an exact version such as v1.2.3 (no query such as latest)", s.Name, s.Version)
	}
	if err := module.Check(s.Package, s.Version); err != nil {
		return fmt.Errorf("%s: %w", s.Name, err)
	}
	return nil
}

func main() {
	list := flag.String("servers", "bench/precision/servers.yaml", "the corpus list")
	out := flag.String("out", "testdata/precision", "where capture files go")
	cache := flag.String("cache", filepath.Join(os.TempDir(), "mcpgauge-precision-cache"), "npm install cache")
	only := flag.String("only", "", "comma-separated names to capture (default all)")
	timeout := flag.Duration("timeout", 90*time.Second, "per-call deadline while connecting and listing")
	maxMB := flag.Int64("max-mb", 0, "cap on one install's size in MB (0: the worker's default, install.max_mb)")
	installTimeout := flag.Duration("install-timeout", 0, "bound on one npm install (0: the worker's default, 5m)")
	twins := flag.String("twins", "", "comma-separated directories of earlier captures (searched recursively) a new capture must not be a twin of (default: no check)")
	allowTwin := flag.String("allow-twin", "", "comma-separated names to write even when they are twins of an earlier capture")
	flag.Parse()
	tw := &twinCheck{Dirs: splitList(*twins), Allow: map[string]bool{}}
	for _, n := range splitList(*allowTwin) {
		tw.Allow[n] = true
	}
	if err := run(*list, *out, *cache, *only, *timeout, *maxMB, *installTimeout, tw); err != nil {
		fmt.Fprintln(os.Stderr, "precision:", err)
		os.Exit(1)
	}
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

func run(list, out, cache, only string, timeout time.Duration, maxMB int64, installTimeout time.Duration, tw *twinCheck) error {
	data, err := os.ReadFile(list)
	if err != nil {
		return err
	}
	var servers []server
	if err := yaml.Unmarshal(data, &servers); err != nil {
		return fmt.Errorf("%s: %w", list, err)
	}
	for _, s := range servers {
		if err := s.check(); err != nil {
			return fmt.Errorf("%s: %w", list, err)
		}
	}
	want := map[string]bool{}
	for _, n := range splitList(only) {
		want[n] = true
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	npm := &worker.NPM{Cache: cache, Caps: worker.InstallCaps{Bytes: maxMB << 20}, Timeout: installTimeout}
	ctx := context.Background()
	if err := npm.Available(ctx); err != nil {
		return err
	}
	if err := tw.load(); err != nil {
		return err
	}
	var failed []string
	for _, s := range servers {
		if len(want) > 0 && !want[s.Name] {
			continue
		}
		t0 := time.Now()
		c, err := capture(ctx, npm, s, timeout)
		if err != nil {
			failed = append(failed, s.Name)
			fmt.Printf("FAIL %-28s %s@%s: %v\n", s.Name, s.Package, s.Version, err)
			continue
		}
		file := filepath.Join(out, s.Name+".json")
		twins, err := tw.check(s.Name, file, c)
		if err != nil {
			failed = append(failed, s.Name)
			fmt.Printf("FAIL %-28s %s@%s: %v\n", s.Name, s.Package, s.Version, err)
			continue
		}
		b, err := c.Marshal()
		if err != nil {
			return err
		}
		if err := os.WriteFile(file, b, 0o644); err != nil {
			return err
		}
		tw.written(file, c)
		fmt.Printf("ok   %-28s %s@%s: %d tools, %d resources, %d templates, %d prompts, %s quarter%s (%s)\n", s.Name, s.Package, s.Version,
			len(c.Tools), len(c.Resources), len(c.Templates), len(c.Prompts), packageQuarter(s.Package), twins, time.Since(t0).Round(time.Second))
	}
	if len(failed) > 0 {
		return fmt.Errorf("%d servers not captured: %s", len(failed), strings.Join(failed, ", "))
	}
	return nil
}

// packageQuarter names the package space a package falls in: "corpus"
// when the precision corpus may take it, "audit" when it is kept for
// independent audits (a Go module's /vN suffix is part of its path).
func packageQuarter(pkg string) string {
	if precision.CorpusQuarter(pkg) {
		return "corpus"
	}
	return "audit"
}

// capture installs, starts and snapshots one server.
func capture(ctx context.Context, npm *worker.NPM, s server, timeout time.Duration) (*precision.Capture, error) {
	// The install's own bound plus three minutes to start and list; never
	// less than the eight minutes a capture always had.
	ctx, cancel := context.WithTimeout(ctx, max(8*time.Minute, npm.Timeout+3*time.Minute))
	defer cancel()
	var inst *worker.Installed
	var err error
	if s.Go != "" {
		inst, err = goInstall(ctx, npm.Cache, s.Package, s.Go, s.Version, os.Environ())
	} else {
		inst, err = npm.Install(ctx, registry.PlanPackage{RegistryType: "npm", Identifier: s.Package, Version: s.Version}, worker.InstallOptions{OwnProgram: s.Bin != "" || s.File != ""})
	}
	if err != nil {
		return nil, fmt.Errorf("install: %w", err)
	}
	if inst.Version != s.Version {
		return nil, fmt.Errorf("installed %s, want %s", inst.Version, s.Version)
	}
	tmp, err := os.MkdirTemp("", "precision-"+s.Name+"-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	home := filepath.Join(tmp, "home")
	work := filepath.Join(tmp, "work")
	for _, d := range []string{home, work} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	expand := func(v string) string { return strings.ReplaceAll(v, "{tmp}", work) }
	for name, content := range s.Files {
		if name != filepath.Base(name) {
			return nil, fmt.Errorf("file name %q must be a plain name", name)
		}
		if err := os.WriteFile(filepath.Join(work, name), []byte(content), 0o644); err != nil {
			return nil, err
		}
	}
	env := map[string]string{
		"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config"), "XDG_CACHE_HOME": filepath.Join(home, ".cache"),
		"XDG_DATA_HOME": filepath.Join(home, ".local", "share"), "NO_COLOR": "1", "DO_NOT_TRACK": "1",
		"PATH": strings.Join(append(inst.Path, os.Getenv("PATH")), string(os.PathListSeparator)),
	}
	for k, v := range inst.Env {
		env[k] = v
	}
	for k, v := range s.Env {
		env[k] = expand(v)
	}
	command := inst.Command
	if s.Bin != "" {
		if s.Bin != filepath.Base(s.Bin) || len(inst.Path) == 0 {
			return nil, fmt.Errorf("bin %q must be a plain name linked by the install", s.Bin)
		}
		command = filepath.Join(inst.Path[0], s.Bin)
		if _, err := os.Stat(command); err != nil {
			return nil, fmt.Errorf("bin %q: %w", s.Bin, err)
		}
	}
	args := append([]string(nil), inst.Args...)
	if s.File != "" {
		if len(inst.Path) == 0 {
			return nil, fmt.Errorf("file %q: needs an npm install", s.File)
		}
		file, err := installedFile(filepath.Dir(inst.Path[0]), s.File)
		if err != nil {
			return nil, err
		}
		command, args = file, nil
		if isJavaScript(file) {
			command, args = "node", []string{file}
		}
	}
	for _, a := range s.Args {
		args = append(args, expand(a))
	}
	display := "npx " + s.Package + "@" + s.Version
	if s.Bin != "" {
		display = "npx -p " + s.Package + "@" + s.Version + " " + s.Bin
	}
	if s.File != "" {
		display = s.Package + "@" + s.Version + ": node_modules/" + s.File
	}
	if s.Go != "" {
		display = "go install " + s.Go + "@" + s.Version
	}
	target := &connect.Target{Transport: connect.TransportStdio, Command: command, Args: args, Env: env, Dir: work,
		Display: display}
	sess, err := connect.Dial(ctx, target, connect.Options{Timeout: timeout, ClientName: "mcpgauge-precision"})
	if err != nil {
		return nil, fmt.Errorf("connect: %w", err)
	}
	defer sess.Close()
	snap, err := sess.Snapshot(ctx)
	if err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	if len(snap.Tools) == 0 {
		return nil, errors.New("no tools listed")
	}
	c := precision.FromSnapshot(snap)
	c.Server, c.Package, c.Version = s.Name, s.Package, inst.Version
	c.CapturedAt = time.Now().UTC().Format("2006-01-02")
	for _, a := range s.Args {
		c.Args = append(c.Args, strings.ReplaceAll(a, "{tmp}", "<tmpdir>"))
	}
	for k, v := range s.Env {
		if c.Env == nil {
			c.Env = map[string]string{}
		}
		c.Env[k] = strings.ReplaceAll(v, "{tmp}", "<tmpdir>")
	}
	c.Note = s.Note
	return &c, nil
}

// goInstall builds pkg, a main package of module mod, at version with `go
// install` into its own directory under cache and returns the program to
// start. The go command runs in environ (GOPROXY, GOTOOLCHAIN, GOMODCACHE
// as it sets them), behind a proxy on disk that pins mod at version
// (pinProxy: a proxy that refuses the module's version list still builds
// it); the build sees no cgo. The program's build information
// must name mod at version as its main module: a package that lives in a
// nested module of its own is refused, since the audit-space hash was taken
// of mod.
func goInstall(ctx context.Context, cache, mod, pkg, version string, environ []string) (*worker.Installed, error) {
	dir, err := filepath.Abs(filepath.Join(cache, "go", strings.ReplaceAll(pkg, "/", "!")+"@"+version))
	if err != nil {
		return nil, err
	}
	goenv := exec.CommandContext(ctx, "go", "env", "GOPROXY")
	goenv.Env = environ
	out, err := goenv.Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOPROXY: %w", err)
	}
	goproxy, err := pinProxy(ctx, http.DefaultClient, strings.TrimSpace(string(out)), dir+".pin", mod, version)
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, "go", "install", "-trimpath", pkg+"@"+version)
	cmd.Env = append(slices.Clip(environ), "GOBIN="+dir, "CGO_ENABLED=0", "GOFLAGS=-modcacherw", "GOPROXY="+goproxy)
	// Compilers the go command started may hold the output pipe after it
	// is killed at the deadline; stop waiting for them.
	cmd.WaitDelay = 10 * time.Second
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go install %s@%s: %w: %s", pkg, version, err, bytes.TrimSpace(out))
	}
	program := filepath.Join(dir, goProgram(pkg))
	if runtime.GOOS == "windows" {
		program += ".exe"
	}
	info, err := buildinfo.ReadFile(program)
	if err != nil {
		return nil, fmt.Errorf("go install %s@%s: %w", pkg, version, err)
	}
	if info.Main.Path != mod || info.Main.Version != version {
		return nil, fmt.Errorf("go install %s@%s built module %s@%s, not %s@%s", pkg, version, info.Main.Path, info.Main.Version, mod, version)
	}
	return &worker.Installed{Command: program, Version: version}, nil
}

// goProgram is the name go install gives pkg's program: its last element,
// or the one before a major-version suffix ("cmd/tool/v2" gives "tool").
func goProgram(pkg string) string {
	base := path.Base(pkg)
	if _, _, ok := module.SplitPathVersion(pkg); ok && semver.Major(base) == base && base != "v0" && base != "v1" {
		if pre := path.Base(path.Dir(pkg)); pre != "." {
			return pre
		}
	}
	return base
}

// installedFile resolves name, a path relative to the install's
// node_modules directory, and refuses one that leaves it (by "..", an
// absolute path or a symbolic link).
func installedFile(modules, name string) (string, error) {
	if !filepath.IsLocal(name) {
		return "", fmt.Errorf("file %q must be a relative path inside node_modules", name)
	}
	root, err := filepath.EvalSymlinks(modules)
	if err != nil {
		return "", fmt.Errorf("file %q: %w", name, err)
	}
	file, err := filepath.EvalSymlinks(filepath.Join(root, name))
	if err != nil {
		return "", fmt.Errorf("file %q: %w", name, err)
	}
	if rel, err := filepath.Rel(root, file); err != nil || !filepath.IsLocal(rel) {
		return "", fmt.Errorf("file %q leaves node_modules", name)
	}
	info, err := os.Stat(file)
	if err != nil {
		return "", fmt.Errorf("file %q: %w", name, err)
	}
	if !info.Mode().IsRegular() {
		return "", fmt.Errorf("file %q is not a regular file", name)
	}
	if !isJavaScript(file) && info.Mode().Perm()&0o111 == 0 {
		return "", fmt.Errorf("file %q is not executable (the package's install script, which the capture never runs, may be what sets that)", name)
	}
	return file, nil
}

// isJavaScript reports whether file runs with node rather than on its own.
func isJavaScript(file string) bool {
	switch filepath.Ext(file) {
	case ".js", ".cjs", ".mjs":
		return true
	}
	return false
}
