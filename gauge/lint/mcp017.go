package lint

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// mcp017 is MCP017 description-names-unknown-tool.
func mcp017() Rule {
	return Rule{
		ID: "MCP017", Name: "description-names-unknown-tool", Family: "Description",
		Summary: "A description tells the model to use a tool the server does not have.",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge,
		Revision: 28, Check: checkMCP017,
	}
}

// checkMCP017 finds a tool description that tells the model to call a tool
// the server does not have.
func checkMCP017(ctx *Context) []Problem {
	if !ctx.Precise() {
		return nil
	}
	for i := range ctx.Tools {
		if unkActivatesTools(ctx.Tools[i].RawDescription) {
			return nil
		}
	}
	names := knownNames(ctx)
	var out []Problem
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		self := unkNormal(t.Name)
		reported := map[string]bool{}
		// Revision 20: the values the tool's tool-name parameter lists
		// are names of the tools it runs elsewhere, not missing tools.
		for v := range toolNameValues(t) {
			reported[v] = true
		}
		// Revision 22: the values the tool's own parameters list in
		// prose ("Operation: status, list_files, validate_clean") are its
		// operations, actions or step types, not tools.
		for v := range ownValueLists(t) {
			reported[v] = true
		}
		// The description, then each parameter's: "List them with
		// list_saved_locations" in a parameter's text steers the model as
		// much as the tool's own.
		unknown := unkNamesIn(ctx, t.RawDescription, self, names, reported)
		for _, pn := range t.ParamNames() {
			if sub, ok := t.Params()[pn].(map[string]any); ok {
				texts := unkSchemaTexts(sub, 0)
				if d, ok := sub["description"].(string); ok && len(texts) > 0 && texts[0] == d {
					unknown = append(unknown, unkNamesIn(ctx, d, self, names, reported)...)
					unknown = append(unknown, instrExampleToolNames(ctx, d, self, names, reported)...)
					texts = texts[1:]
				}
				for _, d := range texts {
					unknown = append(unknown, unkNestedNamesIn(ctx, d, self, names, reported)...)
					// Revision 16: the examples of a field that holds a
					// tool's name (tool_name_refs.go).
					unknown = append(unknown, instrExampleToolNames(ctx, d, self, names, reported)...)
				}
			}
		}
		missingPrompts := unkPromptsIn(ctx, t.RawDescription)
		// Revision 17: an endpoint path the description sends the model
		// to (endpoint_path_refs.go).
		paths := endpointPathRefs(ctx, t.RawDescription)
		// Revision 18: an HTTP method and path given as a step for the
		// model (operation_steps.go).
		for _, p := range stepEndpointRefs(ctx, t.Name, t.RawDescription) {
			if !slices.Contains(paths, p) {
				paths = append(paths, p)
			}
		}
		if len(unknown) == 0 && len(paths) > 0 {
			out = append(out, Problem{Tool: t.Name,
				Message:    fmt.Sprintf("The description of `%s` tells the model to use the endpoint %s, but the model calls tools, not API paths, and no tool of this server takes a path or URL.", t.Name, endpointPathNames(ctx, t.Name, paths)),
				Suggestion: "Name the tool that wraps that endpoint, as tools/list lists it; a model sent to an API path cannot call it and must guess which tool is meant."})
			if len(missingPrompts) > 0 {
				out[len(out)-1].Message += fmt.Sprintf(" It also tells the model to use %s, which the server does not list.", unkPromptList(missingPrompts))
			}
			continue
		}
		if len(unknown) == 0 {
			if len(missingPrompts) > 0 {
				out = append(out, Problem{Tool: t.Name,
					Message:    fmt.Sprintf("The description of `%s` tells the model to use %s, but this server lists no prompt of that name.", t.Name, unkPromptList(missingPrompts)),
					Suggestion: "Name only prompts the server lists in prompts/list, or put the guidance in the description itself; a model told to use a missing prompt cannot follow it."})
			}
			continue
		}
		var parts []string
		for _, n := range unknown {
			if real, ok := shapeSuggest(ctx, n); ok {
				parts = append(parts, fmt.Sprintf("`%s` (did you mean `%s`?)", n, real))
			} else {
				parts = append(parts, fmt.Sprintf("`%s`", n))
			}
		}
		out = append(out, Problem{Tool: t.Name,
			Message:    fmt.Sprintf("The description of `%s` refers to %s as %s, but this server has no tool of that name.", t.Name, strings.Join(parts, ", "), map[bool]string{true: "tools", false: "a tool"}[len(parts) > 1]),
			Suggestion: "Name the server's tools exactly as tools/list lists them; a model told to call a missing tool wastes a turn or calls another server's tool of that name."})
		if len(paths) > 0 {
			out[len(out)-1].Message += fmt.Sprintf(" It also sends the model to the endpoint %s, which no tool takes.", endpointPathNames(ctx, t.Name, paths))
		}
		if len(missingPrompts) > 0 {
			out[len(out)-1].Message += fmt.Sprintf(" It also tells the model to use %s, which the server does not list.", unkPromptList(missingPrompts))
		}
	}
	return out
}

// shapeSuggest is the server tool a missing name n most likely means: the
// tool its shape resolves to, else the tool whose name ends the same way.
func shapeSuggest(ctx *Context, n string) (string, bool) {
	if real, ok := serverToolShape(ctx).resolve(n, true); ok {
		return real, true
	}
	if real, ok := shapeTailTool(ctx, n); ok {
		return real, true
	}
	return stepRunTool(ctx, n)
}

