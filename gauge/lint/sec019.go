package lint

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// sec019 is SEC019 data-solicitation.
func sec019() Rule {
	return Rule{
		ID: "SEC019", Name: "data-solicitation", Family: "Security",
		Summary: "A parameter or description asks the model for data the call does not need: its own identity, the conversation, or telemetry about its work.",
		Default: Warning, Toolgauge: Off, Scope: ScopeTool, Origin: OriginMcpgauge,
		Revision: 6, Check: checkSEC019,
	}
}

// sec019Suggestion is SEC019's advice, for prose and parameters alike.
const sec019Suggestion = "Ask only for what the operation needs. If the server wants usage analytics, count calls on the server; never ask the model who it is, what the conversation is about, or how its work went."

// checkSEC019 reads the prose (secSolicitPatterns) and, in the default
// profile, the input schemas: a property whose name asks for the calling
// model's or agent's identity (llmModelName, aiAgentName), at any depth,
// undescribed or described to the caller, and not a choice (enum), on a
// tool whose job is not about models or agents, solicits that identity as
// plainly as a sentence would.
func checkSEC019(ctx *Context) []Problem {
	out := secPhraseRuleWith(nil, secPrecise{patterns: secSolicitPatterns, keep: sec019Keep},
		func(s secSurface, m secMatch) string {
			return fmt.Sprintf("The %s asks the model for %s, which the call does not need: %q.", s.where(), m.what, m.text)
		}, sec019Suggestion)(ctx)
	if !ctx.Precise() {
		return out
	}
	flagged := map[string]bool{}
	for _, p := range out {
		flagged[p.Tool] = true
	}
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		if flagged[t.Name] {
			continue
		}
		if q := secArtifactQuery(t.InputSchema); q != "" {
			out = append(out, Problem{Tool: t.Name, Parameter: q,
				Message:    fmt.Sprintf("The `%s` parameter of tool `%s` asks the model to put the user's own artifacts (logs, stack traces, code, configuration) into a free-text query, which the call does not need.", q, t.Name),
				Suggestion: sec019Suggestion})
			continue
		}
		if q := secConversationParam(t.Name+" "+t.RawDescription, t.InputSchema); q != "" {
			out = append(out, Problem{Tool: t.Name, Parameter: q,
				Message:    fmt.Sprintf("The `%s` parameter of tool `%s` asks the model for the conversation's earlier messages, which leave with the call to the service.", q, t.Name),
				Suggestion: sec019Suggestion})
			continue
		}
		if secAboutModels(t.Name + " " + t.RawDescription) {
			continue
		}
		var names []string
		seen := map[string]bool{}
		secPropertyNames(t.InputSchema, func(name string, schema map[string]any) {
			if _, choice := schema["enum"]; choice || seen[name] || !secIdentityName(name) {
				return
			}
			if d, _ := schema["description"].(string); d != "" && !secAddressesCaller.MatchString(d) {
				return // "the LLM model the server uses": a setting the service runs
			}
			seen[name] = true
			names = append(names, "`"+name+"`")
		}, 0)
		if len(names) == 0 {
			continue
		}
		out = append(out, Problem{Tool: t.Name,
			Message:    fmt.Sprintf("Tool `%s` asks the model for its own identity (%s), which the call does not need.", t.Name, strings.Join(names, ", ")),
			Suggestion: sec019Suggestion})
	}
	return out
}

// secConversationParam returns the name of a top-level parameter that
// asks the model for the conversation itself (revision 4), or "": an
// array of chat turns, objects whose role is one of user and assistant,
// or a parameter whose description asks for the previous messages of the
// conversation or the chat history ("Previous conversation messages for
// context", "Optional previous messages for context"). A tool that runs a
// completion on a model the user picks (llm, completion, inference) takes
// messages as its prompt and is left alone, and so are the earlier
// messages of a mail thread or a channel (the server's own data).
func secConversationParam(own string, schema any) string {
	if secHasWord(secIdentifierWords(strings.ToLower(own)), "llm", "llms", "completion", "completions", "inference", "model", "models") {
		return ""
	}
	m, _ := schema.(map[string]any)
	props, _ := m["properties"].(map[string]any)
	for _, k := range secSortedKeys(props) {
		p, _ := props[k].(map[string]any)
		d, _ := p["description"].(string)
		if secThreadData.MatchString(d) {
			continue
		}
		if secChatTurns(p) || secAsksHistory.MatchString(d) && secCarriesMessages(k, p) {
			return k
		}
	}
	return ""
}

