package worker

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/gofrs/flock"

	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// PyPI installs PyPI distributions into Cache/pypi/<key>, one virtual
// environment per (identifier, version), with `python3 -m venv` and pip (uv
// is not used: it is not on the build hosts), and runs the console script
// named like the distribution.
type PyPI struct {
	// Cache is the shared cache root (required).
	Cache string
	// Python is the interpreter that makes venvs (default "python3").
	Python string
	// Timeout bounds one install (default 5 minutes).
	Timeout time.Duration
	// Indexes are the package indexes entries may name (default:
	// registry.DefaultPyPIIndex alone); the first serves entries that name
	// none, and pip is always given it (--index-url <index>/simple).
	Indexes []string
	// Allow are address ranges the indexes may resolve to beyond public
	// addresses; an index named by an IP address is allowed as named.
	Allow []netip.Prefix
	// Caps bound each install (InstallCaps; zero fields take defaults).
	// The venv is made in place, so a pip install is measured when it
	// ends and removed when over (bubblewrap's per-file size limit bounds
	// it meanwhile); npm's installs are capped as they are written.
	Caps InstallCaps
	// PkgCache, when set, leases each install to its scan and keeps the
	// cache under its total cap.
	PkgCache *PackageCache
}

// Kind implements Installer.
func (p *PyPI) Kind() registry.Kind { return registry.KindPyPI }

func (p *PyPI) python() string {
	if p.Python != "" {
		return p.Python
	}
	return "python3"
}

// pythonInfo is the interpreter's real prefix, which a venv links back to.
func (p *PyPI) pythonInfo(ctx context.Context) (basePrefix string, err error) {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, p.python(), "-c", "import sys, venv, ensurepip; print(sys.base_prefix)").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("%s cannot make virtual environments with pip: %w: %s", p.python(), err, tail(string(out), 200))
	}
	return strings.TrimSpace(string(out)), nil
}

// Available implements Installer: a Python with venv and ensurepip.
func (p *PyPI) Available(ctx context.Context) error {
	_, err := p.usable(ctx)
	return err
}

// usable checks the cache directory and the interpreter, and returns the
// interpreter's base prefix; it starts Python once.
func (p *PyPI) usable(ctx context.Context) (basePrefix string, err error) {
	if p.Cache == "" {
		return "", errors.New("pypi installer: no cache directory set")
	}
	if _, err := exec.LookPath(p.python()); err != nil {
		return "", fmt.Errorf("pypi installer: %w", err)
	}
	return p.pythonInfo(ctx)
}

var pypiName = regexp.MustCompile(`^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$`)

