package lint

import (
	"encoding/base64"
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// secInvisibleKind names a hidden code point, or "" for an ordinary one.
func secInvisibleKind(r rune) string {
	switch {
	case r >= 0x200B && r <= 0x200D, r == 0x2060, r == 0xFEFF, r == 0x180E, r >= 0x2061 && r <= 0x2064:
		return "zero-width"
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return "bidi control"
	case r >= 0xE0000 && r <= 0xE007F:
		return "tag character"
	}
	return ""
}

// secJoinerInContext reports whether runes[i] is a zero-width (non-)joiner
// doing its ordinary job: ZWJ inside an emoji sequence, or ZWJ/ZWNJ between
// letters or marks of a non-Latin script (Persian, Indic scripts, ...).
func secJoinerInContext(runes []rune, i int) bool {
	r := runes[i]
	if (r != 0x200C && r != 0x200D) || i == 0 || i+1 >= len(runes) {
		return false
	}
	prev, next := runes[i-1], runes[i+1]
	emoji := func(c rune) bool {
		return c >= 0x1F000 || (c >= 0x2600 && c <= 0x27BF) || c == 0xFE0F || (c >= 0x1F3FB && c <= 0x1F3FF)
	}
	if r == 0x200D && emoji(prev) && emoji(next) {
		return true
	}
	script := func(c rune) bool {
		return (unicode.IsLetter(c) || unicode.IsMark(c)) && c >= 0x0370 && !unicode.Is(unicode.Latin, c)
	}
	return script(prev) && script(next)
}

var secHTMLComment = regexp.MustCompile(`(?s)<!--.*?-->`)

// secHidden describes hidden content in s, or "" when there is none.
func secHidden(s string) string {
	counts := map[string]int{}
	var order []string
	var tagText strings.Builder
	var first rune
	runes := []rune(s)
	for i, r := range runes {
		k := secInvisibleKind(r)
		if k == "" || secJoinerInContext(runes, i) {
			continue
		}
		if counts[k] == 0 {
			order = append(order, k)
		}
		if first == 0 {
			first = r
		}
		counts[k]++
		if k == "tag character" && r >= 0xE0020 && r <= 0xE007E {
			tagText.WriteRune(r - 0xE0000)
		}
	}
	var parts []string
	for _, k := range order {
		parts = append(parts, fmt.Sprintf("%d %s(s)", counts[k], k))
	}
	msg := ""
	if len(parts) > 0 {
		msg = fmt.Sprintf("invisible Unicode: %s (first U+%04X)", strings.Join(parts, ", "), first)
		if tagText.Len() > 0 {
			msg += fmt.Sprintf("; the tag characters spell %q", secSnippet(tagText.String()))
		}
	}
	if m := secHTMLComment.FindString(s); m != "" {
		if msg != "" {
			msg += "; "
		}
		msg += fmt.Sprintf("an HTML comment %q, which renderers hide but models read", secSnippet(m))
	}
	return msg
}

func checkSEC006(ctx *Context) []Problem {
	var out []Problem
	const fix = "Remove the hidden content. Tool text must say the same thing to the user who reviews it as to the model that reads it; invisible characters and HTML comments are the classic way to smuggle instructions past a reviewer."
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		if h := secHidden(t.Name); h != "" {
			out = append(out, Problem{Tool: t.Name, Message: fmt.Sprintf("The name of tool %q contains %s.", t.Name, h), Suggestion: fix})
		}
		for _, p := range t.ParamNames() {
			if h := secHidden(p); h != "" {
				out = append(out, Problem{Tool: t.Name, Parameter: p, Message: fmt.Sprintf("The parameter name %q of tool `%s` contains %s.", p, t.Name, h), Suggestion: fix})
			}
		}
	}
	for _, s := range secSurfaces(ctx) {
		txt := s.Text
		if ctx.Precise() {
			// A comment shown in a code span, or an empty one, hides nothing.
			txt = secEmptyComment.ReplaceAllString(preciseCodeOnly(txt), " ")
		}
		if h := secHidden(txt); h != "" {
			out = append(out, s.problem(fmt.Sprintf("The %s contains %s.", s.where(), h), fix))
		}
	}
	return out
}

var (
	secB64Run     = regexp.MustCompile(`[A-Za-z0-9+/_-]{64,}={0,2}`)
	secHexOnly    = regexp.MustCompile(`^[0-9a-fA-F]+$`)
	secDataURIEnd = regexp.MustCompile(`(?i)data:[\w.+-]+/[\w.+-]+(?:;[\w=.-]+)*;base64,$`)
)

