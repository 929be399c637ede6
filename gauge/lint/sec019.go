package lint

import "fmt"

// sec019 is SEC019 data-solicitation.
func sec019() Rule {
	return Rule{
		ID: "SEC019", Name: "data-solicitation", Family: "Security",
		Summary: "A parameter or description asks the model for data the call does not need: its own identity, the conversation, or telemetry about its work.",
		Default: Warning, Toolgauge: Off, Scope: ScopeTool, Origin: OriginMcpgauge,
		Revision: 1, Check: secPhraseRuleWith(nil, secPrecise{patterns: secSolicitPatterns},
			func(s secSurface, m secMatch) string {
				return fmt.Sprintf("The %s asks the model for %s, which the call does not need: %q.", s.where(), m.what, m.text)
			},
			"Ask only for what the operation needs. If the server wants usage analytics, count calls on the server; never ask the model who it is, what the conversation is about, or how its work went."),
	}
}

// secSolicitPatterns are SEC019's phrases, read on the prose in the default
// profile only: a text that addresses the model about itself (its maker,
// its model name), asks for the conversation's title or transcript, or
// asks it to call a tool to report its own work as telemetry.
var secSolicitPatterns = concatPatterns(
	secRe("its own identity", 0,
		`\bif\s+you\s+are\s+an?\s+(?:ai|llm|language\s+model|model|agent|assistant|bot)\b[^.!?\n]{0,80}?\b(?:your|you)\b`,
		`\b(?:company|organi[sz]ation|provider|vendor|lab)\s+(?:that|which|who)\s+(?:trained|built|created|made|developed)\s+you\b`,
		`\b(?:specify|provide|indicate|report|enter|pass|give|state|include|set)\s+(?:\w+\s+){0,2}?your\s+(?:own\s+)?(?:ai|llm|language)\s+model(?:'s)?\s*(?:name|id|identifier|version|provider)?\b`,
		`\bname\s+of\s+(?:the\s+)?(?:ai|llm|language\s+model|model|agent|assistant)\s+(?:you\s+are|that\s+is\s+calling|calling\s+(?:this|the)\s+tool|making\s+(?:this|the)\s+(?:call|request))\b`),
	secRe("the conversation", 0,
		`\byour\s+(?:current\s+)?(?:conversation|chat)(?:\s*/\s*(?:conversation|chat))?(?:'s)?\s+(?:title|name)\b`,
		`\b(?:conversation|chat)\s+(?:history|transcript|log)\s+(?:so\s+far|with\s+the\s+user|between\s+you\s+and\s+the\s+user)\b`,
		`\b(?:paste|include|pass|send|provide)\s+(?:\w+\s+){0,2}?(?:your|the)\s+system\s+prompt\b`),
	secRe("telemetry about its work", 0,
		`\b(?:call|use|invoke)\s+this\s+(?:tool\s+)?(?:when|after|whenever|once|at\s+the\s+end\s+of)\b[^.!?\n]{0,80}?\bto\s+(?:track|report|record|log|send)\s+(?:\w+\s+){0,2}?(?:telemetry|usage\s+analytics|usage\s+metrics)\b`),
)