// unkNamesIn returns the identifiers a text presents as tools that the
// server does not have, skipping those already reported. A name counts
// when the text calls it a tool ("use X", "X tool", a list of tools) or
// when it is a bare snake_case name shaped like a tool (list_saved_locations:
// a verb first, two words or more) that is no name of the server's
// (parameter, field, enum value) and that the text does not give to
// something else (an API path, a scope, a field, another product).
func unkNamesIn(ctx *Context, raw, self string, names *serverNames, reported map[string]bool) []string {
	// Names shown in fenced blocks are examples, not references.
	desc := preciseFence.ReplaceAllString(raw, " ")
	var unknown []string
	shape := serverToolShape(ctx)
	prevTool, prevFam := -1, -1
	listed := srfToolListNames(desc)
	calls := codeCallNames(desc)
	for _, m := range srfIdentifier.FindAllStringSubmatchIndex(desc, -1) {
		g := 1
		if m[2] < 0 {
			g = 2
		}
		name := strings.Trim(desc[m[2*g]:m[2*g+1]], "'\"")
		before := desc[:m[0]]
		if k := len(before); k > 0 && (before[k-1] == '\'' || before[k-1] == '"') {
			before = before[:k-1]
		}
		after := desc[m[1]:]
		verb := unkPrevWord.MatchString(before[max(0, len(before)-32):])
		paren := strings.HasPrefix(after, "(")
		// "replaces get_a, get_b, and get_c": the items joined to a
		// tool reference are tools too.
		joined := prevTool >= 0 && prevTool <= m[0] && unkJoin.MatchString(desc[prevTool:m[0]])
		// Revision 20: how the text calls the name, for a name shaped
		// like the server's tools (tool_families.go); "Pair claims_grant
		// + claims_check" joins the second to the first.
		nf, nt := m[2*g], m[2*g+1]
		place := famPlaceOf(desc, nf, nt, prevFam >= 0 && prevFam <= m[0] && famJoin.MatchString(desc[prevFam:m[0]]))
		prevFam = -1
		if place.called || names.tools[strings.ToLower(name)] {
			prevFam = m[1]
		}
		if paren && !verb && !joined && !listed[m[0]] && srfCodeSentence(desc, m[0], m[1]) {
			// "build it with GDScript.new() and set_script() it onto a
			// holder": a call form no call verb introduces, in a
			// sentence that writes code, is a function of that code.
			prevTool = -1
			continue
		}
		if calls[name] && !verb && !joined && !listed[m[0]] {
			// Revision 22: a name the text writes as a call with
			// arguments (getLatestLogs({ page }), describeCertificates(
			// SearchKey=domain)) or as a member called on an object
			// (state.page.removeAllListeners()) is a function of code or
			// of an upstream API: a model calls a tool by its name and
			// a JSON object, never in that form. After a call verb
			// ("Call search_tickets(query) first") it is a tool with
			// its argument named, as in the srfCodeSentence test above.
			prevTool = -1
			continue
		}
		// "sprint in openSprints()" inside a quoted example is a
		// function of the query language, not a tool: a call form
		// inside an open quote names a tool only after a call verb.
		toolContext := verb || joined || listed[m[0]] || srfToolAfter(after) && !(paren && (srfInCode(before) || unkQuoted(desc, m[0])))
		bare := !toolContext && g == 2 && strings.Contains(name, "_") && unkBareToolLike(name) && !unkValueName(name) && !unkElsewhere(desc, m[0], m[1]) && !unkFieldList(desc, m[0], m[1]) && !unkImplementationGloss(desc, m[0], m[1])
		prevTool = -1
		if toolContext {
			prevTool = m[1]
		}
		if unkNormal(name) == self {
			continue // the tool itself, or the API function it wraps (findMeetingTimes in find-meeting-times)
		}
		if toolContext && unkAttributed(desc, m[0], m[1]) {
			toolContext = false
		}
		if srfNotTool(after) || names.has(name, true, false) || reported[name] {
			continue
		}
		if unkConstant(ctx, name) {
			// Revision 22: AWAITING_COMMENTS_RESOLUTION is a phase or
			// status constant, not post_comments_resolution renamed.
			continue
		}
		if real, ok := shape.resolve(name, toolContext); ok {
			// A stale name of one of the server's tools (another prefix,
			// none, shortened) refers to it wherever it stands in prose,
			// unless the text says it is something else.
			plain := strings.ContainsAny(name, "_-.") && !strings.ContainsAny(name, "/:=") && !unkValueName(name) && !unkElsewhere(desc, m[0], m[1])
			if unkNormal(real) != self && (toolContext || bare || plain || stepArrowItem(desc, m[0], m[1]) && stepChainSteps(ctx, desc, m[0], m[1])) && !reported[strings.ToLower(name)] {
				reported[name] = true
				reported[strings.ToLower(name)] = true
				unknown = append(unknown, name)
			}
			continue
		}
		// Revision 17: a name the text calls that ends one tool's name,
		// the server's prefix and the words after it dropped (zip_list
		// for vaulttools_file_zip_list), is that tool's name shortened.
		if real, ok := shapeTailTool(ctx, name); ok && toolContext {
			if unkNormal(real) != self && !reported[strings.ToLower(name)] {
				reported[name] = true
				reported[strings.ToLower(name)] = true
				unknown = append(unknown, name)
			}
			continue
		}
		// Revision 18: a name that is an item of a chain of steps
		// ("get_upload_url -> upload to S3 -> register_file") and a run
		// of one tool's words, the others left out, is that tool's name
		// shortened and re-separated (operation_steps.go).
		// The memoised run lookup goes first: the chain is read only for
		// a name that is some tool's run of words.
		if real, ok := stepRunTool(ctx, name); ok && stepArrowItem(desc, m[0], m[1]) && stepChainSteps(ctx, desc, m[0], m[1]) {
			if unkNormal(real) != self && !reported[strings.ToLower(name)] {
				reported[name] = true
				reported[strings.ToLower(name)] = true
				unknown = append(unknown, name)
			}
			continue
		}
		// Revision 20: a name in the shape of a family of the server's
		// tools that the text calls (claims_grant beside claims_*), or a
		// tool's name with its leading segments dropped
		// (federation_admit for x_federation_admit).
		if !reported[strings.ToLower(name)] && famMissingTool(ctx, desc, name, self, nf, nt, place, false) {
			reported[name] = true
			reported[strings.ToLower(name)] = true
			unknown = append(unknown, name)
			continue
		}
		// Revision 21: a name in a two-segment family of the server's
		// tools (manage_jira_plan beside manage_jira_issue and
		// manage_jira_filter) names a member the server does not have,
		// wherever it stands in prose, unless the text says it is
		// something else.
		if !reported[strings.ToLower(name)] && unkNormal(name) != self && famPairMissing(ctx, desc, name, nf, nt) {
			reported[name] = true
			reported[strings.ToLower(name)] = true
			unknown = append(unknown, name)
			continue
		}
		// A name that means none of the server's tools is a tool only if
		// it is written as they are (their separators, and their prefix
		// unless a call verb introduces it): post_name beside respira_*
		// tools is a field.
		if !(toolContext || bare) || !(unkToolLike(ctx, name) || listed[m[0]] && unkListedName(name)) || !shape.shaped(name, !toolContext) {
			continue
		}
		reported[name] = true
		unknown = append(unknown, name)
	}
	// A kebab-case name in quotes after a call verb ("first call
	// 'currents-get-test-signature'") is a tool reference too.
	for _, m := range unkQuotedKebab.FindAllStringSubmatchIndex(desc, -1) {
		name := desc[m[2]:m[3]]
		if !unkPrevWord.MatchString(desc[max(0, m[0]-32):m[0]]) || unkNormal(name) == self || reported[name] ||
			names.has(name, true, false) || !unkToolLike(ctx, name) || unkAttributed(desc, m[0], m[1]) {
			continue
		}
		if real, ok := shape.resolve(name, true); ok && unkNormal(real) == self || !ok && !shape.shaped(name, false) {
			continue
		}
		reported[name] = true
		unknown = append(unknown, name)
	}
	// A bare kebab-case name the text calls a tool ("from the
	// get-activities tool", "run list-runs first") on a server whose tools
	// are kebab-case, in the words of its tools (every word but the verb
	// is a word of some tool), is a tool reference too: "read-only tool"
	// or "built-in tool" are not in a server's words.
	for _, m := range unkBareKebab.FindAllStringSubmatchIndex(desc, -1) {
		from, to := m[2], m[3]
		name := desc[from:to]
		if reported[name] || names.has(name, true, false) || unkNormal(name) == self || srfNotTool(desc[to:]) {
			continue
		}
		// Revision 20: on any server, a kebab-case name in the shape of
		// its tools (a family, a tool's end) or a stale name of one of
		// them ("available from list-routes" for list-cds-routes) where
		// the text calls it.
		place := famPlaceOf(desc, from, to, false)
		if famMissingTool(ctx, desc, name, self, from, to, place, true) || famPairMissing(ctx, desc, name, from, to) {
			reported[name] = true
			unknown = append(unknown, name)
			continue
		}
		if place.called || place.from {
			// The place is checked first: resolve walks the tools.
			if real, ok := shape.resolve(name, true); ok && unkNormal(real) != self && !famOther(desc, name, from, to) {
				reported[name] = true
				unknown = append(unknown, name)
				continue
			}
		}
		if shape.style == shapeKebab {
			// After a call verb the name must end its phrase ("Run
			// list-segments first."): "running post-call Language
			// Operators" uses it as a modifier.
			called := unkPrevWord.MatchString(desc[max(0, from-32):from]) && unkPhraseEnd.MatchString(desc[to:min(len(desc), to+16)]) || srfToolAfter(desc[to:])
			if !called || unkNormal(name) == self || reported[name] || names.has(name, true, false) || !unkToolLike(ctx, name) ||
				!shape.inVocabulary(name) || unkAttributed(desc, from, to) || srfNotTool(desc[to:]) {
				continue
			}
			if real, ok := shape.resolve(name, true); ok && unkNormal(real) == self {
				continue
			}
			reported[name] = true
			unknown = append(unknown, name)
		}
	}
	return unknown
}