// secDecodeBase64 decodes a candidate run with the standard or URL alphabet,
// padded or not.
func secDecodeBase64(run string) ([]byte, bool) {
	trimmed := strings.TrimRight(run, "=")
	if len(trimmed)%4 == 1 {
		return nil, false
	}
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(trimmed); err == nil {
			return b, true
		}
	}
	return nil, false
}

// secBlob describes the first base64 blob in s, or "".
func secBlob(s string) string {
	for _, loc := range secB64Run.FindAllStringIndex(s, -1) {
		run := s[loc[0]:loc[1]]
		if secHexOnly.MatchString(run) || secDataURIEnd.MatchString(s[:loc[0]]) {
			continue
		}
		hasUpper := strings.ContainsAny(run, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
		hasLower := strings.ContainsAny(run, "abcdefghijklmnopqrstuvwxyz")
		hasDigit := strings.ContainsAny(run, "0123456789")
		if !(hasUpper && hasLower && hasDigit) && !strings.ContainsAny(run, "+/") {
			continue // a long identifier or word, not an encoding
		}
		b, ok := secDecodeBase64(run)
		if !ok {
			continue
		}
		if secPrintable(b) {
			decoded := string(b)
			extra := ""
			if _, bad := secFind(nil, decoded, secOverridePatterns); bad {
				extra = ", which is itself an instruction override"
			}
			return fmt.Sprintf("a %d-character base64 blob that decodes to text %q%s", len(run), secSnippet(decoded), extra)
		}
		return fmt.Sprintf("a %d-character base64 blob that decodes to %d bytes of binary data", len(run), len(b))
	}
	return ""
}

func secPrintable(b []byte) bool {
	if !utf8.Valid(b) || len(b) == 0 {
		return false
	}
	total, ok := 0, 0
	for _, r := range string(b) {
		total++
		if unicode.IsPrint(r) || r == '\n' || r == '\t' || r == '\r' {
			ok++
		}
	}
	return ok*10 >= total*9
}

func checkSEC007(ctx *Context) []Problem {
	var out []Problem
	for _, s := range secSurfaces(ctx) {
		if b := secBlob(s.Text); b != "" {
			out = append(out, s.problem(fmt.Sprintf("The %s contains %s.", s.where(), b),
				"Write the content out in plain words, or drop it. Encoded text in tool metadata cannot be reviewed by a human but can be decoded and followed by a model; scanners treat it as obfuscation."))
		}
	}
	return out
}

// secExfilWords are parameter-name words that invite free-form data
// (mcp-shield's list, plus a few spellings).
var secExfilWords = map[string]bool{
	"note": true, "notes": true, "feedback": true, "details": true, "extra": true, "additional": true,
	"metadata": true, "meta": true, "debug": true, "sidenote": true, "context": true, "annotation": true,
	"annotations": true, "reasoning": true, "remark": true, "remarks": true, "side": true, "misc": true,
}

// secExfilFiller may accompany an exfil word ("extra_info", "debug_data").
var secExfilFiller = map[string]bool{"info": true, "data": true, "text": true, "field": true, "string": true, "notes": true, "note": true, "str": true}

func secIsExfilName(name string) bool {
	words := secIdentifierWords(name)
	hit := false
	for _, w := range words {
		switch {
		case secExfilWords[w]:
			if w != "side" {
				hit = true
			}
		case secExfilFiller[w]:
		default:
			return false
		}
	}
	return hit
}

func secIsFreeText(schema map[string]any) bool {
	if schema == nil {
		return false
	}
	for _, k := range constraintKeys() {
		if _, ok := schema[k]; ok {
			return false
		}
	}
	switch ty := schema["type"].(type) {
	case nil:
		return true
	case string:
		return ty == "string"
	case []any:
		for _, x := range ty {
			if x == "string" {
				return true
			}
		}
	}
	return false
}

var secOpenSchemaTalk = regexp.MustCompile(`\b(?:arbitrary|custom\s+fields?|any\s+keys?|key-value|key/value|properties|attributes|metadata|headers|variables|arguments|payload|extra\s+fields|additional\s+fields|pass-?through)\b`)

func checkSEC009(ctx *Context) []Problem {
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		toolWords := facts[i].words
		required := map[string]bool{}
		for _, r := range t.Required() {
			required[r] = true
		}
		props := t.Params()
		for _, name := range t.ParamNames() {
			obj, _ := props[name].(map[string]any)
			if required[name] || !secIsExfilName(name) || !secIsFreeText(obj) {
				continue
			}
			if secHasWord(toolWords, secIdentifierWords(name)...) {
				continue // add_note(note) is the tool's purpose, not a side channel
			}
			var sev Severity
			if secPlausibleChannel(obj) {
				sev = Warning
			}
			out = append(out, Problem{Tool: t.Name, Parameter: name, Severity: sev,
				Message:    fmt.Sprintf("Tool `%s` has an optional free-text parameter `%s`: a classic side channel a poisoned description can ask the model to fill with conversation data.", t.Name, name),
				Suggestion: fmt.Sprintf("If `%s` is needed, give it a specific name, a description of exactly what belongs in it, and a maxLength or enum; otherwise remove it.", name)})
		}
		if ap, ok := t.InputSchema["additionalProperties"].(bool); ok && ap {
			folded, _ := secFold(t.Name + " " + t.RawDescription)
			if secOpenSchemaTalk.MatchString(strings.ReplaceAll(folded, "_", " ")) {
				continue
			}
			out = append(out, Problem{Tool: t.Name,
				Message:    fmt.Sprintf("Tool `%s` sets additionalProperties: true, so a model may send any extra fields, and nothing in its name or description says why.", t.Name),
				Suggestion: "Set additionalProperties to false (or omit it) and declare every parameter the tool reads."})
		}
	}
	return out
}

