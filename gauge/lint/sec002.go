package lint

import (
	"fmt"
	"regexp"
)

// sec002 is SEC002 concealment-directive.
func sec002() Rule {
	return Rule{
		ID: "SEC002", Name: "concealment-directive", Family: "Security",
		Summary: "Text tells the model to hide something from the user.",
		Default: Error, Scope: ScopeTool, Origin: OriginMcpgauge,
		Revision: 2, Check: secPhraseRuleWith(secConcealPatterns, secPrecise{keep: secConcealKeep},
			func(s secSurface, m secMatch) string {
				return fmt.Sprintf("The %s asks the model to keep something from the user: %q.", s.where(), m.text)
			},
			"Delete the concealment instruction. A tool may have side effects, but it must never ask the model to hide them; say plainly what the tool does so the user can consent."),
	}
}

// secConcealPatterns are SEC002's phrases: telling the model to keep
// something from the user.
var secConcealPatterns = secRe("concealment", 0,
	`\b(?:do\s+not|don't|dont|never|must\s+not)\s+(?:tell|inform|notify|alert|show|let|warn)\s+(?:this\s+|it\s+|that\s+)?(?:to\s+)?(?:the\s+)?users?\b`,
	`\b(?:do\s+not|don't|dont|never|must\s+not)\s+(?:mention|reveal|disclose|display|report)\s+(?:this|that|these|it|anything|the\s+(?:above|following|fact|tool|call|instructions?))\b`,
	`\bwithout\s+(?:telling|informing|notifying|alerting|asking|showing)\s+(?:the\s+)?users?\b`,
	`\b(?:hide|conceal)\s+(?:this|it|these|that|the\s+(?:fact|following|call|request|result))\b`,
	`\b(?:secretly|covertly|silently|quietly|invisibly)\s+(?:send|upload|forward|post|transmit|cop(?:y|ie)|share|collect|exfiltrat|email|read|include|append|attach|record|log|store)\w*\b`,
	`\bthe\s+user\s+(?:must|should|will|need)\s+not\s+(?:know|see|be\s+told|find\s+out|notice)\b`,
	`\bkeep\s+(?:this|it)\s+(?:a\s+)?secret\b`,
)

// secConcealKeep filters SEC002's default-profile hits (revision 2): "the
// user will not notice" is a remark about the user, not an order to the
// model. It is concealment only in a text that elsewhere tells the model
// to withhold or hide something (secWithholds); "nudge the time a few
// minutes, the user will not notice" says the change is too small to
// matter and stays silent. "The user must not know" is an order and is
// always read.
func secConcealKeep(_ *Context, s secSurface, m secMatch) bool {
	if !secUnnoticed.MatchString(s.hit(m)) {
		return true
	}
	a, b := s.foldedSpan(m)
	return secWithholds.MatchString(s.folded[:a]) || secWithholds.MatchString(s.folded[b:])
}

// secUnnoticed is the remark form of SEC002's "the user ... not notice":
// the future "will not", a prediction rather than an order.
var secUnnoticed = regexp.MustCompile(`^the user will not\b`)

// secWithholds is a text telling the model to act unseen or keep
// something back: secretly, quietly, silently, without telling the user,
// do not tell or mention, leave out of the reply, keep it from the user,
// hide, conceal, withhold.
var secWithholds = regexp.MustCompile(`\b(?:secretly|covertly|quietly|silently|discreetly|stealthily|behind\s+(?:the\s+|their\s+)?users?(?:'s?)?\s+back|without\s+(?:telling|informing|notifying|alerting|asking|showing)|(?:do\s+not|don'?t|never|must\s+not)\s+(?:tell|inform|notify|alert|mention|report|reveal|disclose|show|let\s+(?:the\s+)?users?\s+know)|(?:omit|leave|keep)\s+(?:\w+\s+){0,4}?(?:out\s+of|from)\s+(?:the\s+|your\s+)?(?:users?|reply|replies|response|answer|summary|report)|keep\s+(?:\w+\s+){0,3}?(?:secret|hidden|quiet)|hide|hiding|conceal\w*|withh[oe]ld\w*)\b`)