// Install implements Installer.
func (p *PyPI) Install(ctx context.Context, pkg registry.PlanPackage, opts InstallOptions) (*Installed, error) {
	base, err := p.usable(ctx)
	if err != nil {
		return nil, unsupported("pypi package %s: no usable Python on this worker: %v", pkg.Identifier, err)
	}
	if !pypiName.MatchString(pkg.Identifier) {
		return nil, installFailed(nil, "invalid PyPI distribution name %q", pkg.Identifier)
	}
	if why := registry.CheckPackageRef("pypi", pkg.Identifier, pkg.Version, pkg.RegistryBaseURL); why != "" {
		return nil, unsupported("%s", why)
	}
	index, err := allowedRegistry("pypi", pkg.Identifier, pkg.RegistryBaseURL, p.Indexes, registry.DefaultPyPIIndex)
	if err != nil {
		return nil, err
	}
	version := strings.TrimSpace(pkg.Version)
	if version == "latest" {
		version = ""
	}
	root := filepath.Join(p.Cache, "pypi")
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, &InstallError{Status: schema.StatusWorkerError, Reason: "create pypi cache", Err: err}
	}
	key := cacheKey(registryKey("pypi", index, registry.DefaultPyPIIndex), strings.ToLower(pkg.Identifier), cmp.Or(version, "latest"))
	dir := filepath.Join(root, key)
	lock := flock.New(dir + ".lock")
	if ok, err := lock.TryLockContext(ctx, 100*time.Millisecond); err != nil || !ok {
		return nil, &InstallError{Status: schema.StatusWorkerError, Reason: "lock pypi cache entry " + key, Err: err}
	}
	defer func() { _ = lock.Unlock() }()
	// In the bubblewrap sandbox the venv shows at an ordinary path of its
	// own, at install (its scripts name it) and at start; a venv made for
	// the other (host paths, or a sandbox's path run on the host) is made
	// again.
	at := ""
	if _, ok := opts.Sandbox.(*Bwrap); ok {
		at = venvAt(pkg.Identifier)
	}
	cached := readVenvRecord(dir) == at+"\n"
	if !cached {
		if err := p.fetch(ctx, opts.Sandbox, root, key, pkg.Identifier, version, index, base, at); err != nil {
			return nil, err
		}
	}
	script, err := pickScript(filepath.Join(dir, "bin"), pkg.Identifier)
	if err != nil {
		return nil, installFailed(err, "cannot tell which program of %s to run", pkg.Identifier)
	}
	var remapped map[string]string
	if at != "" {
		remapped = map[string]string{dir: at}
	}
	in := &Installed{
		Command: script, Dir: dir, Version: version, Cached: cached, Remap: remapped,
		Path: []string{filepath.Join(dir, "bin")}, ReadOnly: append([]string{dir, base}, venvInterpreter(dir, base)...),
		Release: p.PkgCache.Use(dir, !cached),
	}
	if in.Behaviour = loadInstallBehaviour(dir); in.Behaviour == nil {
		in.BehaviourNote = "the install was not watched (it ran outside the bubblewrap sandbox, or with behaviour recording off)"
	}
	return in, nil
}

