package worker

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// Installed is a package ready to run: the command that starts it and the
// host paths the sandbox must show read-only.
type Installed struct {
	// Command and Args start the server; the plan's Args follow them.
	Command string
	Args    []string
	// Path is prepended to PATH inside the sandbox.
	Path []string
	// Env is added to the plan's environment (the plan wins on conflicts).
	Env map[string]string
	// ReadOnly are host paths the server needs to see (the package dir, a
	// runtime prefix).
	ReadOnly []string
	// Dir is the package's install directory in the cache.
	Dir string
	// Remap shows host directories (Dir) at other paths in the sandbox
	// (Spec.Remap), so the cache's path never shows inside.
	Remap map[string]string
	// Behaviour is what the install did when package code ran in it (a
	// PyPI build backend, npm lifecycle scripts when on), watched in the
	// sandbox, and kept beside the install for later scans of the cached
	// package; nil when not watched, with BehaviourNote saying why.
	Behaviour     *schema.Behaviour
	BehaviourNote string
	// Version is the exact version installed (resolved from "latest").
	Version string
	// Integrity and Resolved are what the package manager recorded for
	// the package itself (npm: the lockfile's SRI hash and tarball URL).
	Integrity, Resolved string
	// Cached is true when the install was found in the cache and nothing
	// was downloaded or run.
	Cached bool
	// SkippedScripts names installed packages with install scripts that
	// did not run because lifecycle scripts were off.
	SkippedScripts []string
	// Release, when set, ends the scan's lease on Dir (PackageCache.Use):
	// call it through Done once the package no longer runs.
	Release func()
}

// installBehaviour is the file beside a cache dir that keeps what its
// install did (Installed.Behaviour).
func installBehaviour(dir string) string { return dir + ".install-behaviour.json" }

// saveInstallBehaviour keeps b beside dir (nothing for nil b).
func saveInstallBehaviour(dir string, b *schema.Behaviour) error {
	if b == nil {
		return nil
	}
	data, err := json.Marshal(b)
	if err != nil {
		return err
	}
	return os.WriteFile(installBehaviour(dir), data, 0o644)
}

// loadInstallBehaviour reads what dir's install did (nil when nothing was
// kept).
func loadInstallBehaviour(dir string) *schema.Behaviour {
	data, err := os.ReadFile(installBehaviour(dir))
	if err != nil {
		return nil
	}
	var b schema.Behaviour
	if json.Unmarshal(data, &b) != nil {
		return nil
	}
	return &b
}

// Done ends the scan's use of the installed package (nil-safe).
func (in *Installed) Done() {
	if in != nil && in.Release != nil {
		in.Release()
	}
}

// InstallOptions tune one install.
type InstallOptions struct {
	// LifecycleScripts lets packages run their install scripts (off by
	// default: no package code runs on the host while installing).
	LifecycleScripts bool
	// Sandbox is the scan's sandbox. The bubblewrap sandbox runs the
	// package manager too (no network but the registry, a fresh
	// environment, only the install directory writable); any other runs it
	// on the host, with a fresh environment still.
	Sandbox Sandbox
	// OwnProgram says the caller runs a program of its own choosing from
	// the install (a bin it names, or a file inside the package), so a
	// package whose program npx could not pick (several bins, none named
	// like it, or no bin at all) still installs: Installed.Command is then
	// empty. Without it such a package fails to install, as npx would.
	OwnProgram bool
}

// Installer installs one kind of package into a shared cache.
type Installer interface {
	// Kind is the plan kind the installer handles.
	Kind() registry.Kind
	// Available reports why the installer cannot work on this host (nil
	// when it can).
	Available(ctx context.Context) error
	// Install installs pkg (or finds it in the cache) and says how to run
	// it. Failures are *InstallError values.
	Install(ctx context.Context, pkg registry.PlanPackage, opts InstallOptions) (*Installed, error)
}

// InstallKind says how an install failed, from the package manager's
// machine-readable answer where it gives one (npm's --json error codes);
// pip and the OCI engines give none, so their failures are InstallFailed
// (the reason quotes their last lines).
type InstallKind string

// Kinds of InstallError.
const (
	// InstallFailed: the package manager failed, for no reason it named.
	InstallFailed InstallKind = "failed"
	// InstallNotFound: the registry has no such package (npm E404).
	InstallNotFound InstallKind = "not_found"
	// InstallNoVersion: the package has no such version (npm ETARGET).
	InstallNoVersion InstallKind = "no_version"
	// InstallIntegrity: a download failed its integrity check (npm
	// EINTEGRITY).
	InstallIntegrity InstallKind = "integrity"
	// InstallPlatform: the package does not support this platform (npm
	// EBADPLATFORM).
	InstallPlatform InstallKind = "platform"
	// InstallNetwork: the registry could not be reached (npm's network
	// codes, a 5xx, the egress proxy's refusal).
	InstallNetwork InstallKind = "network"
	// InstallTimeout: the install did not finish in its time.
	InstallTimeout InstallKind = "timeout"
	// InstallWorker: the worker's own fault (no cache, no package manager,
	// a sandbox that could not run it).
	InstallWorker InstallKind = "worker"
	// InstallRefused: the package was refused before any install ran
	// (unsupported: a registry, a name or a version not allowed).
	InstallRefused InstallKind = "refused"
)

// InstallError is a failed install with the result status it maps to
// (install_failed, unsupported or worker_error), a one-line reason, its
// kind and the package manager's own error code, if it gave one.
type InstallError struct {
	Status schema.Status
	Reason string
	Err    error
	// Kind is how the install failed ("" reads as InstallFailed, or
	// InstallWorker for a worker_error).
	Kind InstallKind
	// Code is the package manager's error code (npm's "E404",
	// "ETARGET"...), "" when it gave none.
	Code string
}

