package lint

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// sec020 is SEC020 directive-beyond-job.
func sec020() Rule {
	return Rule{
		ID: "SEC020", Name: "directive-beyond-job", Family: "Security",
		Summary: "Text tells the model how to answer, which version to install, how to change files or its client, or to build and deploy: beyond the job of the tool.",
		Default: Warning, Toolgauge: Off, Scope: ScopeTool, Origin: OriginMcpgauge,
		Revision: 17, Check: secPhraseRuleWith(nil, secPrecise{patterns: concatPatterns(secBeyondPatterns, secBeyondShellAppeal), keep: secBeyondKeep, extra: secBeyondExtra},
			func(s secSurface, m secMatch) string {
				return fmt.Sprintf("The %s gives a %s, beyond what the tool does: %q.", s.where(), m.what, strings.TrimLeft(m.text, ".!?;:,-*# \t\n"))
			},
			"Describe what the tool does and what it needs. How the model answers the user, which versions and files it writes, and what it runs in its own shell or client are the user's and the client's decisions, not a tool's."),
	}
}

// secBeyondPatterns are SEC020's phrases, read on the prose (code spans and
// fenced blocks blanked) in the default profile only. Each tells the model
// to do something other than call the tool: answer the user a certain way,
// play a persona, pick a version, edit files, change its client's
// configuration, or build and deploy after its work.
var secBeyondPatterns = concatPatterns(
	secRe("directive about how to answer", 0,
		`\b(?:don't|do\s+not|never)\s+hedge\b`,
		`\bnever\s+(?:say|write|answer)\s+[^\w\s]?(?:probably|maybe|perhaps|i\s+think)\b`,
		`\b(?:keep|make)\s+(?:your\s+)?(?:answers?|responses?|replies)\s+(?:\w+\s+)?(?:concise|brief|short|terse)\b`,
		`\b(?:always\s+)?(?:answer|respond|reply)\s+(?:to\s+the\s+user\s+)?(?:concisely|briefly|tersely)\b`,
		`\bbe\s+(?:concise|brief|terse|succinct)\s+(?:with|in)\s+(?:your|the)\s+(?:answers?|responses?|replies|output)\b`,
		`\brecommend\s+(?:the\s+|our\s+|this\s+)?(?:[\w-]+\s+)?(?:plugin|extension|product|package|app|upgrade|subscription|plan)\s+to\s+the\s+user\b`,
		// "How to format the response of this tool: ... Prioritize the open
		// issues", "When presenting the results to the user, always lead
		// with ...", "Format your answer as a table": the model's answer,
		// not the tool's output.
		`\bhow\s+to\s+(?:format|present|structure|display|phrase|write|summari[sz]e)\s+(?:the|your)\s+(?:response|answer|reply|output|results?)\s+(?:of|from|for)\s+this\s+(?:tool|function|method)\b`,
		`\bwhen\s+(?:presenting|reporting|summari[sz]ing|showing|displaying|explaining)\s+(?:the\s+|these\s+|its\s+|this\s+tool'?s\s+)?(?:results?|response|output|findings|data)\s+(?:\w+\s+){0,3}?to\s+the\s+user\b[\s,:]*(?:always\s+|first\s+)?(?:prioriti[sz]e|highlight|emphasi[sz]e|lead\s+with|start\s+with|never|do\s+not|don't|omit|hide|you\s+must|must)\b`,
		`\bformat\s+your\s+(?:answer|response|reply|final\s+answer)\s+(?:to\s+the\s+user\s+)?(?:as|like|using|in\s+(?:a|the)|with)\b`,
		// "Don't bother telling the user the IDs or creation dates unless
		// they ask for them", "Do not summarize the table in the
		// response": what the answer leaves out is the model's call for
		// its user, not a list tool's (revision 16, round 50).
		`\b(?:don.?t|do\s+not|never|no\s+need\s+to)\s+(?:bother\s+)?(?:tell(?:ing)?|mention(?:ing)?|show(?:ing)?|summari[sz](?:e|ing)|repeat(?:ing)?|list(?:ing)?|explain(?:ing)?|read(?:ing)?\s+(?:out|aloud))\s+(?:(?:to\s+)?the\s+users?\s+|the\s+(?:table|results?|output|list)\s+(?:in|to)\s+(?:your|the)\s+(?:response|answer|reply)\b|them\s+to\s+the\s+user\b)`,
		// A presentation verb whose place is the model's own answer:
		// "Include links to repositories in your response", "Put the link
		// and its expiry in your answer", in five languages. "Fields to
		// include in your response" selects the API's fields and stays
		// silent (secBeyondKeep), as does "the response includes links".
		`(?:^|[^\w\s]\s*|\b(?:always|also|then|and|please|must|should|never|do\s+not|don't)\s+)(?:include|put|add|insert|place|show|list|cite|quote|mention|give|provide|present|display|append|embed|link|surface|state|address|greet|thank|refer\s+to|use|avoid|write|say)\s+(?:[^.!?\n]{0,60}?\s)?(?:in|into|within|at\s+the\s+(?:end|top|start|bottom|beginning)\s+of)\s+(?:all\s+|each\s+|every\s+)?your\s+(?:final\s+|next\s+|own\s+)?(?:response|answer|reply|replies|responses|answers|summary|message\s+to\s+the\s+user)\b`,
		// The same with the answer first: "In your answer, always include
		// the order number", "Make sure your reply includes the tracking
		// link". "You MUST start your response with: WARNING: the logs
		// have been truncated" discloses the limits of the tool's own
		// output and is not read.
		`\bin\s+(?:each\s+|every\s+|all\s+)?your\s+(?:final\s+)?(?:response|answer|reply|replies|responses|answers|summary)\s*,\s*(?:always\s+|please\s+)?(?:include|put|add|cite|mention|show|list|give|provide|state|link|use|write|say|never|do\s+not|don't|avoid)\b`,
		`\b(?:make\s+sure|ensure)\s+(?:that\s+)?(?:each\s+|every\s+)?your\s+(?:final\s+)?(?:response|answer|reply|summary)\s+(?:always\s+)?(?:includes?|contains?|mentions?|lists?|cites?|links?|shows?|starts?|ends?|begins?)\b`,
		`\b(?:incluye|incluya|pon|ponga|a0ade|a0ada|agrega|agregue|menciona|mencione|muestra|muestre|cita|indica|indique)\s+(?:[^.!?\n]{0,60}?\s)?en\s+(?:tu|su)\s+respuesta\b`,
		`\b(?:incluez|inclus|ajoutez|ajoute|mettez|mets|mentionnez|mentionne|citez|indiquez|indique|donnez)\s+(?:[^.!?\n]{0,60}?\s)?dans\s+(?:ta|votre)\s+r0ponse\b`,
		`\b(?:f0ge|f0gen|nenne|nennen|gib|geben|zeige|zeigen|setze|setzen)\s+(?:[^.!?\n]{0,60}?\s)?in\s+(?:deine|deiner|ihre|ihrer)\s+antwort\b`,
		`\b(?:includi|inserisci|metti|aggiungi|mostra|cita|indica)\s+(?:[^.!?\n]{0,60}?\s)?nella\s+(?:tua|sua)\s+risposta\b`,
		// What the model may or must suggest to the user: "Never suggest
		// closed restaurants to the user", "Always recommend the annual
		// plan to customers". "Use this to suggest times to the user" says
		// what the tool is for and stays silent.
		`\b(?:never|do\s+not|don't|always|must)\s+(?:suggest|recommend|propose|promote|advertise|upsell|offer|pitch)\s+(?:[^.!?\n]{0,60}?\s)?to\s+(?:the\s+|your\s+)?(?:users?|customers?|clients?|readers?|buyers?|guests?)\b`,
		// How the answer is laid out for the user: "Always list options
		// with numbers for user selection", "present the choices as a
		// numbered list so the user can pick one".
		`\b(?:list|present|show|display|give|number|format|offer)\s+(?:[^.!?\n]{0,40}?\s)?(?:with\s+numbers|numbered|as\s+(?:a\s+)?(?:numbered|bulleted|markdown)\s+(?:list|table)|(?:as|in)\s+a\s+(?:markdown\s+)?table|as\s+bullet(?:ed)?\s+(?:points|list))\s+(?:for|to|so\s+(?:that\s+)?)\s*(?:the\s+)?(?:users?|customers?)\b`,
		`\balways\s+(?:list|present|show|display|number|format)\s+(?:[^.!?\n]{0,40}?\s)?(?:with\s+numbers|numbered|as\s+(?:a\s+)?(?:numbered|bulleted|markdown)\s+(?:list|table)|(?:as|in)\s+a\s+(?:markdown\s+)?table|as\s+bullet(?:ed)?\s+(?:points|list))`,
		// The length of the model's reply, as an imperative opening a
		// clause: "RESPONSE STYLE: Confirm briefly in 1 sentence", "After
		// calling this tool, confirm to the user in one short sentence",
		// "Answer in at most two sentences", "Keep your reply to one
		// line". A verb with an object ("Confirm the booking in one
		// sentence"), the third person ("answers in one sentence") and
		// the tool's output ("Returns a one-sentence summary") stay silent.
		`(?:^|[^\w\s']\s*|\b(?:then|and|always|please|just|only|must|should)\s+)(?:confirm|answer|respond|reply)\s+(?:to\s+(?:the\s+)?user\s+)?(?:(?:very\s+)?(?:briefly|concisely|tersely|succinctly|only)\s+)?(?:in|with|using)\s+(?:(?:at\s+most|no\s+more\s+than|under|a\s+maximum\s+of|max(?:imum)?|only)\s+)?`+secReplyCount+`\s+(?:short\s+|brief\s+|concise\s+)?(?:sentences?|lines?|words|paragraphs?)\b`,
		`(?:^|[^\w\s']\s*|\b(?:then|and|always|please|just|only|must|should)\s+)confirm\s+(?:to\s+(?:the\s+)?user\s+)?(?:very\s+)?(?:briefly|concisely|tersely|succinctly)\s*(?:[.!;]|$)`,
		`\bkeep\s+(?:your|the)\s+(?:confirmation|reply|answer|response|summary|message\s+to\s+the\s+user)s?\s+(?:to|under|within)\s+(?:at\s+most\s+)?`+secReplyCount+`\s+(?:short\s+)?(?:sentences?|lines?|words|paragraphs?)\b`,
		`(?:^|[^\w\s']\s*)be\s+(?:concise|brief|terse|succinct)\s+(?:when|while)\s+(?:answering|responding|replying|confirming|reporting\s+(?:back\s+)?to\s+the\s+user)\b`,
		// What the reply must leave out, as an imperative opening a clause:
		// "Do NOT add notes, tips, caveats, or advice.", "never include
		// disclaimers or follow-up questions in your reply". Two or more
		// words for commentary around an answer, ending the clause or going
		// "in your reply"; "Do not add notes or tips to the card" (the
		// server's data), "Returns the recipe with no notes or tips" and a
		// bare "No notes or warnings." (which may describe the output)
		// stay silent.
		`(?:^|[.!?:;\x01]\s*|\b(?:and|then|please|also)\s+)(?:do\s+not|don't|never)\s+(?:(?:add|include|give|offer|append|provide|write)\s+)?(?:any\s+)?`+secReplyExtra+`(?:\s*,\s*(?:or\s+|and\s+|nor\s+)?`+secReplyExtra+`|\s+(?:or|and|nor)\s+`+secReplyExtra+`)+\s*(?:[.!;]|$|(?:in|to)\s+(?:your|the)\s+(?:reply|response|answer|confirmation|summary)\b)`,
		// Revision 14 (round 34): a standing order on what the model's
		// answer says, opening a clause: "Always mention this precedence
		// when generating theme code", "When displaying results, always
		// cite sources", "Always report the unmapped count alongside any
		// coverage figure"; "Return the selected id and explain your
		// choice"; "you should inform the user about the migrate command".
		// The third person ("the log always mentions the host"), "report"
		// without a figure beside it ("always report bugs to the
		// maintainers") and a parameter's text stay silent.
		`(?:^|[^\w\s']\s*|\b(?:then|and|please)\s+)always\s+(?:mention|cite|point\s+out|call\s+out)\s+[^.!?\n;]{1,60}`,
		`(?:^|[^\w\s']\s*|\b(?:then|and|please)\s+)always\s+report\s+(?:[^.!?\n;]{0,60}?\s)?(?:alongside|beside|besides|next\s+to|along\s+with|together\s+with)\s+(?:any|every|each|the|a|an)\b`,
		`\b(?:and|then|please|always|must|should)\s+explain\s+your\s+(?:choice|reasoning|selection|decision|rationale)\b`,
		`\b(?:you\s+)?(?:should|must|always)\s+(?:also\s+)?(?:inform|remind)\s+the\s+user\s+(?:about|of)\b`),
	// Revision 10: how the model writes a term in its own text ("GOSR
	// Framework — ALWAYS SPELL AS: Goal-Obstacles-…", "Never spell it as
	// 'Github'", "Always spell the brand name as ACME"). A parameter's
	// text (what to pass) and "as it appears on the map" (the value the
	// tool expects) stay silent (secBeyondKeep).
	secRe("directive about how to answer", 0,
		`\b(?:always|never|must|please|do\s+not|don't)\s+(?:(?:always|be)\s+)?(?:spell|spelt|spelled)\s+(?:(?:it|this|them|the\s+[\w-]+(?:\s+[\w-]+)?|[\w-]+)\s+)?(?:as\s*(?::|[^\s:]+)|like\s*:)`),
	// Revision 10: an order on everything the model writes of a kind, not
	// on this call: "For every SQL query you generate, please include a
	// comment naming the model", "Apply this format consistently to all
	// SQL queries you generate", "In each commit message you write, add
	// the tag". "For each row you insert, the tool returns an id" gives
	// no order and stays silent.
	secRe("directive about everything the model writes", 0,
		`\b(?:for|in|with|on)\s+(?:every|each|all|any)\s+(?:single\s+)?`+secModelWork+`\s+(?:that\s+)?you\s+`+secModelWrites+`\b[^.!?\n]{0,30}?[,:]?\s*(?:please\s+|always\s+|also\s+|you\s+must\s+|must\s+|make\s+sure\s+to\s+)?(?:include|add|put|prepend|append|insert|place|mark|tag|sign|start|begin|end|apply|use|format|write|prefix|suffix|embed|state|mention|identify)\b`,
		`(?:^|[^\w\s']\s*|\b(?:please|always|also|and|then|must)\s+)(?:include|add|put|prepend|append|insert|place|mark|tag|sign|apply|use|prefix|suffix|embed|format)\b[^.!?\n]{0,80}?\b(?:to|in|into|on|for|with)\s+(?:every|each|all|any)\s+(?:single\s+)?(?:of\s+the\s+)?`+secModelWork+`\s+(?:that\s+)?you\s+`+secModelWrites+`\b`),
	// Revision 10: the tool's material handed to other tools to run
	// ("Use other tools to execute any code or scripts provided by the
	// skill", "Run the commands returned by this tool in your terminal",
	// "execute any scripts the guide contains"). "Executes the code the
	// user provides" (third person) and a shell tool's own text stay
	// silent (secBeyondKeep).
	secRe("directive to run code the tool provides", 0,
		`(?:^|[^\w\s']\s*|\b(?:then|and|always|please|must|should|also|you\s+can|you\s+may)\s+)(?:use\s+(?:other|your|any|available|the\s+other|your\s+own|the\s+available)\s+(?:[\w-]+\s+)?tools?\s+to\s+)?(?:execute|run)\s+(?:any|all|the|every|each|whatever)\s+(?:[\w-]+\s+){0,2}?(?:code|scripts?|commands?|snippets?|programs?)\s+(?:that\s+(?:are|is)\s+)?(?:provided|returned|given|supplied|included|contained|listed|shipped|bundled)\s+(?:by|in|with)\s+(?:the|this|a|each|that|its)\s+(?:skills?|tools?|responses?|outputs?|results?|guides?|playbooks?|recipes?|templates?|server|documents?)\b`,
		`(?:^|[^\w\s']\s*|\b(?:then|and|always|please|must|should|also)\s+)(?:execute|run)\s+(?:any|all|the|every|each|whatever)\s+(?:code|scripts?|commands?|snippets?)\s+(?:that\s+)?(?:the|this|a|each)\s+(?:skill|tool|response|output|result|guide|playbook)\s+(?:provides|returns|gives|contains|includes|lists|ships)\b`),
	// A house voice for what the model writes to people: "These rules
	// apply to every customer-facing sentence", `Never use "we"`,
	// "Use a warm, direct tone with customers".
	secRe("house voice for the answer", 0,
		`\b(?:rules?|guidelines?|style|voice|tone)\b[^.!?\n]{0,40}?\b(?:apply|applies|hold|holds|govern|governs|for|to|in)\s+(?:every|all|any|each)\s+(?:customer|user|client|reader|public)[- ]facing\b`,
		`\b(?:avoid|never\s+use|don't\s+use|do\s+not\s+use|use|write|keep)\b[^.!?\n]{0,40}?\b(?:in|for)\s+(?:all\s+|every\s+|any\s+|each\s+)?(?:customer|user|client)[- ]facing\s+(?:sentences?|messages?|texts?|repl(?:y|ies)|responses?|answers?|copy|communications?)\b`,
		`\b(?:in|for|when\s+writing)\s+(?:every|all|any|each)\s+(?:customer|user|client)[- ]facing\s+\w+[\s,:]+(?:always|never|use|do\s+not|don't|avoid|write|keep|say)\b`,
		`\b(?:never|don't|do\s+not)\s+(?:say|use|write)\s+(?:the\s+word\s+)?["\x01'](?:we|us|our|our\s+team|i|me|my)\b`,
		`\b(?:reply|respond|answer|speak|talk)\s+(?:to\s+(?:the\s+)?(?:users?|customers?|clients?)\s+)?in\s+(?:a|an)\s+(?:[\w-]+,?\s+){0,3}?(?:tone|voice|manner|register)\b`,
		`\b(?:use|adopt|keep|write\s+in|respond\s+in|reply\s+in|speak\s+in|answer\s+in)\s+(?:a|an|the|your)\s+(?:[\w-]+,?\s+){0,3}?(?:tone|voice)\s+(?:with|to|for|toward|towards|when\s+(?:talking|speaking|writing|replying)\s+to)\s+(?:the\s+)?(?:users?|customers?|clients?|readers?)\b`),
	secRe("persona assignment", 0,
		`\byou\s+are\s+(?:an?\s+|the\s+)?(?:\w+\s+)?`+secExpertWords+`\s+(?:[\w-]+\s+){0,3}?(?:engineer|developer|assistant|consultant|advisor|architect|writer|analyst|designer|programmer)\b`),
	secRe("directive about which version to use", 0,
		`\b(?:always|must)\s+(?:\w+\s+){0,2}?(?:use|install|pin|upgrade\s+to|update\s+to)\s+(?:the\s+)?(?:very\s+)?latest\s+(?:\w+\s+)?(?:sdk|version|release|tag|package)s?\b`),
	secRe("directive to edit files", 0,
		`\bafter\s+(?:calling|using|running)\s+(?:this|the)\s+(?:tool|function)\b[^.!?\n]{0,40}?\b(?:must|should|need\s+to|have\s+to)\s+(?:\w+\s+){0,2}?(?:edit|modify|create|add|write|update)\s+(?:\w+\s+){0,3}?files?\b`),
	secRe("directive to change the client's configuration", 0,
		`\bin\s+your\s+(?:mcp\s+)?client(?:'s)?\s+(?:config(?:uration)?|settings)\b[^.!?\n]{0,20}?\b(?:replace|add|remove|change|set|update|edit)\b`,
		`\b(?:replace|add|remove|change|update|edit)\s+(?:\w+\s+){0,4}?(?:in|to|from)\s+your\s+(?:mcp\s+)?client(?:'s)?\s+(?:config(?:uration)?|settings|json)\b`,
		`\b(?:server|connector)\s+to\s+add\s+(?:in|to)\s+(?:the|your)\s+(?:mcp\s+)?client\b`),
	secRe("directive to install or build", 0,
		`\binstall\s+(?:\w+\s+){0,4}?(?:skill|plugin|extension|cli|package|tool)s?\s*:\s*(?:npx|npm|pnpm|yarn|bunx|uvx|pipx|pip3?|brew|curl|wget|go\s+install)\b`,
		`\b(?:deploy|build|redeploy|rebuild|commit|push|publish)\s+(?:\w+\s+){0,3}?after\s+(?:every|each)\s+(?:\w+\s+){0,2}?changes?\b`),
	secRe("directive to run a shell command", 0,
		`\b(?:use|run|execute)\s+(?:the\s+)?['"]?[\w.-]+(?:\s+[\w.-]+){0,3}['"]?\s+cli\s+command\b`),
	secRe("directive about how to write the user's code", 0,
		`\b(?:coding|code|style|programming)\s+(?:rules|guidelines|conventions|standards)\s*:\s*(?:you\s+)?(?:must\s+|should\s+)?(?:import|prefer|always|never|wrap|avoid|do\s+not|don't)\b`,
		`\bwhen\s+(?:writing|generating|creating|producing)\s+(?:\w+\s+){0,2}?code\b[^.!?\n]{0,80}?,\s*(?:always|never|you\s+must|must|do\s+not|don't)\s+\w+`),
)