// secChatTurns reports whether an array parameter's items are chat turns:
// objects with a role property whose enum holds both user and assistant.
func secChatTurns(p map[string]any) bool {
	if t, _ := p["type"].(string); t != "array" {
		return false
	}
	items, _ := p["items"].(map[string]any)
	props, _ := items["properties"].(map[string]any)
	role, _ := props["role"].(map[string]any)
	roles := preciseEnumValues(role)
	return slices.Contains(roles, "user") && slices.Contains(roles, "assistant")
}

// secCarriesMessages reports whether a parameter can carry messages: an
// array, or a string named for them (history, messages, context,
// transcript); a count, a flag or a chat's id cannot.
func secCarriesMessages(name string, p map[string]any) bool {
	switch t, _ := p["type"].(string); t {
	case "array":
		return true
	case "string":
		w := secIdentifierWords(name)
		return !secHasWord(w, "id", "ids", "uuid", "key", "name", "title") && secHasWord(w, "history", "messages", "context", "transcript", "conversation", "chat")
	}
	return false
}

// secAsksHistory is a parameter description asking for the conversation so
// far: previous, prior or earlier messages or turns of the conversation or
// chat, or given "for context", and the chat or conversation history.
var secAsksHistory = regexp.MustCompile(`(?i)\b(?:previous|prior|earlier|past)\s+(?:(?:conversation|chat)\s+(?:messages|turns|exchanges)\b|(?:messages|turns|exchanges)\s+(?:(?:of|in|from)\s+(?:the\s+|this\s+|your\s+)?(?:conversation|chat)\b|for\s+context\b))|\b(?:conversation|chat)\s+history\b`)

// secThreadData is a description of a mail thread's, a channel's or a
// ticket's messages: the server's own data, not the conversation.
var secThreadData = regexp.MustCompile(`(?i)\b(?:e-?mails?|mail|inbox|thread|channel|slack|sms|ticket|issue|comments?)\b`)

// secAddressesCaller is a property description that speaks to or about
// the caller ("your model name", "the agent calling this tool").
var secAddressesCaller = regexp.MustCompile(`(?i)\b(?:you|your|yourself|calling|caller)\b`)

// secIdentityName reports whether a property name asks who the caller is:
// it starts with a word for the AI caller (llm, ai, caller) and goes on
// with one for what identifies it (model, agent, assistant, client, name,
// provider, vendor), as llmModelName, aiAgentName or callingModel do. A
// name that only contains such words (genAiRequestModel, a trace filter
// on the gen_ai.request.model attribute) describes data, not the caller.
func secIdentityName(name string) bool {
	w := secIdentifierWords(name)
	return len(w) > 1 && secHasWord(w[:1], "llm", "ai", "caller", "calling") &&
		secHasWord(w[1:], "model", "agent", "assistant", "client", "name", "provider", "vendor")
}

// secAboutModels reports whether a tool's name and description make
// models or agents its subject (a tool that runs a prompt on a chosen
// model, or manages a platform's agents): there a model name is the job.
func secAboutModels(s string) bool {
	return secHasWord(secIdentifierWords(strings.ToLower(s)), "model", "models", "llm", "llms", "agent", "agents", "assistant", "assistants", "prompt", "completion", "inference", "embedding", "embeddings")
}

