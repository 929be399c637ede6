package worker

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gofrs/flock"

	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// legacyInstallMeta is the file that marked a finished install inside
// its cache dir before the record moved beside it (installRecord): a name
// a server could read inside the sandbox. A dir with only this record is
// installed again (never used as it is), and the package cache still
// counts and evicts it.
const legacyInstallMeta = ".mcpgauge-install.json"

// installRecord is the file beside a cache dir (dir + ".json", next to its
// ".lock") that marks a finished install. It lies outside the dir, so
// nothing of it is visible in the sandbox, which shows the dir alone.
func installRecord(dir string) string { return dir + ".json" }

// writeInstallRecord writes dir's record atomically (a crash leaves no
// half-written record).
func writeInstallRecord(dir string, data []byte) error {
	tmp := installRecord(dir) + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, installRecord(dir))
}

// npxDir is where the sandbox shows the npm cache dir key, at install and
// at start: where npx would have put the package (~/.npm/_npx/ and 16 hex
// digits of a hash), so the server's path, working tree and lockfile
// name look like any npx user's.
func npxDir(key string) string {
	sum := sha512.Sum512([]byte(key))
	return "~/.npm/_npx/" + hex.EncodeToString(sum[:8])
}

// NPM installs npm packages into Cache/npm/<key>, one directory per
// (identifier, version), with `npm install --ignore-scripts` (scripts only
// when InstallOptions.LifecycleScripts), and resolves the package's bin the
// way npx does. A flock per key keeps slots and processes from installing
// the same package at once; a finished install is found again without
// running npm at all.
type NPM struct {
	// Cache is the shared cache root (required).
	Cache string
	// NPM is the npm binary (default "npm" on PATH).
	NPM string
	// Timeout bounds one npm run (default 5 minutes).
	Timeout time.Duration
	// Registries are the npm registries entries may name (default:
	// registry.DefaultNPMRegistry alone); the first serves entries that
	// name none. An entry naming another is unsupported.
	Registries []string
	// Allow are address ranges the registries may resolve to beyond public
	// addresses (a mirror on a private network or loopback); a registry
	// named by an IP address is allowed as named.
	Allow []netip.Prefix
	// Caps bound each install (InstallCaps; zero fields take defaults).
	Caps InstallCaps
	// PkgCache, when set, leases each install to its scan and keeps the
	// cache under its total cap.
	PkgCache *PackageCache

	runs      atomic.Int64
	sandboxed atomic.Int64 // runs inside the bubblewrap sandbox
}

// Kind implements Installer.
func (n *NPM) Kind() registry.Kind { return registry.KindNPMStdio }

// Runs returns how many npm processes this installer has started.
func (n *NPM) Runs() int64 { return n.runs.Load() }

func (n *NPM) bin() string {
	if n.NPM != "" {
		return n.NPM
	}
	return "npm"
}