// secModelWork is a kind of text the model writes on its own, outside
// any one call: queries, code, messages, answers.
const secModelWork = `(?:(?:sql|cypher|graphql|search|database|db|git|commit|shell|bash|python|javascript|typescript|source)\s+)?(?:quer(?:y|ies)|statements?|code|scripts?|snippets?|commit\s+messages?|commits?|messages?|responses?|answers?|replies|emails?|posts?|comments?|functions?|programs?|sql)`

// secModelWrites is the model writing such text itself (not passing it).
const secModelWrites = `(?:generate|write|produce|create|compose|author|draft|emit|output)`

// secReplyCount is a small count of sentences, lines or words a reply is
// held to ("1", "one", "a single", "one or two", "2-3").
const secReplyCount = `(?:1|one|a\s+single|2|two|3|three|a\s+few|one\s+or\s+two|1\s*(?:-|to|or)\s*2|2\s*(?:-|to|or)\s*3)`

// secReplyExtra is a word for commentary a reply adds around its answer:
// notes, tips, caveats, advice, disclaimers and the like.
const secReplyExtra = `(?:notes|tips|caveats|disclaimers|commentary|advice|explanations|preambles?|pleasantries|suggestions|warnings|(?:implementation|technical)\s+details|follow-?up\s+questions|emojis?)`

