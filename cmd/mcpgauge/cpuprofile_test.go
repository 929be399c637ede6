package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCPUProfileFlag(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tests := []struct {
		name     string
		path     string
		wantCode int
		wantErr  string
	}{
		{name: "written", path: filepath.Join(dir, "cpu.pprof"), wantCode: exitOK},
		{name: "unwritable path", path: filepath.Join(dir, "missing", "cpu.pprof"), wantCode: exitUsage, wantErr: "--cpuprofile"},
	}
	for _, tc := range tests {
		// Not parallel with each other: a process has one CPU profile at a time.
		code, _, stderr := cli(t, "--cpuprofile", tc.path, "rules")
		if code != tc.wantCode {
			t.Fatalf("%s: exit %d, want %d; stderr %q", tc.name, code, tc.wantCode, stderr)
		}
		if tc.wantErr != "" {
			if !strings.Contains(stderr, tc.wantErr) {
				t.Errorf("%s: stderr %q does not name %s", tc.name, stderr, tc.wantErr)
			}
			continue
		}
		data, err := os.ReadFile(tc.path)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		// A pprof profile is a gzipped protobuf.
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: profile is not gzip: %v", tc.name, err)
		}
		body, err := io.ReadAll(zr)
		if err != nil || len(body) == 0 {
			t.Errorf("%s: profile body %d bytes, err %v", tc.name, len(body), err)
		}
	}
}
