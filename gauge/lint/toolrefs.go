package lint

import (
	"regexp"
	"strings"
)

// Tool references in prose: identifiers a text presents as tools (MCP017
// in descriptions, SRF011 in the instructions), and whether a sentence
// names one of the server's own tools.

var (
	srfIdentifier = regexp.MustCompile("`([A-Za-z_][A-Za-z0-9_.:/-]*)`|\\b([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]*)+)\\b")
	srfPrevWord   = regexp.MustCompile(`(?i)\b(call|calls|calling|use|uses|using|invoke|invokes|invoking|run|runs|running|via|with|the)\s+$`)
	srfNextWord   = regexp.MustCompile(`(?i)^(?:\(|\s+tools?\b)`)
)

// srfSpace is what Go's \s matches.
const srfSpace = " \t\n\f\r"

// srfWordBefore is srfPrevWord.FindStringSubmatch(before), run on a bounded
// tail so that checking every identifier of long instructions stays linear.
// A match is one of srfPrevWord's words (at most 10 bytes, counting the
// 3-byte Kelvin sign and 2-byte long s that (?i) folds onto k and s)
// followed by before's trailing whitespace, so the 17 bytes in front of that
// whitespace hold the word and the whole rune its \b looks at.
func srfWordBefore(before string) []string {
	t := len(strings.TrimRight(before, srfSpace))
	return srfPrevWord.FindStringSubmatch(before[max(0, t-17):])
}

// srfToolAfter is srfNextWord.MatchString(after) on a bounded head: a match
// is "(" or after's leading whitespace plus "tool"/"tools" (at most 6 bytes),
// and its closing \b looks at one more rune (at most 4 bytes).
func srfToolAfter(after string) bool {
	w := len(after) - len(strings.TrimLeft(after, srfSpace))
	return srfNextWord.MatchString(after[:min(len(after), w+16)])
}

// secSentenceNamesOwnTool reports whether the folded sentence names one of
// the server's tools as a word ('fill' or 'click' calls): steering between
// a server's own tools is routing advice, not shadowing.
func secSentenceNamesOwnTool(ctx *Context, sentence string) bool {
	own := ctx.Memo("danger.ownTools", func() any {
		m := map[string]bool{}
		for i := range ctx.Tools {
			if name := strings.ToLower(ctx.Tools[i].Name); len(name) >= 3 {
				m[name] = true
			}
		}
		return m
	}).(map[string]bool)
	for start := 0; start < len(sentence); {
		for start < len(sentence) && !secWordByte(sentence[start]) {
			start++
		}
		end := start
		for end < len(sentence) && secWordByte(sentence[end]) {
			end++
		}
		if end > start && own[sentence[start:end]] {
			return true
		}
		start = end
	}
	return false
}

func secWordByte(c byte) bool {
	return c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
}
