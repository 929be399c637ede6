package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Destruction through an API passthrough or a fixed HTTP method, writes
// that take a whole content, removals that bypass the trash, and removals
// of an access entry or a person.

// preciseAPIPassthrough says why a tool passes any operation through to an
// API, or "": its prose says it serves every operation (or any endpoint)
// and the operation is a free parameter, not an enum (Square's
// make_api_request: service and method are free text); or a free HTTP
// method beside the URL it is sent to, so DELETE is one value among
// others. Such a tool deletes, refunds and pays whenever the API does.
func preciseAPIPassthrough(t *tgTool) string {
	for _, tok := range t.nameTokens {
		if w := strings.ToLower(tok); secHasWord([]string{w}, secCheckVerbs...) || w == "info" || w == "describe" || w == "schema" {
			// x402_check, get_type_info: a check or a description of the
			// operation, not the operation.
			return ""
		}
	}
	props := t.t.Params()
	url := false
	for _, name := range t.t.ParamNames() {
		switch strings.ToLower(name) {
		case "url", "uri", "endpoint", "path":
			url = true
		}
	}
	free := ""
	for _, name := range t.t.ParamNames() {
		obj, _ := props[name].(map[string]any)
		lname := strings.ToLower(name)
		if obj == nil || !preciseOperationParams[lname] || obj["enum"] != nil || obj["const"] != nil {
			continue
		}
		if ty, ok := obj["type"].(string); ok && ty != "string" {
			continue
		}
		if free == "" {
			free = name
		}
		d, _ := obj["description"].(string)
		if preciseNamesOnlySafeMethods(d) {
			// "The HTTP method we should use when calling the url. Can
			// be: GET or POST": a callback's fetch method, not a choice
			// of operation that reaches DELETE.
			continue
		}
		if url && preciseMethodParam(lname) && preciseHTTPMethodTalk.MatchString(d) && !preciseMethodSelects.MatchString(d) {
			return fmt.Sprintf("its `%s` parameter takes any HTTP method, DELETE included", name)
		}
		if url && preciseMethodParam(lname) && strings.TrimSpace(d) == "" && preciseTakesRequestParts(t) {
			// agentspend_use(url, method, headers, body): beside the
			// headers and body of a request, an undescribed free
			// method is the request's HTTP method, DELETE included.
			return fmt.Sprintf("its `%s` parameter is a free HTTP method beside the URL, headers and body of the request it sends, DELETE included", name)
		}
	}
	if free == "" {
		return ""
	}
	if m := preciseAffirmed(preciseProse(t.desc), preciseAllOperationsTalk); m != "" {
		return fmt.Sprintf("its description says %q and its `%s` parameter is free", secSnippet(m), free)
	}
	return ""
}

// preciseMethodNames are HTTP methods named in capitals in a parameter's
// description.
var preciseMethodNames = regexp.MustCompile(`\b(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|CONNECT)\b`)

// preciseNamesOnlySafeMethods reports whether a method parameter's
// description lists HTTP methods and none of them replaces or deletes
// ("Can be: GET or POST"): the parameter cannot reach a DELETE.
func preciseNamesOnlySafeMethods(d string) bool {
	names := preciseMethodNames.FindAllString(d, -1)
	if len(names) < 2 {
		// "HTTP method (default: GET)" names a default, not a limit.
		return false
	}
	for _, m := range names {
		switch m {
		case "PUT", "PATCH", "DELETE":
			return false
		}
	}
	return true
}

// preciseCreates reports whether a tool's name opens on creating or adding.
func preciseCreates(t *tgTool) bool {
	for i, tok := range t.nameTokens {
		if i > 1 {
			break
		}
		switch strings.ToLower(tok) {
		case "create", "add", "new", "insert", "register":
			return true
		}
	}
	return false
}

// preciseTakesContent reports whether a tool takes a whole content or body
// parameter (update_file's content): what it writes replaces what was there.
func preciseTakesContent(t *tgTool) bool {
	for _, n := range t.t.ParamNames() {
		switch strings.ToLower(n) {
		case "content", "contents", "body", "file_content", "filecontent", "text":
			return true
		}
	}
	return false
}

