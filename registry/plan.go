package registry

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// Kind is how a worker launches an entry.
type Kind string

// Launch kinds.
const (
	// KindNPMStdio: install Package.Identifier@Package.Version from npm
	// (lifecycle scripts off) and run its bin over stdio, e.g.
	// `npx -y <RuntimeArgs...> <identifier>@<version> <Args...>`.
	KindNPMStdio Kind = "npm-stdio"
	// KindRemoteHTTP: connect to URL with the streamable HTTP transport,
	// sending Headers.
	KindRemoteHTTP Kind = "remote-http"
	// KindRemoteSSE: connect to URL with the (deprecated) HTTP+SSE transport.
	KindRemoteSSE Kind = "remote-sse"
	// KindPyPI: install the PyPI distribution (uvx or a venv) and run it over
	// stdio, e.g. `uvx <RuntimeArgs...> <identifier>==<version> <Args...>`.
	KindPyPI Kind = "pypi"
	// KindOCI: pull the image and run it over stdio, e.g.
	// `docker run -i --rm <RuntimeArgs...> -e K=V... <identifier> <Args...>`.
	KindOCI Kind = "oci"
	// KindUnsupported: nothing the scanner can launch; Reason says why.
	KindUnsupported Kind = "unsupported"
)

// PlaceholderValue is the value given to a required input that has no
// value or default and is not a file path. It is recorded in
// Plan.Placeholders so results say the server ran with made-up input.
const PlaceholderValue = "mcpgauge-placeholder"

// SandboxDirToken marks a file-path input given no value: the worker
// replaces every occurrence in Args, RuntimeArgs and Env values with a
// temporary directory inside its sandbox.
const SandboxDirToken = "${MCPGAUGE_SANDBOX_DIR}"

// Plan says how to launch one entry. It is complete: a worker installs and
// starts the server from the Plan alone, with no further registry lookups.
// It is a JSON contract inside job messages.
type Plan struct {
	Kind Kind `json:"kind"`
	// Reason explains KindUnsupported (and is empty otherwise).
	Reason string `json:"reason,omitempty"`
	// ScanID is the scan identity of what the plan launches (see
	// Server.ScanID).
	ScanID string `json:"scanId"`

	// Package is set for npm-stdio, pypi and oci plans.
	Package *PlanPackage `json:"package,omitempty"`
	// URL and Headers are set for remote plans; templates are resolved
	// (with placeholders where no value exists).
	URL     string            `json:"url,omitempty"`
	Headers map[string]string `json:"headers,omitempty"`

	// Env is the environment to start the server with: declared values and
	// defaults, and placeholders for required variables without either.
	Env map[string]string `json:"env,omitempty"`
	// RuntimeArgs go to the runtime before the package (npx, uvx, docker
	// run flags); Args go to the server after the package.
	RuntimeArgs []string `json:"runtimeArgs,omitempty"`
	Args        []string `json:"args,omitempty"`
	// SandboxPaths is true when some Env value or argument holds
	// SandboxDirToken.
	SandboxPaths bool `json:"sandboxPaths,omitempty"`
	// Placeholders names every input given a made-up value, as
	// "env:NAME", "arg:NAME", "header:NAME", "url:VAR", or
	// "env-var:VAR", "arg-var:VAR", "header-var:VAR" for a {VAR} template
	// inside a declared value (e.g. "Bearer {api_key}").
	Placeholders []string `json:"placeholders,omitempty"`

	// CredentialFree is true when the plan needs no secret to start: no
	// required input that is secret (isSecret, or a name that looks like a
	// key or token) lacks a value, no header carries a secret, and no URL
	// template variable is unresolved.
	CredentialFree bool `json:"credentialFree"`
	// Needs lists what stops the plan from being credential-free, e.g.
	// "secret env GITHUB_TOKEN" or "url variable tenant".
	Needs []string `json:"needs,omitempty"`
}

