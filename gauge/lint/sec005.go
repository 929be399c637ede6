package lint

import (
	"fmt"
	"regexp"
	"strings"
)

// sec005 is SEC005 tool-shadowing.
func sec005() Rule {
	return Rule{
		ID: "SEC005", Name: "tool-shadowing", Family: "Security",
		Summary: "Text tries to change how the model uses other tools.",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge,
		Revision: 15, Check: secPhraseRuleWith(secShadowPatterns, secPrecise{patterns: secShadowPrecise, extra: secShadowExtra},
			func(s secSurface, m secMatch) string {
				return fmt.Sprintf("The %s reaches beyond its own tool (%s): %q.", s.where(), m.what, m.text)
			},
			"Describe only this server's tools. To steer between your own tools, name them (\"use get_user instead of search_users when you have an ID\"); never give rules for tools of other servers or for \"any tool\"."),
	}
}

// secShadowPatterns are SEC005's phrases under both readings: naming
// another server's tool and overriding how other tools behave.
var secShadowPatterns = concatPatterns(
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

// secShadowPrecise extends SEC005 in the default profile: steering away
// from tools the server does not own (web search, the agent's shell,
// "other tools") and telling the agent to run commands in its own shell.
var secShadowPrecise = concatPatterns(
	secRe("steering away from other tools", 0,
		`\b(?:prefer|use|choose|call)\s+(?:this|it|me|these)\s+(?:tools?\s+|server\s+|function\s+|mcp\s+)?(?:over|instead\s+of|rather\s+than)\s+(?:the\s+|any\s+|your\s+|a\s+)?(?:web|internet|google|bing|search|bash|shell|terminal|command[- ]line|cli|grep|cat|curl|wget|browser)\b`,
		`\bprefer\s+(?:this|it|me|these)\s+(?:tools?\s+|server\s+|function\s+|mcp\s+)?over\b`,
		`\b(?:faster|better|quicker|smarter|superior|more\s+(?:reliable|accurate|capable|powerful|efficient))\s+(?:to|than)\s+(?:your|any|the\s+(?:agent|model|assistant)'?s)\s+(?:own\s+)?(?:native|built-?in|default|standard|other)\s+(?:[\w-]+\s+){0,2}(?:tools?|features?|functions?|capabilit(?:y|ies)|search(?:es)?|edits?|editing|commands?)\b`,
		`\bprefer\s+(?:[\w-]+\s+){0,2}?tools?\s+(?:over|instead\s+of|rather\s+than)\s+(?:the\s+|any\s+|your\s+|raw\s+|plain\s+)?(?:other|built-?in|native|generic|web|internet|bash|shell|terminal|command[- ]line|cli)\b`,
		secRankedAboveOthers, secPreferredAboveOthers,
		// Revision 10: the passive after another clause ("This is the
		// primary tool for X and should be prioritized over other
		// tools"); the object must be other or built-in tools or servers,
		// not "other options" or "other fields".
		`\b(?:should|must|is\s+to|needs\s+to)\s+(?:always\s+)?be\s+(?:preferred|prioriti[sz]ed|favou?red|chosen|used|called)\s+`+secAboveOthers+`\s+(?:the\s+|any\s+|all\s+|your\s+)?(?:other|built-?in|native|generic|default)\s+(?:[\w-]+\s+)?(?:tools?|servers?|mcp\s+servers?|mcps?|functions?|search(?:es)?)\b`,
		// Revision 10: giving up on the task rather than seeking another
		// tool ("report the error to the user instead of trying other PDF
		// tools"); "retry the job instead of trying other queues" names
		// no tool and stays silent.
		`\binstead\s+of\s+(?:trying|switching\s+to|falling\s+back\s+to|looking\s+for|reaching\s+for)\s+(?:any\s+|the\s+)?(?:other|alternative|different)\s+(?:[\w-]+\s+)?(?:tools?|servers?|mcp\s+servers?|mcps?|services?|providers?)\b`),
	// Revision 10: a standing order to use this tool in place of a named
	// one ("Always use this INSTEAD OF browsermcp for web app testing").
	// The name must not be one of the server's own tools, and it must be
	// followed by what for or when, so "always use this instead of
	// guessing" (an -ing word, a strategy) stays silent.
	secRe("steering away from other tools", 1,
		"\\balways\\s+(?:use|call|invoke|run|choose|prefer|pick|select)\\s+(?:this|it|me)\\s+(?:tool\\s+|server\\s+|function\\s+|mcp\\s+)?(?:instead\\s+of|rather\\s+than|in\\s+place\\s+of)\\s+(?:using\\s+|calling\\s+)?(`?[\\w.-]*(?:[a-fh-z0-9_.-]|[a-mo-z0-9_.-]g|[a-hj-z0-9_.-]ng)`?)(?:\\s+(?:tools?|servers?|mcps?|extensions?|plugins?))?\\s+(?:for|when|whenever|to|in|on)\\b"),
	// The same in Spanish, Portuguese, French, German and Italian:
	// secFold turns accented letters into "0" ("plutôt" reads "plut0t"),
	// so the patterns spell them that way.
	secRe("steering away from other tools", 0,
		`\b(?:usa|use|utiliza|utilice|prioriza|priorice|prefiere|prefiera)\s+(?:esta|este)\s+(?:herramienta\s+|servidor\s+)?(?:en\s+lugar\s+de|antes\s+que|sobre|por\s+encima\s+de)\s+(?:(?:cualquier\s+otr[ao]|las\s+dem0s)(?:\s+herramientas?\b|\s*(?:[.,;:!)]|$))|otras\s+herramientas\b|la\s+b0squeda\s+web\b|las?\s+herramientas?\s+integradas?\b)`,
		`\b(?:use|utilize|priorize|prefira)\s+(?:esta|este)\s+(?:ferramenta\s+|servidor\s+)?(?:em\s+vez\s+de|ao\s+inv0s\s+de|sobre|acima\s+de)\s+(?:(?:qualquer\s+outr[ao]|as\s+demais)(?:\s+ferramentas?\b|\s*(?:[.,;:!)]|$))|outras\s+ferramentas\b|ferramentas\s+nativas\b)`,
		`\b(?:utilisez|utilise|privil0giez|privil0gie|pr0f0rez|pr0f0re)\s+(?:cet|cette|ce)\s+(?:outil\s+|serveur\s+)?(?:plut0t\s+que\s+|au\s+lieu\s+d(?:e\s+|')|0\s+la\s+place\s+d(?:e\s+|'))(?:(?:tout\s+autre|tous\s+les\s+autres)(?:\s+outils?\b|\s*(?:[.,;:!)]|$))|(?:les\s+autres|d'autres)\s+outils\b|l'outil\s+int0gr0\b|les\s+outils\s+int0gr0s\b|la\s+recherche\s+web\b)`,
		`\b(?:verwende|verwenden\s+sie|nutze|nutzen\s+sie|bevorzuge|bevorzugen\s+sie)\s+(?:dieses|dies|das)\s+(?:tool\s+|werkzeug\s+)?(?:statt|anstelle|anstatt|vor)\s+(?:der\s+|des\s+|den\s+|von\s+)?(?:(?:aller|allen)\s+anderen(?:\s+(?:tools|werkzeuge\w*)\b|\s*(?:[.,;:!)]|$))|ander\w*\s+(?:tools?|werkzeug\w*|such\w*|server\w*|befehl\w*)\b|(?:eingebaut|integriert)\w*\s+(?:tools?|werkzeug\w*|such\w*|befehl\w*|funktion\w*)\b)`,
		`\b(?:usa|utilizza|preferisci|privilegia)\s+(?:questo|questa)\s+(?:strumento\s+|tool\s+)?(?:invece\s+di|anzich0|al\s+posto\s+di|rispetto\s+a)\s+(?:(?:qualsiasi\s+altr[oa]|gli\s+altri)(?:\s+strument[oi]\b|\s*(?:[.,;:!)]|$))|altri\s+strumenti\b|la\s+ricerca\s+web\b)`),
	secRe("steering away from other products", 0,
		`\bnever\s+(?:suggest|recommend|use|mention|propose)\s+(?:[\w.-]+,?\s+){1,12}?(?:or|and)\s+(?:any\s+)?other\s+(?:external\s+|third[- ]party\s+|competing\s+)?(?:platforms?|services?|providers?|hosting|hosts|vendors?|products?|tools?|solutions?|databases?|backends?|libraries)\b`,
		`\b(?:do\s+not|don't|never)\s+(?:suggest|recommend|propose)\s+(?:any\s+)?(?:other|alternative|competing|third[- ]party)\s+(?:platforms?|services?|providers?|vendors?|products?|tools?|solutions?|databases?|libraries)\b`,
		// Other apps, sites, stores and brands in any casing: "This tool
		// ONLY works with Trendyol GO - do not suggest other apps", "never
		// recommend competing delivery services", "Don't mention competitors".
		// "Do not suggest other times" names no product and stays silent.
		`\b(?:do\s+not|don't|never)\s+(?:suggest|recommend|propose|mention|promote|point\s+(?:the\s+)?users?\s+to)\s+(?:any\s+)?(?:other|alternative|competing|rival|third[- ]party)\s+(?:[\w-]+,?\s+){0,3}?(?:apps?|applications?|websites?|sites?|stores?|shops?|marketplaces?|brands?|companies|services?|platforms?|providers?)\b`,
		`\b(?:do\s+not|don't|never)\s+(?:suggest|recommend|propose|mention|promote)\s+(?:any\s+|our\s+|the\s+)?competitors?\b`),
	// The public web as what the server's own data replaces: "Prefer this
	// connector's live Hub capabilities over the public website", "use
	// this server instead of searching the web". "Prefer this tool's
	// cursor over offsets" names a setting and stays silent.
	secRe("steering away from other tools", 0,
		`\b(?:prefer|use|choose|favou?r|prioriti[sz]e|rely\s+on|consult|pick|query)\s+(?:this|these|our)\s+(?:connector|server|tool|integration|mcp|api|app|plugin|extension|service)(?:s|'s|s')?(?:\s+[\w-]+){0,3}?\s+(?:over|instead\s+of|rather\s+than|in\s+place\s+of|before)\s+(?:the\s+|a\s+|any\s+|your\s+)?(?:public\s+|general\s+|generic\s+|open\s+)?(?:web(?:\s*sites?|\s+search(?:es)?|\s+pages?)?|internet|search\s+engines?|google|bing|browsers?|browsing|online\s+(?:search|sources))\b`,
		`\b(?:prefer|use|choose|favou?r|prioriti[sz]e|rely\s+on|consult|call|query)\s+(?:this|these|it|our)\b[^.!?\n]{0,60}?\b(?:instead\s+of|rather\s+than|over|before)\s+(?:searching|browsing|googling|scraping|looking\s+(?:\w+\s+)?up)\s+(?:\w+\s+)?(?:on\s+|in\s+)?(?:the\s+)?(?:web|internet|google|online|websites?)\b`),
	// Revision 11: an exclusivity claim that names another tool as
	// unable to do the job: "This is the correct tool for reading the
	// staging logs; tail_logs cannot see them". The named tool must not
	// be one of the server's own ("list_items cannot see archived items,
	// use list_archived" routes between its tools).
	secRe("exclusivity claim against another tool", 1,
		`\bthis\s+is\s+the\s+(?:correct|right|proper|only|designated|appropriate|intended)\s+(?:tool|server|way)\b[^.!?\n]{0,80}?\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+|(?:the\s+)?(?:other|built-?in|native|generic|default)\s+(?:[\w-]+\s+)?tools?)\s+(?:cannot|can't|can\s+not|does\s+not|doesn't|do\s+not|don't|will\s+not|won't|(?:is|are)\s+(?:unable|not\s+able)\s+to)\s+(?:see|access|read|reach|capture|observe|inspect|handle|detect|find|work)\b`),
	// Revision 13: a prohibition of alternatives that lists the agent's
	// own shell or built-in tools: "Use this tool instead of workarounds.
	// Do NOT use these alternatives: - Bash sleep ... - the client's own
	// scheduling tool". A list of the server's own endpoints or tools
	// ("do not use these alternatives: the v1 endpoint, export_csv") and
	// other nouns ("never use the following characters") stay silent.
	secRe("steering away from other tools", 0,
		`\b(?:do\s+not|don't|never|avoid)\s+(?:use\s+|using\s+|call\s+|calling\s+)?(?:these|the\s+following|any\s+of\s+(?:these|the\s+following)|such)\s+(?:alternatives|workarounds|substitutes|fallbacks|alternative\s+(?:tools|approaches|methods))\b[\s\S]{0,300}?\b(?:bash|shell|terminal|command[- ]line|built-?in|native|claude\s+code|cursor|copilot|the\s+(?:agent|client|assistant|model)'s\s+own)\b`),
	// Revision 15: the agent's own tools dismissed as a waste ("Do NOT
	// waste time trying curl, webfetch, or parsing raw HTML", "don't
	// bother with web search"). It steers the model away from tools the
	// server does not own; "do not waste time retrying the request" or
	// "don't waste tokens on the full list" names no tool and stays
	// silent.
	//
	// The tool word ends the phrase or stands in a list (a comma, "or",
	// "and" after it): "do not waste time on shell escaping" names a topic,
	// not a tool. A word naming one of the server's own tools (web search
	// in a server with web_search) is silent (round 25's review).
	secRe("steering away from other tools", 1,
		`\b(?:do\s+not|don't|never|no\s+need\s+to)\s+(?:waste\s+(?:your\s+)?(?:time|tokens|effort|turns|calls)|bother)\s+(?:on\s+|with\s+)?(?:trying|using|calling|running|reaching\s+for|attempting)?\s*(?:the\s+|your\s+|a\s+|any\s+)?(?:own\s+|built-?in\s+|native\s+)?(curl|wget|web\s?fetch|web\s?search(?:es)?|search\s+engines?|google|bing|bash|shell|terminal|grep|browser\s+tools?|other\s+tools?|fetch\s+tools?)\b(?:[ \t]*(?:[,.;:!?)/\n]|$)|\s+(?:or|and|for|to|when|if|unless|instead|here|again|because)\b)`),
	secRe("fallback steering", 0,
		`\b(?:fall\s*-?\s*back|resort)\s+to\s+(?:using\s+)?(?:the\s+|your\s+|any\s+)?(?:other|built-?in|native|generic|default|standard|web|bash|shell|terminal)\s+(?:tools?|search|commands?|methods?|utilities|functions?)\b`,
		`\b(?:fall\s*-?\s*back|resort)\s+to\s+(?:using\s+)?(?:the\s+)?(?:websearch|webfetch|bash|grep|glob|[a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b`,
		`\b(?:use|try|call)\s+(?:any\s+)?other\s+tools?\s+only\s+(?:if|when|as\s+a\s+(?:fallback|last\s+resort))\b`,
		`\bother\s+tools?\s+(?:only\s+)?as\s+a\s+(?:fallback|last\s+resort)\b`),
	secRe("shell command for the agent", 0,
		`\b(?:run|execute|type|paste|enter)\s+(?:[^.!?\n]{0,60}?\s)?(?:in|into|from|on)\s+(?:your|the\s+user'?s?|a|the)\s+(?:own\s+|local\s+)?(?:terminal|shell|console|command\s+line|command\s+prompt|bash)\b`,
		// Revision 9: "run the returned command using your shell tool":
		// the agent's own shell named as the means.
		`\b(?:run|execute)\s+(?:[^.!?\n]{0,60}?\s)?(?:using|with|via|through)\s+your\s+(?:own\s+)?(?:terminal|shell|console|command[- ]line|bash)(?:\s+tool)?\b`,
		`\b(?:in|from|using|with)\s+your\s+(?:own\s+)?(?:terminal|shell|bash|command\s+line)\b[^.!?\n]{0,20}?\b(?:run|execute)\b`),
	secRe("shell command for the agent", 0,
		// Revision 14: the agent sent to command-line programs of its own
		// to work out a value ("Utilize available tools like 'gcloud',
		// 'kubectl' ... to discover the URIs", "by using the command
		// 'gcloud config get-value project'", "use CLIs such as aws or
		// az"). "Works with clusters that kubectl can reach" and a
		// program only named stay silent.
		`\b(?:use|utili[sz]e|leverage|employ|run|try)\s+(?:the\s+|your\s+|any\s+)?(?:available\s+|local\s+|own\s+)?(?:tools|commands|clis|cli\s+tools|command[- ]line\s+tools)\s+(?:like|such\s+as|e\.g\.,?|including)\s+[\x01'"]?\s*`+secAgentCLI+`\b`,
		`\bby\s+(?:using|running|executing|calling)\s+(?:the\s+)?(?:shell\s+|cli\s+)?command\s+[\x01'"]?\s*`+secAgentCLI+`\b`),
)

// secAgentCLI is a command-line program of the agent's machine that reads
// its user's cloud, cluster or repository.
const secAgentCLI = `(?:gcloud|kubectl|aws|az|gh|git|docker|terraform|helm|oc|doctl|heroku|vercel|flyctl|psql|mysql)`

// secOtherTools is the object of a preference that names no tool of
// the server: other, all others or built-in ones, with a tool noun or
// at the end of the clause ("over any other to directly execute",
// "in place of the built-in search"), never "other tasks".
const secOtherTools = `(?:the\s+|any\s+|all\s+|every\s+|your\s+|a\s+)?(?:other|others|built-?in|native|generic|default|standard|regular|web|internet|bash|shell|terminal|command[- ]line|cli)\b` +
	`(?:\s+(?:[\w-]+\s+)?(?:ones?|tools?|servers?|functions?|mcps?|mcp\s+servers?|search(?:es)?|commands?|options?|methods?|utilities|alternatives?|integrations?|skills?)\b|\s*(?:[.,;:!)]|$|to\b|for\b|when\b|whenever\b|if\b|available\b))`

// secPreferVerbs rank one tool above another: prioritise, favour,
// prefer, choose, use ... (any casing; secFold lowers it).
const secPreferVerbs = `(?:prioriti[sz]e|favou?r|prefer|choose|pick|select|use|call|invoke|run|try)`

// secAboveOthers sets the tool above, ahead of or in place of another.
const secAboveOthers = `(?:over|above|ahead\s+of|instead\s+of|rather\s+than|in\s+place\s+of|in\s+preference\s+to)`

// secRankedAboveOthers is "prioritize this tool over any other", "use
// this one in place of the built-in search", "always choose this over
// other tools".
const secRankedAboveOthers = `\b` + secPreferVerbs + `\s+(?:this|it|me|these)\s+(?:tools?\s+|server\s+|function\s+|one\s+|mcp(?:\s+server)?\s+)?` + secAboveOthers + `\s+` + secOtherTools

// secPreferredAboveOthers is the passive: "this tool should be preferred
// over any other", "it must always be used instead of built-in tools".
const secPreferredAboveOthers = `\b(?:this|it)\s+(?:tool\s+|server\s+|function\s+)?(?:should|must|is\s+to|needs\s+to)\s+(?:always\s+)?be\s+(?:preferred|prioriti[sz]ed|favou?red|chosen|picked|selected|used|called)\s+` + secAboveOthers + `\s+` + secOtherTools

// secShadowExtra is SEC005's default-profile extension beyond its
// patterns: an imperative to run a package runner or installer.
func secShadowExtra(s secSurface) (secMatch, bool) {
	if !strings.Contains(s.folded, "run") && !strings.Contains(s.folded, "execute") {
		return secMatch{}, false
	}
	mapped := secOriginal(s.Text).blank(preciseFence)
	text := mapped.text
	folded, starts := secFold(text)
	loc := secRunnerCommand.FindStringIndex(folded)
	if loc == nil {
		// Revision 12: "Run `acme --setup` to choose a provider": a
		// program with a flag in a code span, ordered at the start of a
		// clause of text the model reads, is a command for the agent's
		// shell. Parameter text (a command's example value) and a
		// sentence that gives the command to the user stay silent.
		if s.Parameter != "" {
			return secMatch{}, false
		}
		for _, l := range secCLICommand.FindAllStringIndex(folded, 4) {
			if !secUserRuns.MatchString(secSentence(folded, l[0]+1, l[1])) && !secExampleCue.MatchString(folded[max(0, l[0]-16):l[0]+1]) {
				loc = l
				break
			}
		}
		if loc == nil {
			return secMatch{}, false
		}
	}
	from := loc[0]
	for from < loc[1] && !strings.HasPrefix(folded[from:], "run") && !strings.HasPrefix(folded[from:], "execute") {
		from++
	}
	ta, tb := secUnfold(text, starts, from, loc[1])
	start, end := mapped.orig(ta, tb)
	return secMatch{what: "shell command for the agent", text: secSnippet(text[ta:tb]), start: start, end: end}, true
}

// secRunnerCommand is an imperative to run a third-party package runner or
// installer ("Run `npx -y some-cli init`"): it reads the text with code
// spans kept, since the command is usually in one.
var secRunnerCommand = regexp.MustCompile("(?:^|[.!?:,;\\n]\\s*|\\bthen\\s+|\\bfirst\\s+|\\bplease\\s+)(?:run|execute)\\s+(?:the\\s+command\\s+|this\\s+command\\s*:?\\s*)?`?(?:npx|npm\\s+(?:i|install|exec)|pnpm\\s+dlx|yarn\\s+dlx|bunx|uvx|pipx\\s+run|pip3?\\s+install|curl|wget|brew\\s+install|sudo)\\b[^`\\n]{0,60}")

// secCLICommand is an imperative to run a program with a flag, written in
// a code span at the start of a clause ("Run `acme --setup`", "- Run
// `acme auth login --device`"); the shared lead-in allows a bullet or an
// emoji.
var secCLICommand = regexp.MustCompile(secLeadIn + "(?:please\\s+|then\\s+|first\\s+)?(?:run|execute)\\s+`[a-z][\\w.-]*(?:\\s+[a-z][\\w-]*){0,2}\\s+--?[a-z][\\w-]*[^`\\n]{0,60}`")

// secUserRuns is a sentence that gives a command to the user to run
// ("ask the user to run", "the user should run"), not to the agent.
var secUserRuns = regexp.MustCompile(`\b(?:ask|tell|have|instruct|let|remind)\s+(?:the\s+)?users?\b|\b(?:the\s+)?users?\s+(?:can|should|must|may|needs?\s+to|has\s+to)\s+(?:first\s+)?run\b`)

// secExampleCue ends the text before an example ("e.g.", "Example:").
var secExampleCue = regexp.MustCompile(`\b(?:e\.?g\.?|examples?|for\s+(?:example|instance)|such\s+as)\W*$`)