var (
	// preciseNotDeleted is a description saying the act keeps what it
	// removes: "moved to the archive ... rather than being permanently
	// deleted".
	preciseNotDeleted = regexp.MustCompile(`(?i)\b(?:rather\s+than|instead\s+of)\s+(?:being\s+)?(?:permanently\s+)?delet(?:ed|ing|ion)\b`)
	// precisePermanentOption is a description or flag that offers to skip
	// the trash: "bypass trash and force deletion", "permanent deletion".
	precisePermanentOption = regexp.MustCompile(`(?i)\bbypass(?:es|ing)?\s+(?:the\s+)?trash\b|\bskip(?:s|ping)?\s+(?:the\s+)?trash\b|\bpermanent(?:ly)?\s+delet\w*`)
	// preciseFromAccessList is a description opening on removing one entry
	// from a group, team or allow-list: "Remove a project from an access
	// group", "remove from bypass list".
	preciseFromAccessList = regexp.MustCompile(`(?i)^\s*(?:removes?|deletes?|revokes?)\s+(?:an?\s+|the\s+)?((?:[\w-]+\s+){0,2}?)from\s+(?:an?\s+|the\s+|its\s+|this\s+)?(?:[\w-]+\s+)?(?:group|team|allow-?list|whitelist|bypass\s+list|access\s+list|role)\b`)
)

// precisePersonLinks name a person's place in something (a member, an
// assignee, a collaborator): deleting one removes the person's access, never
// the person or the thing; adding them again restores it. That is an access
// change, left to the access rules, not destruction.
var precisePersonLinks = map[string]bool{
	"member": true, "members": true, "assignee": true, "assignees": true, "collaborator": true, "collaborators": true,
	"watcher": true, "watchers": true, "reviewer": true, "reviewers": true, "subscriber": true, "subscribers": true,
	"follower": true, "followers": true, "delegate": true, "delegates": true,
}

// preciseAllowNouns name an allow-list entry in a tool name: removing a
// bypass IP or an allow-listed origin is undone by adding it again.
var preciseAllowNouns = map[string]bool{"bypass": true, "allowlist": true, "whitelist": true, "allowed": true}

// preciseRemovesAccessEntry says why a removal only takes an entry out of an
// allow-list or a group, whatever tools the server has beside it, or "": a
// remove or delete verb whose object is an allow-list entry
// (removeBypassIp), or a description opening on removing something from a
// group, team or allow-list ("Remove a project from an access group"). An
// entity deleted with its data (a label definition, a domain with its
// settings) is not such an entry. A person's membership is read apart, by
// precisePersonRemoval.
func preciseRemovesAccessEntry(t *tgTool, toks []string, first string) string {
	verb := -1
	for i, w := range toks {
		if i > 1 {
			break
		}
		if w == "remove" || w == "delete" || w == "revoke" {
			verb = i
		}
	}
	if verb < 0 {
		return ""
	}
	rest := toks[verb+1:]
	for _, w := range rest {
		if preciseAllowNouns[w] {
			return "it removes an allow-list entry, which is added again"
		}
	}
	if m := preciseFromAccessList.FindStringSubmatch(first); m != nil {
		for _, w := range strings.Fields(strings.ToLower(m[1])) {
			if precisePersonLinks[w] || w == "user" || w == "users" || w == "person" || w == "people" {
				// A person taken off a team loses access at once:
				// precisePersonRemoval's warning, not silence.
				return ""
			}
		}
		return "it removes an entry from a group, team or allow-list, which is added again"
	}
	return ""
}

// preciseLocalAlias reports whether a tool manages the server's own local
// aliases or shortcuts (ssh_alias: "Manages local name aliases"): removing
// one loses a name the user typed, not data.
func preciseLocalAlias(t *tgTool, toks []string) bool {
	alias := false
	for _, w := range toks {
		if w == "alias" || w == "aliases" || w == "shortcut" || w == "shortcuts" {
			alias = true
		}
	}
	return alias && preciseLocalConfig.MatchString(t.desc)
}

// preciseLocalConfig is a description placing what a tool manages in the
// server's local configuration.
var preciseLocalConfig = regexp.MustCompile(`(?i)\blocal\s+(?:[\w-]+\s+){0,2}?(?:aliases?|shortcuts?|config(?:uration)?)\b|\b(?:stored|persist\w*|kept)\s+(?:[\w\s]{0,30}?)\blocal(?:ly)?\b`)

