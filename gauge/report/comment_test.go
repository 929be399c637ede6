package report

import (
	"strings"
	"testing"
)

// TestMdCell: server text in a comment cell is one line, without pipes,
// HTML or control characters (moved from cmd's receipt test).
func TestMdCell(t *testing.T) {
	t.Parallel()
	if got := mdCell("a|b\n<script>\x1b[31m"); strings.ContainsAny(got, "\n<\x1b") || !strings.Contains(got, `a\|b`) {
		t.Errorf("mdCell = %q", got)
	}
}
