package termsafe

import (
	"io"
	"os"

	"golang.org/x/term"
)

// IsTerminal reports whether w (or the writer under a Writer) is a
// terminal: an *os.File whose descriptor golang.org/x/term accepts (the
// terminal ioctl succeeds). Files, pipes and character devices such as
// /dev/null are not terminals.
func IsTerminal(w io.Writer) bool {
	f, ok := Raw(w).(*os.File)
	return ok && f != nil && term.IsTerminal(int(f.Fd()))
}

// Width returns the width in cells of the terminal w writes to, or 0 when
// w is not a terminal or does not know its size.
func Width(w io.Writer) int {
	f, ok := Raw(w).(*os.File)
	if !ok || f == nil {
		return 0
	}
	width, _, err := term.GetSize(int(f.Fd()))
	if err != nil || width < 0 {
		return 0
	}
	return width
}
