package lint

import "fmt"

// sec001 is SEC001 instruction-override.
func sec001() Rule {
	return Rule{
		ID: "SEC001", Name: "instruction-override", Family: "Security",
		Summary: "Text tries to override the model's instructions or plants pseudo-system tags.",
		Default: Error, Scope: ScopeTool, Origin: OriginMcpgauge,
		Revision: 3, Check: secPhraseRule(secOverridePatterns,
			func(s secSurface, m secMatch) string {
				return fmt.Sprintf("The %s contains an %s: %q.", s.where(), m.what, m.text)
			},
			"Remove the directive. Tool text should describe what the tool does, never instruct the model to drop its instructions or treat text as a system message; clients and scanners treat this as tool poisoning."),
	}
}

// secOverridePatterns are SEC001's phrases: instruction overrides, role
// redefinitions, pseudo-system tags. SEC007 also reads decoded blobs with them.
var secOverridePatterns = concatPatterns(
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