// secBeyondConditional is what, just before "you are an expert ...",
// makes it a condition on the reader ("if you are an expert user"), not a
// persona; secHitsInContext reads it.
var secBeyondConditional = regexp.MustCompile(`\b(?:if|when|unless|whether|once)\s+$`)

// secBeyondChinese are SEC020's persona and edit-files directives in
// Chinese, which the folded ASCII patterns cannot read: "你是一个…专家"
// (you are an … expert) and "调用此工具后，你必须编辑或添加文件" (after
// calling this tool you must edit or add files).
var secBeyondChinese = []struct {
	what string
	re   *regexp.Regexp
}{
	{"persona assignment", regexp.MustCompile(`你是一(?:个|名|位)[^。\n]{0,40}?(?:专家|工程师|顾问|助手)`)},
	{"directive to edit files", regexp.MustCompile(`(?:调用|使用)(?:此|该|这个|本)工具后[^。\n]{0,12}?(?:你|您)?(?:必须|需要|应该|应当)[^。\n]{0,12}?(?:编辑|修改|添加|创建|写入)[^。\n]{0,12}?文件`)},
}

// secBeyondCJK is SEC020's reading of Chinese text, on the surface's
// text with code blanked.
func secBeyondCJK(s secSurface) (secMatch, bool) {
	mapped := secCodeOnly(s.Text)
	text := mapped.text
	for _, p := range secBeyondChinese {
		if loc := p.re.FindStringIndex(text); loc != nil {
			start, end := mapped.orig(loc[0], loc[1])
			return secMatch{what: p.what, text: secSnippet(text[loc[0]:loc[1]]), start: start, end: end}, true
		}
	}
	return secMatch{}, false
}