// preciseBypassesTrash reports whether a tool that trashes by default also
// offers to skip the trash (wp_delete_post's force: "bypass trash and force
// deletion"): destructiveHint covers what the tool may do.
func preciseBypassesTrash(t *tgTool) bool {
	if precisePermanentOption.MatchString(t.desc) {
		return true
	}
	props := t.t.Params()
	for _, n := range t.t.ParamNames() {
		obj, _ := props[n].(map[string]any)
		if d, _ := obj["description"].(string); precisePermanentOption.MatchString(d) {
			return true
		}
	}
	return false
}

// preciseOverwriteTalk is prose saying a tool overwrites what exists.
var preciseOverwriteTalk = regexp.MustCompile(`(?i)\b(?:overwrit(?:e|es|ing|ten)|clobber(?:s|ing)?)\b`)

// precisePersonRemoval returns the person-link noun a removal takes away
// (removeTeamMember, delete_resource_member: "member"), or "". Deleting a
// member removes a person's access, never the person or the thing, and
// adding them again restores it; but the person loses access at once, which
// a reviewer wants shown. MCP040 reports it at warning, as an access
// revocation rather than destruction.
func precisePersonRemoval(t *tgTool) string {
	if t.destructPhrase {
		return ""
	}
	for i, tok := range t.nameTokens {
		if i > 1 {
			break
		}
		switch strings.ToLower(tok) {
		case "remove", "delete", "revoke":
			last := strings.ToLower(t.nameTokens[len(t.nameTokens)-1])
			if i < len(t.nameTokens)-1 && precisePersonLinks[last] {
				return last
			}
		}
	}
	return ""
}

// preciseRequestEnds reports whether a name ends on the request it merges
// (merge_pull_request, mergeChangeRequest), not on a part of it
// (merge_request_thread).
func preciseRequestEnds(toks []string) bool {
	switch toks[len(toks)-1] {
	case "request", "requests", "pr", "mr":
		return true
	}
	return false
}

// preciseRequestVerbs act on a request without merging it.
var preciseRequestVerbs = map[string]bool{"approve": true, "unapprove": true, "resolve": true, "review": true, "comment": true, "rebase": true}

// preciseRemovesMarkerTalk is prose saying a tool works by removing a
// label, tag, flag or star, which is set again: "by removing the UNREAD
// label".
var preciseRemovesMarkerTalk = regexp.MustCompile(`(?i)\bby\s+removing\s+(?:the\s+|a\s+|an\s+|its\s+)?(?:[\w-]+\s+)?(?:labels?|tags?|flags?|stars?|markers?)\b`)

// preciseTakesWholeContent reports whether a tool takes a required
// parameter named content whose description calls it the content itself
// (update_pipeline: "Pipeline YAML content"): an update with it writes the
// whole object over what it held.
func preciseTakesWholeContent(t *tgTool) bool {
	props := t.t.Params()
	req := map[string]bool{}
	if list, ok := t.t.InputSchema["required"].([]any); ok {
		for _, r := range list {
			if s, ok := r.(string); ok {
				req[s] = true
			}
		}
	}
	for _, n := range t.t.ParamNames() {
		if l := strings.ToLower(n); (l == "content" || l == "contents") && req[n] {
			obj, _ := props[n].(map[string]any)
			if d, _ := obj["description"].(string); preciseWholeContentTalk.MatchString(d) {
				return true
			}
		}
	}
	return false
}

// preciseWholeContentTalk is a content parameter described as a whole
// document: "Pipeline YAML content", "File content", "the full content".
var preciseWholeContentTalk = regexp.MustCompile(`(?i)\b(?:yaml|json|xml|file|full|whole|entire|complete|new)\s+(?:[\w-]+\s+)?contents?\b`)

// preciseHTTPMethods are the HTTP methods that write, as a pass-through's
// name or title gives them.
var preciseHTTPMethods = map[string]bool{"post": true, "put": true, "patch": true}