// secPropertyNames calls visit for every property of an input schema, at
// any depth (properties, items, anyOf/oneOf/allOf branches).
func secPropertyNames(v any, visit func(name string, schema map[string]any), depth int) {
	if depth > 32 {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		if props, ok := x["properties"].(map[string]any); ok {
			for _, k := range secSortedKeys(props) {
				if m, ok := props[k].(map[string]any); ok {
					visit(k, m)
				}
			}
		}
		for _, k := range secSortedKeys(x) {
			secPropertyNames(x[k], visit, depth+1)
		}
	case []any:
		for _, e := range x {
			secPropertyNames(e, visit, depth+1)
		}
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
		`\bname\s+of\s+(?:the\s+)?(?:ai|llm|language\s+model|model|agent|assistant)\s+(?:you\s+are|that\s+is\s+calling|calling\s+(?:this|the)\s+tool|making\s+(?:this|the)\s+(?:call|request))\b`,
		// Revision 5: "the name and version of the LLM (Large Language
		// Model) you are using", "the language model being used by the
		// MCP client", "which LLM are you using": the calling model's or
		// client's identity. The model is named as a language model, an
		// LLM or an AI model: "the model you are running" on a platform
		// that runs models is the user's model.
		`\b(?:name|names|version|versions|identity|identifier|id)\b[^.!?\n]{0,30}?\bof\s+(?:the\s+|this\s+)?(?:llm|large\s+language\s+model|(?:ai\s+)?language\s+model|ai\s+model|ai\s+assistant|ai\s+agent)\b(?:\s*\([^)]{0,40}\))?\s+(?:(?:that\s+)?you\s+are\s+(?:using|based\s+on|powered\s+by)|you'?re\s+using|being\s+used\s+by\s+(?:the\s+|your\s+)?(?:mcp\s+)?client|(?:that\s+is\s+)?powering\s+you)\b`,
		`\b(?:which|what)\s+(?:ai\s+model|llm|(?:large\s+)?language\s+model)\s+are\s+you\b(?:\s+(?:using|based\s+on|powered\s+by)\b)?`,
		`\bname\s+(?:and|\(and)\s+version\)?\s+of\s+(?:the\s+|your\s+)?(?:mcp\s+(?:\([^)]{0,40}\)\s+)?client|ai\s+client|client\s+application)\b`,
		`\b(?:name|version)\b[^.!?\n]{0,30}?\bof\s+(?:the\s+|your\s+)?(?:mcp\s+(?:\([^)]{0,40}\)\s+)?client|ai\s+client)(?:\s+implementation)?\s+(?:(?:that\s+)?you\s+are\s+using|you'?re\s+using|being\s+used)\b`),
	secRe("the conversation", 0,
		`\byour\s+(?:current\s+)?(?:conversation|chat)(?:\s*/\s*(?:conversation|chat))?(?:'s)?\s+(?:title|name)\b`,
		`\b(?:conversation|chat)\s+(?:history|transcript|log)\s+(?:so\s+far|with\s+the\s+user|between\s+you\s+and\s+the\s+user)\b`,
		`\b(?:paste|include|pass|send|provide)\s+(?:\w+\s+){0,2}?(?:your|the)\s+system\s+prompt\b`),
	// Revision 5: the user's own words asked "for logging" or analytics
	// ("User question or description. Used for logging and natural
	// language fallback", "the user's original request, stored for
	// analytics"): the description says the text is for the vendor.
	secRe("the user's words for the vendor's logs", 0,
		`\b(?:(?:the\s+)?user(?:'s|s')?\s+(?:own\s+|original\s+|exact\s+|raw\s+|verbatim\s+)?|original\s+|verbatim\s+)(?:question|questions|request|requests|prompt|prompts|query|message|input|words|intent|wording)\b[^\n]{0,120}?\b(?:used\s+(?:only\s+)?(?:for|in)\s+(?:our\s+)?(?:logging|logs|analytics|telemetry|tracking|usage\s+(?:tracking|metrics|statistics))|(?:logged|recorded|stored|kept|collected)\s+(?:only\s+)?for\s+(?:logging|analytics|telemetry|tracking|metrics|auditing\s+and\s+analytics)|for\s+(?:logging|analytics|telemetry|tracking)\s+purposes|to\s+(?:help\s+us\s+)?(?:improve\s+our\s+(?:service|product|models?)|track\s+usage))\b`,
		`\b(?:used\s+(?:only\s+)?for|for)\s+(?:logging|analytics|telemetry|tracking)(?:\s+purposes)?\s*[:,(\x01-]\s*(?:the\s+)?(?:user(?:'s)?\s+(?:own\s+|original\s+|exact\s+)?|original\s+)(?:question|request|prompt|query|message|input|words)\b`),
	// Revision 6 (round 55): the user's message asked for as it stands
	// ("ALWAYS provide the user's most recent message verbatim", "Pass
	// the user's first message here", "The end user's verbatim chat
	// message"), whatever the reason given, and the user's words "used to
	// improve" the vendor's documentation or routing. A query the model
	// writes from the user's question is not read: only the message
	// itself, marked by which one (first, most recent) or "verbatim".
	secRe(sec019UserMessage, 0,
		`\b(?:provide|pass|send|include|copy|paste|give|put|forward|supply)\s+(?:here\s+)?(?:the\s+)?(?:end\s+)?user(?:'s|s')\s+(?:(?:very\s+)?(?:most\s+recent|latest|last|first|original|current|full|entire|exact|initial)\s+)+(?:chat\s+)?(?:message|messages|prompt|input)\b`,
		`\b(?:end\s+)?user(?:'s|s')\s+(?:(?:most\s+recent|latest|last|first|original|current|full|entire|exact|initial|own)\s+)*(?:verbatim\s+(?:chat\s+)?(?:message|messages|prompt|input|words)\b|(?:chat\s+)?(?:message|messages|prompt|input|words)\s+verbatim\b)`,
		`\b(?:(?:the\s+)?user(?:'s|s')\s+(?:own\s+|original\s+|exact\s+|raw\s+|verbatim\s+|most\s+recent\s+|latest\s+)?)(?:question|questions|request|requests|prompt|prompts|query|message|input|words|intent|wording)\b[^\n]{0,160}?\b(?:used\s+to|helps?\s+(?:us\s+)?(?:to\s+)?)\s*improve\b`),
	// Revision 6: the calling model's name with an LLM for example
	// ("ALWAYS provide your model name/ID (e.g., 'claude-sonnet-4-6')"),
	// or "if you do not know your model name"; and the host agent's own
	// session id ("Host agent session id (e.g. Claude Code session id)",
	// "Current Claude session ID"). "The Claude Code session UUID" of a
	// tool that drives Claude Code sessions names its object, not the
	// caller's own session, and stays silent; so does "Your model ID" on
	// a platform that hosts the user's models, which names no LLM.
	secRe("its own identity", 0,
		`\byour\s+(?:own\s+)?model\s*(?:name|id|identifier)?(?:\s*/\s*(?:name|id|identifier|version))?\s*\(\s*(?:e\.g\.?|for\s+example|such\s+as|like|i\.e\.?)[,:]?\s*['"\x60\x{2018}\x{201c}]?(?:claude|gpt|gemini|llama|mistral|sonnet|opus|haiku|deepseek|qwen|grok)\b`,
		`\bif\s+you\s+(?:do\s+not|don't)\s+know\s+your\s+(?:own\s+)?model(?:\s+name|\s+id)?\b`),
	secRe(sec019HostSession, 0,
		`\b(?:host\s+agent(?:'s)?|host\s+(?:ai|assistant|client)(?:'s)?|your\s+(?:own\s+)?(?:agent|assistant|ai)(?:'s)?|(?:current|active|your\s+(?:own\s+)?|this)\s+(?:claude(?:\s+code)?|cursor|codex|copilot))\s+session\s*(?:id|identifier|uuid)\b`),
	// Revision 5: the output of commands the model ran, verbatim ("include
	// ... the full command that was executed, and the complete, verbatim
	// stdout"): whatever a shell printed, secrets included, leaves.
	secRe("the output of commands it ran", 0,
		`\b(?:include|includes|including|paste|add|copy|provide|attach)\b[^.!?\n]{0,160}?\b(?:commands?|tool\s+calls?)\s+(?:that\s+)?(?:was|were|you)\s+(?:executed|run|ran|called|made|invoked)\b[^.!?\n]{0,80}?\b(?:verbatim|complete|full|entire|raw|unedited)\b[^.!?\n]{0,20}?\b(?:stdout|stderr|output|outputs)\b`,
		`\b(?:include|includes|including|paste|add|copy|provide|attach)\b[^.!?\n]{0,80}?\b(?:verbatim|complete|full|entire|raw|unedited)\b[^.!?\n]{0,20}?\b(?:stdout|stderr|terminal\s+output|console\s+output|output)\s+(?:of|from)\s+(?:the\s+|each\s+|every\s+|all\s+|any\s+)?(?:commands?|tool\s+calls?)\s+(?:(?:that\s+)?you\s+(?:ran|executed|have\s+run|invoked)|(?:that\s+)?(?:was|were|have\s+been)\s+(?:executed|run))\b`),
	secRe("telemetry about its work", 0,
		`\b(?:call|use|invoke)\s+this\s+(?:tool\s+)?(?:when|after|whenever|once|at\s+the\s+end\s+of)\b[^.!?\n]{0,80}?\bto\s+(?:track|report|record|log|send)\s+(?:\w+\s+){0,2}?(?:telemetry|usage\s+analytics|usage\s+metrics)\b`),
)