// PlanPackage is the package a plan installs.
type PlanPackage struct {
	RegistryType    string `json:"registryType"`
	RegistryBaseURL string `json:"registryBaseUrl,omitempty"`
	Identifier      string `json:"identifier"`
	// Version is the exact version to install; empty or "latest" means the
	// registry's current release (OCI identifiers carry their tag).
	Version     string `json:"version,omitempty"`
	RuntimeHint string `json:"runtimeHint,omitempty"`
	FileSHA256  string `json:"fileSha256,omitempty"`
}

// PlanOptions tunes PlanFor.
type PlanOptions struct {
	// Unavailable maps a kind the host cannot run (for example KindOCI on a
	// host without a container engine) to the reason; such candidates are
	// skipped and, when nothing else fits, reported as unsupported.
	Unavailable map[Kind]string
}

// kindOrder is the order in which candidate launch methods are preferred.
func kindOrder() []Kind {
	return []Kind{KindNPMStdio, KindRemoteHTTP, KindRemoteSSE, KindPyPI, KindOCI}
}

// PlanFor chooses how to launch s. Candidates are the entry's packages and
// remotes; the first credential-free candidate in the order npm-stdio,
// remote-http, remote-sse, pypi, oci wins, else the first candidate in that
// order. With no candidate the plan is unsupported with the reason.
func PlanFor(s Server, opt PlanOptions) Plan {
	var cands []Plan
	var skipped []string
	for _, p := range s.Packages {
		pl, why := planPackage(p)
		if why == "" {
			why = refusedEnv(fmt.Sprintf("%s %s", pl.Kind, p.Identifier), pl.Env)
		}
		if why != "" {
			skipped = append(skipped, why)
			continue
		}
		if r, ok := opt.Unavailable[pl.Kind]; ok {
			skipped = append(skipped, fmt.Sprintf("%s %s: %s", pl.Kind, p.Identifier, r))
			continue
		}
		cands = append(cands, pl)
	}
	for _, r := range s.Remotes {
		pl, why := planRemote(r)
		if why != "" {
			skipped = append(skipped, why)
			continue
		}
		if reason, ok := opt.Unavailable[pl.Kind]; ok {
			skipped = append(skipped, fmt.Sprintf("%s %s: %s", pl.Kind, r.URL, reason))
			continue
		}
		cands = append(cands, pl)
	}
	if len(cands) == 0 {
		reason := "entry lists no packages and no remotes"
		if len(skipped) > 0 {
			reason = strings.Join(dedupeStrings(skipped), "; ")
		}
		return Plan{Kind: KindUnsupported, Reason: reason, ScanID: "server:" + s.Key()}
	}
	rank := func(k Kind) int { return slices.Index(kindOrder(), k) }
	sort.SliceStable(cands, func(i, j int) bool { return rank(cands[i].Kind) < rank(cands[j].Kind) })
	for _, c := range cands {
		if c.CredentialFree {
			return c
		}
	}
	return cands[0]
}

// Plan is PlanFor(s, PlanOptions{}).
func (s Server) Plan() Plan { return PlanFor(s, PlanOptions{}) }

// planPackage builds the plan for one package, or says why it cannot.
func planPackage(p Package) (Plan, string) {
	var kind Kind
	transport := p.Transport.Type
	if transport == "" {
		transport = "stdio"
	}
	switch strings.ToLower(p.RegistryType) {
	case "npm":
		kind = KindNPMStdio
	case "pypi":
		kind = KindPyPI
	case "oci", "docker":
		kind = KindOCI
	case "":
		return Plan{}, fmt.Sprintf("package %q has no registryType", p.Identifier)
	default:
		return Plan{}, fmt.Sprintf("%s package %s: registry type not supported", p.RegistryType, p.Identifier)
	}
	if p.Identifier == "" {
		return Plan{}, fmt.Sprintf("%s package with no identifier", p.RegistryType)
	}
	if transport != "stdio" {
		return Plan{}, fmt.Sprintf("%s package %s: %s transport from a local package is not supported", p.RegistryType, p.Identifier, transport)
	}
	if why := CheckPackageRef(p.RegistryType, p.Identifier, p.Version, p.RegistryBaseURL); why != "" {
		return Plan{}, why // pkgref.go: exact versions only
	}
	b := newPlanBuilder()
	pl := Plan{
		Kind:   kind,
		ScanID: packageScanID(p),
		Package: &PlanPackage{
			RegistryType:    strings.ToLower(p.RegistryType),
			RegistryBaseURL: p.RegistryBaseURL,
			Identifier:      p.Identifier,
			Version:         p.Version,
			RuntimeHint:     p.RuntimeHint,
			FileSHA256:      p.FileSHA256,
		},
	}
	for _, e := range p.EnvironmentVariables {
		b.env(e)
	}
	pl.RuntimeArgs = b.args(p.RuntimeArguments)
	pl.Args = b.args(p.PackageArguments)
	b.finish(&pl)
	return pl, ""
}