// fetch makes the venv on the host (python -m venv runs no package code
// and needs no network) and runs pip inside the install sandbox: through
// bubblewrap (sb) it reaches only the index (and, for PyPI, its file
// host) through the egress proxy, sees a fresh environment and can write
// only the venv and its scratch directory. A build backend or setup.py of
// an sdist runs there too.
func (p *PyPI) fetch(ctx context.Context, sb Sandbox, root, key, name, version, index, base, at string) error {
	timeout := p.Timeout
	if timeout <= 0 {
		timeout = 5 * time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	// The venv is made in place (its scripts record their own path); the
	// install record is written last, so a half-made venv is redone.
	venv := filepath.Join(root, key)
	_ = os.RemoveAll(venv)
	cmd := exec.CommandContext(ctx, p.python(), "-m", "venv", venv)
	cmd.WaitDelay = 5 * time.Second
	if out, err := cmd.CombinedOutput(); err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("did not finish within %s: %w", timeout, ctx.Err())
		}
		return installFailed(err, "python3 -m venv failed: %s", lastLines(string(out), 2))
	}
	if at != "" {
		if err := retargetVenv(venv, at); err != nil {
			_ = os.RemoveAll(venv)
			return &InstallError{Status: schema.StatusWorkerError, Reason: "prepare the venv for the sandbox", Err: err}
		}
	}
	scratch, err := os.MkdirTemp(root, ".run-")
	if err == nil {
		defer os.RemoveAll(scratch)
		if err = os.Chmod(scratch, 0o755); err == nil {
			err = os.Mkdir(filepath.Join(scratch, "cache"), 0o755)
		}
	}
	if err != nil {
		_ = os.RemoveAll(venv)
		return &InstallError{Status: schema.StatusWorkerError, Reason: "pip scratch directory", Err: err}
	}
	spec := name
	if version != "" {
		spec += "==" + version
	}
	env := map[string]string{
		// No pip configuration of the worker's (index URLs, find-links,
		// credentials): os.devnull is pip's "read no config file".
		"PIP_CONFIG_FILE": os.DevNull, "PIP_CACHE_DIR": filepath.Join(scratch, "cache"),
		"PIP_NO_INPUT": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PYTHONNOUSERSITE": "1",
	}
	py := filepath.Join(venv, "bin", "python")
	r := installRun{Command: py, Args: []string{"-m", "pip", "install", "--no-input", "--disable-pip-version-check",
		"--retries", "1", "--timeout", "15", "--index-url", pipIndexURL(index), spec},
		Dir: scratch, Env: env, Writable: []string{venv, scratch}, Registries: pypiHosts(index), Allow: p.Allow,
		Relay: py, IsPython: true, Timeout: timeout,
		Remap: map[string]string{scratch: "/tmp/pip-" + filepath.Base(scratch)[len(".run-"):]}}
	if at != "" {
		r.Remap[venv] = at
	}
	if base != "" && !underUsr(base) {
		r.ReadOnly = append(r.ReadOnly, base)
	}
	r.ReadOnly = append(r.ReadOnly, venvInterpreter(venv, base)...)
	r.ReadOnly = append(r.ReadOnly, hostCAEnv(env, "PIP_CERT", "REQUESTS_CA_BUNDLE", "SSL_CERT_FILE")...)
	res, err := runPackageManager(ctx, sb, scratch, r)
	if err != nil {
		if !res.Started {
			reason := pipStartFailure(venv, base, err)
			_ = os.RemoveAll(venv)
			return &InstallError{Status: schema.StatusWorkerError, Err: err, Reason: reason}
		}
		_ = os.RemoveAll(venv)
		out := withRefusals(string(res.Stdout)+res.Stderr, res.Refused)
		low := strings.ToLower(out)
		switch {
		case strings.Contains(low, "no matching distribution") || strings.Contains(low, "could not find a version"):
			if strings.Contains(low, "connection") || strings.Contains(low, "name resolution") || strings.Contains(low, "resolve") || len(res.Refused) > 0 {
				return installFailed(err, "the index is not reachable from this worker (pip install %s): %s", spec, lastLines(out, 1))
			}
			return installFailed(err, "PyPI has no distribution %s", spec)
		}
		return installFailed(err, "pip install %s failed: %s", spec, lastLines(out, 2))
	}
	if _, err := measureTree(venv, p.Caps.withDefaults()); err != nil {
		_ = os.RemoveAll(venv)
		if errors.Is(err, ErrOverCap) {
			return tooLarge("PyPI package "+spec, p.Caps.withDefaults(), err)
		}
		return &InstallError{Status: schema.StatusWorkerError, Reason: "measure the install", Err: err}
	}
	// What the install did (a build backend runs the package's code)
	// stays beside the venv, for every scan of it.
	_ = os.Remove(installBehaviour(venv))
	if err := saveInstallBehaviour(venv, res.Behaviour); err != nil {
		return &InstallError{Status: schema.StatusWorkerError, Reason: "keep the install's behaviour", Err: err}
	}
	if err := writeInstallRecord(venv, []byte(at+"\n")); err != nil {
		return &InstallError{Status: schema.StatusWorkerError, Reason: "write install record", Err: err}
	}
	return nil
}

// venvAt is where the bubblewrap sandbox shows the venv of distribution
// name, at install and at start: the place an application's venv has in
// many a container image.
func venvAt(name string) string {
	return "/opt/" + strings.ToLower(unsafeKey.ReplaceAllString(name, "-")) + "/.venv"
}

// readVenvRecord is a venv's install record: the path the sandbox shows
// it at, and a newline ("\n" alone: made for the host), or "" when there
// is none (a venv of an older worker, with its record inside, is made
// again).
func readVenvRecord(dir string) string {
	b, err := os.ReadFile(installRecord(dir))
	if err != nil || !strings.HasSuffix(string(b), "\n") {
		return ""
	}
	return string(b)
}