// unkPhraseEnd follows a name that ends its phrase: punctuation, the end,
// or a word that goes with a call (first, next, then, to, with, and …).
var unkPhraseEnd = regexp.MustCompile(`(?i)^(?:$|[^\sA-Za-z0-9-]|\s+(?:first|next|then|to|with|for|and|or|instead|before|after|again|on|in)\b|\s*$)`)

// unkBareKebab is a kebab-case name in prose, not part of a longer token
// (a path, a URL, a flag).
var unkBareKebab = regexp.MustCompile(`(?:^|[\s(])([a-z][a-z0-9]*(?:-[a-z0-9]+)+)\b`)

// unkQuotedKebab is a kebab-case name in single or double quotes (a name
// in backticks is read by srfIdentifier).
var unkQuotedKebab = regexp.MustCompile(`['"\x{2018}\x{201c}]([a-z][a-z0-9]*(?:-[a-z0-9]+)+)['"\x{2019}\x{201d}]`)

var (
	// unkOtherBefore precedes a bare name that is something other than a
	// tool: a path or URL part, a member, a key=value, a possessive
	// ("Slack's chat_post_message"), or a noun that says what it is
	// ("scope read_user", "the endpoint get_items", "event
	// create_issue").
	unkOtherBefore = regexp.MustCompile(`(?i)(?:[/.?&=$@#:\\<{\[-]|'s\s+|\x{2019}s\s+|\b(?:scopes?|permissions?|endpoints?|api|apis|routes?|fields?|columns?|param(?:eter)?s?|propert(?:y|ies)|attributes?|keys?|events?|types?|flags?|options?|env|variables?|tables?|functions?|methods?|actions?|operations?|commands?|mode|webhooks?|hooks?|queries|query|mutations?|rpcs?|procedures?|roles?|values?)\s*[:=]?\s*)$`)
	// unkOtherSentence gives the names of its sentence to another
	// product: another server, an extension, a plugin.
	unkOtherSentence = regexp.MustCompile(`(?i)\b(?:another|other|different|external|third[- ]party|separate|companion)\s+(?:mcp\s+)?(?:servers?|toolsets?|mcps?|extensions?|plugins?|integrations?|apps?|products?)\b|\b(?:from|of|in|by|on|via|if)\s+(?:the\s+|an?\s+)?([\w.-]+)\s+(?:mcp|server|extension|plugin|integration|sdk|cli)\b`)
)