// preciseMethodWords may stand beside the method in a pass-through's name
// (http_post, api_put_request) without naming an act of their own.
var preciseMethodWords = map[string]bool{"http": true, "api": true, "rest": true, "request": true, "call": true, "raw": true, "generic": true}

// preciseTitleMethod is a title naming one HTTP method in capitals:
// "Bitbucket PUT Request".
var preciseTitleMethod = regexp.MustCompile(`\b(POST|PUT|PATCH)\b`)

// preciseFixedMethod returns the HTTP method ("PUT") a tool sends to a path
// the caller names, or "": it takes a free path, url or endpoint string and
// its name is only that method beside a server prefix and method words
// (bb_put, http_post), or its title names the method in capitals ("Bitbucket
// PUT Request"). create_post, whose "post" is a thing, is not one.
func preciseFixedMethod(t *tgTool) string {
	free := false
	props := t.t.Params()
	for _, n := range t.t.ParamNames() {
		obj, _ := props[n].(map[string]any)
		switch strings.ToLower(n) {
		case "path", "url", "uri", "endpoint", "resource", "route":
			free = free || obj != nil && isJSONString(obj["type"], "string") && obj["enum"] == nil && obj["const"] == nil
		}
	}
	if !free {
		return ""
	}
	if m := preciseTitleMethod.FindString(t.t.Title); m != "" {
		return m
	}
	method := ""
	for i, w := range t.nameWords {
		switch {
		case preciseHTTPMethods[w]:
			method = strings.ToUpper(w)
		case preciseMethodWords[w] || i == 0 && len(t.nameWords) > 1 && !preciseActsAlone(w):
			// bb_put, http_post: a server prefix or method words; the
			// first word of create_post is an act, and post its object.
		default:
			return ""
		}
	}
	return method
}

// preciseActsAlone reports whether w is a verb that names an act of its
// own (create, get, delete, send), so a method word after it is its object.
func preciseActsAlone(w string) bool {
	return text.IsReadVerb(w) || text.IsDestructiveVerb(w) || text.IsBareVerb(w) || secHasWord([]string{w}, secWriteVerbs...)
}

// precisePassthroughTalk are the operations a pass-through's description
// may document that are not additive updates, each with how a finding
// words it: a full replace ("Replace Bitbucket resources (full update)"),
// a merge of a pull request or branch ("Merge PR:"), and a deletion among
// its listed operations ("3. Delete branch:").
var precisePassthroughTalk = []preciseTalk{
	{regexp.MustCompile(`(?i)\breplac(?:e|es|ing)\b[^.\n]{0,60}?\(\s*full\s+(?:update|replacement)\s*\)|\bfull\s+(?:replace(?:ment)?|overwrite)\b|\breplac(?:e|es|ing)\s+(?:the\s+)?(?:entire|whole|complete)\b|^\s*(?:replaces?|overwrites?)\b`), "a full replace (%q), which drops whatever the new body leaves out"},
	{regexp.MustCompile(`(?i)\bmerg(?:e|es|ing)\s+(?:the\s+|a\s+|an?\s+open\s+)?(?:prs?|pull[\s-]+requests?|merge[\s-]+requests?|branch(?:es)?)\b`), "a merge (%q), which closes the request as merged for good and moves its target branch"},
	{regexp.MustCompile(`(?im)^\s*(?:\d+[.)]\s*|[-*•]\s*)?(?:\*\*|__)?\s*(?:delete|remove|destroy|purge|wipe|erase)s?\s+[\w-]+`), "a deletion among its operations (%q)"},
}

// preciseListMarker is the number, bullet or bold mark a documented
// operation's line opens with.
var preciseListMarker = regexp.MustCompile(`^\s*(?:\d+[.)]\s*|[-*•]\s*)?(?:\*\*|__)?\s*`)

// precisePassthroughDocuments says which operation a pass-through with one
// fixed writing method (bb_put: PUT to any path) documents that is not an
// additive update, or "". A pass-through whose documented operations only
// create, comment or approve adds, and is silent.
func precisePassthroughDocuments(t *tgTool) (method, why string) {
	method = preciseFixedMethod(t)
	if method == "" {
		return "", ""
	}
	lines := strings.Split(t.t.RawDescription, "\n")
	for _, c := range precisePassthroughTalk {
		for _, line := range lines {
			if m := c.re.FindString(line); m != "" && !preciseNegated.MatchString(line) {
				return method, fmt.Sprintf(c.why, secSnippet(preciseListMarker.ReplaceAllString(m, "")))
			}
		}
	}
	return "", ""
}