// Available implements Installer.
func (n *NPM) Available(context.Context) error {
	if n.Cache == "" {
		return errors.New("npm installer: no cache directory set")
	}
	if _, err := exec.LookPath(n.bin()); err != nil {
		return fmt.Errorf("npm installer: %w", err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		return fmt.Errorf("npm installer: node is needed to run npm packages: %w", err)
	}
	return nil
}

var (
	npmName     = regexp.MustCompile(`^(@[a-z0-9][a-z0-9._~-]*/)?[a-z0-9_][a-z0-9._~-]*$`)
	exactSemver = regexp.MustCompile(`^v?\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$`)
)

// npmMeta is what a finished install records.
type npmMeta struct {
	Identifier string `json:"identifier"`
	Version    string `json:"version"`
	Integrity  string `json:"integrity,omitempty"`
	Resolved   string `json:"resolved,omitempty"`
	Bin        string `json:"bin"`
	// BinProblem says why no bin was picked (Bin is then empty): the
	// package installed, but only a caller that names its own program can
	// run it.
	BinProblem     string   `json:"binProblem,omitempty"`
	SkippedScripts []string `json:"skippedScripts,omitempty"`
	Scripts        bool     `json:"scripts,omitempty"`
	InstalledAt    string   `json:"installedAt"`
}

// Install implements Installer.
func (n *NPM) Install(ctx context.Context, pkg registry.PlanPackage, opts InstallOptions) (*Installed, error) {
	if n.Cache == "" {
		return nil, &InstallError{Status: schema.StatusWorkerError, Reason: "npm installer has no cache directory"}
	}
	name := pkg.Identifier
	if !npmName.MatchString(strings.ToLower(name)) || len(name) > 214 {
		return nil, installFailed(nil, "invalid npm package name %q", name)
	}
	// The plan checked this already; a job's plan is checked again here,
	// before npm sees any of it (registry/pkgref.go).
	if why := registry.CheckPackageRef("npm", name, pkg.Version, pkg.RegistryBaseURL); why != "" {
		return nil, unsupported("%s", why)
	}
	reg, err := allowedRegistry("npm", name, pkg.RegistryBaseURL, n.Registries, registry.DefaultNPMRegistry)
	if err != nil {
		return nil, err
	}
	pkg.RegistryBaseURL = reg
	root := filepath.Join(n.Cache, "npm")
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, &InstallError{Status: schema.StatusWorkerError, Reason: "create npm cache", Err: err}
	}
	version := strings.TrimPrefix(strings.TrimSpace(pkg.Version), "v")
	if !exactSemver.MatchString(version) {
		v, err := n.resolveVersion(ctx, pkg, opts)
		if err != nil {
			return nil, err
		}
		if version = strings.TrimPrefix(v, "v"); !exactSemver.MatchString(version) {
			return nil, installFailed(nil, "npm resolved %s@%s to %q, which is not an exact version", name, cmp.Or(pkg.Version, "latest"), v)
		}
	}
	key := cacheKey(registryKey("npm", reg, registry.DefaultNPMRegistry), name, version)
	if opts.LifecycleScripts {
		key += "-scripts"
	}
	dir := filepath.Join(root, key)
	lock := flock.New(dir + ".lock")
	ok, err := lock.TryLockContext(ctx, 100*time.Millisecond)
	if err != nil || !ok {
		return nil, &InstallError{Status: schema.StatusWorkerError, Reason: "lock npm cache entry " + key, Err: err}
	}
	defer func() { _ = lock.Unlock() }()

	meta, err := readMeta(dir)
	cached := err == nil
	if !cached {
		if meta, err = n.fetch(ctx, root, key, registry.PlanPackage{Identifier: name, Version: version, RegistryBaseURL: reg}, opts); err != nil {
			return nil, err
		}
	}
	in, err := n.installed(dir, name, meta, cached, opts.OwnProgram)
	if err == nil {
		in.Remap = map[string]string{dir: npxDir(key)}
		if opts.LifecycleScripts {
			in.Behaviour = loadInstallBehaviour(dir)
		}
		if in.Behaviour == nil {
			in.BehaviourNote = "npm installs run with lifecycle scripts off: no package code ran at install, so there is no install behaviour to record"
			if opts.LifecycleScripts {
				in.BehaviourNote = "the install was not watched (it ran outside the bubblewrap sandbox, or with behaviour recording off)"
			}
		}
	}
	switch {
	case err == nil:
		in.Release = n.PkgCache.Use(dir, !cached)
	case !cached:
		// A package a scan cannot run (no bin npx would pick) stays
		// cached with the reason in its record; it takes room all the
		// same, so the package cache counts it (and may evict it).
		n.PkgCache.Use(dir, true)()
	}
	return in, err
}

// readMeta reads dir's install record (an error when there is none: a dir
// with only the legacy record in it is installed again).
func readMeta(dir string) (npmMeta, error) {
	var m npmMeta
	data, err := os.ReadFile(installRecord(dir))
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return m, fmt.Errorf("%s: %w", installRecord(dir), err)
	}
	return m, nil
}

