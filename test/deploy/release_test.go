package deploy

import (
	"debug/elf"
	"debug/macho"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// goreleaserConfig is the part of .goreleaser.yaml this repository uses;
// strict decoding fails on any key it does not name.
type goreleaserConfig struct {
	Version     int    `json:"version"`
	ProjectName string `json:"project_name"`
	Builds      []struct {
		ID      string   `json:"id"`
		Main    string   `json:"main"`
		Binary  string   `json:"binary"`
		Env     []string `json:"env"`
		GOOS    []string `json:"goos"`
		GOARCH  []string `json:"goarch"`
		Flags   []string `json:"flags"`
		Ldflags []string `json:"ldflags"`
	} `json:"builds"`
	Archives []struct {
		ID           string   `json:"id"`
		Formats      []string `json:"formats"`
		NameTemplate string   `json:"name_template"`
		Files        []string `json:"files"`
	} `json:"archives"`
	Checksum struct {
		NameTemplate string `json:"name_template"`
		Algorithm    string `json:"algorithm"`
	} `json:"checksum"`
	Snapshot struct {
		VersionTemplate string `json:"version_template"`
	} `json:"snapshot"`
	Changelog struct {
		Disable bool `json:"disable"`
	} `json:"changelog"`
}

// TestReleaseConfig checks .goreleaser.yaml without goreleaser (v2.15.1
// did not finish installing from the module proxy on the project machine
// within 15 minutes): the four targets, the archive and checksum names
// action.yml downloads, and a cross-build of every target with the
// config's env, flags and ldflags, each binary of the right format and
// architecture, under the size ceiling, and (on the host's target)
// printing the version the ldflags stamp.
func TestReleaseConfig(t *testing.T) {
	root := repoRoot(t)
	raw, err := os.ReadFile(filepath.Join(root, ".goreleaser.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg goreleaserConfig
	if err := yaml.UnmarshalStrict(raw, &cfg); err != nil {
		t.Fatalf(".goreleaser.yaml: %v", err)
	}
	if cfg.Version != 2 || cfg.ProjectName != "mcpgauge" || len(cfg.Builds) != 1 || len(cfg.Archives) != 1 {
		t.Fatalf("want goreleaser v2 config for mcpgauge with one build and one archive, got %+v", cfg)
	}
	b, a := cfg.Builds[0], cfg.Archives[0]
	if !slices.Equal(b.GOOS, []string{"linux", "darwin"}) || !slices.Equal(b.GOARCH, []string{"amd64", "arm64"}) {
		t.Errorf("targets %v × %v, want linux, darwin × amd64, arm64", b.GOOS, b.GOARCH)
	}
	// action.yml builds these names itself; both must agree.
	action, err := os.ReadFile(filepath.Join(root, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ config, want, inAction string }{
		{a.NameTemplate, "{{ .ProjectName }}_{{ .Version }}_{{ .Os }}_{{ .Arch }}", `mcpgauge_${version}_${os}_${arch}.tar.gz`},
		{cfg.Checksum.NameTemplate, "checksums.txt", "checksums.txt"},
		{strings.Join(a.Formats, ","), "tar.gz", "tar -xzf"},
	} {
		if c.config != c.want {
			t.Errorf(".goreleaser.yaml has %q, want %q (action.yml relies on it)", c.config, c.want)
		}
		if !strings.Contains(string(action), c.inAction) {
			t.Errorf("action.yml does not use %q", c.inAction)
		}
	}

	const version = "9.8.7-test"
	ldflags := strings.ReplaceAll(strings.Join(b.Ldflags, " "), "{{ .Version }}", version)
	if strings.Contains(ldflags, "{{") {
		t.Fatalf("ldflags use a template this test does not expand: %s", ldflags)
	}
	machines := map[string]string{
		"linux/amd64": elf.EM_X86_64.String(), "linux/arm64": elf.EM_AARCH64.String(),
		"darwin/amd64": macho.CpuAmd64.String(), "darwin/arm64": macho.CpuArm64.String(),
	}
	dir := t.TempDir()
	for _, goos := range b.GOOS {
		for _, goarch := range b.GOARCH {
			target := goos + "/" + goarch
			t.Run(target, func(t *testing.T) {
				out := filepath.Join(dir, goos+"_"+goarch, b.Binary)
				args := append([]string{"build"}, b.Flags...)
				args = append(args, "-ldflags", ldflags, "-o", out, b.Main)
				cmd := exec.Command("go", args...)
				cmd.Dir = root
				cmd.Env = append(append(os.Environ(), b.Env...), "GOOS="+goos, "GOARCH="+goarch)
				if msg, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("go %s for %s: %v\n%s", strings.Join(args, " "), target, err, msg)
				}
				machine, err := binaryMachine(goos, out)
				if err != nil {
					t.Fatal(err)
				}
				if machine != machines[target] {
					t.Errorf("%s binary is for %s, want %s", target, machine, machines[target])
				}
				fi, err := os.Stat(out)
				if err != nil {
					t.Fatal(err)
				}
				if fi.Size() > maxBinaryBytes {
					t.Errorf("%s release binary is %.1f MB, over %.0f MB", target, float64(fi.Size())/1e6, maxBinaryBytes/1e6)
				}
				if target == runtime.GOOS+"/"+runtime.GOARCH {
					got, err := exec.Command(out, "--version").CombinedOutput()
					if err != nil || !strings.Contains(string(got), version) {
						t.Errorf("%s --version = %q (%v), want it to name %s", out, got, err, version)
					}
				}
			})
		}
	}
}

// binaryMachine reads the CPU a binary is built for.
func binaryMachine(goos, path string) (string, error) {
	switch goos {
	case "linux":
		f, err := elf.Open(path)
		if err != nil {
			return "", fmt.Errorf("%s is not ELF: %w", path, err)
		}
		defer f.Close()
		return f.Machine.String(), nil
	case "darwin":
		f, err := macho.Open(path)
		if err != nil {
			return "", fmt.Errorf("%s is not Mach-O: %w", path, err)
		}
		defer f.Close()
		return f.Cpu.String(), nil
	}
	return "", fmt.Errorf("no reader for %s binaries", goos)
}
