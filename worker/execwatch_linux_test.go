//go:build linux

package worker

import (
	"cmp"
	"debug/elf"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
)

// elfInterp is debug/elf's reading of a file's PT_INTERP (the oracle).
func elfInterp(t *testing.T, path string) string {
	t.Helper()
	f, err := elf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			b := make([]byte, p.Filesz)
			if _, err := p.ReadAt(b, 0); err != nil {
				t.Fatal(err)
			}
			return strings.TrimRight(string(b), "\x00")
		}
	}
	return ""
}

// TestInterpreter: the file the kernel opens next for a script or an ELF
// program, read from its first bytes, as debug/elf reads it for real
// programs (a dynamic one and a static one) and as the kernel reads #!.
func TestInterpreter(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sh, err := filepath.EvalSymlinks("/bin/sh")
	if err != nil {
		t.Skip(err)
	}
	shBytes, err := os.ReadFile(sh)
	if err != nil {
		t.Fatal(err)
	}
	static := fixtures.Build(t, "careful") // built without cgo
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		name, path, want string
	}{
		{"dynamic ELF", sh, elfInterp(t, sh)},
		{"static ELF", static, ""},
		{"shell script", write("a", []byte("#!/bin/sh\nexit 0\n")), "/bin/sh"},
		{"env with an argument", write("b", []byte("#! /usr/bin/env python3 -u\n")), "/usr/bin/env"},
		{"tab after #!", write("c", []byte("#!\t/bin/bash\r\n")), "/bin/bash"},
		{"empty #! line", write("d", []byte("#!\n/bin/sh\n")), ""},
		{"text", write("e", []byte("echo hi\n")), ""},
		{"empty", write("f", nil), ""},
		{"ELF cut in its program headers", write("g", shBytes[:100]), ""},
		{"ELF with absurd headers", write("h", append([]byte("\x7fELF\x02\x01\x01"), make([]byte, 100)...)), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			fd, err := unix.Open(c.path, unix.O_RDONLY|unix.O_CLOEXEC, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer unix.Close(fd)
			if got := interpreter(fd); got != c.want {
				t.Errorf("interpreter(%s) = %q, want %q", c.path, got, c.want)
			}
		})
	}
	if elfInterp(t, sh) == "" {
		t.Errorf("%s has no PT_INTERP: the dynamic case tests nothing", sh)
	}
	if elfInterp(t, static) != "" {
		t.Errorf("%s has a PT_INTERP: the static case tests nothing", static)
	}
}

// TestExecWatchReadAfterTheSandboxEnds: a loaded worker may read a
// sandbox's exec events only after its last process has gone (the CI run
// of 10d9912 did). Read then, the events still name each program by its
// path in the sandbox, and a script's #! interpreter and loader still fold
// into its exec: the watch holds the sandbox's mounts until it has read.
func TestExecWatchReadAfterTheSandboxEnds(t *testing.T) {
	t.Parallel()
	sb := requireBwrap(t)
	if os.Geteuid() != 0 {
		t.Skip("fanotify mount marks need CAP_SYS_ADMIN")
	}
	bwrap, err := exec.LookPath(cmp.Or(sb.Path, "bwrap"))
	if err != nil {
		t.Fatal(err)
	}
	blockR, blockW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	infoR, infoW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(t.Context(), bwrap, "--unshare-all", "--die-with-parent",
		"--ro-bind", "/usr", "/usr", "--symlink", "usr/bin", "/bin", "--symlink", "usr/lib", "/lib",
		"--symlink", "usr/lib64", "/lib64", "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/home/u",
		"--block-fd", "3", "--info-fd", "4",
		"/bin/sh", "-c", `printf '#!/bin/sh\nexit 0\n' >/home/u/s && chmod 755 /home/u/s && /home/u/s`)
	cmd.ExtraFiles = []*os.File{blockR, infoW}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	blockR.Close()
	infoW.Close()
	var info struct {
		Pid int `json:"child-pid"`
	}
	if err := json.NewDecoder(infoR).Decode(&info); err != nil || info.Pid <= 0 {
		t.Fatalf("bwrap's info: %+v, %v", info, err)
	}
	infoR.Close()
	ex, err := newExecWatch(info.Pid, 3)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := blockW.Write([]byte{1}); err != nil {
		t.Fatal(err)
	}
	blockW.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the sandbox's script: %v", err)
	}
	// Every process of the sandbox has gone; only now read.
	events := ex.start()
	ex.stop()
	var paths []string
	for ev := range events {
		if ev.lost {
			t.Fatal("events lost")
		}
		paths = append(paths, ev.path)
	}
	sh, err := filepath.EvalSymlinks("/bin/sh")
	if err != nil {
		t.Fatal(err)
	}
	chmod, err := filepath.EvalSymlinks("/usr/bin/chmod")
	if err != nil {
		t.Fatal(err)
	}
	// The shell, chmod and the script: nothing else (no loader, no
	// second shell for the script), each at its full path.
	if want := []string{sh, chmod, "/home/u/s"}; !slices.Equal(paths, want) {
		t.Errorf("execs heard after the sandbox ended: %q, want %q", paths, want)
	}
}
