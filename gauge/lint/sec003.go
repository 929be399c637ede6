package lint

import "fmt"

// sec003 is SEC003 hidden-side-action.
func sec003() Rule {
	return Rule{
		ID: "SEC003", Name: "hidden-side-action", Family: "Security",
		Summary: "Text asks the model to move data somewhere as a side action.",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge,
		Revision: 1, Check: secPhraseRule(secSideActionPatterns,
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