// unkBareToolLike reports whether a bare snake_case name, with nothing
// around it calling it a tool, reads as one by its own shape: a tool verb
// first and two words or more (list_saved_locations). A name that only
// shares the server's prefix (pg_stat_statements beside pg_* tools) is as
// likely a table, a view or an extension.
func unkBareToolLike(name string) bool {
	words := secIdentifierWords(name)
	return len(words) >= 2 && unkVerbs[words[0]] && strings.ToLower(name) == name
}

// unkValueWords end a bare name that holds a value rather than doing
// something: upload_id, upload_url, query_region, next_token.
var unkValueWords = map[string]bool{"id": true, "ids": true, "url": true, "urls": true, "uri": true, "uris": true,
	"region": true, "token": true, "tokens": true, "etag": true, "hash": true}

// unkValueName reports whether a bare tool-shaped name reads as a value by
// its last word (upload_id: the id an upload returns), unless "by" comes
// before it (get_user_by_id looks something up).
func unkValueName(name string) bool {
	words := secIdentifierWords(name)
	n := len(words)
	return n >= 2 && unkValueWords[words[n-1]] && words[n-2] != "by"
}

// unkElsewhere reports whether the bare name at desc[from:to] belongs to
// something other than this server's tools: the text before it says what
// it is, the text after it does (srfNotTool, hedged), or its sentence
// gives it to another product.
func unkElsewhere(desc string, from, to int) bool {
	before := desc[max(0, from-24):from]
	if unkQuoted(desc, from) {
		return true // a quoted value: a field name in a list, a string in a JSON example
	}
	if unkOtherBefore.MatchString(before) || srfHedged(desc[to:]) {
		return true
	}
	if to < len(desc) {
		next := desc[to]
		member := next == '.' && to+1 < len(desc) && (desc[to+1] == '_' || desc[to+1] >= 'a' && desc[to+1] <= 'z' || desc[to+1] >= 'A' && desc[to+1] <= 'Z')
		if member || strings.IndexByte("/:=[{", next) >= 0 {
			return true // a path, member, key or index: get_user/1, list_x.y, get_x=1
		}
	}
	window := desc[max(0, from-unkWindow):from]
	if open := unkOpenGroup(window); open >= 0 && window[open] == '{' {
		return true // a key or value of an object: {category, post_tag, ...}, {"op": "find_and_replace"}
	}
	return unkAttributed(desc, from, to) || unkResponseField(desc, from)
}

// unkFieldList reports whether the bare name at desc[from:to] is one item
// of a run of three or more items, two or more of them names, joined by
// commas ("includes target_id,
// original_id, is_duplicate and post_status"; "supports
// strip_inline_styles, find_and_replace, and custom operations") with no
// call verb before the run: a list of fields, options or values, as a list
// of tools is introduced as one (MCP017 reads "replaces get_a, get_b and
// get_c" and "Related tools: a, b" as tools before this is asked).
func unkFieldList(desc string, from, to int) bool {
	clause := unkClause(desc, from, to, ".;:!?\n")
	if unkCallWord.MatchString(clause) {
		return false // "call get_user, then update_user, and delete_user": a sequence of calls
	}
	items := unkListSplit.Split(clause, -1)
	names := 0
	for _, item := range items {
		if unkListName.MatchString(strings.TrimSpace(item)) {
			names++
		}
	}
	return len(items) >= 3 && names >= 2
}