// secBeyondExtra is SEC020's reading beyond the folded patterns: the
// Chinese directives, then a directive to run a shell command to learn a
// value (secBeyondShell).
func secBeyondExtra(s secSurface) (secMatch, bool) {
	if m, ok := secBeyondCJK(s); ok {
		return m, true
	}
	if m, ok := secBeyondShell(s); ok {
		return m, true
	}
	if s.Tool != "" && secHasWord(secIdentifierWords(s.Tool), secInstallTools...) {
		// Installing is the tool's own job: neither install reading applies.
		return secMatch{}, false
	}
	if m, ok := secBeyondInstall(s); ok {
		return m, true
	}
	return secBeyondInstallFrom(s)
}

// secInstallFrom is an order to install a server, extension or plugin from
// a link: "If Design Systems Assistant MCP is not available, install it
// from: https://github.com/…", "Please install the Acme MCP server from
// https://…", in English, Spanish, French, German, Italian, Portuguese and
// Chinese. The object is a place to fetch software from (a URL, GitHub,
// npm, a repository), so "installs the package from npm" (what the tool
// does, third person) and "install it from the settings page" stay silent.
var secInstallFrom = regexp.MustCompile(`(?i)\binstall\s+(?:it|them|this|that|(?:the\s+)?[\w .-]{1,40}?(?:mcp(?:\s+server)?|server|extension|plugin|skill|connector|add-?on)s?)\s+(?:from|via|at|using)\s*:?\s*<?(?:https?://|github|npm|pypi|the\s+(?:repo|repository|link|url|github))` +
	`|inst[aá]l(?:a|e)lo\s+desde\s*:?\s*<?(?:https?://|github|npm)|instala\s+(?:el\s+)?(?:servidor\s+)?[\w .-]{1,40}?\s+desde\s*:?\s*<?https?://` +
	`|installez[- ]le\s+(?:depuis|à\s+partir\s+de)\s*:?\s*<?(?:https?://|github|npm)|installez\s+(?:le\s+)?(?:serveur\s+)?[\w .-]{1,40}?\s+depuis\s*:?\s*<?https?://` +
	`|installiere(?:n\s+sie)?\s+(?:es|ihn|den\s+[\w .-]{1,40}?)\s+(?:von|über|aus)\s*:?\s*<?(?:https?://|github|npm)` +
	`|installalo\s+da\s*:?\s*<?(?:https?://|github|npm)|instale-o\s+(?:de|a\s+partir\s+de)\s*:?\s*<?(?:https?://|github|npm)` +
	`|(?:请|請)?(?:从|從)\s*<?https?://\S+\s*(?:安装|安裝)|(?:请|請)?(?:安装|安裝)[^。\n]{0,30}?(?:MCP|服务器|伺服器|插件|扩展)[^。\n]{0,10}?(?:从|從|：|:)\s*<?https?://`)