// preciseCreateOverExisting is a description saying that, when what the
// tool writes already exists, the existing one is updated, overwritten or
// replaced rather than kept: "If the page already exists at the specified
// path, it will be updated", "If a board with the same title already
// exists, it is replaced", "overwrites the file if it already exists",
// "si ya existe, se sobrescribe", "s'il existe déjà, il sera remplacé",
// "falls sie bereits existiert, wird sie überschrieben".
var preciseCreateOverExisting = regexp.MustCompile(`(?i)\bif\s+(?:the\s+|a\s+|an\s+|this\s+|that\s+)?(?:[\w-]+\s+){0,6}?(?:already\s+)?exists?\b[^.;]{0,40}?,?\s*(?:it|that|the\s+[\w-]+|the\s+existing(?:\s+[\w-]+)?)\s+(?:will\s+be|is|gets|get)\s+(?:updated|overwritten|replaced)\b` +
	`|\b(?:updates|overwrites|replaces|update|overwrite|replace)\s+(?:it|them|the\s+existing(?:\s+[\w-]+)?)\s+if\s+(?:it|they|one|the\s+[\w-]+)\s+already\s+exists?\b` +
	`|\bsi\s+(?:ya\s+)?existe(?:\s+ya)?\b[^.;]{0,40}?\b(?:se\s+)?(?:sobrescrib|sobreescrib|reemplaz|actualiz)\w*` +
	`|\bs'(?:il|ils|elle|elles)\s+existen?t?\s+déjà[^.;]{0,40}?(?:écrasé|remplacé|mis\s+à\s+jour)\w*` +
	`|\b(?:falls|wenn)\s+[^.;]{0,40}?\bbereits\s+(?:existier|vorhanden)\w*[^.;]{0,30}?(?:überschrieben|ersetzt|aktualisiert)\b`)

// preciseAuthorListTalk is a sentence of a server's own text that lists
// tools as destructive: "Destructive tools (delete_*, restore_snapshot,
// apply_builder_patch) are refused", "Dangerous operations: drop_table,
// wipe_db", "Herramientas destructivas: borrar_nota". The list is the
// first group.
var preciseAuthorListTalk = regexp.MustCompile(`(?i)\b(?:destructive|dangerous|irreversible)\s+(?:tools?|operations?|ops|actions?|calls?|commands?)\s*(?:\(|:|—|–|\s-\s|,?\s+(?:such\s+as|like|include|including|are|is)\b:?)\s*([^.\n;)]{1,300})` +
	`|\b(?:herramientas|operaciones)\s+(?:destructivas|peligrosas)\s*(?:\(|:)\s*([^.\n;)]{1,300})|\b(?:outils|op[ée]rations)\s+(?:destructi(?:ves|fs)|dangereu(?:ses|x))\s*(?:\(|:)\s*([^.\n;)]{1,300})`)

// preciseAuthorListedTail is a list followed by what it is: "drop_table,
// wipe_db and reset_all are destructive", "`a` and `b` are irreversible".
var preciseAuthorListedTail = regexp.MustCompile("(?i)((?:`?[A-Za-z][\\w.-]*`?\\s*(?:,|/|\\band\\b|\\bor\\b)\\s*)+`?[A-Za-z][\\w.-]*`?)\\s+(?:are|is)\\s+(?:all\\s+|both\\s+)?(?:destructive|irreversible)\\b")

// preciseListedName is an identifier in such a list.
var preciseListedName = regexp.MustCompile(`[A-Za-z][\w.*-]*`)

// preciseTakesRequestParts reports whether a tool takes the headers and
// the body of an HTTP request (headers, and body, data or payload): with
// a URL beside them, the tool sends a request the caller shapes.
func preciseTakesRequestParts(t *tgTool) bool {
	headers, body := false, false
	for _, p := range t.params {
		switch strings.ToLower(p.name) {
		case "headers", "header":
			headers = true
		case "body", "data", "payload", "json":
			body = true
		}
	}
	return headers && body
}