var (
	// unkCallWord in a clause makes its names calls.
	unkCallWord = regexp.MustCompile(`(?i)\b(?:call|calls|calling|use|using|invoke|run|try|then|first|before|after|tools?)\b`)
	// unkListSplit separates the items of a run of names.
	unkListSplit = regexp.MustCompile(`\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+`)
	// unkListName is an item of a run that ends with a compound name
	// (words before it, a parenthesised note after it allowed).
	unkListName = regexp.MustCompile("[`'\"]?[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+[`'\"]?(?:\\s*\\([^)]*\\))?$")
)

// unkResponseLabel opens a sentence that lists what a tool returns
// ("Response: items[] (…)", "Returns: id, start_time", "Output fields:").
var unkResponseLabel = regexp.MustCompile(`(?i)^\W*(?:the\s+)?(?:response|responses|returns?|output|outputs|results?|fields|response\s+(?:shape|fields|format|schema)|output\s+(?:shape|fields|format|schema))\b[^:\n]{0,24}:`)

// unkResponseField reports whether the name at desc[from] is a field of
// the tool's response or of a listed object, not a tool: it lies in a
// group opened right after a list of objects (`events[] (start_time, …)`,
// `items[]{id, …}`), or its sentence opens with a response label
// ("Response: …", "Returns: …").
func unkResponseField(desc string, from int) bool {
	lo := max(0, from-unkWindow)
	before := desc[lo:from]
	if open := unkOpenGroup(before); open >= 0 {
		lead := strings.TrimRight(before[:open], " \t")
		if strings.HasSuffix(lead, "[]") || unkFieldGroup(lead, before[open+1:]) {
			return true
		}
	}
	start := strings.LastIndexAny(before, ".!?\n") + 1
	return unkResponseLabel.MatchString(before[start:])
}

// unkGroupNoun is a plural noun (with the words before it on its line)
// right before a parenthesised group: "Timestamps (start_date,
// start_date_local)", "Speed metrics (avg_speed, max_speed)".
var unkGroupNoun = regexp.MustCompile(`(?i)\b([a-z]{3,}s)$`)

// unkToolNouns are plural nouns whose parenthesised group lists tools.
var unkToolNouns = map[string]bool{"tools": true, "functions": true, "commands": true, "utilities": true, "helpers": true,
	"calls": true, "actions": true, "operations": true, "steps": true}

// unkNotPlural are words ending in s that are no plural nouns ("after
// this (until wordpress_end_session)").
var unkNotPlural = map[string]bool{"this": true, "its": true, "his": true, "was": true, "has": true, "does": true,
	"always": true, "unless": true, "thus": true, "plus": true, "less": true, "perhaps": true, "across": true, "yours": true, "theirs": true}