var (
	secEnvTalk   = regexp.MustCompile(`environment\s+variables?|\benv\s+vars?\b|\benv\b|\bsecrets?\b|\bapi\s+keys?\b|\bcredentials\b|\.env\b|\bprocess\.env\b`)
	secEnvReturn = regexp.MustCompile(`\b(?:returns?|prints?|dumps?|lists?|shows?|exposes?|reads?|gets?|outputs?|displays?|retrieves?)\s+(?:all\s+|the\s+|every\s+|any\s+)?(?:of\s+the\s+)?(?:current\s+|process\s+|server\s+|system\s+|shell\s+)?(?:environment\s+variables|env\s+vars)\b`)
)

func checkSEC010(ctx *Context) []Problem {
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		words, desc := facts[i].words, facts[i].desc
		envName := secHasWord(words, "env", "environment", "envs", "environ", "envvar", "envvars", "dotenv", "printenv", "getenv")
		if !(envName && secEnvTalk.MatchString(desc)) && !secEnvReturn.MatchString(desc) {
			// The default profile also reads a description that says the
			// tool returns credentials (a kubeconfig, tokens, API keys).
			if cred := ""; ctx.Precise() {
				if cred = secReturnsCredentials(t.RawDescription); cred != "" {
					out = append(out, Problem{Tool: t.Name,
						Message:    fmt.Sprintf("Tool `%s` says it returns %s: credentials in a tool result reach the model's context, logs and any server the conversation is sent to.", t.Name, secCredentialWhat(cred)),
						Suggestion: "Return only what the model needs (names, contexts, expiry dates) and redact secret values (tokens, keys, passwords, certificate data), or remove the tool."})
				}
			}
			continue
		}
		out = append(out, Problem{Tool: t.Name,
			Message:    fmt.Sprintf("Tool `%s` appears to return environment variables; a server's environment usually holds API keys and tokens.", t.Name),
			Suggestion: "Return only an allow-list of non-secret settings, redact values whose names look like keys, tokens or passwords, or remove the tool."})
	}
	return out
}

var (
	secCodeObjects    = []string{"code", "script", "command", "commands", "shell", "sql", "query", "python", "js", "javascript", "snippet", "cell", "expression", "bash", "cmd", "program"}
	secNotCodeContext = regexp.MustCompile(`\b(?:country|zip|postal|language|currency|status|error|auth|authori[sz]ation|verification|promo|coupon|discount|iso|area|airport|product|access|confirmation|otp|colou?r|region|locale|http|response|invite|referral|two-factor|2fa|mfa|sms|qr|bar|postcode|discount|voucher|exit)\b`)
	secCodeTalk       = regexp.MustCompile(`\b(?:javascript|js|python|code|function\s+body|arrow\s+function|script|expression)\b|=>`)
	secSQLTalk        = regexp.MustCompile(`\bsql\b|\bselect\s+\S+\s+from\b`)
)