// secBeyondInstallFrom finds an order to install a server, extension or
// plugin from a link (secBeyondExtra asks it only when installing is not
// the tool's own job).
func secBeyondInstallFrom(s secSurface) (secMatch, bool) {
	mapped := secOriginal(s.Text).blank(preciseFence)
	loc := secInstallFrom.FindStringIndex(mapped.text)
	if loc == nil {
		return secMatch{}, false
	}
	return secMatchIn(mapped, "directive to install another server", loc), true
}

// secAgentInstall is a command that adds a skill, plugin, extension or MCP
// server to the model's own client ("npx skills add owner/repo",
// "claude mcp add ..."), in any language around it.
var secAgentInstall = regexp.MustCompile(`(?i)\b(?:npx|bunx|pnpm\s+dlx|yarn\s+dlx|uvx)\s+(?:-y\s+|--yes\s+)?(?:[\w@./-]+\s+){0,2}?(?:skills?|plugins?|extensions?)\s+(?:add|install)\b[^\s,;。、)]*(?:\s+[^\s,;。、)]+)?` +
	`|\b(?:claude|codex|gemini|cursor)\s+(?:mcp|plugins?|extensions?)\s+(?:add|install)\b[^\s,;。、)]*(?:\s+[^\s,;。、)]+)?`)

