package worker

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// OCI runs container images with a container engine (docker or podman).
// The engine must work (`<engine> info` succeeds), not just be installed;
// without one every OCI plan is unsupported with the reason.
type OCI struct {
	// Engines are tried in order (default docker, podman).
	Engines []string
	// Registries are the image registries an image may come from (host,
	// host:port or "*.domain"; default registry.DefaultOCIRegistries). An
	// image on any other registry is unsupported before an engine runs.
	Registries []string
}

// Kind implements Installer.
func (o *OCI) Kind() registry.Kind { return registry.KindOCI }

// Engine returns the first working engine, or why there is none.
func (o *OCI) Engine(ctx context.Context) (string, error) {
	engines := o.Engines
	if len(engines) == 0 {
		engines = []string{"docker", "podman"}
	}
	var why []string
	for _, e := range engines {
		path, err := exec.LookPath(e)
		if err != nil {
			why = append(why, e+": not installed")
			continue
		}
		cctx, cancel := context.WithTimeout(ctx, 15*time.Second)
		out, err := exec.CommandContext(cctx, path, "info").CombinedOutput()
		cancel()
		if err != nil {
			why = append(why, fmt.Sprintf("%s info failed: %s", e, lastLines(string(out), 1)))
			continue
		}
		return path, nil
	}
	return "", errors.New("no working container engine (" + strings.Join(why, "; ") + ")")
}

// Available implements Installer.
func (o *OCI) Available(ctx context.Context) error {
	_, err := o.Engine(ctx)
	return err
}

// Install implements Installer: it pulls the image. The command it returns
// is the engine itself (`run -i --rm --network none ...`); the container is
// the isolation, so the worker does not wrap it in bwrap.
func (o *OCI) Install(ctx context.Context, pkg registry.PlanPackage, _ InstallOptions) (*Installed, error) {
	image, _ := registry.CanonicalOCI(pkg.RegistryBaseURL, pkg.Identifier, pkg.Version)
	// Checked before any engine runs: an image on localhost or an IP is
	// pulled with the host's network, and the entry must not choose the
	// registry the image (the code that runs) comes from.
	if why := registry.CheckPackageRef("oci", image, pkg.Version, ""); why != "" {
		return nil, unsupported("%s", why)
	}
	if err := o.allowed(image); err != nil {
		return nil, err
	}
	engine, err := o.Engine(ctx)
	if err != nil {
		return nil, unsupported("oci image %s: %v", pkg.Identifier, err)
	}
	cctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	if out, err := exec.CommandContext(cctx, engine, "pull", image).CombinedOutput(); err != nil {
		return nil, installFailed(err, "%s pull %s failed: %s", engine, image, lastLines(string(out), 2))
	}
	return &Installed{Command: engine, Args: []string{image}, Version: pkg.Version}, nil
}

// allowed says why image's registry is not one the operator allows (nil
// when it is).
func (o *OCI) allowed(image string) error {
	list := o.Registries
	if len(list) == 0 {
		list = registry.DefaultOCIRegistries()
	}
	norm := make([]string, 0, len(list))
	for _, r := range list {
		n, err := registry.NormaliseOCIRegistry(r)
		if err != nil {
			return &InstallError{Status: schema.StatusWorkerError, Reason: "oci installer: allowed registry", Err: err}
		}
		norm = append(norm, n)
	}
	host := registry.OCIImageRegistry(image)
	if registry.OCIRegistryAllowed(host, norm) {
		return nil
	}
	return unsupported("oci image %s is on registry %s, which this worker does not allow (allowed: %s; an operator adds one with install.oci_registries)",
		image, host, strings.Join(norm, ", "))
}