// secCodeSurface says why a tool is a code-execution surface, or "".
func secCodeSurface(t *model.Tool, facts secTool) string {
	words, desc := facts.words, facts.desc
	if secHasWord(words, "eval", "exec", "repl", "shell", "bash", "powershell", "zsh", "subprocess", "cmd") {
		return fmt.Sprintf("its name `%s` says it evaluates or executes input", t.Name)
	}
	for i, w := range words {
		if (w == "run" || w == "execute" || w == "exec" || w == "eval" || w == "evaluate") && i+1 < len(words) && secHasWord(words[i+1:i+2], secCodeObjects...) {
			return fmt.Sprintf("its name `%s` says it runs %s", t.Name, words[i+1])
		}
	}
	if len(words) == 1 && (words[0] == "runcode" || words[0] == "execute") {
		return fmt.Sprintf("its name `%s` says it executes input", t.Name)
	}
	sqlTool := secHasWord(words, "sql") || secSQLTalk.MatchString(desc)
	props := t.Params()
	for _, name := range t.ParamNames() {
		obj, _ := props[name].(map[string]any)
		if obj == nil || !secIsFreeText(obj) {
			continue
		}
		pdesc := ""
		if d, ok := obj["description"].(string); ok {
			pdesc, _ = secFold(d)
		}
		pw := secIdentifierWords(name)
		last := ""
		if len(pw) > 0 {
			last = pw[len(pw)-1]
		}
		switch {
		case len(pw) == 1 && secHasWord(pw, "script", "command", "cmd", "expression", "expr", "eval", "shell", "javascript", "python", "snippet", "program"):
			return fmt.Sprintf("its free-text parameter `%s` takes %s to run", name, last)
		case (last == "code" && len(pw) <= 2 || strings.Join(pw, "_") == "source_code") && !secNotCodeContext.MatchString(pdesc+" "+strings.Join(pw, " ")):
			return fmt.Sprintf("its free-text parameter `%s` takes source code", name)
		case last == "function" && len(pw) == 1 && secCodeTalk.MatchString(pdesc):
			return fmt.Sprintf("its parameter `%s` takes a function body to evaluate", name)
		case last == "sql" || (last == "query" && sqlTool):
			return fmt.Sprintf("its free-text parameter `%s` takes raw SQL", name)
		}
	}
	return ""
}

func checkSEC011(ctx *Context) []Problem {
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		why := secCodeSurface(t, facts[i])
		var sev Severity
		if ctx.Precise() {
			// A tool that calls itself unsafe (RCE-equivalent, arbitrary
			// code outside a sandbox) is not polish: warning, and error
			// when its annotations call it read-only.
			if said, arbitrary := secSelfDeclaredUnsafe(facts[i].words, t.RawDescription); said != "" && (why != "" || arbitrary) {
				if why == "" {
					why = said
				} else {
					why += ", and " + said
				}
				sev = Warning
				if a := t.Annotations; a != nil && a.ReadOnlyHint != nil && *a.ReadOnlyHint {
					sev = Error
				}
			}
		}
		if why == "" {
			continue
		}
		out = append(out, Problem{Tool: t.Name, Severity: sev,
			Message:    fmt.Sprintf("Tool `%s` is a code-execution surface: %s.", t.Name, why),
			Suggestion: "Run the input in a sandbox, say so in the description, and mark the tool destructiveHint: true and openWorldHint as appropriate so clients ask before calling it; prefer narrow, parameterised tools where you can."})
	}
	return out
}

var (
	secWriteVerbs         = []string{"create", "update", "write", "set", "insert", "modify", "send", "post", "upload", "put", "patch", "edit", "move", "rename", "add", "save", "publish", "deploy", "execute", "exec", "run", "append", "merge", "push", "commit", "install", "transfer", "pay", "cancel", "close", "archive"}
	secMutatingOpening    = regexp.MustCompile(`^\s*(?:deletes|removes|destroys|drops|purges|wipes|erases|truncates|overwrites|creates|updates|writes|modifies|sends|uploads|inserts|moves|renames|publishes|deploys|executes|cancels|archives|resets|revokes|terminates|kills)\b`)
	secDestructiveOpening = regexp.MustCompile(`^\s*(?:permanently\s+|irreversibly\s+)?(?:deletes|removes|destroys|drops|purges|wipes|erases|truncates|overwrites|resets|revokes|terminates|kills|uninstalls)\b`)
	secIdempotentTalk     = regexp.MustCompile(`\balready\s+exists?\b|\bsucceeds?\s+silently\b|\bno-?op\b|\bidempoten|\bif\s+(?:it|they)\s+(?:does|do)\s+not\s+(?:already\s+)?exist|\bupsert|\bcreates?\s+or\s+(?:updates?|replaces?)\b|\bidempotency\s+key\b`)
	secNonIdempotent      = []string{"append", "create", "add", "insert", "post", "send", "push", "increment", "enqueue", "submit", "publish", "comment", "reply", "duplicate", "clone", "fork"}
)