func (n *NPM) installed(dir, name string, m npmMeta, cached, ownProgram bool) (*Installed, error) {
	if m.Bin == "" {
		if !ownProgram || m.BinProblem == "" {
			return nil, installFailed(nil, "cannot tell which program of %s@%s to run: %s", name, m.Version, cmp.Or(m.BinProblem, "the install record names no bin"))
		}
		// The caller picks the program (a bin it names or a file of the
		// package): only the install's places are given.
		return &Installed{
			Dir: dir, Version: m.Version, Integrity: m.Integrity, Resolved: m.Resolved,
			Cached: cached, SkippedScripts: m.SkippedScripts,
			Path:     []string{filepath.Join(dir, "node_modules", ".bin")},
			ReadOnly: []string{dir},
		}, nil
	}
	bin := filepath.Join(dir, "node_modules", filepath.FromSlash(name), filepath.FromSlash(m.Bin))
	fi, err := os.Stat(bin)
	if err != nil {
		if len(m.SkippedScripts) > 0 {
			return nil, installFailed(err, "bin %s is missing; it is probably made by an install script, and lifecycle scripts are off (packages with install scripts: %s)", m.Bin, strings.Join(m.SkippedScripts, ", "))
		}
		return nil, installFailed(err, "bin %s of %s is missing", m.Bin, name)
	}
	in := &Installed{
		Command: bin, Dir: dir, Version: m.Version, Integrity: m.Integrity, Resolved: m.Resolved,
		Cached: cached, SkippedScripts: m.SkippedScripts,
		Path:     []string{filepath.Join(dir, "node_modules", ".bin")},
		ReadOnly: []string{dir},
	}
	if fi.Mode().Perm()&0o111 == 0 {
		// npm marks bin targets executable when it links them; a file that
		// is not is run with node, as npx would through its shim.
		in.Command, in.Args = "node", []string{bin}
	}
	return in, nil
}

// resolveVersion asks npm which exact version "latest" (or no version)
// means; CheckPackageRef lets nothing else through.
func (n *NPM) resolveVersion(ctx context.Context, pkg registry.PlanPackage, opts InstallOptions) (string, error) {
	spec := "latest"
	args := []string{"view", pkg.Identifier + "@" + spec, "version", "--json"}
	args = append(args, registryFlag(pkg)...)
	out, stderr, err := n.run(ctx, opts, filepath.Join(n.Cache, "npm"), "", "", pkg.RegistryBaseURL, args...)
	if err != nil {
		return "", npmFailure(err, out, stderr, pkg.Identifier, spec)
	}
	var v any
	if err := json.Unmarshal(bytes.TrimSpace(out), &v); err != nil {
		return "", installFailed(err, "npm view %s@%s: unreadable answer %q", pkg.Identifier, spec, tail(string(out), 200))
	}
	switch x := v.(type) {
	case string:
		return x, nil
	case []any:
		// A range matches several versions; npm lists them ascending.
		if len(x) > 0 {
			if s, ok := x[len(x)-1].(string); ok {
				return s, nil
			}
		}
	}
	return "", installFailed(nil, "npm has no version of %s matching %q", pkg.Identifier, spec)
}

// registryFlag always names the registry, so neither the entry nor an
// .npmrc decides where npm goes.
func registryFlag(pkg registry.PlanPackage) []string {
	u := strings.TrimRight(pkg.RegistryBaseURL, "/")
	if u == "" {
		u = registry.DefaultNPMRegistry
	}
	return []string{"--registry", u + "/"}
}

// run runs npm with a deadline in a scratch directory of its own under
// root (npm's cache, HOME without a sandbox, the egress socket), removed
// afterwards; work, when set, is the install target, writable too.
// Through the bubblewrap sandbox (opts.Sandbox) npm reaches only reg, via
// the egress proxy; without it npm runs on the host. Either way npm's
// environment is built here, never the worker's: a package's install
// script must not find the worker's secrets. stdout and stderr come back
// separately.
func (n *NPM) run(ctx context.Context, opts InstallOptions, root, work, workAt, reg string, args ...string) ([]byte, string, error) {
	stdout, stderr, _, err := n.runWatched(ctx, opts, root, work, workAt, reg, args...)
	return stdout, stderr, err
}