// unkFieldGroup reports whether a parenthesised group, opened right after
// lead and holding inside so far, lists the fields of a kind of data: a
// plural noun that is no kind of tool before it ("Timestamps (", "Speed
// metrics ("), and nothing in the group but names and commas, so
// "Timestamps (start_date, start_date_local)" names two fields of the
// response, not two tools.
func unkFieldGroup(lead, inside string) bool {
	m := unkGroupNoun.FindStringSubmatch(lead)
	if m == nil || unkToolNouns[strings.ToLower(m[1])] || unkNotPlural[strings.ToLower(m[1])] {
		return false
	}
	return strings.Trim(inside, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_, \x60'\"") == ""
}

// unkOpenGroup is the index in s of the innermost parenthesis or brace
// left open at its end, or -1.
func unkOpenGroup(s string) int {
	depth := 0
	for i := len(s) - 1; i >= 0; i-- {
		switch s[i] {
		case ')', '}':
			depth++
		case '(', '{':
			if depth == 0 {
				return i
			}
			depth--
		}
	}
	return -1
}

// unkAttributed reports whether the sentence around desc[from:to] gives
// the name to another product, so even "its create_pull_request tool" is
// no tool of this server.
// The sentence is read at most unkWindow bytes either side, so checking
// every identifier of a long hostile text stays linear.
func unkAttributed(desc string, from, to int) bool {
	return unkOtherProduct(unkClause(desc, from, to, ".!?\n"))
}

// unkClause is the text around desc[from:to] that no character of stops
// cuts, read at most unkWindow bytes either side.
func unkClause(desc string, from, to int, stops string) string {
	lo := max(0, from-unkWindow)
	start := lo + strings.LastIndexAny(desc[lo:from], stops) + 1
	tail := desc[to:min(len(desc), to+unkWindow)]
	end := strings.IndexAny(tail, stops)
	if end < 0 {
		end = len(tail)
	}
	return desc[start : to+end]
}

// unkImplementationGloss reports whether the bare name at desc[from:to]
// stands alone in parentheses to gloss the component before it ("the
// vt100 parser (set_size)", "the PTY master (MasterPty::resize)"): the
// text explains how the tool is built, it tells the model to call
// nothing. The parenthesis must follow a component noun, or its sentence
// must name another implementation member as Type::method.
func unkImplementationGloss(desc string, from, to int) bool {
	before := strings.TrimRight(desc[:from], "`'\"")
	after := strings.TrimLeft(desc[to:], "`'\"")
	if !strings.HasSuffix(before, "(") || !strings.HasPrefix(after, ")") {
		return false
	}
	lead := strings.TrimRight(before[:len(before)-1], " ")
	return unkComponentNoun.MatchString(lead[max(0, len(lead)-40):]) || unkMemberPath.MatchString(unkClause(desc, from, to, ".!?\n"))
}

var (
	// unkComponentNoun ends the noun phrase of a library or program
	// component ("the vt100 parser", "the HTTP client").
	unkComponentNoun = regexp.MustCompile(`(?i)\b(?:parser|library|crate|module|package|driver|engine|client|master|class|struct|object|runtime|backend|sdk|binding|wrapper|method|function)s?$`)
	// unkMemberPath is a member named by its type (MasterPty::resize).
	unkMemberPath = regexp.MustCompile(`\b[A-Za-z_]\w*::[A-Za-z_]\w*`)
)

// unkWindow bounds how far around a name its sentence and line are read.
const unkWindow = 240

// unkOtherProduct reports whether a sentence gives its names to another
// product ("from the GitHub MCP server", "another server"); "this
// server" and "our server" are the server itself.
func unkOtherProduct(sentence string) bool {
	for _, m := range unkOtherSentence.FindAllStringSubmatch(sentence, 8) {
		switch strings.ToLower(m[1]) {
		case "this", "our", "same", "current", "my", "your":
			continue
		}
		return true
	}
	return false
}

var (
	// unkPrevWord is a word that makes the identifier after it a tool.
	unkPrevWord = regexp.MustCompile(`(?i)\b(?:call|calls|calling|use|uses|using|invoke|invokes|invoking|run|running|try|instead\s+of|rather\s+than|replaces|replace|replacing|supersedes|this\s+(?:tool\s+)?over)\s+(?:the\s+)?$`)
	// unkJoin is what joins one item of a list of names to the next.
	unkJoin = regexp.MustCompile("^[`'\"]?(?:,\\s*(?:and\\s+|or\\s+)?|\\s+(?:and|or)\\s+)[`'\"]?$")
	// unkActivates marks a server that adds tools at run time (a tool
	// that activates more tool categories): a name it does not list now
	// may be one it lists later.
	unkActivates = regexp.MustCompile(`(?i)\b(?:activat|enabl|load|register|expos|unlock)\w*\s+(?:\w+\s+){0,3}?(?:tools?|toolsets?|tool\s+categor\w*)\b`)
	// unkVerbs are first words of a tool name.
	unkVerbs = map[string]bool{
		"get": true, "list": true, "search": true, "find": true, "read": true, "fetch": true, "query": true, "create": true,
		"update": true, "delete": true, "remove": true, "add": true, "set": true, "run": true, "rerun": true, "execute": true,
		"exec": true, "start": true, "stop": true, "write": true, "edit": true, "move": true, "copy": true, "send": true,
		"post": true, "open": true, "close": true, "resolve": true, "download": true, "upload": true, "generate": true,
		"describe": true, "show": true, "view": true, "check": true, "validate": true, "analyze": true, "analyse": true,
		"browser": true, "navigate": true, "click": true, "take": true, "kill": true, "install": true, "deploy": true,
	}
)

// unkActivatesTools reports whether a text says a tool adds tools at run
// time (unkActivates). A past participle after a determiner of all
// ("covers every registered MCP tool", "all enabled tools") describes the
// tools there are and activates none.
func unkActivatesTools(desc string) bool {
	for _, m := range unkActivates.FindAllStringIndex(desc, 16) {
		word := desc[m[0]:m[1]]
		if k := strings.IndexAny(word, " \t\n"); k > 0 {
			word = word[:k]
		}
		if strings.HasSuffix(strings.ToLower(word), "ed") && unkAllBefore.MatchString(desc[max(0, m[0]-16):m[0]]) {
			continue
		}
		return true
	}
	return false
}

// unkAllBefore is a determiner of all right before a word.
var unkAllBefore = regexp.MustCompile(`(?i)\b(?:every|each|all|any)\s+$`)

// unkToolLike reports whether an identifier reads as a tool name: its
// first word is a verb, or it shares the server's name prefix.
func unkToolLike(ctx *Context, name string) bool {
	words := secIdentifierWords(name)
	if len(words) < 2 || strings.ContainsAny(name, "./:=") || strings.ToUpper(name) == name {
		return false
	}
	if unkVerbs[words[0]] {
		return true
	}
	prefix := preciseSharedPrefix(ctx)
	return prefix != "" && text.Singular(words[0]) == prefix
}

// unkListedName reports whether an identifier in an explicit list of
// tools ("TOOLS: mastraDocs, mastraBlog") reads as a name: two words or
// more, no path or value, not a constant. The list says it is a tool, so
// its first word need not be a verb.
func unkListedName(name string) bool {
	return len(secIdentifierWords(name)) >= 2 && !strings.ContainsAny(name, "./:=") && strings.ToUpper(name) != name
}

// unkNormal is a name with case and separators dropped, to suggest the
// tool a stale or re-cased name means (listFollowedProjects is
// list_followed_projects).
func unkNormal(name string) string {
	return strings.Join(secIdentifierWords(name), "")
}

// unkQuoted reports whether the text at from lies inside a quoted span
// of its line ('open_time desc, close_time', "value": "search_value"): an
// odd number of quotes before it on the line (its last unkWindow bytes),
// not counting apostrophes between letters (don't).
func unkQuoted(desc string, from int) bool {
	lo := max(0, from-unkWindow)
	line := desc[lo+strings.LastIndexByte(desc[lo:from], '\n')+1 : from]
	single, double := 0, 0
	letter := func(i int) bool {
		return i >= 0 && i < len(line) && (line[i] >= 'a' && line[i] <= 'z' || line[i] >= 'A' && line[i] <= 'Z')
	}
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '"':
			double++
		case '\'':
			if !(letter(i-1) && letter(i+1)) {
				single++
			}
		}
	}
	return single%2 == 1 || double%2 == 1
}

