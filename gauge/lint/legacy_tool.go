package lint

import (
	"regexp"
	"strings"
)

// legacyEndpointSubject is a sentence that says THIS endpoint, route or
// operation (the one the tool is) is deprecated or obsolete: generated
// servers copy the endpoint's own note ("This endpoint has been deprecated
// and will be removed"). "The v1 endpoint is deprecated" or "`/search` is
// deprecated" names another endpoint the tool avoids, and stays silent.
var legacyEndpointSubject = regexp.MustCompile(`\bthis\s+(?:api\s+)?(?:endpoint|route|operation|api)\s+(?:is|has\s+been|was|will\s+be)\s+(?:now\s+)?(?:officially\s+)?(?:deprecated|obsolete)\b`)

// legacyCompatLabel is a sentence or parenthetical that is nothing but a
// label saying the tool is legacy or kept only for compatibility: "Kept for
// backward compatibility.", "(kept for compatibility with the old
// version)", "Legacy alias of list_items.", "This is a legacy tool.",
// "[Legacy]". A compatibility note that goes on to speak of something else
// ("Kept for compatibility with old clients, the format parameter accepts
// mp3") or "legacy" qualifying what the tool handles ("legacy synchronous
// behaviour") is not such a label.
var legacyCompatLabel = regexp.MustCompile(`^[^\pL\pN]*(?:(?:kept|retained|maintained|provided|exists|available)\s+(?:only\s+|solely\s+)?for\s+(?:backwards?[\s-]+)?compat\w*(?:\s+with\s+(?:the\s+|an?\s+)?(?:old(?:er)?|previous|legacy|prior|earlier|v\d)[\w\s.-]{0,30})?|legacy(?:\s+(?:tool|alias|version|variant|endpoint|wrapper))?(?:\s+(?:of|for)\s+\S+)?|(?:this\s+is\s+)?an?\s+legacy\s+(?:tool|alias|version|variant|endpoint|wrapper)(?:\s+(?:of|for)\s+\S+)?)[^\pL\pN]*(?:(?:[;,:—–-]|\s-)\s*(?:please\s+)?(?:use|prefer|call|switch\s+to)\b.*)?$`)

// legacyCompatCJK is the same label in Chinese or Japanese: a bracketed
// note that holds only "compatible with the old version" or "legacy"
// ("（兼容旧版）", "【旧版】", "(レガシー)").
var legacyCompatCJK = regexp.MustCompile(`[（(【\[]\s*(?:兼容旧版|旧版兼容|向后兼容|向下兼容|旧版|遗留|旧接口|兼容旧接口|レガシー|旧バージョン互換|後方互換)\s*[)）】\]]`)

// legacyParenthetical finds parentheticals, to read each as a label.
var legacyParenthetical = regexp.MustCompile(`\(([^()]{1,80})\)`)

// legacyNotNeeded is a sentence that says current use does not need the
// tool ("usually does not need this tool", "you should not need this
// tool"); with "legacy" elsewhere in the description it says the tool
// serves a legacy path only.
var legacyNotNeeded = regexp.MustCompile(`\b(?:(?:does|do|should|will)\s+not|doesn't|don't|shouldn't|won't|no\s+longer)\s+need\s+this\s+tool\b|\bthis\s+tool\s+is\s+(?:rarely|seldom|usually\s+not|not\s+usually|no\s+longer)\s+needed\b`)

// legacyWord is the word "legacy" anywhere in a lower-cased description:
// with a legacyNotNeeded sentence it says the tool serves a legacy path.
// It is read once per description, not once per sentence.
var legacyWord = regexp.MustCompile(`\blegacy\b`)

// legacyHasWord reports whether lower holds legacyWord. It is a variable
// so a test can count the bytes it scans (the check must stay linear).
var legacyHasWord = legacyWord.MatchString

// legacyBareLabel is a sentence that is the single word "Legacy" and
// nothing else ("Legacy.", "- Legacy", "[Legacy]"). As the description's
// first sentence it labels the tool; further down it is a value in a list
// ("Formats:\n- CSV\n- Legacy") and says nothing of the tool.
var legacyBareLabel = regexp.MustCompile(`^[^\pL\pN]*legacy[^\pL\pN]*$`)

// legacyLeadLabel is a description that opens on a bracketed or colon
// label "[Legacy]", "(Legacy)" or "Legacy:" before its text.
var legacyLeadLabel = regexp.MustCompile(`^[^\pL\pN]*(?:[\[(]\s*legacy\s*[\])]|legacy\s*:)`)

// legacyValueBefore is text that ends on a value in a list: a word after
// a comma, "or", "and" or a slash, or a code span ("csv, json or xml",
// "`xml`", or the list word left when prose reading dropped the code span).
// A parenthetical after it labels that value, not the tool.
var legacyValueBefore = regexp.MustCompile("(?:(?:[,/]\\s*|\\b(?:or|and)\\s+)`?[\\pL\\pN_.-]+`?|`[^`]{1,40}`|[,/]|\\b(?:or|and))\\s*$")

// legacyValueAfter is text that goes on with the list after a
// parenthetical ("xml (legacy), csv or json").
var legacyValueAfter = regexp.MustCompile(`^\s*(?:,|/|or\b|and\b)`)

// saysItIsLegacy reports whether the description says the tool is a
// legacy one still listed: its own endpoint deprecated, a label that it is
// kept only for compatibility, or "legacy" with a sentence that says
// current use does not need it. A bare "Legacy" counts only as a leading
// label or the first sentence, and a parenthetical label after a value in
// a list ("csv, json or xml (legacy)") labels the value.
func saysItIsLegacy(desc string) bool {
	if legacyCompatCJK.MatchString(desc) {
		return true
	}
	lower := strings.ToLower(desc)
	if legacyLeadLabel.MatchString(lower) {
		return true
	}
	hasLegacy := legacyHasWord(lower)
	sentences := preciseSentences(desc)
	for i, s := range sentences {
		s = strings.TrimSpace(s)
		if legacyEndpointSubject.MatchString(s) {
			return true
		}
		if legacyCompatLabel.MatchString(s) && (i == 0 || !legacyBareLabel.MatchString(s)) {
			return true
		}
		if hasLegacy && legacyNotNeeded.MatchString(s) {
			return true
		}
	}
	for _, m := range legacyParenthetical.FindAllStringSubmatchIndex(lower, -1) {
		if !legacyCompatLabel.MatchString(strings.TrimSpace(lower[m[2]:m[3]])) {
			continue
		}
		if legacyValueBefore.MatchString(lower[max(0, m[0]-80):m[0]]) || legacyValueAfter.MatchString(lower[m[1]:min(len(lower), m[1]+8)]) {
			continue // "json or xml (legacy)": the value is legacy
		}
		return true
	}
	return false
}