// secGlobalInstall is a command that installs software on the machine the
// model's shell runs on: a global package, a brew formula, a piped
// install script, or a project generator that fetches and runs a package
// ("npm create storybook@latest", "npm init vite", "npx create-next-app").
var secGlobalInstall = regexp.MustCompile(`(?i)\b(?:(?:npm|pnpm|yarn|bun)\s+create|npm\s+init)\s+[\w@][\w@./-]*|\b(?:npx|bunx|pnpm\s+dlx)\s+(?:-y\s+|--yes\s+)?create-[\w@./-]+|\b(?:npm\s+(?:i|install)\s+(?:-g|--global)|pnpm\s+(?:add|i|install)\s+(?:-g|--global)|yarn\s+global\s+add|pipx\s+install|uv\s+tool\s+install|brew\s+install|go\s+install|cargo\s+install|gem\s+install)\s+\S+|\bcurl\s+[^|\n]{0,120}\|\s*(?:ba|z)?sh\b`)

// secInstallDirective is a word of the sentence around an install command
// that tells the model to run it ("run", "add it with", "で追加",
// "を実行", "运行", "ejecuta").
var secInstallDirective = regexp.MustCompile(`(?i)\b(?:run|execute|install|add|type|please|first|must|should|ensure)\b|で(?:追加|インストール|導入)|を?実行|运行|执行|安装|\bejecut\w*|\binstal[ae]\b|\bexécut\w*|\binstallez\b|\bführe\b|\binstalliere\b`)

// secInstallTools are name words of a tool whose own job is installing:
// there an install command is what it does.
var secInstallTools = []string{"install", "installer", "setup", "skill", "skills", "plugin", "plugins", "extension", "extensions", "init", "bootstrap", "onboard", "onboarding"}

// secBeyondInstall finds an install command for the model's own shell or
// client in prose (code spans and quotes opened): one that adds a skill,
// plugin or MCP server to the client is a directive in any language; a
// global install is one when its sentence tells the model to run it, and
// is reported at info when the sentence only names it ("requires ffmpeg
// (brew install ffmpeg)"). secBeyondExtra asks it only when installing is
// not the tool's own job.
func secBeyondInstall(s secSurface) (secMatch, bool) {
	text := secShellQuotes.Replace(s.Text) // the way back is built only for a hit
	if loc := secAgentInstall.FindStringIndex(text); loc != nil {
		return secMatchIn(secShellQuoted(s.Text), "directive to install or build", loc), true
	}
	loc := secGlobalInstall.FindStringIndex(text)
	if loc == nil {
		return secMatch{}, false
	}
	m := secMatchIn(secShellQuoted(s.Text), "directive to install or build", loc)
	// Revision 15 (round 36): the other install commands of the sentence
	// are left out too ("Requires a driver: AXe (recommended: brew
	// install axe) or IDB (brew install idb-companion)"): a command's own
	// "install" names an alternative, it orders nothing.
	m.info = !secInstallDirective.MatchString(secGlobalInstall.ReplaceAllString(secRawSentence(text, loc[0], loc[1]), " "))
	return m, true
}

// secRawSentence is the sentence of raw text around [from, to) with the
// span itself left out: a Latin or CJK full stop, a question or exclamation
// mark, or a line break ends it.
func secRawSentence(text string, from, to int) string {
	stop := func(r rune) bool { return strings.ContainsRune(".!?\n。！？", r) }
	start := 0
	if k := strings.LastIndexFunc(text[:from], stop); k >= 0 {
		_, size := utf8.DecodeRuneInString(text[k:])
		start = k + size
	}
	end := len(text)
	if k := strings.IndexFunc(text[to:], stop); k >= 0 {
		end = to + k
	}
	return text[start:from] + " " + text[to:end]
}

