package deploy

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// Pinned tool versions. helm and nats-server are built from the Go module
// proxy (go install pkg@version verifies them against the checksum
// database); nats-server's version is the one the mcpgauge module requires.
const (
	helmModule = "helm.sh/helm/v3/cmd/helm@v3.22.0"
	kedaModule = "github.com/kedacore/keda/v2@v2.21.0"
)

// repoRoot is the mcpgauge repository (this module lives in test/deploy).
func repoRoot(t testing.TB) string {
	t.Helper()
	abs, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(abs, "helm", "mcpgauge", "Chart.yaml")); err != nil {
		t.Fatalf("repository root not found from %s: %v", abs, err)
	}
	return abs
}

// tool builds one binary once per test process.
type tool struct {
	once sync.Once
	path string
	err  error
}

var (
	binDirOnce sync.Once
	binDir     string
	binDirErr  error
	helmTool   tool
	natsTool   tool
	gaugeTool  tool
)

func toolDir() (string, error) {
	binDirOnce.Do(func() { binDir, binDirErr = os.MkdirTemp("", "mcpgauge-deploy-test") })
	return binDir, binDirErr
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

func (tl *tool) get(t testing.TB, build func(dir string) (string, error)) string {
	t.Helper()
	tl.once.Do(func() {
		dir, err := toolDir()
		if err != nil {
			tl.err = err
			return
		}
		tl.path, tl.err = build(dir)
	})
	if tl.err != nil {
		t.Fatal(tl.err)
	}
	return tl.path
}

// goInstall runs go install pkg@version with GOBIN=dir (outside any module,
// so the tool builds with its own go.mod) and returns the binary's path.
func goInstall(dir, pkgAtVersion, binName string) (string, error) {
	cmd := exec.Command("go", "install", pkgAtVersion)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go install %s: %w\n%s", pkgAtVersion, err, out)
	}
	return filepath.Join(dir, binName), nil
}

// helmBin returns a helm binary built at the pinned version.
func helmBin(t testing.TB) string {
	return helmTool.get(t, func(dir string) (string, error) { return goInstall(dir, helmModule, "helm") })
}

// natsServerBin returns nats-server at the version the mcpgauge module requires.
func natsServerBin(t testing.TB) string {
	root := repoRoot(t)
	return natsTool.get(t, func(dir string) (string, error) {
		module, err := natsServerModule(root)
		if err != nil {
			return "", err
		}
		return goInstall(dir, module, "nats-server")
	})
}

// natsServerModule is nats-server's package at the version the mcpgauge
// module (at root) requires, as go install takes it.
func natsServerModule(root string) (string, error) {
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	m := regexp.MustCompile(`(?m)^\s*github.com/nats-io/nats-server/v2 (v\S+)`).FindSubmatch(mod)
	if m == nil {
		return "", fmt.Errorf("go.mod does not require github.com/nats-io/nats-server/v2")
	}
	return "github.com/nats-io/nats-server/v2@" + string(m[1]), nil
}

// mcpgaugeBin builds the mcpgauge binary from this repository.
func mcpgaugeBin(t testing.TB) string {
	root := repoRoot(t)
	return gaugeTool.get(t, func(dir string) (string, error) {
		out := filepath.Join(dir, "mcpgauge")
		cmd := exec.Command("go", "build", "-o", out, "./cmd/mcpgauge")
		cmd.Dir = root
		if b, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("build mcpgauge: %w\n%s", err, b)
		}
		return out, nil
	})
}

// helm runs the pinned helm with no network configuration to lean on: its
// config, cache and data directories are empty temporary ones.
func helm(t testing.TB, args ...string) (string, error) {
	t.Helper()
	bin := helmBin(t)
	home := t.TempDir()
	cmd := exec.Command(bin, args...)
	cmd.Dir = repoRoot(t)
	cmd.Env = append(os.Environ(),
		"HELM_CONFIG_HOME="+filepath.Join(home, "config"),
		"HELM_CACHE_HOME="+filepath.Join(home, "cache"),
		"HELM_DATA_HOME="+filepath.Join(home, "data"),
		"KUBECONFIG="+filepath.Join(home, "no-kubeconfig"))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if err != nil {
		return out.String() + errb.String(), fmt.Errorf("helm %s: %w\n%s%s", strings.Join(args, " "), err, out.String(), errb.String())
	}
	return out.String(), nil
}
