package termsafe_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/creack/pty"

	"github.com/mcpgauge/mcpgauge/internal/termsafe"
)

func TestIsTerminal(t *testing.T) {
	t.Parallel()
	devNull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	file, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	cases := []struct {
		name string
		w    io.Writer
	}{
		{"/dev/null (a character device, not a terminal)", devNull},
		{"/dev/null under a Writer", termsafe.NewWriter(devNull)},
		{"a file", file},
		{"a pipe", pw},
		{"a buffer", &bytes.Buffer{}},
		{"a nil file", (*os.File)(nil)},
	}
	for _, tc := range cases {
		if termsafe.IsTerminal(tc.w) {
			t.Errorf("%s counts as a terminal", tc.name)
		}
		if w := termsafe.Width(tc.w); w != 0 {
			t.Errorf("%s has width %d, want 0", tc.name, w)
		}
	}
}

func TestIsTerminalPTY(t *testing.T) {
	t.Parallel()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	if err := pty.Setsize(tty, &pty.Winsize{Rows: 24, Cols: 37}); err != nil {
		t.Fatal(err)
	}
	for _, w := range []io.Writer{tty, termsafe.NewWriter(tty)} {
		if !termsafe.IsTerminal(w) {
			t.Errorf("%T over a pseudo-terminal is not a terminal", w)
		}
		if got := termsafe.Width(w); got != 37 {
			t.Errorf("%T over a pseudo-terminal has width %d, want 37", w, got)
		}
	}
}
