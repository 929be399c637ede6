package lint

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// A kind token is a code in a tool's name made of letters and a number
// that names a standard, a version, a platform or a kind of thing
// (erc20, erc721, ipv4, ipv6, h264, utf8, s3, v1, v2): the name splits
// it into a word and a number (erc, 20), and a description that names
// what the tool works on writes it whole ("ERC-20", "IPv6", "H.264",
// "UTF-8", "v2"). Its digits are part of the name of a thing, not a copy
// counter (get_user2 beside get_user).

// kindToken is one letters-and-number code of a name, lower-cased.
type kindToken struct{ word, num string }

// nameKindTokens returns the kind tokens of a name's tokens: each run of
// digits straight after a word of letters, as IdentifierTokens splits
// "erc20" or "ipv4" (the word at most eight letters long, as codes are).
func nameKindTokens(toks []string) []kindToken {
	var out []kindToken
	for i := 1; i < len(toks); i++ {
		w := strings.ToLower(toks[i-1])
		if !text.IsDigits(toks[i]) || text.IsDigits(w) || w == "" || len(w) > 8 {
			continue
		}
		out = append(out, kindToken{w, toks[i]})
	}
	return out
}

// descNamesKind reports whether a lower-cased description writes a kind
// token whole: its word (or the word with a "v" before the number, as
// "icmpv6" for icmp6), then at most one of "-", "_", ".", " ", then its
// number, with no letter (of any script) before the word and no digit
// after the number
// ("erc-20", "erc20", "h.264", "utf-8", "ipv4"). "erc-200" and "ferc20"
// do not name erc20.
func descNamesKind(desc string, k kindToken) bool {
	for from := 0; from < len(desc); {
		i := strings.Index(desc[from:], k.num)
		if i < 0 {
			return false
		}
		i += from
		from = i + 1
		end := i + len(k.num)
		if i > 0 && text.IsASCIIDigit(desc[i-1]) || end < len(desc) && text.IsASCIIDigit(desc[end]) {
			continue
		}
		j := i
		if j > 0 && strings.IndexByte("-_. ", desc[j-1]) >= 0 {
			j--
		}
		head := desc[:j]
		for _, w := range []string{k.word, k.word + "v"} {
			if strings.HasSuffix(head, w) && !letterBefore(head[:len(head)-len(w)]) {
				return true
			}
		}
	}
	return false
}

// letterBefore reports whether s ends in a letter of any script ("ß" in
// "ßerc-20", "é" in "éerc20"): the word after it is then part of a
// longer word.
func letterBefore(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r != utf8.RuneError && unicode.IsLetter(r)
}

// kindTokensTellApart reports whether two tools' names differ in a kind
// token that each one's own description names as what it works on:
// list_balances_erc20 ("Lists ERC-20 token balances") beside
// list_balances_erc721 ("Lists ERC-721 token balances"), lookup_ipv4
// beside lookup_ipv6, items_v1 ("the v1 API") beside items_v2 ("the v2
// API"). Each name must carry a kind token the other lacks, each
// description must name its own, and neither may name the other's: a
// description that names both ("search_v2: replaces the v1 search") says
// one is the other's successor, and a bare counter (get_user2 beside
// get_user, or a user2 its text never writes) tells nothing apart.
func kindTokensTellApart(a, b *tgTool) bool {
	ka, kb := nameKindTokens(a.nameTokens), nameKindTokens(b.nameTokens)
	onlyA, onlyB := kindTokensMinus(ka, kb), kindTokensMinus(kb, ka)
	if len(onlyA) == 0 || len(onlyB) == 0 {
		return false
	}
	// The per-run lower-cased text: no allocation per pair.
	da, db := a.lowered.String(), b.lowered.String()
	return kindsOwn(da, onlyA, onlyB) && kindsOwn(db, onlyB, onlyA)
}

// kindsOwn reports whether desc names one of its own kind tokens and
// none of the other's.
func kindsOwn(desc string, own, other []kindToken) bool {
	for _, k := range other {
		if descNamesKind(desc, k) {
			return false
		}
	}
	for _, k := range own {
		if descNamesKind(desc, k) {
			return true
		}
	}
	return false
}

// kindTokensMinus is the kind tokens of a that b lacks.
func kindTokensMinus(a, b []kindToken) []kindToken {
	var out []kindToken
	for _, k := range a {
		found := false
		for _, o := range b {
			if o == k {
				found = true
			}
		}
		if !found {
			out = append(out, k)
		}
	}
	return out
}
