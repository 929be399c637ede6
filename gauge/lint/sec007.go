package lint

import (
	"encoding/base64"
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// sec007 is SEC007 encoded-blob.
func sec007() Rule {
	return Rule{
		ID: "SEC007", Name: "encoded-blob", Family: "Security",
		Summary: "Text carries a long base64 blob a human reviewer cannot read.",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge, Revision: 2, Check: checkSEC007,
	}
}

// checkSEC007 finds a long base64 run in a text surface that decodes, and
// says what it decodes to.
func checkSEC007(ctx *Context) []Problem {
	var out []Problem
	for _, s := range secSurfaces(ctx) {
		if b := secBlob(s.Text); b != "" {
			out = append(out, s.problem(fmt.Sprintf("The %s contains %s.", s.where(), b),
				"Write the content out in plain words, or drop it. Encoded text in tool metadata cannot be reviewed by a human but can be decoded and followed by a model; scanners treat it as obfuscation."))
		}
	}
	return out
}

var (
	secB64Run     = regexp.MustCompile(`[A-Za-z0-9+/_-]{64,}={0,2}`)
	secHexOnly    = regexp.MustCompile(`^[0-9a-fA-F]+$`)
	secDataURIEnd = regexp.MustCompile(`(?i)data:[\w.+-]+/[\w.+-]+(?:;[\w=.-]+)*;base64,$`)
)

// secBlob describes the first base64 blob in s, or "".
func secBlob(s string) string {
	for _, loc := range secB64Run.FindAllStringIndex(s, -1) {
		run := s[loc[0]:loc[1]]
		if secHexOnly.MatchString(run) || secDataURIEnd.MatchString(s[:loc[0]]) {
			continue
		}
		hasUpper := strings.ContainsAny(run, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
		hasLower := strings.ContainsAny(run, "abcdefghijklmnopqrstuvwxyz")
		hasDigit := strings.ContainsAny(run, "0123456789")
		if !(hasUpper && hasLower && hasDigit) && !strings.ContainsAny(run, "+/") {
			continue // a long identifier or word, not an encoding
		}
		b, ok := secDecodeBase64(run)
		if !ok {
			continue
		}
		if secPrintable(b) {
			decoded := string(b)
			extra := ""
			if _, bad := secFind(nil, decoded, secOverridePatterns); bad {
				extra = ", which is itself an instruction override"
			}
			return fmt.Sprintf("a %d-character base64 blob that decodes to text %q%s", len(run), secSnippet(decoded), extra)
		}
		if secBlobInURL(s, loc[0]) || !secBlobOpaque(run) {
			// A commit hash or version id in a URL path, a path of
			// words and hex digests: identifiers, not a hidden payload.
			continue
		}
		return fmt.Sprintf("a %d-character base64 blob that decodes to %d bytes of binary data", len(run), len(b))
	}
	return ""
}

// secDecodeBase64 decodes a candidate run with the standard or URL alphabet,
// padded or not.
func secDecodeBase64(run string) ([]byte, bool) {
	trimmed := strings.TrimRight(run, "=")
	if len(trimmed)%4 == 1 {
		return nil, false
	}
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(trimmed); err == nil {
			return b, true
		}
	}
	return nil, false
}

// secPrintable reports whether b is UTF-8 text, at least 90% printable.
func secPrintable(b []byte) bool {
	if !utf8.Valid(b) || len(b) == 0 {
		return false
	}
	total, ok := 0, 0
	for _, r := range string(b) {
		total++
		if unicode.IsPrint(r) || r == '\n' || r == '\t' || r == '\r' {
			ok++
		}
	}
	return ok*10 >= total*9
}

// secBlobInURL reports whether the run starting at start sits in a URL:
// the token that holds it (back to a space, quote or bracket) has a
// scheme or starts with www.
func secBlobInURL(s string, start int) bool {
	i := start
	for i > 0 && !strings.ContainsRune(" \t\r\n\"'`()<>[]{}|,;", rune(s[i-1])) {
		i--
	}
	tok := s[i:start]
	return strings.Contains(tok, "://") || strings.HasPrefix(strings.ToLower(tok), "www.")
}

// secBlobOpaque reports whether a run that decodes to binary looks like an
// encoding rather than a path of identifiers: some segment between `/`,
// `-` and `_` of at least 16 characters mixes upper case, lower case and
// digits and is not a hex digest. Random bytes in base64 do; a path of
// words, hex digests and UUIDs (`replicate/hello-world/versions/5c7d…`)
// does not.
func secBlobOpaque(run string) bool {
	for _, seg := range strings.FieldsFunc(strings.TrimRight(run, "="), func(r rune) bool { return r == '/' || r == '-' || r == '_' }) {
		if len(seg) < 16 || secHexOnly.MatchString(seg) {
			continue
		}
		if strings.ContainsAny(seg, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") && strings.ContainsAny(seg, "abcdefghijklmnopqrstuvwxyz") && strings.ContainsAny(seg, "0123456789") {
			return true
		}
	}
	return false
}
