package lint

import (
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// This file holds the default profile's (mcpgauge's) corrections to the
// toolgauge-derived rules: each one removes a class of false positive found
// on real servers (issue 10). Every check calls these only when
// ctx.Precise(), so the toolgauge profile stays byte for byte upstream's.

// preciseSharedPrefix returns the first name token shared by at least half
// of the server's tools (and by at least two): git_ on a git server,
// browser_ on a browser server. It is the server's namespace, not a subject
// a description should repeat.
func preciseSharedPrefix(ctx *Context) string {
	return ctx.Memo("precise.prefix", func() any {
		tools := tgTools(ctx)
		if len(tools) < 2 {
			return ""
		}
		counts := map[string]int{}
		for i := range tools {
			if len(tools[i].nameTokens) > 1 {
				counts[text.Singular(tools[i].nameTokens[0])]++
			}
		}
		best, n := "", 0
		for tok, c := range counts {
			if c > n || c == n && tok < best {
				best, n = tok, c
			}
		}
		if n < 2 || 2*n < len(tools) {
			return ""
		}
		return best
	}).(string)
}

// preciseProse blanks out what is not the description's own prose: fenced
// code blocks, code spans, quoted strings, XML/HTML elements and example
// lines, so a word shown as an example ("TODO" as a kanban column, a
// deprecated attribute in sample XML) is not read as the tool speaking.
func preciseProse(s string) string {
	s = preciseFence.ReplaceAllString(s, " ")
	s = preciseSpan.ReplaceAllString(s, " ")
	s = preciseXMLElement.ReplaceAllString(s, " ")
	s = preciseTag.ReplaceAllString(s, " ")
	s = preciseQuoted.ReplaceAllString(s, " ")
	s = preciseExampleLine.ReplaceAllString(s, " ")
	return s
}

var (
	preciseFence       = regexp.MustCompile("(?s)```.*?(```|$)|~~~.*?(~~~|$)")
	preciseSpan        = regexp.MustCompile("`[^`\n]*`")
	preciseXMLElement  = regexp.MustCompile(`(?s)<([A-Za-z][\w:.-]*)\b[^<>]*>.*?</([A-Za-z][\w:.-]*)>`)
	preciseTag         = regexp.MustCompile(`<[A-Za-z/!?][^<>\n]*>`)
	preciseQuoted      = regexp.MustCompile(`"[^"\n]{1,200}"|“[^”\n]{1,200}”|'[^'\n\s][^'\n]{0,198}[^'\n\s]'`)
	preciseExampleLine = regexp.MustCompile(`(?im)^[^\n]*\b(e\.g\.|for example|example:|examples:)[^\n]*$`)
)

// preciseOpposites are verb pairs that name opposite operations: two tools
// whose names differ by one of these are never near-duplicates.
var preciseOpposites = [][2]string{
	{"get", "delete"}, {"create", "delete"}, {"add", "remove"}, {"add", "delete"}, {"enable", "disable"},
	{"start", "stop"}, {"open", "close"}, {"lock", "unlock"}, {"read", "write"}, {"push", "pull"},
	{"show", "hide"}, {"set", "get"}, {"set", "unset"}, {"list", "delete"}, {"get", "update"},
	{"create", "update"}, {"connect", "disconnect"}, {"attach", "detach"}, {"subscribe", "unsubscribe"},
	{"install", "uninstall"}, {"follow", "unfollow"}, {"archive", "unarchive"}, {"pause", "resume"},
	{"upload", "download"}, {"import", "export"}, {"encrypt", "decrypt"}, {"list", "log"}, {"get", "log"},
	{"retrieve", "delete"}, {"retrieve", "update"}, {"fetch", "delete"}, {"read", "delete"}, {"get", "create"}, {"list", "create"},
}

// preciseVerbsDiffer reports whether two tool names carry different verbs
// from preciseOpposites (get_pod vs delete_pod, pods_get vs pods_delete).
func preciseVerbsDiffer(a, b []string) bool {
	has := func(toks []string, w string) bool {
		for _, t := range toks {
			if strings.EqualFold(t, w) {
				return true
			}
		}
		return false
	}
	for _, p := range preciseOpposites {
		if has(a, p[0]) && has(b, p[1]) && !has(a, p[1]) && !has(b, p[0]) ||
			has(a, p[1]) && has(b, p[0]) && !has(a, p[0]) && !has(b, p[1]) {
			return true
		}
	}
	return false
}

// preciseBoilerplate is the set of content words that appear in most of
// the server's descriptions (at least 3 tools and at least 60% of them):
// the shared phrasing, which says nothing about any one tool.
func preciseBoilerplate(ctx *Context) text.Bag {
	return ctx.Memo("precise.boilerplate", func() any {
		tools := tgTools(ctx)
		bag := text.Bag{}
		described := 0
		counts := map[string]int{}
		for i := range tools {
			if tools[i].desc == "" {
				continue
			}
			described++
			for w := range tools[i].bag {
				counts[w]++
			}
		}
		if described < 3 {
			return bag
		}
		for w, c := range counts {
			if 10*c >= 6*described {
				bag[w] = struct{}{}
			}
		}
		return bag
	}).(text.Bag)
}

// preciseSpecific is a tool's description bag without the server's
// boilerplate words.
func preciseSpecific(ctx *Context, t *tgTool) text.Bag {
	bp := preciseBoilerplate(ctx)
	out := make(text.Bag, len(t.bag))
	for w := range t.bag {
		if _, shared := bp[w]; !shared {
			out[w] = struct{}{}
		}
	}
	return out
}

// preciseSessionOnly matches a tool that only clears or resets a session
// setting or in-memory state, not data.
var preciseSessionOnly = regexp.MustCompile(`(?i)\b(session|setting|settings|working directory|context|selection|cache|filter)\b`)

// preciseAsksConfirmation matches a description that already makes the
// model confirm with the user.
var preciseAsksConfirmation = regexp.MustCompile(`(?i)\b(ask(s)? (the user )?(for )?confirm|requires? (explicit |user )?confirmation|confirm with the user|after (the )?user confirms|with confirmation)`)

// preciseHarmlessDestruction reports whether a tool that reads as
// destructive only clears a session setting or in-memory state (its
// destructive verb is clear/reset/close/end/stop/cancel and its name or
// description is about a session or setting), or already asks the user to
// confirm.
func preciseHarmlessDestruction(t *tgTool) bool {
	if preciseAsksConfirmation.MatchString(t.desc) {
		return true
	}
	soft := false
	for _, tok := range t.nameTokens {
		switch strings.ToLower(tok) {
		case "clear", "reset", "close", "end", "stop", "cancel":
			soft = true
		}
	}
	if !soft {
		return false
	}
	first, _, _ := strings.Cut(t.desc, ".")
	return preciseSessionOnly.MatchString(strings.Join(t.nameTokens, " ")) || preciseSessionOnly.MatchString(first)
}

// preciseReadNamed reports whether the tool's name opens with a read verb
// (after the server's shared prefix): a destructive word later in the name
// (get_deletion_status, list_reset_requests) names what is read, not an
// action, and the description does not say it destroys anything.
func preciseReadNamed(t *tgTool) bool {
	if t.destructPhrase {
		return false
	}
	for i, tok := range t.nameTokens {
		if i > 1 {
			break
		}
		if text.IsReadVerb(tok) {
			return true
		}
		if text.IsDestructiveVerb(tok) {
			return false
		}
	}
	return false
}

// preciseTwins keeps, of a group of tools with identical parameters, the
// first tool and those that are true twins of it, never of opposite verbs:
// near-identical descriptions (Jaccard at least 0.70 on the words specific
// to each, or 0.9 on all words when little is specific), or one name
// within the other with a description that names the other (read_file,
// "DEPRECATED: Use read_text_file instead"). Different operations that
// happen to take the same arguments (list_directory and read_media_file,
// get_service and get_service_log, fetch_html and fetch_markdown) are not.
func preciseTwins(ctx *Context, names []string) []string {
	if len(names) < 2 {
		return names
	}
	tools := tgTools(ctx)
	idx := make(map[string]*tgTool, len(tools))
	for i := range tools {
		if _, ok := idx[tools[i].name]; !ok {
			idx[tools[i].name] = &tools[i]
		}
	}
	first := idx[names[0]]
	out := []string{names[0]}
	for _, n := range names[1:] {
		t := idx[n]
		if first == nil || t == nil || preciseVerbsDiffer(first.nameTokens, t.nameTokens) {
			continue
		}
		if preciseDestructiveName(first) && preciseDestructiveName(t) {
			// Two destructive tools on the same arguments (kill_process and
			// force_terminate on a pid): the model may call either.
			out = append(out, n)
			continue
		}
		within := preciseTokensWithin(first.nameTokens, t.nameTokens) || preciseTokensWithin(t.nameTokens, first.nameTokens)
		names := first.lowered.MentionsName(t.mentionName) || t.lowered.MentionsName(first.mentionName)
		fa, fb := preciseSpecific(ctx, first), preciseSpecific(ctx, t)
		same := text.Jaccard(fa, fb) >= tgNearDuplicate
		if len(fa) < 3 || len(fb) < 3 {
			// Little of either is its own: only the same text makes twins.
			same = text.Jaccard(first.bag, t.bag) >= 0.9
		}
		if within && names || same {
			out = append(out, n)
		}
	}
	return out
}

// preciseTokensWithin reports whether every token of a is among b's
// (read_file within read_text_file).
func preciseTokensWithin(a, b []string) bool {
	if len(a) == 0 {
		return false
	}
	for _, x := range a {
		found := false
		for _, y := range b {
			if strings.EqualFold(x, y) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// preciseCodeOnly blanks out fenced code blocks and code spans only: what
// a description shows as code rather than says. The security rules use it
// (they must still see tags and comments in the prose itself).
func preciseCodeOnly(s string) string {
	return preciseSpan.ReplaceAllString(preciseFence.ReplaceAllString(s, " "), " ")
}

// secEmptyComment is an HTML comment with nothing in it.
var secEmptyComment = regexp.MustCompile(`<!--\s*-->`)

// secAsksUser matches text that tells the model to ask or check with the
// user: a label such as [IMPORTANT] in front of it is emphasis, not a
// planted system message.
var secAsksUser = regexp.MustCompile(`\bask(?:s|ing)?\s+(?:the\s+)?users?\b|\bconfirm\w*\s+(?:with\s+)?(?:the\s+)?users?\b|\bcheck\s+with\s+(?:the\s+)?users?\b|\buser'?s?\s+(?:confirmation|consent|permission)\b`)

// secFindInContext is secFind for the default profile: it reads a hit in
// its context and skips hits that are not what the pattern means. Text in
// code spans and fenced blocks is what the tool shows, not what it says; a
// concealment verb ("hide it") counts only when its sentence is about the
// user; a pseudo-system label counts only when what follows does not ask
// the model to consult the user; a .env named inside quotes as an example
// file name is not a pointer at secrets.
func secFindInContext(ctx *Context, s string, pats []secPattern) (secMatch, bool) {
	text := preciseCodeOnly(s)
	folded, starts := secFold(text)
	for _, p := range pats {
		if !secHasAnchor(folded, p.anchors) {
			continue
		}
		for _, loc := range p.re.FindAllStringSubmatchIndex(folded, -1) {
			if p.ownTool > 0 && loc[2*p.ownTool] >= 0 {
				name := text[starts[loc[2*p.ownTool]]:starts[loc[2*p.ownTool+1]]]
				if secIsOwnTool(ctx, name) {
					continue
				}
			}
			hit := folded[loc[0]:loc[1]]
			switch p.what {
			case "concealment":
				if (strings.HasPrefix(hit, "hide") || strings.HasPrefix(hit, "conceal")) && !strings.Contains(secSentence(folded, loc[0], loc[1]), "user") {
					continue
				}
			case "pseudo-system tag":
				end := min(len(folded), loc[1]+240)
				if secAsksUser.MatchString(folded[loc[1]:end]) {
					continue
				}
			case "a .env file":
				if loc[0] > 0 && strings.ContainsAny(folded[loc[0]:loc[0]+1]+folded[max(0, loc[0]-1):loc[0]], `"'`) {
					continue
				}
				if secRefused.MatchString(secSentence(folded, loc[0], loc[1])) {
					continue
				}
			case "an SSH key path", "a system credential file", "a cloud or tool credential file", "an MCP client configuration", "directory traversal":
				if secRefused.MatchString(secSentence(folded, loc[0], loc[1])) {
					continue // "~/.ssh ... are rejected" is a guard, not a pointer
				}
			case "steering away from other tools", "fallback steering":
				// Read the sentence with its code spans: the alternatives are often in them.
				raw, _ := secFold(s)
				sentence := secSentence(folded, loc[0], loc[1])
				if k := strings.Index(raw, hit); k >= 0 {
					sentence = secSentence(raw, k, k+len(hit))
				}
				if secSentenceNamesOwnTool(ctx, sentence) {
					continue // "prefer this tool over 'fill' or 'click' calls" routes between its own tools
				}
			case "priority override":
				if secRankWord.MatchString(hit) && !secAboutTools.MatchString(secSentence(folded, loc[0], loc[1])) {
					continue // "Truncation handling (HIGHEST PRIORITY)" ranks the tool's own steps
				}
			}
			return secMatch{what: p.what, text: secSnippet(text[starts[loc[0]]:starts[loc[1]]])}, true
		}
	}
	return secMatch{}, false
}

// secSentence is the sentence of folded around [from, to).
func secSentence(folded string, from, to int) string {
	start := strings.LastIndexAny(folded[:from], ".!?\n") + 1
	end := strings.IndexAny(folded[to:], ".!?\n")
	if end < 0 {
		end = len(folded)
	} else {
		end += to
	}
	return folded[start:end]
}

// preciseDestructiveName reports whether a name token is a destructive verb.
func preciseDestructiveName(t *tgTool) bool {
	for _, tok := range t.nameTokens {
		if text.IsDestructiveVerb(tok) {
			return true
		}
	}
	return false
}

var (
	// secRefused marks a sentence that names a sensitive path to refuse it.
	secRefused = regexp.MustCompile(`\b(?:reject(?:s|ed)?|block(?:s|ed)?|denied|deny|not\s+allowed|forbidden|refuse[sd]?|disallowed|excluded|never\s+(?:read|access|open)s?)\b`)
	// secRankWord is the "highest/top priority" family of the priority
	// patterns, which reads as coercion only about tools or instructions.
	secRankWord   = regexp.MustCompile(`\b(?:highest|top|maximum|absolute|utmost)\s+priority\b`)
	secAboutTools = regexp.MustCompile(`\btools?\b|\binstructions?\b|\bfunctions?\b|\bcall\b|\buse\s+this\b|\bother\b|\buser\b`)
)

// secChannelTalk marks a parameter description that invites arbitrary
// content: the conversation, history, "anything else".
var secChannelTalk = regexp.MustCompile(`(?i)\b(?:conversation|chat|history|transcript|previous\s+messages|anything|any\s+(?:additional|other|extra)|additional\s+(?:context|information|details)|extra\s+(?:context|information))\b`)

// secPlausibleChannel reports whether an optional free-text parameter is a
// plausible side channel (SEC009 at warning under the default profile):
// nothing describes what belongs in it, or its description invites
// arbitrary content. A described, specific parameter (a kubeconfig
// context name) is reported at info.
func secPlausibleChannel(obj map[string]any) bool {
	d, _ := obj["description"].(string)
	return strings.TrimSpace(d) == "" || secChannelTalk.MatchString(d)
}

// secReadNamed reports whether a name's words open with a read verb (in
// the first or second place, after a namespace such as git_ or gitlab_),
// with no destructive verb before it.
func secReadNamed(words []string) bool {
	for i, w := range words {
		if i > 1 {
			return false
		}
		if text.IsDestructiveVerb(w) {
			return false
		}
		if text.IsReadVerb(w) {
			return true
		}
	}
	return false
}
