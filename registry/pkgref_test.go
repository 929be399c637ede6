package registry

import (
	"strings"
	"testing"
)

func TestCheckPackageRef(t *testing.T) {
	t.Parallel()
	cases := []struct {
		typ, id, version, base string
		bad                    string // "" = accepted
	}{
		{"npm", "@acme/mcp", "1.2.3", "", ""},
		{"npm", "@acme/mcp", "v1.2.3-beta.1+build.5", "", ""},
		{"npm", "@acme/mcp", "", "", ""},
		{"npm", "@acme/mcp", "latest", "https://registry.npmjs.org/", ""},
		{"npm", "@acme/mcp", "../../../../etc", "", "not an exact semver"},
		{"npm", "@acme/mcp", "file:/etc", "", "not an exact semver"},
		{"npm", "@acme/mcp", "https://evil.example/x.tgz", "", "not an exact semver"},
		{"npm", "@acme/mcp", "git+ssh://git@github.com/a/b.git", "", "not an exact semver"},
		{"npm", "@acme/mcp", "^1.2.0", "", "not an exact semver"},
		{"npm", "@acme/mcp", "next", "", "not an exact semver"},
		{"npm", "@acme/mcp", "1.2.3 || 2", "", "not an exact semver"},
		{"npm", "@acme/mcp", "1.2.3", "file:///etc", "not an http(s) URL"},
		{"npm", "@acme/mcp", "1.2.3", "https://user:pw@registry.example", "credentials"},
		{"pypi", "mcp-server", "1.0", "", ""},
		{"pypi", "mcp-server", "2!1.0.0rc1.post2.dev3+local.7", "", ""},
		{"pypi", "mcp-server", ">=1.0", "", "not an exact PEP 440"},
		{"pypi", "mcp-server", "1.0.*", "", "not an exact PEP 440"},
		{"pypi", "mcp-server", "1.0 ; os_name=='nt'", "", "not an exact PEP 440"},
		{"pypi", "mcp-server", "/etc/passwd", "", "not an exact PEP 440"},
		{"oci", "ghcr.io/acme/server:1.0", "", "", ""},
		{"oci", "docker.io/acme/server@sha256:" + strings.Repeat("a", 64), "", "", ""},
		{"oci", "acme/server", "v2", "", ""},
		{"oci", "localhost:5000/evil", "", "", "localhost"},
		{"oci", "127.0.0.1:5000/evil:1", "", "", "IP address"},
		{"oci", "[::1]:5000/evil", "", "", "IP address"},
		{"oci", "acme/server", "../x", "", "neither a tag nor"},
		{"oci", "acme/server@sha1:abc", "", "", "digest"},
		{"oci", "docker.io/acme/server", "", "", "neither a tag nor a digest"},
		{"oci", "acme/server", "", "", "neither a tag nor a digest"},
		{"oci", "ghcr.io:443/acme/server", "", "", "neither a tag nor a digest"},
		{"oci", "acme/server:latest", "", "", ""},
		{"oci", "ghcr.io:443/acme/server:2", "", "", ""},
	}
	for _, c := range cases {
		got := CheckPackageRef(c.typ, c.id, c.version, c.base)
		switch {
		case c.bad == "" && got != "":
			t.Errorf("%s %s %q %q: refused (%s), want accepted", c.typ, c.id, c.version, c.base, got)
		case c.bad != "" && !strings.Contains(got, c.bad):
			t.Errorf("%s %s %q %q: %q, want a refusal containing %q", c.typ, c.id, c.version, c.base, got, c.bad)
		}
	}
}

// TestPlanRefusesInexactVersion: the plan of an entry whose only package
// has a path for a version is unsupported with the reason, before any
// installer sees it.
func TestPlanRefusesInexactVersion(t *testing.T) {
	t.Parallel()
	s := Server{Name: "x/evil", Version: "1.0.0", Packages: []Package{{RegistryType: "npm", Identifier: "left-pad",
		Version: "../../../../etc", Transport: Transport{Type: "stdio"}}}}
	p := PlanFor(s, PlanOptions{})
	if p.Kind != KindUnsupported || !strings.Contains(p.Reason, "not an exact semver") {
		t.Fatalf("plan %s (%s), want unsupported naming the version", p.Kind, p.Reason)
	}
}

