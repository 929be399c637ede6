//go:build linux

package worker

import (
	"debug/elf"
	"os"
	"path/filepath"
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