// unkMaxDepth bounds how deep unkSchemaTexts reads nested parameters.
const unkMaxDepth = 4

// unkSchemaTexts returns a parameter's description and those of the
// properties nested in it (an options object's fields, an array's item
// fields), in schema order: "Use specialized formatting like
// get_flag_details" in options.enhanced_details steers the model as much
// as a top-level parameter's text.
func unkSchemaTexts(s map[string]any, depth int) []string {
	var out []string
	if d, ok := s["description"].(string); ok {
		out = append(out, d)
	}
	return append(out, unkNestedTexts(s, depth)...)
}

// unkNestedTexts is unkSchemaTexts without the schema's own description.
func unkNestedTexts(s map[string]any, depth int) []string {
	var out []string
	if depth >= unkMaxDepth {
		return out
	}
	if items, ok := s["items"].(map[string]any); ok {
		out = append(out, unkSchemaTexts(items, depth+1)...)
	}
	props, ok := s["properties"].(map[string]any)
	if !ok {
		return out
	}
	keys := make([]string, 0, len(props))
	for k := range props {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if sub, ok := props[k].(map[string]any); ok {
			out = append(out, unkSchemaTexts(sub, depth+1)...)
		}
	}
	return out
}

// unkNestedNamesIn is unkNamesIn for the text of a nested field, where
// names of other things abound (a member type open_chat, a GraphQL
// create_subitem mutation): it keeps only a name the text calls a tool
// ("from listFollowedProjects tool") or one that is a near miss of a
// tool the server has (get_site_template beside respira_get_site_template).
// Names it drops are not marked reported.
func unkNestedNamesIn(ctx *Context, raw, self string, names *serverNames, reported map[string]bool) []string {
	trial := map[string]bool{}
	for k, v := range reported {
		trial[k] = v
	}
	var out []string
	for _, n := range unkNamesIn(ctx, raw, self, names, trial) {
		if _, ok := serverToolShape(ctx).resolve(n, true); ok || unkCalledTool(raw, n) || serverFamilies(ctx).pairMember(n) {
			out = append(out, n)
		}
	}
	for _, n := range out {
		reported[n] = true
		reported[strings.ToLower(n)] = true
	}
	return out
}

// unkCalledTool reports whether a text calls name a tool: "name tool",
// "the name tool", "tool name" or "tool `name`".
func unkCalledTool(raw, name string) bool {
	q := regexp.QuoteMeta(name)
	re := regexp.MustCompile(`(?i)(\b` + q + "`?\\s+tool\\b|\\btool\\s+`?" + q + `\b)`)
	return re.MatchString(raw)
}

// unkPromptRef is a text that tells the model to use a named prompt: "Use
// the formatReport prompt", "format it with the `summary-style` prompt",
// "must be processed using the 'to_outline' prompt".
var unkPromptRef = regexp.MustCompile("(?i)\\b(?:use|using|with|run|invoke|call|apply|follow|via|through)\\s+(?:the\\s+)?([`'\"]?)([A-Za-z][\\w.-]*[A-Za-z0-9])([`'\"]?)\\s+prompts?\\b")

// unkPromptShape reports whether a word reads as a prompt's identifier:
// snake_case, kebab-case of three words or more, or camelCase starting in
// lower case. "The system prompt", "the user-provided prompt" (a compound
// adjective) and "the GitHub prompt" (a brand) are no prompt the server
// should list.
func unkPromptShape(w string) bool {
	if strings.Contains(w, "_") || strings.Count(w, "-") >= 2 {
		return true
	}
	if w[0] < 'a' || w[0] > 'z' {
		return false
	}
	for i := 1; i < len(w); i++ {
		if w[i] >= 'A' && w[i] <= 'Z' && w[i-1] >= 'a' && w[i-1] <= 'z' {
			return true
		}
	}
	return false
}

// unkPromptsIn returns the prompts a tool description tells the model to
// use that the server does not list, in order of first mention. A name
// counts when it has an identifier's shape or is quoted; one the server
// lists as a prompt (in any case) or as a tool is no miss.
func unkPromptsIn(ctx *Context, raw string) []string {
	var out []string
	for _, m := range unkPromptRef.FindAllStringSubmatch(raw, -1) {
		name := m[2]
		quoted := m[1] != "" && m[1] == m[3]
		if !quoted && !unkPromptShape(name) || slices.Contains(out, name) {
			continue
		}
		known := false
		for _, p := range ctx.Snap.Prompts {
			if strings.EqualFold(p.Name, name) || unkNormal(p.Name) == unkNormal(name) {
				known = true
			}
		}
		for i := range ctx.Tools {
			if strings.EqualFold(ctx.Tools[i].Name, name) {
				known = true
			}
		}
		if !known {
			out = append(out, name)
		}
	}
	return out
}

// unkPromptList renders missing prompt names for a message.
func unkPromptList(names []string) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = "`" + n + "`"
	}
	if len(parts) == 1 {
		return "the prompt " + parts[0]
	}
	return "the prompts " + strings.Join(parts, ", ")
}

