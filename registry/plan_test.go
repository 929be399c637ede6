package registry

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func npmServer(pkg Package) Server {
	pkg.RegistryType, pkg.Transport = "npm", Transport{Type: "stdio"}
	if pkg.Identifier == "" {
		pkg.Identifier = "@acme/mcp"
	}
	if pkg.Version == "" {
		pkg.Version = "1.2.3"
	}
	return Server{Name: "io.github.acme/mcp", Version: "1.2.3", Packages: []Package{pkg}}
}

func TestPlanFor(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		s    Server
		opt  PlanOptions
		want Plan
	}{
		{"npm without env", npmServer(Package{}), PlanOptions{}, Plan{
			Kind: KindNPMStdio, ScanID: "npm:@acme/mcp@1.2.3", CredentialFree: true,
			Package: &PlanPackage{RegistryType: "npm", Identifier: "@acme/mcp", Version: "1.2.3"},
		}},
		{"required secret env", npmServer(Package{EnvironmentVariables: []Input{
			{Name: "ACME_KEY", IsRequired: true, IsSecret: true},
			{Name: "OPTIONAL_TOKEN", IsSecret: true},
			{Name: "LOG_LEVEL", Default: "info"},
		}}), PlanOptions{}, Plan{
			Kind: KindNPMStdio, ScanID: "npm:@acme/mcp@1.2.3",
			Package:      &PlanPackage{RegistryType: "npm", Identifier: "@acme/mcp", Version: "1.2.3"},
			Env:          map[string]string{"ACME_KEY": PlaceholderValue, "LOG_LEVEL": "info"},
			Placeholders: []string{"env:ACME_KEY"}, Needs: []string{"secret env ACME_KEY"},
		}},
		{"required env that looks secret", npmServer(Package{EnvironmentVariables: []Input{
			{Name: "GITHUB_TOKEN", IsRequired: true},
		}}), PlanOptions{}, Plan{
			Kind: KindNPMStdio, ScanID: "npm:@acme/mcp@1.2.3",
			Package:      &PlanPackage{RegistryType: "npm", Identifier: "@acme/mcp", Version: "1.2.3"},
			Env:          map[string]string{"GITHUB_TOKEN": PlaceholderValue},
			Placeholders: []string{"env:GITHUB_TOKEN"}, Needs: []string{"secret env GITHUB_TOKEN"},
		}},
		{"required plain env gets a placeholder but stays credential-free", npmServer(Package{EnvironmentVariables: []Input{
			{Name: "ACME_REGION", IsRequired: true, Choices: []string{"eu", "us"}},
			{Name: "ACME_HOME", IsRequired: true, Format: "filepath"},
		}}), PlanOptions{}, Plan{
			Kind: KindNPMStdio, ScanID: "npm:@acme/mcp@1.2.3", CredentialFree: true, SandboxPaths: true,
			Package:      &PlanPackage{RegistryType: "npm", Identifier: "@acme/mcp", Version: "1.2.3"},
			Env:          map[string]string{"ACME_REGION": "eu", "ACME_HOME": SandboxDirToken},
			Placeholders: []string{"env:ACME_REGION", "env:ACME_HOME"},
		}},
		{"arguments", npmServer(Package{
			RuntimeArguments: []Input{{Type: "named", Name: "-y", Format: "boolean", Value: "true"}},
			PackageArguments: []Input{
				{Type: "positional", ValueHint: "allowed_directory", IsRequired: true},
				{Type: "named", Name: "port", Default: "8089", Format: "number"},
				{Type: "named", Name: "--mode", Value: "{mode}", Variables: map[string]Input{"mode": {Default: "read"}}},
				{Type: "named", Name: "--optional"},
				{Type: "positional", Value: "serve"},
				{Type: "named", Name: "--verbose", Format: "boolean", Value: "false"},
			},
		}), PlanOptions{}, Plan{
			Kind: KindNPMStdio, ScanID: "npm:@acme/mcp@1.2.3", CredentialFree: true, SandboxPaths: true,
			Package:      &PlanPackage{RegistryType: "npm", Identifier: "@acme/mcp", Version: "1.2.3"},
			RuntimeArgs:  []string{"-y"},
			Args:         []string{SandboxDirToken, "--port", "8089", "--mode", "read", "serve"},
			Placeholders: []string{"arg:allowed_directory"},
		}},
		{"smithery remote needs its key", Server{Name: "ai.smithery/x", Version: "1", Remotes: []Remote{{
			Type: "streamable-http", URL: "https://server.smithery.ai/@x/y/mcp",
			Headers: []Input{{Name: "Authorization", Value: "Bearer {smithery_api_key}", IsRequired: true, IsSecret: true}},
		}}}, PlanOptions{}, Plan{
			Kind: KindRemoteHTTP, ScanID: "remote:https://server.smithery.ai/@x/y/mcp", URL: "https://server.smithery.ai/@x/y/mcp",
			Headers:      map[string]string{"Authorization": "Bearer " + PlaceholderValue},
			Placeholders: []string{"header-var:smithery_api_key"},
			Needs:        []string{"secret header-var smithery_api_key", "secret header Authorization"},
		}},
		{"url template without a value", Server{Name: "a/t", Version: "1", Remotes: []Remote{{
			Type: "streamable-http", URL: "https://{tenant}.example.com/mcp",
		}}}, PlanOptions{}, Plan{
			Kind: KindRemoteHTTP, ScanID: "remote:https://{tenant}.example.com/mcp", URL: "https://" + PlaceholderValue + ".example.com/mcp",
			Placeholders: []string{"url:tenant"}, Needs: []string{"url variable tenant"},
		}},
		{"url template with a default", Server{Name: "a/t", Version: "1", Remotes: []Remote{{
			Type: "sse", URL: "https://{region}.example.com/sse", Variables: map[string]Input{"region": {Default: "eu"}},
		}}}, PlanOptions{}, Plan{
			Kind: KindRemoteSSE, ScanID: "remote:https://{region}.example.com/sse", URL: "https://eu.example.com/sse", CredentialFree: true,
		}},
		{"credential-free remote preferred over npm needing a key", Server{Name: "a/b", Version: "1",
			Packages: []Package{{RegistryType: "npm", Identifier: "b", Version: "1", Transport: Transport{Type: "stdio"},
				EnvironmentVariables: []Input{{Name: "B_API_KEY", IsRequired: true, IsSecret: true}}}},
			Remotes: []Remote{{Type: "streamable-http", URL: "https://b.example/mcp"}},
		}, PlanOptions{}, Plan{Kind: KindRemoteHTTP, ScanID: "remote:https://b.example/mcp", URL: "https://b.example/mcp", CredentialFree: true}},
		{"pypi", Server{Name: "a/p", Version: "0.4.0", Packages: []Package{{RegistryType: "pypi", Identifier: "mcp-p", Version: "0.4.0", RuntimeHint: "uvx", Transport: Transport{Type: "stdio"}}}},
			PlanOptions{}, Plan{Kind: KindPyPI, ScanID: "pypi:mcp-p@0.4.0", CredentialFree: true,
				Package: &PlanPackage{RegistryType: "pypi", Identifier: "mcp-p", Version: "0.4.0", RuntimeHint: "uvx"}}},
		{"oci unavailable on this host", Server{Name: "a/o", Version: "1", Packages: []Package{{RegistryType: "oci", Identifier: "docker.io/a/o:1", Transport: Transport{Type: "stdio"}}}},
			PlanOptions{Unavailable: map[Kind]string{KindOCI: "no container engine"}},
			Plan{Kind: KindUnsupported, ScanID: "server:a/o@1", Reason: "oci docker.io/a/o:1: no container engine"}},
		{"mcpb only", Server{Name: "a/m", Version: "1", Packages: []Package{{RegistryType: "mcpb", Identifier: "https://github.com/a/m/releases/download/v1/m.mcpb", Transport: Transport{Type: "stdio"}}}},
			PlanOptions{}, Plan{Kind: KindUnsupported, ScanID: "server:a/m@1", Reason: "mcpb package https://github.com/a/m/releases/download/v1/m.mcpb: registry type not supported"}},
		{"npm over local http", Server{Name: "a/h", Version: "1", Packages: []Package{{RegistryType: "npm", Identifier: "h", Version: "1", Transport: Transport{Type: "streamable-http", URL: "http://127.0.0.1:{port}/mcp"}}}},
			PlanOptions{}, Plan{Kind: KindUnsupported, ScanID: "server:a/h@1", Reason: "npm package h: streamable-http transport from a local package is not supported"}},
		{"nothing", Server{Name: "a/n", Version: "1"}, PlanOptions{}, Plan{Kind: KindUnsupported, ScanID: "server:a/n@1", Reason: "entry lists no packages and no remotes"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := PlanFor(tc.s, tc.opt)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("plan (-want +got):\n%s", diff)
			}
			b, err := json.Marshal(got)
			if err != nil {
				t.Fatal(err)
			}
			var back Plan
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(got, back); diff != "" {
				t.Errorf("JSON round trip changed the plan:\n%s", diff)
			}
			if tc.s.ScanID() != got.ScanID && tc.opt.Unavailable == nil {
				t.Errorf("Server.ScanID %q != plan %q", tc.s.ScanID(), got.ScanID)
			}
		})
	}
}