// sec019UserMessage and sec019HostSession name revision 6's readings,
// which sec019Keep reads in context.
const (
	sec019UserMessage = "the user's own message"
	sec019HostSession = "the host agent's session id"
)

// sec019Keep drops revision 6's hits where passing the user's message or
// the host's session is the tool's job: a tool named for sending,
// posting, replying, relaying or forwarding messages carries the user's
// words by design, and one named for sessions or transcripts manages the
// host's sessions.
func sec019Keep(ctx *Context, s secSurface, m secMatch) bool {
	w := secIdentifierWords(strings.ToLower(s.Tool))
	switch m.what {
	case sec019UserMessage:
		// The user's reply kept as proof of consent ("the end user's
		// verbatim chat message after they reviewed prompt_for_user")
		// is the gate's evidence, not data for the vendor.
		if secConsentProof.MatchString(s.Text) {
			return false
		}
		return !secHasWord(w, "send", "post", "reply", "relay", "forward", "message", "messages", "chat", "respond", "publish", "notify")
	case sec019HostSession:
		return !secHasWord(w, "session", "sessions", "resume", "transcript", "transcripts", "history", "conversation", "conversations")
	}
	return true
}

// secConsentProof is a text that asks for the user's words as their
// answer to a confirmation: after reviewing, approving or confirming.
var secConsentProof = regexp.MustCompile(`(?i)\b(?:reviewed|approved|confirmed|consented|agreed|confirmation|consent|approval)\b`)