// runWatched is run, and also returns what the run did in the sandbox
// (runResult.Behaviour).
func (n *NPM) runWatched(ctx context.Context, opts InstallOptions, root, work, workAt, reg string, args ...string) ([]byte, string, *schema.Behaviour, error) {
	npmPath, err := exec.LookPath(n.bin())
	if err == nil {
		npmPath, err = filepath.Abs(npmPath)
	}
	if err != nil {
		return nil, "", nil, &InstallError{Status: schema.StatusWorkerError, Reason: "npm installer", Err: err}
	}
	nodePath, err := exec.LookPath("node")
	if err != nil {
		return nil, "", nil, &InstallError{Status: schema.StatusWorkerError, Reason: "npm installer needs node", Err: err}
	}
	if nodePath, err = filepath.Abs(nodePath); err != nil {
		return nil, "", nil, &InstallError{Status: schema.StatusWorkerError, Reason: "npm installer needs node", Err: err}
	}
	scratch, err := os.MkdirTemp(root, ".run-")
	if err == nil {
		defer os.RemoveAll(scratch)
		if err = os.Chmod(scratch, 0o755); err == nil {
			err = os.Mkdir(filepath.Join(scratch, "cache"), 0o755)
		}
	}
	if err != nil {
		return nil, "", nil, &InstallError{Status: schema.StatusWorkerError, Reason: "npm scratch directory", Err: err}
	}
	env := map[string]string{
		// npm's own cache is private to this run: a shared one would let one
		// install's scripts plant content for the next.
		"npm_config_cache": filepath.Join(scratch, "cache"),
		// Neither the worker's ~/.npmrc (tokens) nor the global npmrc: the
		// settings npm needs are passed here.
		"npm_config_userconfig":      filepath.Join(scratch, "no-user-npmrc"),
		"npm_config_globalconfig":    filepath.Join(scratch, "no-global-npmrc"),
		"npm_config_update_notifier": "false", "npm_config_fund": "false", "npm_config_audit": "false",
	}
	r := installRun{Command: npmPath, Args: args, Dir: cmp.Or(work, scratch), Env: env,
		Writable: []string{scratch}, Registries: []string{reg}, Allow: n.Allow,
		Relay: nodePath, Path: []string{filepath.Dir(nodePath)}, Timeout: n.Timeout,
		Capped: work, Caps: n.Caps.withDefaults()}
	// In the sandbox the cache's paths show as an npx user's would: the
	// install target as its ~/.npm/_npx dir (npm names the lockfile after
	// it), the scratch directory below /tmp.
	r.Remap = map[string]string{scratch: "/tmp/npm-" + filepath.Base(scratch)[len(".run-"):]}
	if work != "" {
		r.Remap[work] = workAt
	}
	if _, ok := opts.Sandbox.(*Bwrap); ok && work != "" {
		// In the sandbox npm's download cache goes to the sandbox's /tmp, a
		// tmpfs with a cap of its own: a tarball never lands on the disk.
		env["npm_config_cache"] = "/tmp/npm-cache"
		r.OwnFiles = []string{"/tmp/npm-cache"}
	}
	r.ReadOnly = hostCAEnv(env, "NODE_EXTRA_CA_CERTS")
	for k, v := range hostNPMSettings() {
		env["npm_config_"+k] = v
		if k == "cafile" && !underUsr(v) && !strings.HasPrefix(v, "/etc/ssl/") {
			r.ReadOnly = append(r.ReadOnly, v)
		}
	}
	if d, err := realDir(npmPath); err == nil && !underUsr(d) {
		// npm's bin is a file inside its package (bin/npm-cli.js).
		r.ReadOnly = append(r.ReadOnly, filepath.Dir(d))
	}
	n.runs.Add(1)
	res, err := runPackageManager(ctx, opts.Sandbox, scratch, r)
	if res.Sandboxed {
		n.sandboxed.Add(1)
	}
	if err != nil && !res.Started {
		return nil, "", nil, &InstallError{Status: schema.StatusWorkerError, Reason: "npm could not start in the install sandbox", Err: err}
	}
	stderr := res.Stderr
	if err != nil {
		stderr = withRefusals(stderr, res.Refused)
	}
	return res.Stdout, stderr, res.Behaviour, err
}

