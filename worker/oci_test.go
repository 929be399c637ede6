package worker

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// TestOCIRegistryAllowList: an OCI entry pulls only from a registry the
// operator allows and only an exact reference. Anything else is refused,
// naming the registry, before any engine is looked for (the engine here
// does not exist, so reaching it says "no working container engine").
func TestOCIRegistryAllowList(t *testing.T) {
	t.Parallel()
	const noEngine = "no working container engine"
	cases := []struct {
		name             string
		identifier, base string
		allowed          []string
		status           schema.Status
		want             string
	}{
		{"default ghcr.io", "ghcr.io/acme/server:1.0", "", nil, schema.StatusUnsupported, noEngine},
		{"default docker hub", "acme/server:1.0", "", nil, schema.StatusUnsupported, noEngine},
		{"default artifact registry", "us-central1-docker.pkg.dev/p/r/server:0.21.0", "", nil, schema.StatusUnsupported, noEngine},
		{"other registry", "quay.io/acme/server:1.0", "", nil, schema.StatusUnsupported, "registry quay.io, which this worker does not allow"},
		{"registry chosen by registryBaseUrl", "acme/server:1.0", "https://evil.example", nil, schema.StatusUnsupported, "registry evil.example, which this worker does not allow"},
		{"port on an allowed host", "ghcr.io:8443/acme/server:1.0", "", nil, schema.StatusUnsupported, "registry ghcr.io:8443"},
		{"loopback registry", "localhost:5000/acme/server:1.0", "", nil, schema.StatusUnsupported, "the image registry is localhost"},
		{"bare image, no tag", "docker.io/acme/server", "", nil, schema.StatusUnsupported, "neither a tag nor a digest"},
		{"operator allows quay.io", "quay.io/acme/server@sha256:" + strings.Repeat("b", 64), "", []string{"quay.io"}, schema.StatusUnsupported, noEngine},
		{"operator list replaces the default", "ghcr.io/acme/server:1.0", "", []string{"quay.io"}, schema.StatusUnsupported, "registry ghcr.io, which this worker does not allow (allowed: quay.io"},
		{"bad operator list", "ghcr.io/acme/server:1.0", "", []string{"http://127.0.0.1:5000"}, schema.StatusWorkerError, "oci installer: allowed registry"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := registry.Server{Name: "x/oci", Version: "1.0.0", Packages: []registry.Package{{RegistryType: "oci",
				Identifier: c.identifier, RegistryBaseURL: c.base, Transport: registry.Transport{Type: "stdio"}}}}
			opts := Options{Installers: []Installer{&OCI{Engines: []string{"mcpgauge-no-such-engine"}, Registries: c.allowed}}}
			res := ScanEntry(context.Background(), s, registry.PlanFor(s, registry.PlanOptions{}), opts)
			if res.Status != c.status {
				t.Errorf("status %s (%s), want %s", res.Status, res.Reason, c.status)
			}
			if !strings.Contains(res.Reason, c.want) {
				t.Errorf("reason %q, want it to contain %q", res.Reason, c.want)
			}
		})
	}
}