// planRemote builds the plan for one remote, or says why it cannot.
func planRemote(r Remote) (Plan, string) {
	var kind Kind
	switch r.Type {
	case "streamable-http", "http", "streamable_http", "streamablehttp":
		kind = KindRemoteHTTP
	case "sse":
		kind = KindRemoteSSE
	default:
		return Plan{}, fmt.Sprintf("remote %s: transport %q not supported", r.URL, r.Type)
	}
	if r.URL == "" {
		return Plan{}, "remote with no url"
	}
	b := newPlanBuilder()
	pl := Plan{Kind: kind}
	pl.URL = b.template(r.URL, r.Variables, "url", true)
	pl.ScanID = remoteScanID(r.URL)
	for _, h := range r.Headers {
		v, ok := b.value(h, "header")
		if !ok {
			continue
		}
		if h.IsSecret || looksSecret(h.Name) && (h.IsRequired || h.Value != "") {
			// A secret header: even a declared value such as
			// "Bearer {smithery_api_key}" needs the user's credential.
			b.need("secret header " + h.Name)
		}
		if pl.Headers == nil {
			pl.Headers = map[string]string{}
		}
		pl.Headers[h.Name] = v
	}
	b.finish(&pl)
	return pl, ""
}

// planBuilder accumulates env, placeholders and needs for one plan.
type planBuilder struct {
	envs         map[string]string
	placeholders []string
	needs        []string
	sandbox      bool
}

func newPlanBuilder() *planBuilder { return &planBuilder{} }

func (b *planBuilder) need(s string) {
	if !slices.Contains(b.needs, s) {
		b.needs = append(b.needs, s)
	}
}

func (b *planBuilder) placeholder(s string) {
	if !slices.Contains(b.placeholders, s) {
		b.placeholders = append(b.placeholders, s)
	}
}

// value resolves an input's value: its value (templates filled), else its
// default, else a placeholder if it is required. ok is false for an
// optional input with nothing to send.
func (b *planBuilder) value(in Input, what string) (string, bool) {
	label := what + ":" + inputLabel(in)
	secret := in.IsSecret || looksSecret(in.Name) || looksSecret(in.ValueHint)
	switch {
	case in.Value != "":
		return b.template(in.Value, in.Variables, what+"-var", false), true
	case in.Default != "":
		return in.Default, true
	case !in.IsRequired:
		return "", false
	}
	if secret {
		b.need(fmt.Sprintf("secret %s %s", what, inputLabel(in)))
	}
	b.placeholder(label)
	return b.placeholderFor(in), true
}

func (b *planBuilder) placeholderFor(in Input) string {
	switch {
	case len(in.Choices) > 0:
		return in.Choices[0]
	case in.Format == "number":
		return "1"
	case in.Format == "boolean":
		return "true"
	case looksPath(in):
		b.sandbox = true
		return SandboxDirToken
	}
	return PlaceholderValue
}

var templateVar = regexp.MustCompile(`\{([A-Za-z_][A-Za-z0-9_.\-]*)\}`)