// secShellCommand is a command a model would run in its own shell to learn
// something about the user's machine or project: git config, git branch,
// whoami, kubectl config, gh auth and the like.
const secShellCommand = `(?:git\s+(?:config|branch|log|status|rev-parse|remote|describe|show|diff|tag|ls-files|ls-remote|symbolic-ref|blame|shortlog|reflog)` +
	`|gh\s+(?:api|auth|repo|pr|issue|run)|kubectl\s+(?:get|config|describe)|docker\s+(?:ps|images|inspect)` +
	`|npm\s+(?:ls|view|whoami|config)|aws\s+(?:sts|configure|s3)|gcloud\s+(?:config|auth|projects)|az\s+(?:account|login)` +
	`|whoami|hostname|pwd|uname|printenv)\b`

// secShellDirective is text telling the model to run such a command itself
// to get a value: "run `git config user.name` to get it", "use git branch
// to find the current branch", "LLM should get from 'git config --get
// remote.origin.url'".
var secShellDirective = regexp.MustCompile(`(?i)\b(?:run|running|execute|executing|use|using|call|type|invoke)\s+(?:the\s+)?(?:shell\s+)?(?:command\s+)?` + secShellCommand +
	`(?:[^.!?\n]|\.\S){0,60}?\bto\s+(?:get|find|obtain|retrieve|determine|detect|see|look\s+up|read|list|check|discover|learn|know|fetch)\b` +
	`|\b(?:get|obtain|find|retrieve|determine|detect|read|infer|take)\s+(?:(?:it|this|them|the\s+[\w-]+(?:\s+[\w-]+)?)\s+)?(?:from|by\s+running|via|using|with|through)\s+(?:the\s+)?(?:output\s+of\s+)?(?:running\s+)?` + secShellCommand)

// secShellTools are name words of a tool whose job is running commands, or
// git itself: there a command in the text is what the tool runs or
// describes, not a directive beyond it.
var secShellTools = []string{"git", "run", "exec", "execute", "shell", "command", "commands", "terminal", "bash", "cli", "ssh"}

// secBeyondShell finds, in the text with code spans and quotes opened (the
// command is usually shown as code), a directive to run a shell command to
// get a value: a tool's or a parameter's text sending the model to its own
// shell, outside the tool, to read the user's machine or repository.
func secBeyondShell(s secSurface) (secMatch, bool) {
	if s.Tool != "" && secHasWord(secIdentifierWords(s.Tool), secShellTools...) {
		return secMatch{}, false
	}
	text := secShellQuotes.Replace(s.Text) // the way back is built only for a hit
	for _, loc := range secShellDirective.FindAllStringIndex(text, -1) {
		if secParticipleRead(text, loc) {
			continue // "the file's content, read with git show": how the tool reads it
		}
		if secCommandIsTool.MatchString(text[loc[0]:min(len(text), loc[1]+8)]) {
			// agentuity's orgId "use whoami tool to get a list of
			// organization ids" (round 59): "the whoami tool" is a tool
			// the model calls, not a command for its shell.
			continue
		}
		start, end := secShellQuoted(s.Text).orig(loc[0], loc[1])
		return secMatch{what: "directive to run a shell command", text: secSnippet(text[loc[0]:loc[1]]), start: start, end: end}, true
	}
	return secMatch{}, false
}

// secCommandIsTool is a shell command's name followed by "tool": the
// name of a tool the model calls, not a command line.
var secCommandIsTool = regexp.MustCompile(`(?i)\b` + secShellCommand + `\s+tools?\b`)

// secReadWith is a hit that opens on a bare "read" with no object before
// its means ("read with git show", "read from git config").
var secReadWith = regexp.MustCompile(`(?i)^read\s+(?:from|by\s+running|via|using|with|through)\b`)

// secOrderBefore ends the text before a verb that stands as an order: a
// modal, "you", "then", "please", or a clause mark.
var secOrderBefore = regexp.MustCompile(`(?i)(?:^|[:;(\x{2014}\x{2013}*>-]|\b(?:should|must|can|may|please|you|then|and|first|to|always|never|just))$`)

// secParticipleRead reports whether a shell-directive hit at loc opens on
// "read" used as a past participle: a bare "read with/from …" after a
// noun or a comma ("Get the content of a file, read with git show at the
// head branch") says how the tool read the value. Only "read" is spelt
// alike as an order and a participle; "Read it from git config", "You
// should read from git config" and a clause that opens on "Read with"
// stay orders.
func secParticipleRead(text string, loc []int) bool {
	if !secReadWith.MatchString(text[loc[0]:loc[1]]) {
		return false
	}
	before := text[:loc[0]]
	if k := strings.LastIndexAny(before, ".!?\n"); k >= 0 {
		before = before[k+1:]
	}
	return !secOrderBefore.MatchString(strings.TrimSpace(before))
}

// secShellQuoteMarks are the marks secShellQuotes opens into spaces: the
// code span's backquote and the quotes, straight and typographic.
const secShellQuoteMarks = "`\"'\u201c\u201d\u2018\u2019"

// secShellQuotes opens code spans and quotes into spaces.
var secShellQuotes = strings.NewReplacer("`", " ", "\"", " ", "'", " ", "\u201c", " ", "\u201d", " ", "\u2018", " ", "\u2019", " ")

