package cpuprofile

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestStartStop: a profile is a gzipped protobuf with a body; a path that
// cannot be created fails at Start; Stop twice, or on nil, is harmless.
func TestStartStop(t *testing.T) {
	dir := t.TempDir()
	if _, err := Start(filepath.Join(dir, "missing", "cpu.pprof")); err == nil {
		t.Error("Start in a missing directory succeeded")
	}
	path := filepath.Join(dir, "cpu.pprof")
	p, err := Start(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Stop(); err != nil {
		t.Fatal(err)
	}
	if err := p.Stop(); err != nil {
		t.Errorf("second Stop: %v", err)
	}
	if err := (*Profile)(nil).Stop(); err != nil {
		t.Errorf("nil Stop: %v", err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("profile is not gzip: %v", err)
	}
	if body, err := io.ReadAll(zr); err != nil || len(body) == 0 {
		t.Errorf("profile body %d bytes, err %v", len(body), err)
	}
}