// endpointPathNames formats endpoint paths for a message, each followed by
// the tool of the server that most likely wraps it (the one tool whose name
// holds every word of the path), when that is another tool. Only the first
// stepMessagePaths paths are named, then how many more there are, so a
// hostile text of many paths gives a short message and no paths-times-tools
// scan.
func endpointPathNames(ctx *Context, self string, paths []string) string {
	var parts []string
	for i, p := range paths {
		if i >= stepMessagePaths {
			parts = append(parts, fmt.Sprintf("and %d more", len(paths)-i))
			break
		}
		part := "`" + p + "`"
		if real := stepPathTool(ctx, p); real != "" && real != self {
			part += fmt.Sprintf(" (did you mean the tool `%s`?)", real)
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, ", ")
}

// stepMessagePaths is how many endpoint paths a message names.
const stepMessagePaths = 5

// ownValueLists returns the values a tool's own parameters list in prose,
// as written and in lower case: a label and a colon, then two or more
// bare names joined by commas, ending its sentence ("Operation: status,
// file_sha, list_files", "One of: get_article, create_article", a nested
// step's "Step type: trigger, send_email, add_to_segment."). A parameter
// that says which values it takes makes them the tool's own operations,
// actions or step types, which its texts then name as such, not as
// tools; a schema without an enum lists its values this way. A label
// that speaks of tools ("Related tools: a, b") or sends the model to the
// names ("Get it from: a, b", "See also: a, b") lists tools, not values.
func ownValueLists(t *model.Tool) map[string]bool {
	out := map[string]bool{}
	for _, pn := range t.ParamNames() {
		sub, ok := t.Params()[pn].(map[string]any)
		if !ok {
			continue
		}
		for _, d := range unkSchemaTexts(sub, 0) {
			for _, m := range ownValueList.FindAllStringSubmatch(d, 16) {
				if ownValueToolLabel.MatchString(m[1]) && (ownValueNamesTools.MatchString(m[1]) || !ownValueOwnLabel.MatchString(m[1])) {
					continue
				}
				for _, item := range ownValueItem.FindAllString(m[2], 64) {
					v := strings.Trim(item, "`'\"")
					out[v] = true
					out[strings.ToLower(v)] = true
				}
			}
		}
	}
	return out
}

var (
	// ownValueList is a label, a colon and a list of two or more bare
	// names joined by commas or bars (the last perhaps by "and" or "or")
	// that ends its sentence: "Operation: list|get|get_lua" (round 52).
	ownValueList = regexp.MustCompile("([A-Za-z][A-Za-z /()-]{0,40}):\\s*((?:[`'\"]?[A-Za-z][\\w-]*[`'\"]?\\s*[,|]\\s*(?:(?:and|or)\\s+)?)+[`'\"]?[A-Za-z][\\w-]*[`'\"]?)\\s*(?:[.;\\n]|$)")
	// ownValueItem is one name of such a list.
	ownValueItem = regexp.MustCompile("[`'\"]?[A-Za-z][\\w-]*[`'\"]?")
	// ownValueToolLabel is a label that says its list names tools, or
	// that sends the model to them ("Get it from: list_agents,
	// search_agents", "See also: ...", "Call first: ...").
	ownValueToolLabel = regexp.MustCompile(`(?i)\b(?:tools?|from|via|with|see|also|call|use|run|first|after|before)\b`)
	// ownValueOwnLabel is a label whose head names the tool's own values
	// ("Action to run: ...", "Operation to use: ..."): its "run" or "use"
	// is what the tool does with the value, not a pointer elsewhere,
	// unless the label speaks of tools (ownValueNamesTools).
	ownValueOwnLabel   = regexp.MustCompile(`(?i)\b(?:actions?|operations?|ops?|steps?|types?|modes?|commands?|kinds?|one of)\b`)
	ownValueNamesTools = regexp.MustCompile(`(?i)\btools?\b`)
)

// codeCallNames returns the names a text writes as code calls: a name
// right before "(" and an argument (getByRole('radio'), find(SearchKey=x)),
// or a member of an object called (page.removeAllListeners()). A bare
// "listItems()" is left out: "First call listItems()" names a tool.
func codeCallNames(desc string) map[string]bool {
	out := map[string]bool{}
	for _, m := range codeCallArgs.FindAllStringSubmatch(desc, -1) {
		out[m[1]] = true
	}
	for _, m := range codeCallMember.FindAllStringSubmatch(desc, -1) {
		out[m[1]] = true
	}
	return out
}

var (
	// codeCallArgs is a name called with an argument.
	codeCallArgs = regexp.MustCompile(`\b([A-Za-z_]\w*)\(\s*[^\s)]`)
	// codeCallMember is a member of an object, called.
	codeCallMember = regexp.MustCompile(`[\w)\]]\.([A-Za-z_]\w*)\(`)
)

// unkConstant reports whether a name is written as a constant (upper case
// words joined by "_": a phase, status or environment name) on a server
// none of whose tools is named so. unkToolLike already takes no constant
// for a tool; a constant is no stale spelling of a tool either.
func unkConstant(ctx *Context, name string) bool {
	if !strings.Contains(name, "_") || strings.ToUpper(name) != name || strings.ToLower(name) == name {
		return false
	}
	capsTools := ctx.Memo("unk.capsTools", func() any {
		for i := range ctx.Tools {
			if n := ctx.Tools[i].Name; strings.ToUpper(n) == n && strings.ToLower(n) != n {
				return true
			}
		}
		return false
	}).(bool)
	return !capsTools
}