// retargetVenv makes a venv made on the host at venv name at instead (the
// path the sandbox shows it at): its configuration and bin scripts name
// at, and the bytecode ensurepip compiled (which names venv) is removed
// (Python compiles it again where it may write). It runs before any
// package code, on files python -m venv wrote.
func retargetVenv(venv, at string) error {
	files := []string{filepath.Join(venv, "pyvenv.cfg")}
	ents, err := os.ReadDir(filepath.Join(venv, "bin"))
	if err != nil {
		return err
	}
	for _, e := range ents {
		if e.Type().IsRegular() {
			files = append(files, filepath.Join(venv, "bin", e.Name()))
		}
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if nb := newRemap(map[string]string{venv: at}, "").text(string(b)); nb != string(b) {
			fi, err := os.Stat(f)
			if err != nil {
				return err
			}
			if err := os.WriteFile(f, []byte(nb), fi.Mode().Perm()); err != nil {
				return err
			}
		}
	}
	return filepath.WalkDir(venv, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "__pycache__" {
			if err := os.RemoveAll(p); err != nil {
				return err
			}
			return filepath.SkipDir
		}
		return nil
	})
}

// venvInterpreter is the real interpreter behind a venv's python (the
// venv links to the Python that made it) when the sandbox would not show
// it otherwise: outside /usr and outside the Python's prefix base.
func venvInterpreter(venv, base string) []string {
	real, err := filepath.EvalSymlinks(filepath.Join(venv, "bin", "python"))
	if err != nil || underUsr(real) || (base != "" && strings.HasPrefix(real, strings.TrimSuffix(base, "/")+"/")) {
		return nil
	}
	return []string{real}
}

// pipStartFailure is the reason when pip never started in the install
// sandbox: which interpreter the venv runs and where it lives, and the
// sandbox's own error (a path its unprivileged user cannot reach names the
// directory, its mode and owner).
func pipStartFailure(venv, base string, err error) string {
	py := filepath.Join(venv, "bin", "python")
	real, rerr := filepath.EvalSymlinks(py)
	if rerr != nil {
		real = py
	}
	return fmt.Sprintf("pip could not start in the install sandbox: the venv runs the host's Python %s (prefix %s), which the sandbox must show to its unprivileged user: %v",
		real, cmp.Or(base, "unknown"), err)
}

// pypiHosts are the hosts pip may reach for index: the index itself and,
// for PyPI, the host its files are served from.
func pypiHosts(index string) []string {
	hosts := []string{index}
	if strings.TrimSuffix(strings.TrimRight(index, "/"), "/simple") == strings.TrimRight(registry.DefaultPyPIIndex, "/") {
		hosts = append(hosts, "https://files.pythonhosted.org")
	}
	return hosts
}

// pickScript finds the console script named like the distribution (with
// '_' and '-' treated alike).
func pickScript(bin, name string) (string, error) {
	want := []string{name, strings.ReplaceAll(name, "_", "-"), strings.ReplaceAll(name, "-", "_"), strings.ToLower(name)}
	for _, w := range want {
		if fi, err := os.Stat(filepath.Join(bin, w)); err == nil && !fi.IsDir() {
			return filepath.Join(bin, w), nil
		}
	}
	ents, err := os.ReadDir(bin)
	if err != nil {
		return "", err
	}
	var scripts []string
	for _, e := range ents {
		n := e.Name()
		if strings.HasPrefix(n, "python") || strings.HasPrefix(n, "pip") || strings.HasPrefix(n, "activate") || strings.HasPrefix(n, "Activate") {
			continue
		}
		scripts = append(scripts, n)
	}
	sort.Strings(scripts)
	if len(scripts) == 1 {
		return filepath.Join(bin, scripts[0]), nil
	}
	return "", fmt.Errorf("no console script named %q (scripts: %s)", name, strings.Join(scripts, ", "))
}

// pipIndexURL is the simple-API URL of an index base (https://pypi.org ->
// https://pypi.org/simple); a base that already ends in /simple is kept.
func pipIndexURL(base string) string {
	base = strings.TrimRight(base, "/")
	if strings.HasSuffix(base, "/simple") {
		return base + "/"
	}
	return base + "/simple/"
}