// secDestructiveVerb returns the first of words that is a destructive verb
// (delete, remove, purge, ...), or "".
func secDestructiveVerb(words []string) string {
	for _, w := range words {
		if text.IsDestructiveVerb(w) {
			return w
		}
	}
	return ""
}

func checkSEC012(ctx *Context) []Problem {
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		a := t.Annotations
		if a == nil {
			continue
		}
		words, desc := facts[i].words, facts[i].desc
		// Only the description's opening verb counts: descriptions often
		// mention destruction to steer away from it ("To permanently remove a
		// ticket, use archive_ticket").
		destructiveText := secDestructiveOpening.MatchString(desc)
		if ctx.Precise() && !destructiveText {
			// The default profile also reads an operation or flag that
			// destroys (git_branch mode "delete", git_push force).
			destructiveText = preciseDescribesDestruction(&tgTools(ctx)[i]) != ""
		}
		// design marks a contradiction that hides no destructive action: the
		// mcpgauge score counts it as tool design, not security.
		design := true
		add := func(msg, fix string) {
			out = append(out, Problem{Tool: t.Name, Message: msg, Suggestion: fix, Design: design})
		}
		readNamed := ctx.Precise() && secReadNamed(words) && !secMutatingOpening.MatchString(desc)
		if a.ReadOnlyHint != nil && *a.ReadOnlyHint {
			design = secDestructiveVerb(words) == "" && !destructiveText && (a.DestructiveHint == nil || !*a.DestructiveHint)
			switch {
			case readNamed && (a.DestructiveHint == nil || !*a.DestructiveHint):
				// get_merge_request_commits: a verb inside a read tool's name
				// names what is read, not an action.
			case secDestructiveVerb(words) != "" || secHasWord(words, secWriteVerbs...):
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but its name says it changes things.", t.Name),
					"Set readOnlyHint: false (and destructiveHint to match), or rename the tool if it really only reads. Clients skip confirmation for read-only tools.")
			case secMutatingOpening.MatchString(desc):
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but its description says it modifies or deletes data.", t.Name),
					"Set readOnlyHint: false (and destructiveHint to match), or fix the description. Clients skip confirmation for read-only tools.")
			case ctx.Precise() && destructiveText && (a.DestructiveHint == nil || !*a.DestructiveHint):
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but it can destroy data (%s).", t.Name, preciseDescribesDestruction(&tgTools(ctx)[i])),
					"Set readOnlyHint: false and destructiveHint: true, or split the destructive operation into its own tool. Clients skip confirmation for read-only tools.")
			case ctx.Precise() && secSendsRemote(t.RawDescription) != "":
				design = false // the hint hides data leaving the machine
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but its description says it sends data to a remote service: %q. Clients run read-only tools without asking, so the user's data leaves without a prompt.", t.Name, secSendsRemote(t.RawDescription)),
					"Set readOnlyHint: false and openWorldHint: true so clients ask before the data leaves, and say in the description what is sent and where.")
			case ctx.Precise() && preciseMutatingMode(&tgTools(ctx)[i]) != "":
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but it can change state (%s).", t.Name, preciseMutatingMode(&tgTools(ctx)[i])),
					"Set readOnlyHint: false, or move the changing operation into its own tool so the reads can stay read-only. Clients skip confirmation for read-only tools.")
			case a.DestructiveHint != nil && *a.DestructiveHint:
				add(fmt.Sprintf("Tool `%s` sets both readOnlyHint: true and destructiveHint: true.", t.Name),
					"A read-only tool cannot be destructive: decide which it is and drop the other hint.")
			}
		}
		design = false
		if a.DestructiveHint != nil && !*a.DestructiveHint && (secDestructiveVerb(words) != "" && !readNamed || destructiveText) {
			add(fmt.Sprintf("Tool `%s` is marked destructiveHint: false, but its name or description says it deletes or irreversibly changes data.", t.Name),
				"Set destructiveHint: true so clients ask the user before calling it.")
		}
		design = true
		if a.IdempotentHint != nil && *a.IdempotentHint && secHasWord(words, secNonIdempotent...) && !secIdempotentTalk.MatchString(desc) {
			add(fmt.Sprintf("Tool `%s` is marked idempotentHint: true, but its name says each call adds something new.", t.Name),
				"Set idempotentHint: false, or make repeated calls really have no extra effect (for example with an idempotency key) and say so in the description.")
		}
	}
	return out
}