func TestCanonicalOCI(t *testing.T) {
	t.Parallel()
	tests := []struct{ base, id, version, wantID, wantVersion string }{
		{"https://docker.io", "yuna0x0/anilist-mcp", "1.3.2", "docker.io/yuna0x0/anilist-mcp:1.3.2", "1.3.2"},
		{"", "docker.io/yuna0x0/anilist-mcp:1.3.2", "", "docker.io/yuna0x0/anilist-mcp:1.3.2", "1.3.2"},
		{"https://ghcr.io", "o/i", "", "ghcr.io/o/i", ""},
		{"", "mcp/sonarqube", "sha256:abc", "docker.io/mcp/sonarqube@sha256:abc", "sha256:abc"},
		{"", "docker.io/mcp/sonarqube:sha256:abc", "", "docker.io/mcp/sonarqube@sha256:abc", "sha256:abc"},
		{"", "localhost:5000/img:2", "", "localhost:5000/img:2", "2"},
		{"", "img", "latest", "docker.io/img", ""},
	}
	for _, tc := range tests {
		id, v := CanonicalOCI(tc.base, tc.id, tc.version)
		if id != tc.wantID || v != tc.wantVersion {
			t.Errorf("CanonicalOCI(%q,%q,%q) = %q,%q; want %q,%q", tc.base, tc.id, tc.version, id, v, tc.wantID, tc.wantVersion)
		}
	}
}

