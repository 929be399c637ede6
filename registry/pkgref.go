package registry

import (
	"fmt"
	"net/netip"
	"net/url"
	"regexp"
	"strings"
)

// Default package registries: what an entry that names none installs
// from, and all an installer allows unless the operator configures more.
const (
	DefaultNPMRegistry = "https://registry.npmjs.org"
	DefaultPyPIIndex   = "https://pypi.org"
)

// A registry entry is hostile input: its version string reaches the
// package manager's command line, and npm, pip and docker all read much
// more than versions there (ranges, tags, paths, URLs, git references).
// Only these exact forms pass.
var (
	// npm: an exact semver version (npm tolerates a leading v).
	npmExactVersion = regexp.MustCompile(`^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$`)
	// PyPI: a PEP 440 version, no specifier or wildcard: [N!]N(.N)*[pre][.postN][.devN][+local].
	pep440Exact = regexp.MustCompile(`(?i)^v?(\d+!)?\d+(\.\d+)*([-_.]?(a|b|c|rc|alpha|beta|pre|preview)[-_.]?\d*)?((-\d+)|([-_.]?(post|rev|r)[-_.]?\d*))?([-_.]?dev[-_.]?\d*)?(\+[a-z0-9]+([-_.][a-z0-9]+)*)?$`)
	// OCI: a tag or a digest.
	ociTag    = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$`)
	ociDigest = regexp.MustCompile(`^sha256:[a-f0-9]{64}$`)
	// OCI repository path components (lower case, separators . _ __ -).
	ociPath = regexp.MustCompile(`(?i)^[a-z0-9]+((\.|_|__|-+)[a-z0-9]+)*(/[a-z0-9]+((\.|_|__|-+)[a-z0-9]+)*)*$`)
)

// NormaliseRegistryURL checks a package registry base URL and returns it
// in the form installers compare: http(s), a host, no credentials, query
// or fragment; scheme and host lower-cased; no trailing slash.
func NormaliseRegistryURL(raw string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	switch {
	case err != nil:
		return "", fmt.Errorf("registry URL %q: %w", raw, err)
	case u.Scheme != "https" && u.Scheme != "http":
		return "", fmt.Errorf("registry URL %q: not an http(s) URL", raw)
	case u.Host == "":
		return "", fmt.Errorf("registry URL %q: no host", raw)
	case u.User != nil:
		return "", fmt.Errorf("registry URL %q: carries credentials", raw)
	case u.RawQuery != "" || u.Fragment != "":
		return "", fmt.Errorf("registry URL %q: has a query or fragment", raw)
	}
	return strings.ToLower(u.Scheme) + "://" + strings.ToLower(u.Host) + strings.TrimRight(u.EscapedPath(), "/"), nil
}

// CheckPackageRef says why a package's version or registry cannot be
// installed safely ("" when it can): npm needs an exact semver version,
// PyPI an exact PEP 440 version, OCI a tag or digest on a named registry;
// for npm and PyPI empty or "latest" means the registry's current release,
// which the installer resolves to an exact version itself. A registry base URL must
// be a plain http(s) URL; which registries are allowed is the worker's
// call (the installers' allow-lists).
func CheckPackageRef(registryType, identifier, version, registryBaseURL string) string {
	typ := strings.ToLower(registryType)
	v := strings.TrimSpace(version)
	latest := v == "" || v == "latest"
	if registryBaseURL != "" && typ != "oci" && typ != "docker" {
		if _, err := NormaliseRegistryURL(registryBaseURL); err != nil {
			return fmt.Sprintf("%s package %s: %v", typ, identifier, err)
		}
	}
	switch typ {
	case "npm":
		if !latest && !npmExactVersion.MatchString(v) {
			return fmt.Sprintf("npm package %s: version %q is not an exact semver version (ranges, tags, paths, URLs and git references are not installed)", identifier, version)
		}
	case "pypi":
		if !latest && !pep440Exact.MatchString(v) {
			return fmt.Sprintf("pypi package %s: version %q is not an exact PEP 440 version (specifiers, wildcards, paths and URLs are not installed)", identifier, version)
		}
	case "oci", "docker":
		return checkOCIRef(identifier, version)
	}
	return ""
}

// checkOCIRef checks an image reference [host[:port]/]path[:tag][@digest]
// and its separate version (a tag or a digest); one of the three must name
// the image exactly (a bare repository is refused). The image host may not be
// localhost or an IP address: the container engine would pull from it
// with the host's network.
func checkOCIRef(identifier, version string) string {
	bad := func(why string) string { return fmt.Sprintf("oci image %q: %s", identifier, why) }
	ref := identifier
	exact := strings.TrimSpace(version) != ""
	if i := strings.Index(ref, "@"); i >= 0 {
		exact = true
		if !ociDigest.MatchString(ref[i+1:]) {
			return bad("digest is not sha256:<64 hex>")
		}
		ref = ref[:i]
	}
	host := ""
	if i := strings.Index(ref, "/"); i >= 0 && strings.ContainsAny(ref[:i], ".:") || strings.HasPrefix(ref, "localhost/") {
		host, ref = ref[:i], ref[i+1:]
	}
	if i := strings.LastIndex(ref, ":"); i >= 0 {
		if !ociTag.MatchString(ref[i+1:]) {
			return bad("tag is not a valid tag")
		}
		ref = ref[:i]
		exact = true
	}
	if !ociPath.MatchString(ref) {
		return bad("repository path is not a valid image name")
	}
	if host != "" {
		h := host
		if hp, err := netip.ParseAddrPort(host); err == nil {
			h = hp.Addr().String()
		} else if i := strings.LastIndex(host, ":"); i >= 0 && !strings.Contains(host, "]") {
			h = host[:i]
		}
		h = strings.Trim(h, "[]")
		if strings.EqualFold(h, "localhost") || strings.HasSuffix(strings.ToLower(h), ".localhost") {
			return bad("the image registry is localhost")
		}
		if _, err := netip.ParseAddr(h); err == nil {
			return bad("the image registry is an IP address, not a named registry")
		}
	}
	if v := strings.TrimSpace(version); v != "" && v != "latest" && !ociTag.MatchString(v) && !ociDigest.MatchString(v) {
		return bad(fmt.Sprintf("version %q is neither a tag nor a sha256 digest", version))
	}
	if !exact {
		// The engine would pull whatever :latest is at the time; the
		// official registry requires the tag in the identifier.
		return bad("names neither a tag nor a digest (only exact image references are pulled)")
	}
	return ""
}