// TestDedupeNeverSwapsPlans: an entry that reuses another server's package
// with its own environment, listed first, gets its own target; the
// victim keeps its row and its own plan.
func TestDedupeNeverSwapsPlans(t *testing.T) {
	t.Parallel()
	pkg := func(env ...Input) []Package {
		return []Package{{RegistryType: "npm", Identifier: "@victim/mcp", Version: "1.0.0", Transport: Transport{Type: "stdio"},
			EnvironmentVariables: env}}
	}
	attacker := Server{Name: "io.github.attacker/mcp", Version: "1.0.0", Status: StatusActive,
		Packages: pkg(Input{Name: "NODE_OPTIONS", Value: "--require /tmp/x.js"}),
		Sources:  []Listing{{Source: SourceOfficial, Name: "io.github.attacker/mcp", Version: "1.0.0"}}}
	victim := Server{Name: "io.github.victim/mcp", Version: "1.0.0", Status: StatusActive, Packages: pkg(),
		Sources: []Listing{{Source: SourceOfficial, Name: "io.github.victim/mcp", Version: "1.0.0"}}}
	targets := Dedupe([]Server{attacker, victim})
	if len(targets) != 2 {
		t.Fatalf("%d targets, want 2 (one per launch): %+v", len(targets), targets)
	}
	var v *Target
	for i := range targets {
		if targets[i].Server.Name == victim.Name {
			v = &targets[i]
		}
	}
	if v == nil {
		t.Fatal("the victim's entry has no target")
	}
	if _, ok := v.Plan.Env["NODE_OPTIONS"]; ok || len(v.Names) != 1 {
		t.Errorf("victim target runs another entry's plan: env %v, names %v", v.Plan.Env, v.Names)
	}
	if targets[0].ID == targets[1].ID {
		t.Errorf("two targets share the ID %s", targets[0].ID)
	}
	// The same launch under two names is still one target.
	twin := victim
	twin.Name = "com.example/victim-mirror"
	twin.Sources = []Listing{{Source: SourceGlama, Name: twin.Name}}
	if got := Dedupe([]Server{victim, twin}); len(got) != 1 || len(got[0].Names) != 2 {
		t.Errorf("identical launches: %d targets, want 1 with both names", len(got))
	}
}

// TestNormaliseOCIRegistry: an allowed image registry is a named host
// (optionally *.domain or host:port), never a URL, path, localhost or IP.
func TestNormaliseOCIRegistry(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, want, bad string }{
		{"ghcr.io", "ghcr.io", ""},
		{" GHCR.io ", "ghcr.io", ""},
		{"*.pkg.dev", "*.pkg.dev", ""},
		{"registry.example:5000", "registry.example:5000", ""},
		{"index.docker.io", "docker.io", ""},
		{"https://ghcr.io", "", "without a scheme"},
		{"ghcr.io/acme", "", "without a path"},
		{"user@ghcr.io", "", "credentials"},
		{"localhost:5000", "", "localhost"},
		{"127.0.0.1", "", "IP address"},
		{"[::1]:5000", "", "IP address"},
		{"*", "", "not a host name"},
		{"a.*.io", "", "not a host name"},
		{"ghcr.io:x", "", "port"},
		{"", "", "empty"},
	}
	for _, c := range cases {
		got, err := NormaliseOCIRegistry(c.in)
		switch {
		case c.bad == "" && (err != nil || got != c.want):
			t.Errorf("NormaliseOCIRegistry(%q) = %q, %v; want %q", c.in, got, err, c.want)
		case c.bad != "" && (err == nil || !strings.Contains(err.Error(), c.bad)):
			t.Errorf("NormaliseOCIRegistry(%q) = %q, %v; want an error containing %q", c.in, got, err, c.bad)
		}
	}
}

// TestOCIRegistryAllowed: the image's registry host against an allow-list;
// a wildcard covers subdomains only, a port must match exactly.
func TestOCIRegistryAllowed(t *testing.T) {
	t.Parallel()
	def := DefaultOCIRegistries()
	cases := []struct {
		image   string
		allowed []string
		want    bool
	}{
		{"ghcr.io/acme/s:1", def, true},
		{"acme/s:1", def, true},
		{"index.docker.io/acme/s:1", def, true},
		{"us-central1-docker.pkg.dev/p/r/s:0.21.0", def, true},
		{"pkg.dev/p/s:1", def, false},
		{"evilpkg.dev/p/s:1", def, false},
		{"quay.io/acme/s:1", def, false},
		{"ghcr.io:8443/acme/s:1", def, false},
		{"GHCR.IO/acme/s:1", def, true},
		{"registry.example:5000/a/s:1", []string{"registry.example:5000"}, true},
		{"registry.example/a/s:1", []string{"registry.example:5000"}, false},
		{"ghcr.io/acme/s:1", []string{"quay.io"}, false},
	}
	for _, c := range cases {
		if got := OCIRegistryAllowed(OCIImageRegistry(c.image), c.allowed); got != c.want {
			t.Errorf("%s against %v: allowed = %v, want %v", c.image, c.allowed, got, c.want)
		}
	}
}
