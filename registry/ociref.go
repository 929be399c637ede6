package registry

import (
	"fmt"
	"net/netip"
	"strings"
)

// DefaultOCIRegistries are the image registries an OCI install may pull
// from unless the operator configures others (install.oci_registries): the
// hosts the official MCP registry accepts OCI packages from. A "*." entry
// matches any subdomain of the rest.
func DefaultOCIRegistries() []string {
	return []string{"docker.io", "ghcr.io", "mcr.microsoft.com", "*.pkg.dev", "*.azurecr.io"}
}

// dockerHubAliases are the names Docker Hub goes by; all compare as docker.io.
var dockerHubAliases = map[string]bool{"index.docker.io": true, "registry-1.docker.io": true, "registry.hub.docker.com": true}

// NormaliseOCIRegistry checks an allowed image registry as an operator
// writes it (a host, host:port, or "*." and a domain) and returns it lower
// case, with Docker Hub's aliases folded into docker.io. Schemes, paths,
// credentials, localhost and IP addresses are refused: the engine pulls with
// the host's network, so an allowed registry must be a named remote one.
func NormaliseOCIRegistry(raw string) (string, error) {
	h := strings.ToLower(strings.TrimSpace(raw))
	bad := func(why string) (string, error) { return "", fmt.Errorf("image registry %q: %s", raw, why) }
	switch {
	case h == "":
		return bad("empty")
	case strings.Contains(h, "://"):
		return bad("write the registry host alone (ghcr.io), without a scheme")
	case strings.ContainsAny(h, "/@?#\\ \t"):
		return bad("write the registry host alone (ghcr.io), without a path or credentials")
	}
	name := strings.TrimPrefix(h, "*.")
	host := name
	if i := strings.LastIndexByte(name, ':'); i >= 0 {
		host = name[:i]
		port := name[i+1:]
		if port == "" || strings.Trim(port, "0123456789") != "" || len(port) > 5 {
			return bad("port is not a number")
		}
	}
	if host == "" || strings.Contains(host, "*") || strings.HasPrefix(host, ".") || strings.HasSuffix(host, ".") || strings.Contains(host, "..") {
		return bad("not a host name")
	}
	if _, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil || strings.Contains(host, "[") {
		return bad("an IP address, not a named registry")
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return bad("localhost")
	}
	if dockerHubAliases[name] {
		name = "docker.io"
	}
	if strings.HasPrefix(h, "*.") {
		return "*." + name, nil
	}
	return name, nil
}

// OCIImageRegistry returns the registry host of an image reference
// ([host[:port]/]path[:tag][@digest]), lower case; docker.io when the
// reference names none, and for Docker Hub's aliases.
func OCIImageRegistry(image string) string {
	first, _, ok := strings.Cut(strings.TrimSpace(image), "/")
	if !ok || !(strings.ContainsAny(first, ".:") || first == "localhost") {
		return "docker.io"
	}
	h := strings.ToLower(first)
	if dockerHubAliases[h] {
		return "docker.io"
	}
	return h
}

// OCIRegistryAllowed reports whether host (as OCIImageRegistry returns it)
// is one of allowed (entries as NormaliseOCIRegistry returns them). A
// "*.example.com" entry matches a subdomain of example.com at any depth,
// not example.com itself; a host with a port matches only an entry with
// the same port.
func OCIRegistryAllowed(host string, allowed []string) bool {
	for _, a := range allowed {
		if d, ok := strings.CutPrefix(a, "*."); ok {
			if strings.HasSuffix(host, "."+d) {
				return true
			}
			continue
		}
		if host == a {
			return true
		}
	}
	return false
}