// secShellQuoted is secShellQuotes.Replace(text) with the way back to text
// (its text is that Replace's, which the tests hold).
func secShellQuoted(text string) secMapped {
	return secOriginal(text).blankRunes(secShellQuoteMarks)
}

// secMatchIn is the hit at loc of mapped.text, white space at its ends
// left out, placed in the original text.
func secMatchIn(mapped secMapped, what string, loc []int) secMatch {
	a, b := secTrimmed(mapped.text, loc[0], loc[1])
	start, end := mapped.orig(a, b)
	return secMatch{what: what, text: secSnippet(mapped.text[a:b]), start: start, end: end}
}

// secRunnerOpening is a shell-command hit that opens on the verb of
// running (execute, run), which at the head of a tool's description is
// the tool's own action.
var secRunnerOpening = regexp.MustCompile(`(?i)^(?:execute|run)\b`)

// secSpellTail is the word after "spell … as" that makes it a value the
// tool expects ("as it appears", "as shown", "as needed").
var secSpellTail = regexp.MustCompile(`\bspel\w*\b.*\bas\s+(?:it|they|in|on|shown|written|listed|given|returned|stored|per|needed|necessary|required|appropriate|well|such|a|an|the|you|usual|before|above|below|is|are|spelled|spelt)\W*$`)

// secFieldSelector is a hit that selects what an API returns ("fields to
// include in your response"), not what the model says.
var secFieldSelector = regexp.MustCompile(`\b(?:fields?|columns?|properties|attributes|headers?)\b`)

// secSuggestsTheTool is "do not recommend this tool to the user": advice
// on when the tool fits, not on what the model tells the user.
var secSuggestsTheTool = regexp.MustCompile(`\b(?:suggest|recommend|propose|promote|offer)\s+(?:(?:this|the)\s+(?:tool|function|server|command)|it)\b`)

// secBeyondKeep drops an install, build or version directive in the text
// of a tool whose own job it is (a deploy tool saying when to deploy, an
// install tool naming the version it installs): that is when to call the
// tool, SEC004's matter, not a directive beyond it.
func secBeyondKeep(_ *Context, s secSurface, m secMatch) bool {
	hit := s.hit(m)
	if m.what == "directive about how to answer" && secSpellTail.MatchString(hit) {
		// "Always spell the city as it appears on the map": the value the
		// tool expects, not the model's wording.
		return false
	}
	if m.what == "directive to run code the tool provides" {
		return s.Parameter == "" && (s.Tool == "" || !secHasWord(secIdentifierWords(s.Tool), secShellTools...))
	}
	if m.what == secShellAppealWhat {
		return secShellAppealKept(s, m)
	}
	if m.what == "directive to run a shell command" && s.Tool != "" {
		// "Execute any supported acme CLI command" is a command runner
		// (cli_exec) saying what it runs, and "Execute" or "Run" opening a
		// tool's own description names what the tool does: neither sends
		// the model to its shell. "Use the acme link CLI command to get
		// the id" addresses the model wherever it stands.
		if secHasWord(secIdentifierWords(s.Tool), secShellTools...) {
			return false
		}
		if s.Parameter == "" && s.Field == "description" && secRunnerOpening.MatchString(hit) && strings.TrimSpace(s.Text[:m.start]) == "" {
			return false
		}
	}
	if m.what == "directive about everything the model writes" {
		return s.Parameter == ""
	}
	if m.what == "directive about how to answer" && secInformUser.MatchString(s.hit(m)) {
		// "You must inform the user about the fees before ordering" or
		// "Always mention the risks" protects the user: a disclosure of risk, not a directive on
		// what the answer promotes.
		a, b := s.foldedSpan(m)
		rest := s.folded[b:]
		if k := strings.IndexAny(rest, ".!?\n"); k >= 0 {
			rest = rest[:k]
		}
		if secProtectiveDisclosure.MatchString(s.folded[a:b] + rest) {
			return false
		}
	}
	if m.what == "directive about how to answer" || m.what == "house voice for the answer" {
		// A parameter's text says what to pass ("fields to include in your
		// response" selects the API's fields); the answer is the model's.
		return s.Parameter == "" && !secFieldSelector.MatchString(hit) && !secSuggestsTheTool.MatchString(hit)
	}
	if s.Tool == "" || m.what != "directive to install or build" && m.what != "directive about which version to use" {
		return true
	}
	words := strings.Fields(hit)
	for _, w := range secIdentifierWords(s.Tool) {
		for _, h := range words {
			if h == w {
				return false
			}
		}
	}
	return true
}

// secInformUser is a revision 14 order to inform or remind the user, or
// to always mention, cite or report something in the answer.
var secInformUser = regexp.MustCompile(`(?i)\b(?:(?:inform|remind)\s+the\s+user|always\s+(?:mention|cite|point\s+out|call\s+out|report))\b`)

// secProtectiveDisclosure is what a protective disclosure to the user is
// about: a risk, a cost, a change that cannot be undone, or a step before
// an action ("inform the user about the fees before ordering").
var secProtectiveDisclosure = regexp.MustCompile(`\b(?:before|risks?|costs?|fees?|charges?|prices?|irreversible|permanent(?:ly)?|consequences?|cannot\s+be\s+undone|data\s+loss|warnings?|dangers?|privacy)\b`)

// secExpertWords is an expert persona's adjective ("expert", "senior",
// "world-class"): SEC020's persona assignment, and what SEC004's identity
// reading leaves to it.
const secExpertWords = `(?:expert|senior|world[- ]class|seasoned|specialist|professional)`