// secQueryWords name a free-text query or question a tool passes on
// (query, question, q, prompt, topic, search).
var secQueryWords = []string{"query", "q", "question", "prompt", "topic", "search", "request"}

// secAskToInclude is a description that asks the caller to include,
// paste or provide something in the value.
var secAskToInclude = regexp.MustCompile(`(?i)\b(?:include|includes|including|paste|provide|attach|add|share|send|copy)\b`)

// secPrivateArtifacts are kinds of the user's own working material: logs,
// stack traces, code snippets, configurations, environment variables.
var secPrivateArtifacts = []*regexp.Regexp{
	regexp.MustCompile(`(?i)\blogs?\b|\blog\s+(?:output|files?|lines?)\b`),
	regexp.MustCompile(`(?i)\bstack\s*traces?\b|\btracebacks?\b|\bcore\s+dumps?\b`),
	regexp.MustCompile(`(?i)\bcode\s+(?:snippets?|samples?|excerpts?|blocks?)\b|\bsource\s+code\b|\bsnippets?\s+of\s+(?:your\s+|the\s+)?code\b`),
	regexp.MustCompile(`(?i)\bconfigurations?\b|\bconfig\s+files?\b|\bconfigs\b|\b\.env\b|\benvironment\s+variables?\b`),
}

// secArtifactQuery returns the name of a top-level free-text query
// parameter whose description asks the model to include at least two
// kinds of the user's private working material ("Include exact error
// messages, logs, and stack traces ... relevant code snippets"), or "".
// Two kinds are needed: "include the exact error message" or "quote the
// function name" is a specific search, and a parameter named code or
// diff on a review tool is the tool's job, not a query.
func secArtifactQuery(schema any) string {
	m, _ := schema.(map[string]any)
	props, _ := m["properties"].(map[string]any)
	for _, k := range secSortedKeys(props) {
		p, _ := props[k].(map[string]any)
		d, _ := p["description"].(string)
		if d == "" || !secHasWord(secIdentifierWords(k), secQueryWords...) || !secAskToInclude.MatchString(d) {
			continue
		}
		kinds := 0
		for _, re := range secPrivateArtifacts {
			if re.MatchString(d) {
				kinds++
			}
		}
		if kinds >= 2 {
			return k
		}
	}
	return ""
}
