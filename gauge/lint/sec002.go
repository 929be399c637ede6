package lint

import "fmt"

// sec002 is SEC002 concealment-directive.
func sec002() Rule {
	return Rule{
		ID: "SEC002", Name: "concealment-directive", Family: "Security",
		Summary: "Text tells the model to hide something from the user.",
		Default: Error, Scope: ScopeTool, Origin: OriginMcpgauge,
		Revision: 1, Check: secPhraseRule(secConcealPatterns,
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
