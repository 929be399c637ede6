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

var legacyWord = regexp.MustCompile(`\blegacy\b`)

// saysItIsLegacy reports whether the description says the tool is a
// legacy one still listed: its own endpoint deprecated, a label that it is
// kept only for compatibility, or "legacy" with a sentence that says
// current use does not need it.
func saysItIsLegacy(desc string) bool {
	if legacyCompatCJK.MatchString(desc) {
		return true
	}
	lower := strings.ToLower(desc)
	sentences := preciseSentences(desc)
	for _, s := range sentences {
		s = strings.TrimSpace(s)
		if legacyEndpointSubject.MatchString(s) || legacyCompatLabel.MatchString(s) {
			return true
		}
		if legacyNotNeeded.MatchString(s) && legacyWord.MatchString(lower) {
			return true
		}
	}
	for _, m := range legacyParenthetical.FindAllStringSubmatch(lower, -1) {
		if legacyCompatLabel.MatchString(strings.TrimSpace(m[1])) {
			return true
		}
	}
	return false
}