// hostNPMSettings are the few settings of the operator's npm
// configuration an install keeps (npm_config_* variables, then ~/.npmrc,
// then the global npmrc): the CA file (a TLS-intercepting egress), strict
// TLS, and the node headers directory for native builds. Nothing else of
// it, in particular no auth token, reaches npm.
func hostNPMSettings() map[string]string {
	keep := []string{"cafile", "strict-ssl", "nodedir"}
	out := map[string]string{}
	var files []string
	if home, err := os.UserHomeDir(); err == nil {
		files = append(files, filepath.Join(home, ".npmrc"))
	}
	if p := nodePrefixAny(); p != "" {
		files = append(files, filepath.Join(p, "etc", "npmrc"))
	}
	for _, k := range keep {
		for _, name := range []string{"npm_config_" + k, "npm_config_" + strings.ReplaceAll(k, "-", "_"), "NPM_CONFIG_" + strings.ToUpper(strings.ReplaceAll(k, "-", "_"))} {
			if v := os.Getenv(name); v != "" && out[k] == "" {
				out[k] = v
			}
		}
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(data), "\n") {
			k, v, ok := strings.Cut(strings.TrimSpace(line), "=")
			k, v = strings.TrimSpace(k), strings.Trim(strings.TrimSpace(v), `"'`)
			if !ok || v == "" || strings.ContainsAny(v, "${}") || !contains(keep, k) || out[k] != "" {
				continue
			}
			if (k == "cafile" || k == "nodedir") && !filepath.IsAbs(v) {
				continue
			}
			out[k] = v
		}
	}
	return out
}

// nodePrefixAny is the install prefix of the host's node (/usr for a
// distribution's node), where npm's global npmrc lives.
func nodePrefixAny() string {
	d, err := realDir("node")
	if err != nil {
		return ""
	}
	return filepath.Dir(d)
}

// npmJSONError is the error npm reports on stdout under --json.
type npmJSONError struct {
	Error *struct {
		Code    string `json:"code"`
		Summary string `json:"summary"`
		Detail  string `json:"detail"`
	} `json:"error"`
}

// npmCode reads npm's own error code and summary from its --json stdout
// (the last JSON document holding an "error"), or "" when it wrote none.
func npmCode(stdout []byte) (code, summary string) {
	dec := json.NewDecoder(bytes.NewReader(stdout))
	for {
		var e npmJSONError
		if err := dec.Decode(&e); err != nil {
			return code, summary
		}
		if e.Error != nil && e.Error.Code != "" {
			code, summary = e.Error.Code, e.Error.Summary
		}
	}
}

// npmNetworkCodes are npm's codes (Node's errno names, and HTTP status
// codes as E<status>) for a registry it could not reach.
var npmNetworkCodes = map[string]bool{
	"ECONNREFUSED": true, "ECONNRESET": true, "ETIMEDOUT": true, "ESOCKETTIMEDOUT": true, "ENOTFOUND": true,
	"EAI_AGAIN": true, "ENETUNREACH": true, "EHOSTUNREACH": true, "ECONNABORTED": true, "EPIPE": true,
	"E403": true, "E407": true, "E500": true, "E502": true, "E503": true, "E504": true,
	"UNABLE_TO_GET_ISSUER_CERT_LOCALLY": true, "SELF_SIGNED_CERT_IN_CHAIN": true, "CERT_HAS_EXPIRED": true,
}

