package deploy

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
)

// checkSeccompLocalhost: with worker.seccompProfile=localhost the worker
// container names the chart's profile as a Localhost profile, and the
// ConfigMap carries the profile file byte for byte: valid JSON, an errno
// default, 64-bit ABIs only, the calls bubblewrap needs allowed and the
// ones the sandbox must never reach refused. (worker's
// TestChartSeccompProfile runs a real sandbox under the same file.)
func checkSeccompLocalhost(t *testing.T, m *manifests) {
	t.Helper()
	sp := worker(t, m).Spec.Template.Spec.Containers[0].SecurityContext.SeccompProfile
	if sp == nil || sp.Type != corev1.SeccompProfileTypeLocalhost || sp.LocalhostProfile == nil || *sp.LocalhostProfile != "mcpgauge/seccomp-bwrap.json" {
		t.Fatalf("worker seccompProfile %+v, want Localhost mcpgauge/seccomp-bwrap.json", sp)
	}
	cm := m.ConfigMaps[fullname+"-seccomp"]
	if cm == nil {
		t.Fatalf("no ConfigMap %s-seccomp", fullname)
	}
	file, err := os.ReadFile(filepath.Join(repoRoot(t), chartDir, "files", "seccomp-bwrap.json"))
	if err != nil {
		t.Fatal(err)
	}
	got := cm.Data["seccomp-bwrap.json"]
	if got != strings.TrimSpace(string(file)) {
		t.Errorf("the ConfigMap's profile differs from files/seccomp-bwrap.json")
	}
	var prof struct {
		DefaultAction string   `json:"defaultAction"`
		Architectures []string `json:"architectures"`
		Syscalls      []struct {
			Names  []string `json:"names"`
			Action string   `json:"action"`
		} `json:"syscalls"`
	}
	if err := json.Unmarshal([]byte(got), &prof); err != nil {
		t.Fatalf("the profile is not JSON: %v", err)
	}
	if prof.DefaultAction != "SCMP_ACT_ERRNO" {
		t.Errorf("defaultAction %q, want SCMP_ACT_ERRNO", prof.DefaultAction)
	}
	if slices.ContainsFunc(prof.Architectures, func(a string) bool { return a != "SCMP_ARCH_X86_64" && a != "SCMP_ARCH_AARCH64" }) {
		t.Errorf("architectures %v admit a 32-bit ABI", prof.Architectures)
	}
	var allowed []string
	for _, g := range prof.Syscalls {
		if g.Action == "SCMP_ACT_ALLOW" {
			allowed = append(allowed, g.Names...)
		}
	}
	for _, n := range []string{"clone", "unshare", "mount", "umount2", "pivot_root", "chroot", "sethostname", "capset", "seccomp", "execve"} {
		if !slices.Contains(allowed, n) {
			t.Errorf("the profile does not allow %s, which bubblewrap needs", n)
		}
	}
	for _, n := range []string{"io_uring_setup", "io_uring_enter", "setns", "bpf", "keyctl", "ptrace", "init_module", "kexec_load"} {
		if slices.Contains(allowed, n) {
			t.Errorf("the profile allows %s", n)
		}
	}
}
