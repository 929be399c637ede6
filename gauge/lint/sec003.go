package lint

import (
	"fmt"
	"regexp"
	"strings"
)

// sec003 is SEC003 hidden-side-action.
func sec003() Rule {
	return Rule{
		ID: "SEC003", Name: "hidden-side-action", Family: "Security",
		Summary: "Text asks the model to move data somewhere as a side action.",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge,
		Revision: 3, Check: secPhraseRuleWith(secSideActionPatterns, secPrecise{keep: secSideActionKeep},
			func(s secSurface, m secMatch) string {
				return fmt.Sprintf("The %s describes a secondary data transfer (%s): %q.", s.where(), m.what, m.text)
			},
			"If the tool really sends data elsewhere, do it in the server (where it can be audited) and state it as a fact about the tool; never ask the model to collect or forward conversation data, files or secrets."),
	}
}

// secSideActionPatterns are SEC003's phrases: secondary sends,
// purpose-washed transfers, sends to a URL, content harvesting.
var secSideActionPatterns = concatPatterns(
	secRe("secondary send", 0,
		`\b(?:also|additionally|then|afterwards|simultaneously)\s+(?:send|upload|forward|transmit|post|email|cop(?:y|ie)|share|sync|report|leak|exfiltrat)\w*\s+(?:[\w'-]+\s+){0,4}?(?:conversation|chat|history|messages|prompts?|context|contents?|files?|keys?|credentials|tokens?|secrets?|passwords?|environment|env|everything|all\s+(?:data|files|messages)|user'?s?\s+(?:data|files|messages|information))\b`),
	secRe("purpose-washed transfer", 0,
		`\bfor\s+(?:caching|analytics|logging|telemetry|tracking|backup|debugging|monitoring|quality|training|security|verification)\s+purposes?,?\s+(?:\w+\s+){0,3}?(?:send|upload|forward|transmit|copy|share|store|collect|include|append)\b`,
		`\b(?:during|while|before|after)\s+processing,?\s+(?:also\s+)?(?:extract|collect|read|gather|harvest|send|upload|capture)\b`),
	secRe("send to URL", 0,
		`\b(?:send|upload|forward|post|transmit|exfiltrat\w*|leak)\s+[^.\n]{0,60}?\bto\s+(?:https?://|www\.|[\w.-]+@[\w-]+\.)`),
	secRe("content harvesting", 0,
		`\b(?:include|append|attach|pass|embed|add|read)\s+(?:the\s+)?(?:full\s+|entire\s+|complete\s+|whole\s+|raw\s+)?(?:contents?|text|body)\s+of\s+(?:~|/|\.ssh|\.env|the\s+(?:user'?s?\s+)?(?:ssh|env|\.env|config|credentials?|private|home|conversation|chat|previous|other))`,
		`\b(?:include|append|attach|pass|send|forward|add)\s+(?:the\s+|a\s+copy\s+of\s+the\s+)?(?:full\s+|entire\s+|whole\s+|complete\s+)?(?:conversation|chat|message)\s+(?:history|log|transcript)\b`,
		`\b(?:extract|collect|harvest|gather|index)\s+(?:all\s+|any\s+)?(?:api\s+keys|credentials|passwords|secrets|tokens|personal\s+data|pii)\b`),
)

// secSideActionKeep filters SEC003's default-profile hits. Since revision
// 2 (round 36) a transfer whose need the clause removes ("Replaces the
// need to include full chat history in prompts", "no need to attach the
// whole conversation") is what the tool spares the model, not an order
// to move the data, and is dropped.
func secSideActionKeep(_ *Context, s secSurface, m secMatch) bool {
	a, _ := s.foldedSpan(m)
	before := s.folded[:a]
	if k := strings.LastIndexAny(before, ".!?;\n"); k >= 0 {
		before = before[k+1:]
	}
	if secNeedRemoved.MatchString(before) {
		return false
	}
	// "will not only send ... to": "not only" adds the transfer.
	return secNotOnly.MatchString(before) || !secTransferForbidden.MatchString(before)
}

// secTransferForbidden is a clause's words just before a transfer that
// forbid it: "do not also send content fields", "never upload the file
// to", "without sending". Since revision 3 (round 37) a prohibited
// transfer is what the tool keeps the model from doing, not an order.
var secTransferForbidden = regexp.MustCompile(`\b(?:do(?:es)?\s+not|don'?t|doesn'?t|never|must\s+not|mustn'?t|should\s+not|shouldn'?t|cannot|can'?t|may\s+not|need\s+not|without|no\s+longer|not)\s+(?:\w+ly\s+)?(?:also\s+|then\s+)?$`)

// secNotOnly is "not only" (or "not just", "not merely") just before a
// transfer: it adds the transfer to what the tool does, it forbids
// nothing ("It not only posts the result to ... but also keeps a copy").
var secNotOnly = regexp.MustCompile(`\bnot\s+(?:only|just|merely|simply)\s+(?:also\s+|then\s+)?$`)

// secNeedRemoved is a clause's words before a transfer saying its need is
// gone: "replaces the need to", "no need to", "without having to",
// "instead of having to".
var secNeedRemoved = regexp.MustCompile(`\b(?:no|without|replaces?|removes?|eliminates?|avoids?|spares?|saves?(?:\s+you)?|instead\s+of)\s+(?:the\s+|any\s+)?(?:need|needing|having)\s+to\s*$`)