// npmFailure turns a failed npm run into an install error by npm's own
// error code (from --json on stdout), with the code in the reason.
func npmFailure(err error, stdout []byte, stderr, name, version string) *InstallError {
	var ie *InstallError
	if errors.As(err, &ie) {
		return ie // the worker's own fault, already classified
	}
	code, summary := npmCode(stdout)
	kind := InstallFailed
	var reason string
	switch {
	case code == "E404":
		kind, reason = InstallNotFound, fmt.Sprintf("npm package %s@%s not found on the registry", name, version)
	case code == "ETARGET" || code == "ENOVERSIONS":
		kind, reason = InstallNoVersion, fmt.Sprintf("npm has no version %s of %s", version, name)
	case code == "EBADPLATFORM" || code == "ENOTSUP" || code == "EBADENGINE":
		kind, reason = InstallPlatform, fmt.Sprintf("npm package %s@%s does not support this platform: %s", name, version, cmp.Or(summary, lastLines(stderr, 2)))
	case code == "EINTEGRITY":
		kind, reason = InstallIntegrity, fmt.Sprintf("npm package %s@%s failed its integrity check", name, version)
	case npmNetworkCodes[code]:
		kind, reason = InstallNetwork, fmt.Sprintf("npm could not reach the registry for %s@%s: %s", name, version, cmp.Or(summary, lastLines(stderr, 2)))
	case errors.Is(err, context.DeadlineExceeded):
		kind, reason = InstallTimeout, fmt.Sprintf("npm install %s@%s did not finish in time", name, version)
	default:
		reason = fmt.Sprintf("npm install %s@%s failed: %s", name, version, lastLines(stderr, 3))
	}
	if code != "" {
		reason += " (npm " + code + ")"
	}
	return &InstallError{Status: schema.StatusInstallFailed, Reason: reason, Err: err, Kind: kind, Code: code}
}

