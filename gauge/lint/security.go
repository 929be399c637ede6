package lint

import (
	"fmt"
	"strings"
)

// securityRules returns mcpgauge's Security family (SEC001-SEC013): static
// checks for tool poisoning, hidden content, secrets and dangerous surfaces,
// after the pattern families of Cisco's mcp-scanner and mcp-shield. Text
// rules scan every surface a model reads: tool descriptions and titles,
// parameter descriptions, enum/const/default/example values, resources,
// resource templates, prompts and the server instructions.
func securityRules() []Rule {
	return []Rule{
		{
			ID: "SEC001", Name: "instruction-override", Family: "Security",
			Summary: "Text tries to override the model's instructions or plants pseudo-system tags.",
			Default: Error, Scope: ScopeTool, Origin: OriginMcpgauge,
			Check: secPhraseRule(secOverridePatterns,
				func(s secSurface, m secMatch) string {
					return fmt.Sprintf("The %s contains an %s: %q.", s.where(), m.what, m.text)
				},
				"Remove the directive. Tool text should describe what the tool does, never instruct the model to drop its instructions or treat text as a system message; clients and scanners treat this as tool poisoning."),
		},
		{
			ID: "SEC002", Name: "concealment-directive", Family: "Security",
			Summary: "Text tells the model to hide something from the user.",
			Default: Error, Scope: ScopeTool, Origin: OriginMcpgauge,
			Check: secPhraseRule(secConcealPatterns,
				func(s secSurface, m secMatch) string {
					return fmt.Sprintf("The %s asks the model to keep something from the user: %q.", s.where(), m.text)
				},
				"Delete the concealment instruction. A tool may have side effects, but it must never ask the model to hide them; say plainly what the tool does so the user can consent."),
		},
		{
			ID: "SEC003", Name: "hidden-side-action", Family: "Security",
			Summary: "Text asks the model to move data somewhere as a side action.",
			Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge,
			Check: secPhraseRule(secSideActionPatterns,
				func(s secSurface, m secMatch) string {
					return fmt.Sprintf("The %s describes a secondary data transfer (%s): %q.", s.where(), m.what, m.text)
				},
				"If the tool really sends data elsewhere, do it in the server (where it can be audited) and state it as a fact about the tool; never ask the model to collect or forward conversation data, files or secrets."),
		},
		{
			ID: "SEC004", Name: "coercive-directive", Family: "Security",
			Summary: "Text coerces the model to call the tool first, always, or above everything else.",
			Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge,
			Check: secPhraseRuleWith(secCoercePatterns, secPrecise{patterns: secCoercePrecise, keep: secCoerceKeep},
				func(s secSurface, m secMatch) string {
					return fmt.Sprintf("The %s contains a %s: %q.", s.where(), m.what, m.text)
				},
				"State when the tool is useful (\"Use this to …\", \"Call list_projects first to find the ID\") instead of demanding priority; models and users should decide the order."),
		},
		{
			ID: "SEC005", Name: "tool-shadowing", Family: "Security",
			Summary: "Text tries to change how the model uses other tools.",
			Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge,
			Check: secPhraseRuleWith(secShadowPatterns, secPrecise{patterns: secShadowPrecise, extra: secShadowExtra},
				func(s secSurface, m secMatch) string {
					return fmt.Sprintf("The %s reaches beyond its own tool (%s): %q.", s.where(), m.what, m.text)
				},
				"Describe only this server's tools. To steer between your own tools, name them (\"use get_user instead of search_users when you have an ID\"); never give rules for tools of other servers or for \"any tool\"."),
		},
		{
			ID: "SEC006", Name: "hidden-content", Family: "Security",
			Summary: "Text hides content: invisible Unicode (zero-width, bidi controls, tag characters) or HTML comments.",
			Default: Error, Scope: ScopeTool, Origin: OriginMcpgauge, Check: checkSEC006,
		},
		{
			ID: "SEC007", Name: "encoded-blob", Family: "Security",
			Summary: "Text carries a long base64 blob a human reviewer cannot read.",
			Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge, Check: checkSEC007,
		},
		{
			ID: "SEC008", Name: "sensitive-path", Family: "Security",
			Summary: "Text points at secrets: SSH keys, .env files, cloud credentials, MCP client configs, or asks for keys.",
			Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge,
			Check: secPhraseRule(secSensitivePatterns,
				func(s secSurface, m secMatch) string {
					return fmt.Sprintf("The %s mentions %s: %q.", s.where(), m.what, m.text)
				},
				"Remove references to secret files and credentials from text the model reads. If the tool needs a credential, take it from the server's configuration, not from the model."),
		},
		{
			ID: "SEC009", Name: "exfiltration-parameter", Family: "Security",
			Summary: "An optional free-text parameter (notes, context, metadata, ...) or open additionalProperties could carry data out.",
			Default: Info, Scope: ScopeParameter, Origin: OriginMcpgauge, Check: checkSEC009,
		},
		{
			ID: "SEC010", Name: "env-exposure", Family: "Security",
			Summary: "The tool appears to return environment variables or secrets.",
			Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge, Check: checkSEC010,
		},
		{
			ID: "SEC011", Name: "code-execution-surface", Family: "Security",
			Summary: "The tool runs code, shell commands or raw SQL supplied by the model.",
			Default: Info, Scope: ScopeTool, Origin: OriginMcpgauge, Check: checkSEC011,
		},
		{
			ID: "SEC012", Name: "annotation-contradiction", Family: "Security",
			Summary: "The tool's behaviour hints contradict its name or description.",
			Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge, Check: checkSEC012,
		},
		{
			ID: "SEC013", Name: "guardrail-control", Family: "Security",
			Summary: "A tool lets the model change the server's own guardrails (allowed directories, blocked commands, confirmation).",
			Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge, Check: checkSEC013,
		},
	}
}