// template fills {name} references in s from vars; unknown or valueless
// references get a placeholder (and, for URLs, a need).
func (b *planBuilder) template(s string, vars map[string]Input, what string, isURL bool) string {
	return templateVar.ReplaceAllStringFunc(s, func(m string) string {
		name := m[1 : len(m)-1]
		v, ok := vars[name]
		if ok && (v.Value != "" || v.Default != "") {
			return firstNonEmpty(v.Value, v.Default)
		}
		if ok && len(v.Choices) > 0 {
			b.placeholder(what + ":" + name)
			return v.Choices[0]
		}
		b.placeholder(what + ":" + name)
		if isURL {
			b.need("url variable " + name)
			return PlaceholderValue
		}
		if (ok && v.IsSecret) || looksSecret(name) {
			b.need("secret " + what + " " + name)
		}
		return PlaceholderValue
	})
}

func (b *planBuilder) env(e Input) {
	if e.Name == "" {
		return
	}
	v, ok := b.value(e, "env")
	if !ok {
		return
	}
	if b.envs == nil {
		b.envs = map[string]string{}
	}
	b.envs[e.Name] = v
}

// args resolves a list of arguments to argv words.
func (b *planBuilder) args(in []Input) []string {
	var out []string
	for _, a := range in {
		switch a.Type {
		case "named":
			flag := a.Name
			if flag == "" {
				continue
			}
			if !strings.HasPrefix(flag, "-") {
				flag = "--" + flag
			}
			if a.Value == "" && a.Default == "" && !a.IsRequired {
				continue
			}
			if a.Format == "boolean" && a.Value == "" && a.Default == "" {
				out = append(out, flag)
				continue
			}
			v, _ := b.value(a, "arg")
			if a.Format == "boolean" && (v == "true" || v == "") {
				out = append(out, flag)
				continue
			}
			if a.Format == "boolean" && v == "false" {
				continue
			}
			if strings.Contains(flag, "=") {
				out = append(out, flag)
				continue
			}
			out = append(out, flag, v)
		default: // positional
			if a.Value == "" && a.Default == "" && !a.IsRequired {
				continue
			}
			if a.Name == "" {
				a.Name = a.ValueHint
			}
			v, _ := b.value(a, "arg")
			out = append(out, v)
		}
	}
	for _, w := range out {
		if strings.Contains(w, SandboxDirToken) {
			b.sandbox = true
		}
	}
	return out
}

func (b *planBuilder) finish(pl *Plan) {
	pl.Env = b.envs
	pl.Placeholders = b.placeholders
	pl.Needs = b.needs
	for _, v := range b.envs {
		if strings.Contains(v, SandboxDirToken) {
			b.sandbox = true
		}
	}
	pl.SandboxPaths = b.sandbox
	pl.CredentialFree = len(b.needs) == 0
}

func inputLabel(in Input) string {
	return firstNonEmpty(in.Name, in.ValueHint, in.Type, "?")
}

// secretWords are name fragments that mark an input as a credential even
// when the publisher did not set isSecret.
func secretWords() []string {
	return []string{"KEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL", "AUTH", "BEARER", "COOKIE", "SESSION", "PRIVATE"}
}

// looksSecret reports whether an input name looks like it holds a
// credential (API_KEY, GITHUB_TOKEN, client-secret, Authorization ...).
func looksSecret(name string) bool {
	if name == "" {
		return false
	}
	up := strings.ToUpper(name)
	for _, w := range secretWords() {
		if strings.Contains(up, w) {
			// KEY inside words like KEYBOARD or MONKEY is rare in env
			// names; accept the false positive (it only makes us stricter).
			return true
		}
	}
	return false
}

// looksPath reports whether an input wants a file-system path.
func looksPath(in Input) bool {
	if in.Format == "filepath" || in.Format == "file_path" || in.Format == "path" {
		return true
	}
	n := strings.ToLower(in.Name + " " + in.ValueHint)
	for _, w := range []string{"path", "dir", "folder", "directory", "root", "workspace"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

func dedupeStrings(ss []string) []string {
	var out []string
	for _, s := range ss {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}
