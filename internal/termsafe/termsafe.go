// Package termsafe makes untrusted text safe to write to a terminal.
//
// Tool names, descriptions, server messages, stderr and registry fields are
// attacker input. Written raw, an ANSI escape can recolour or clear the
// screen, an OSC-8 sequence can plant a hyperlink, a carriage return can
// overwrite a line and a bidi override can reverse what the operator
// reads. Every text printer passes such strings through String or Text.
package termsafe

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// String returns s with every control character escaped (\u001b, \r, \n,
// \u202e; the same notation is a valid escape inside a JSON string, so
// JSON passing through stays JSON): C0 controls and DEL, C1 controls,
// Unicode bidi and line-separator controls, and bytes that are not UTF-8
// (\xff). Other text, including other non-ASCII letters, is kept. Use it
// for one-line fields (names, statuses, reasons).
func String(s string) string { return escape(s, false) }

// Text is String keeping newlines and tabs, for multi-line text the caller
// lays out itself (descriptions, stderr).
func Text(s string) string { return escape(s, true) }

// Clean reports whether s needs no escaping for String.
func Clean(s string) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && n == 1) || unsafe(r) {
			return false
		}
		i += n
	}
	return true
}

func escape(s string, keepLines bool) string {
	if Clean(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case keepLines && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case unsafe(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// unsafe reports whether r must not reach a terminal raw.
func unsafe(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f: // C0 controls (ESC, BEL, CR, BS, ...) and DEL
		return true
	case r >= 0x80 && r <= 0x9f: // C1 controls (CSI, OSC as single code points)
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, // bidi marks
		r >= 0x202a && r <= 0x202e, // bidi embeddings and overrides
		r >= 0x2066 && r <= 0x2069, // bidi isolates
		r == 0x2028, r == 0x2029:   // line and paragraph separators
		return true
	}
	return false
}

// Writer escapes everything written through it as Text does (newlines and
// tabs pass). Wrap the operator's stdout and stderr with it so no printer
// can forget. A rune split across two writes is held back until complete.
type Writer struct {
	w    io.Writer
	hold []byte
}

// NewWriter returns a Writer over w (w itself when it already is one).
func NewWriter(w io.Writer) io.Writer {
	if _, ok := w.(*Writer); ok {
		return w
	}
	return &Writer{w: w}
}

// Raw returns the writer under a Writer (or w), for the caller's own
// control output (a progress line's carriage return) and nothing else.
func Raw(w io.Writer) io.Writer {
	if tw, ok := w.(*Writer); ok {
		return tw.w
	}
	return w
}

// Write implements io.Writer; it reports len(p) when the escaped bytes
// were all written.
func (t *Writer) Write(p []byte) (int, error) {
	buf := append(t.hold, p...)
	t.hold = nil
	// Hold back an incomplete UTF-8 sequence at the end (at most 3 bytes).
	for k := 1; k <= 3 && k <= len(buf); k++ {
		c := buf[len(buf)-k]
		if c < 0x80 {
			break
		}
		if utf8.RuneStart(c) {
			if !utf8.FullRune(buf[len(buf)-k:]) {
				t.hold = append([]byte(nil), buf[len(buf)-k:]...)
				buf = buf[:len(buf)-k]
			}
			break
		}
	}
	if _, err := io.WriteString(t.w, Text(string(buf))); err != nil {
		return 0, err
	}
	return len(p), nil
}