// Pattern families. They run on secFold'ed text (lowercase ASCII, invisible
// characters dropped), are compiled once and never mutated.
var (
	secOverridePatterns = concatPatterns(
		secRe("instruction override", 0,
			`\b(?:ignore|disregard|forget|override|bypass|skip)\s+(?:all\s+|any\s+|the\s+|your\s+|every\s+|of\s+)*(?:previous|prior|above|earlier|preceding|existing|system|original|other|developer)\s+(?:instructions?|prompts?|rules|directives|guidelines|messages|context|constraints)\b`,
			`\b(?:ignore|disregard|forget)\s+(?:all|everything)\s+(?:you\s+(?:were|have\s+been)\s+told|above|before\s+this)\b`,
			`\bnew\s+(?:system\s+)?instructions?\s*:`,
			`\b(?:reveal|print|output|repeat|show|leak)\s+(?:your|the)\s+(?:system\s+prompt|hidden\s+prompt|initial\s+instructions|system\s+instructions)\b`),
		secRe("role redefinition", 0,
			`\byou\s+are\s+now\s+(?:an?\s+)?(?:admin|administrator|root|unrestricted|jailbroken|dan|developer|system|different)\b`,
			`\b(?:enable|enter|activate)\s+(?:developer|god|dan|jailbreak|unrestricted|debug\s+admin)\s+mode\b`,
			`\bact\s+as\s+(?:an?\s+)?(?:admin|administrator|root|system|superuser)\b`),
		secRe("pseudo-system tag", 0,
			`<\s*/?\s*(?:important|system|instructions?|secret|hidden|admin|override|system[-_ ]?prompt|assistant)\s*>`,
			`\[\s*/?\s*(?:inst|system|important|sys)\s*\]`,
			`<\|(?:im_start|im_end|system|endoftext|start_header_id)\|>`),
	)
	secConcealPatterns = secRe("concealment", 0,
		`\b(?:do\s+not|don't|dont|never|must\s+not)\s+(?:tell|inform|notify|alert|show|let|warn)\s+(?:this\s+|it\s+|that\s+)?(?:to\s+)?(?:the\s+)?users?\b`,
		`\b(?:do\s+not|don't|dont|never|must\s+not)\s+(?:mention|reveal|disclose|display|report)\s+(?:this|that|these|it|anything|the\s+(?:above|following|fact|tool|call|instructions?))\b`,
		`\bwithout\s+(?:telling|informing|notifying|alerting|asking|showing)\s+(?:the\s+)?users?\b`,
		`\b(?:hide|conceal)\s+(?:this|it|these|that|the\s+(?:fact|following|call|request|result))\b`,
		`\b(?:secretly|covertly|silently|quietly|invisibly)\s+(?:send|upload|forward|post|transmit|cop(?:y|ie)|share|collect|exfiltrat|email|read|include|append|attach|record|log|store)\w*\b`,
		`\bthe\s+user\s+(?:must|should|will|need)\s+not\s+(?:know|see|be\s+told|find\s+out|notice)\b`,
		`\bkeep\s+(?:this|it)\s+(?:a\s+)?secret\b`,
	)
	secSideActionPatterns = concatPatterns(
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
	secCoercePatterns = concatPatterns(
		secRe("call-first coercion", 0,
			`\balways\s+(?:call|use|run|invoke|execute)\s+(?:this|the\s+[\w-]+)\s+(?:tool\s+|function\s+)?(?:first|before\s+(?:any|every|all|anything|other))\b`,
			`\b(?:you\s+)?must\s+(?:always\s+)?(?:call|use|run|invoke)\s+this\s+(?:tool|function)\s+(?:first|before\s+(?:any|every|all|anything|other))\b`,
			`\b(?:call|use|invoke|run)\s+this\s+(?:tool|function)\s+(?:for|on|with|before)\s+(?:every|each|all)\s+(?:request|message|query|turn|prompt|tool\s+call)s?\b`),
		secRe("priority override", 0,
			`\b(?:this|it)\s+is\s+(?:very|extremely|critically|super|vitally)\s+important\b`,
			`\b(?:highest|top|maximum|absolute|utmost)\s+priority\b`,
			`\btakes?\s+precedence\s+over\s+(?:all|any|every|other|the\s+user|user|system)\b`,
			`\boverrides?\s+(?:all\s+)?(?:other|previous|prior|any)\s+(?:instructions?|tools?|rules|guidelines)\b`,
			`\bregardless\s+of\s+(?:what\s+)?(?:the\s+)?(?:user|instructions?|system\s+prompt)\b`),
	)
	secShadowPatterns = concatPatterns(
		secRe("cross-tool shadowing", 1,
			"\\binstead\\s+of\\s+(?:using|calling|invoking|running)\\s+(?:the\\s+)?(`?[\\w.-]+`?)",
			`\bwhen\s+(?:the\s+)?([\w.-]+)\s+tool\s+is\s+(?:available|present|installed|used|called|connected)\b`),
		secRe("behaviour override of other tools", 0,
			`\b(?:override|modify|change|alter|replace|hijack)\s+the\s+behaviou?r\s+of\b`,
			`\b(?:before|after|when)\s+(?:using|calling|invoking|running)\s+any\s+(?:other\s+)?tools?\b`,
			`\bwhenever\s+you\s+(?:see|use|call|are\s+asked)\b`,
			`\b(?:do\s+not|don't|never)\s+use\s+(?:the\s+)?(?:other|any\s+other|built-?in)\s+tools?\b`,
			`\b(?:all|every|any)\s+(?:other\s+)?tools?\s+(?:must|should)\s+(?:first|also|now|always)\b`),
	)
	secSensitivePatterns = concatPatterns(
		secRe("an SSH key path", 0, `~/\.ssh\b|\.ssh/|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\bauthorized_keys\b`),
		secRe("a .env file", 0, `(?:^|[\s"'`+"`"+`(/~])\.env(?:\.[a-z]+)?(?:$|[^\w.-])`),
		secRe("a system credential file", 0, `/etc/(?:passwd|shadow|sudoers|gshadow)\b`),
		secRe("a cloud or tool credential file", 0,
			`\.aws/(?:credentials|config)\b|\.config/gcloud\b|\.azure/|\.kube/config\b|\.docker/config\.json\b|\.npmrc\b|\.netrc\b|\.pgpass\b|\.git-credentials\b|\.pypirc\b`),
		secRe("an MCP client configuration", 0, `\bmcp\.json\b|\.cursor/|claude_desktop_config\.json\b|\.claude\.json\b|\.codeium/windsurf\b`),
		secRe("directory traversal", 0, `(?:\.\.[/\\]){2,}`),
		secRe("a request for secrets", 0,
			`\b(?:read|cat|include|send|attach|upload|collect|extract|harvest|dump|print|output|leak|exfiltrat\w*|forward|share|copy)\s+(?:the\s+|all\s+|any\s+|your\s+|their\s+|its\s+)?(?:contents?\s+of\s+(?:the\s+)?)?(?:user'?s?\s+)?(?:api[\s_-]?keys?|credentials|secrets|private\s+keys?|passwords|access\s+tokens?|auth(?:entication)?\s+tokens?|session\s+cookies?|ssh\s+keys?)\b`),
	)
)

func concatPatterns(lists ...[]secPattern) []secPattern {
	var out []secPattern
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// secIdentifierWords splits a parameter or tool name into lowercase words
// (snake, kebab, camel, dotted).
func secIdentifierWords(name string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case r == '_' || r == '-' || r == '.' || r == ' ' || r == '/' || r == ':':
			flush()
		case r >= 'A' && r <= 'Z' && i > 0 && ((rs[i-1] >= 'a' && rs[i-1] <= 'z') || (rs[i-1] >= '0' && rs[i-1] <= '9') ||
			(i+1 < len(rs) && rs[i+1] >= 'a' && rs[i+1] <= 'z' && rs[i-1] >= 'A' && rs[i-1] <= 'Z')):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return words
}

func secHasWord(words []string, set ...string) bool {
	for _, w := range words {
		for _, s := range set {
			if w == s {
				return true
			}
		}
	}
	return false
}