func (e *InstallError) Error() string {
	if e.Err != nil {
		return e.Reason + ": " + e.Err.Error()
	}
	return e.Reason
}

func (e *InstallError) Unwrap() error { return e.Err }

// ResultStatus makes an InstallError a scan.StatusError: it keeps its
// status and reason wherever it is classified.
func (e *InstallError) ResultStatus() (schema.Status, string) { return e.Status, e.Reason }

func installFailed(err error, format string, args ...any) *InstallError {
	kind := InstallFailed
	if errors.Is(err, context.DeadlineExceeded) {
		kind = InstallTimeout
	}
	return &InstallError{Status: schema.StatusInstallFailed, Reason: fmt.Sprintf(format, args...), Err: err, Kind: kind}
}

func unsupported(format string, args ...any) *InstallError {
	return &InstallError{Status: schema.StatusUnsupported, Reason: fmt.Sprintf(format, args...), Kind: InstallRefused}
}

var unsafeKey = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// cacheKey is a file-name-safe key for (type, identifier, version): a
// readable prefix and a hash of the exact triple, so two identifiers that
// clean to the same text never share a directory.
func cacheKey(typ, identifier, version string) string {
	sum := sha256.Sum256([]byte(typ + "\x00" + identifier + "\x00" + version))
	readable := unsafeKey.ReplaceAllString(strings.TrimPrefix(identifier, "@"), "_")
	if len(readable) > 60 {
		readable = readable[:60]
	}
	return typ + "-" + readable + "-" + unsafeKey.ReplaceAllString(version, "_") + "-" + hex.EncodeToString(sum[:6])
}

// tail returns the last n bytes of s, trimmed, for error reasons.
func tail(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) > n {
		s = "…" + s[len(s)-n:]
	}
	return s
}

// lastLines returns up to n of the last non-empty lines of s joined by " | ".
func lastLines(s string, n int) string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return tail(strings.Join(lines, " | "), 400)
}

// allowedRegistry picks the registry an install uses: the entry's
// registryBaseUrl when it is one the operator allows, the first allowed one
// when the entry names none. allowed defaults to def alone. Anything else
// is unsupported, before any package manager runs: a registry entry must
// not send the installer to a registry of its choosing (a loopback one is
// request forgery, and it decides what code is installed).
func allowedRegistry(kind, id, entryURL string, allowed []string, def string) (string, error) {
	if len(allowed) == 0 {
		allowed = []string{def}
	}
	var norm []string
	for _, a := range allowed {
		n, err := registry.NormaliseRegistryURL(a)
		if err != nil {
			return "", &InstallError{Status: schema.StatusWorkerError, Reason: kind + " installer: allowed registry", Err: err}
		}
		norm = append(norm, n)
	}
	if strings.TrimSpace(entryURL) == "" {
		return norm[0], nil
	}
	want, err := registry.NormaliseRegistryURL(entryURL)
	if err != nil {
		return "", unsupported("%s package %s: %v", kind, id, err)
	}
	for _, n := range norm {
		if n == want || (def == registry.DefaultPyPIIndex && strings.TrimSuffix(want, "/simple") == n) {
			return n, nil
		}
	}
	return "", unsupported("%s package %s names registry %s, which this worker does not allow (allowed: %s; an operator adds a mirror with install.%s)",
		kind, id, want, strings.Join(norm, ", "), map[string]string{"npm": "npm_registries", "pypi": "pypi_indexes"}[kind])
}

// registryKey is the cache key's type part: typ for the default registry,
// typ plus a hash of the registry otherwise, so one identifier from two
// registries never shares a cache directory.
func registryKey(typ, reg, def string) string {
	if reg == "" || reg == def {
		return typ
	}
	sum := sha256.Sum256([]byte(reg))
	return typ + "-r" + hex.EncodeToString(sum[:4])
}

// Registries are the package registries the installers may use (empty:
// the public npm registry and PyPI only).
type Registries struct {
	NPM  []string
	PyPI []string
	// OCI are image registry hosts (default registry.DefaultOCIRegistries).
	OCI []string
	// Allow are address ranges the npm and PyPI registries may resolve to
	// beyond public addresses (a mirror on a private network), for the
	// installs' egress proxy.
	Allow []netip.Prefix
	// Caps bound each npm and PyPI install and the package cache they
	// share (zero fields: DefaultInstallCaps).
	Caps InstallCaps
}

// InstallersFor is DefaultInstallers with the operator's registries and
// caps; the npm and PyPI installers share one PackageCache over cache.
func InstallersFor(cache string, r Registries) []Installer {
	pc := NewPackageCache(cache, r.Caps.withDefaults().CacheBytes)
	return []Installer{&NPM{Cache: cache, Registries: r.NPM, Allow: r.Allow, Caps: r.Caps, PkgCache: pc},
		&PyPI{Cache: cache, Indexes: r.PyPI, Allow: r.Allow, Caps: r.Caps, PkgCache: pc}, &OCI{Registries: r.OCI}}
}

// PackageCacheOf is the PackageCache of installers (nil when none has one).
func PackageCacheOf(installers []Installer) *PackageCache {
	for _, in := range installers {
		switch x := in.(type) {
		case *NPM:
			if x.PkgCache != nil {
				return x.PkgCache
			}
		case *PyPI:
			if x.PkgCache != nil {
				return x.PkgCache
			}
		}
	}
	return nil
}