// Every December entry gets a plan; unsupported plans say why, others say
// what they launch.
func TestPlanDecember(t *testing.T) {
	t.Parallel()
	doc := loadDoc(t, crawlDec)
	kinds := map[Kind]int{}
	for _, s := range doc.Servers {
		p := PlanFor(s, PlanOptions{})
		kinds[p.Kind]++
		switch {
		case p.Kind == KindUnsupported && p.Reason == "":
			t.Errorf("%s: unsupported without a reason", s.Key())
		case p.Kind != KindUnsupported && p.Reason != "":
			t.Errorf("%s: %s plan with a reason %q", s.Key(), p.Kind, p.Reason)
		case (p.Kind == KindRemoteHTTP || p.Kind == KindRemoteSSE) && !strings.HasPrefix(p.URL, "http"):
			t.Errorf("%s: remote plan with URL %q", s.Key(), p.URL)
		case (p.Kind == KindNPMStdio || p.Kind == KindPyPI || p.Kind == KindOCI) && (p.Package == nil || p.Package.Identifier == ""):
			t.Errorf("%s: package plan without a package", s.Key())
		case p.CredentialFree && len(p.Needs) > 0:
			t.Errorf("%s: credential-free but needs %v", s.Key(), p.Needs)
		}
		for _, ph := range p.Placeholders {
			if !slices.ContainsFunc([]string{"env:", "arg:", "header:", "url:", "header-var:", "env-var:", "arg-var:"}, func(pre string) bool { return strings.HasPrefix(ph, pre) }) {
				t.Errorf("%s: placeholder %q has no kind prefix", s.Key(), ph)
			}
		}
	}
	for _, k := range append(kindOrder(), KindUnsupported) {
		if kinds[k] == 0 {
			t.Errorf("no %s plans in the December crawl", k)
		}
	}
}