// fetch installs into a temporary directory, records the lockfile's
// integrity and the bin, and renames the directory into place.
func (n *NPM) fetch(ctx context.Context, root, key string, pkg registry.PlanPackage, opts InstallOptions) (npmMeta, error) {
	var meta npmMeta
	tmp, err := os.MkdirTemp(root, ".tmp-"+key+"-")
	if err != nil {
		return meta, &InstallError{Status: schema.StatusWorkerError, Reason: "create npm install dir", Err: err}
	}
	defer os.RemoveAll(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil {
		return meta, &InstallError{Status: schema.StatusWorkerError, Reason: "chmod npm install dir", Err: err}
	}
	// In the bubblewrap sandbox tmp is a fresh tmpfs (Spec.Capped) copied
	// back afterwards, and npm writes the package.json there itself.
	if _, ok := opts.Sandbox.(*Bwrap); !ok {
		manifest := []byte(`{"private":true}` + "\n")
		if err := os.WriteFile(filepath.Join(tmp, "package.json"), manifest, 0o644); err != nil {
			return meta, &InstallError{Status: schema.StatusWorkerError, Reason: "write package.json", Err: err}
		}
	}
	spec := pkg.Identifier + "@" + pkg.Version
	// --json: a failure's reason comes from npm's own error code.
	args := []string{"install", "--prefix", tmp, "--no-audit", "--no-fund", "--omit=dev", "--loglevel=error", "--json"}
	if !opts.LifecycleScripts {
		args = append(args, "--ignore-scripts")
	}
	args = append(args, registryFlag(pkg)...)
	args = append(args, spec)
	stdout, stderr, watched, err := n.runWatched(ctx, opts, root, tmp, npxDir(key), pkg.RegistryBaseURL, args...)
	if err != nil {
		if code, _ := npmCode(stdout); errors.Is(err, ErrOverCap) || code == "ENOSPC" || strings.Contains(stderr, "ENOSPC") {
			return meta, tooLarge("npm package "+spec, n.Caps.withDefaults(), err)
		}
		return meta, npmFailure(err, stdout, stderr, pkg.Identifier, pkg.Version)
	}
	meta, err = lockInfo(tmp, pkg.Identifier)
	if err != nil {
		return meta, installFailed(err, "read npm lockfile for %s", spec)
	}
	if opts.LifecycleScripts {
		meta.SkippedScripts, meta.Scripts = nil, true
	}
	// A package whose program npx could not pick still goes into the
	// cache, with the reason recorded: installed refuses it to a caller
	// that does not name its own program, and a second scan of it fails
	// from the record without installing again. A bin pointing outside
	// the package is refused outright.
	bin, err := npmBin(filepath.Join(tmp, "node_modules", filepath.FromSlash(pkg.Identifier), "package.json"), pkg.Identifier)
	switch {
	case errors.Is(err, errNoProgram):
		meta.BinProblem = err.Error()
	case err != nil:
		return meta, installFailed(err, "cannot tell which program of %s to run", spec)
	}
	meta.Bin = bin
	meta.InstalledAt = time.Now().UTC().Format(time.RFC3339)
	data, _ := json.MarshalIndent(meta, "", "  ")
	dir := filepath.Join(root, key)
	_ = os.RemoveAll(dir) // a half-finished directory from a crash, or one with the legacy record
	if err := os.Rename(tmp, dir); err != nil {
		return meta, &InstallError{Status: schema.StatusWorkerError, Reason: "move install into the cache", Err: err}
	}
	if opts.LifecycleScripts {
		if err := saveInstallBehaviour(dir, watched); err != nil {
			return meta, &InstallError{Status: schema.StatusWorkerError, Reason: "keep the install's behaviour", Err: err}
		}
	}
	// The record comes last: a dir without one is installed again.
	if err := writeInstallRecord(dir, data); err != nil {
		return meta, &InstallError{Status: schema.StatusWorkerError, Reason: "write install record", Err: err}
	}
	return meta, nil
}

// lockInfo reads the package's version, integrity and tarball from
// package-lock.json, and every installed package that has an install
// script (npm records hasInstallScript).
func lockInfo(dir, name string) (npmMeta, error) {
	meta := npmMeta{Identifier: name}
	data, err := os.ReadFile(filepath.Join(dir, "package-lock.json"))
	if err != nil {
		return meta, err
	}
	var lock struct {
		Packages map[string]struct {
			Version          string `json:"version"`
			Resolved         string `json:"resolved"`
			Integrity        string `json:"integrity"`
			HasInstallScript bool   `json:"hasInstallScript"`
		} `json:"packages"`
	}
	if err := json.Unmarshal(data, &lock); err != nil {
		return meta, fmt.Errorf("package-lock.json: %w", err)
	}
	p, ok := lock.Packages["node_modules/"+name]
	if !ok {
		return meta, fmt.Errorf("package-lock.json has no entry for %s", name)
	}
	meta.Version, meta.Resolved, meta.Integrity = p.Version, p.Resolved, p.Integrity
	for path, q := range lock.Packages {
		if q.HasInstallScript {
			if i := strings.LastIndex(path, "node_modules/"); i >= 0 {
				meta.SkippedScripts = append(meta.SkippedScripts, path[i+len("node_modules/"):])
			}
		}
	}
	sort.Strings(meta.SkippedScripts)
	return meta, nil
}

// errNoProgram marks a package npx could not run without being told which
// program: it has several bins, none named like the package, or none.
var errNoProgram = errors.New("npx cannot pick its program")

// npmBin picks the program npx would run from a package.json: a string bin,
// else the bin entry named like the unscoped package, else the only entry.
func npmBin(path, name string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	var pj struct {
		Name string          `json:"name"`
		Bin  json.RawMessage `json:"bin"`
	}
	if err := json.Unmarshal(data, &pj); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	var file string
	var one string
	var many map[string]string
	switch {
	case len(pj.Bin) == 0 || string(pj.Bin) == "null":
		return "", fmt.Errorf("package %s declares no bin (npx could not run it either): %w", name, errNoProgram)
	case json.Unmarshal(pj.Bin, &one) == nil:
		file = one
	case json.Unmarshal(pj.Bin, &many) == nil:
		short := name
		if i := strings.LastIndex(short, "/"); i >= 0 {
			short = short[i+1:]
		}
		switch {
		case many[short] != "":
			file = many[short]
		case len(many) == 1:
			for _, v := range many {
				file = v
			}
		default:
			return "", fmt.Errorf("package %s has %d bins and none is named %q: %s: %w", name, len(many), short, strings.Join(sortedKeys(many), ", "), errNoProgram)
		}
	default:
		return "", fmt.Errorf("%s: \"bin\" is neither a string nor an object of strings", path)
	}
	clean := filepath.ToSlash(filepath.Clean(filepath.FromSlash(file)))
	if clean == "" || clean == "." || strings.HasPrefix(clean, "../") || filepath.IsAbs(clean) {
		return "", fmt.Errorf("package %s: bin %q points outside the package", name, file)
	}
	return clean, nil
}
