package lint

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// mcp015 is MCP015 placeholder-text.
func mcp015() Rule {
	return Rule{
		ID: "MCP015", Name: "placeholder-text", Family: "Description",
		Summary: "A description still contains placeholder text.",
		Default: Error, Toolgauge: Error, Scope: ScopeTool, Origin: OriginToolgauge,
		Revision: 7, Check: checkMCP015,
	}
}

func checkMCP015(ctx *Context) []Problem {
	var out []Problem
	for _, t := range tgTools(ctx) {
		hit, ok := text.Placeholder.FindIn(t.mapped)
		// A placeholder word that is also a word of the tool's or a
		// parameter's name (update_task_wip, wip_data; todo_list) names
		// the thing the tool stores, not missing text.
		named := preciseNameWords(&t)
		if ok && ctx.Precise() {
			values := append([]string(nil), named...)
			for _, p := range t.params {
				if p.obj != nil {
					values = append(values, preciseEnumValues(p.obj)...)
				}
			}
			_, ok = precisePlaceholder(t.desc, values)
		}
		if ok {
			out = append(out, Problem{
				Tool:       t.name,
				Message:    fmt.Sprintf("`%s`'s description still contains placeholder text (%s).", t.name, compat.PyRepr(text.PyStrip(hit))),
				Suggestion: fmt.Sprintf("Replace the placeholder with a real description of what `%s` does, when to use it and what it returns. A model reads placeholder text literally, and a tool that says TODO looks unfinished and unsafe to call.", t.name),
			})
		}
		for _, p := range t.params {
			if p.obj == nil {
				continue
			}
			d := p.obj["description"]
			if !compat.PyTruthy(d) {
				continue
			}
			desc, isString := d.(string)
			if !isString {
				// A non-string description is matched in its Python str()
				// form, which needs the document order of any object keys.
				desc = compat.PyStrJSON(rawParamField(t.t, p.name, "description"))
			}
			hit, ok := text.Placeholder.Find(desc)
			if ok && ctx.Precise() {
				_, ok = precisePlaceholder(desc, append(preciseEnumValues(p.obj), named...))
			}
			if !ok {
				continue
			}
			out = append(out, Problem{
				Tool:       t.name,
				Parameter:  p.name,
				Message:    fmt.Sprintf("`%s.%s`'s description still contains placeholder text (%s).", t.name, p.name, compat.PyRepr(text.PyStrip(hit))),
				Suggestion: fmt.Sprintf("Replace the placeholder with what `%s` expects: its meaning, its format and one example value. The parameter description is the only place a model learns the shape of a value it has to make up.", p.name),
			})
		}
	}
	return out
}

// preciseNameWords returns the words of a tool's name and of its
// parameters' names.
func preciseNameWords(t *tgTool) []string {
	words := secIdentifierWords(t.name)
	for _, p := range t.params {
		words = append(words, secIdentifierWords(p.name)...)
	}
	return words
}

// precisePlaceholder finds placeholder text in the description's own prose:
// not inside code, quotes, XML or examples, not a word the description
// also shows quoted as a thing to handle (a search tool's pattern="TODO"),
// and not a word used as a value: one of the schema's enum values (given
// in values) or an item in a list of values ("status: TODO, DOING,
// ARCHIVED"). A placeholder stands for a missing description; a value is
// data the tool takes. Every match in the prose is tried.
func precisePlaceholder(desc string, values []string) (string, bool) {
	prose := preciseProse(desc)
	// At most precisePlaceholderTries matches are judged, so hostile text
	// full of listed values stays linear; past them the word is a value.
	for off, n := 0, 0; off < len(prose) && n < precisePlaceholderTries; n++ {
		i, j, ok := text.Placeholder.FindIndex(prose[off:])
		if !ok {
			return "", false
		}
		i, j = i+off, j+off
		if hit := prose[i:j]; precisePlaceholderAt(desc, prose, i, j, values) {
			return hit, true
		}
		off = j
	}
	return "", false
}

// precisePlaceholderAt judges one placeholder match, prose[i:j].
func precisePlaceholderAt(desc, prose string, i, j int, values []string) bool {
	hit := prose[i:j]
	w := strings.TrimSpace(hit)
	if preciseQuotedWord(desc, w) {
		return false
	}
	// Revision 5: "Generate lorem ipsum placeholder text", "Lists the
	// TODO comments of a file": a placeholder phrase followed by a noun of
	// content names the kind of content the tool makes or handles; a
	// placeholder stands alone ("TODO", "TODO: describe", "Lorem ipsum
	// dolor sit amet").
	if placeholderNamesContent(prose, w, i, j) {
		return false
	}
	// "Array of project IDs to add this task to": an instruction phrase
	// (add this, describe this) followed by the noun it acts on is prose;
	// a placeholder stands alone ("Add this.", "TODO: describe this").
	if preciseActsOnNoun(prose, hit) {
		return false
	}
	if strings.ContainsAny(w, " \t<") {
		return true
	}
	// A single placeholder word counts when written as a marker (TODO,
	// FIXME, WIP), not as an ordinary word ("instead of a placeholder",
	// a Mermaid column called todo, a wip filter).
	if strings.ToUpper(w) != w {
		return false
	}
	// Written as a marker ("TODO: explain paging", a description that is
	// the word alone), it stands for missing text even when the same
	// word is also one of the values.
	marker := preciseMarkerAfter.MatchString(prose[j:]) || strings.Trim(prose, " \t\r\n.:!-") == w
	if w == "WIP" && !marker && precisePlaceholderInSentence(prose, i) {
		// Revision 7 (round 59): "your local state, WIP and all",
		// "including WIP" name work in progress, the thing a tool ships;
		// a WIP that stands for missing text opens the text or a sentence
		// ("WIP content.", "Returns the forecast. WIP") or is a marker.
		return false
	}
	if !marker && preciseValueSlotAfter.MatchString(prose[j:]) {
		// Revision 6: "moves issues to fallback TODO status", "cards in
		// the WIP column": the word names a value of a status, column or
		// label, as a listed value does; a marker stands for text.
		return false
	}
	for _, v := range values {
		if !marker && strings.EqualFold(strings.TrimSpace(v), w) {
			return false // TODO is a status the tool takes
		}
	}
	return !preciseListedValue(prose[max(0, i-precisePlaceholderContext):i], prose[j:min(len(prose), j+precisePlaceholderContext)])
}

// precisePlaceholderInSentence reports whether the word at prose[i:]
// stands inside a sentence: a word or a comma comes before it on its
// line, not the start of the text, a sentence's end, a colon or a bullet.
func precisePlaceholderInSentence(prose string, i int) bool {
	before := strings.TrimRight(prose[:i], " \t")
	if before == "" {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(before)
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == ','
}

// placeholderNamesContent reports whether the placeholder w, prose[i:j],
// names a kind of content the tool makes or handles: lorem ipsum or a
// code marker (TODO, FIXME, XXX), followed by a noun of content, in a
// text that says more than the phrase ("Generate lorem ipsum text", "Find
// the TODO comments"). TBD, WIP, "coming soon" or "no description" are
// never a kind of content, and a description that is only the phrase
// ("Lorem ipsum text", "TODO comments.") stands for the missing text.
func placeholderNamesContent(prose, w string, i, j int) bool {
	switch l := strings.ToLower(w); {
	case strings.HasPrefix(l, "lorem"), l == "todo", l == "todos", l == "fixme", l == "xxx":
	default:
		return false
	}
	after := prose[j:min(len(prose), j+precisePlaceholderContext)]
	m := placeholderContentAfter.FindStringIndex(after)
	if m == nil {
		return false
	}
	// Read at most the context either side: a text longer than that says
	// more than the phrase.
	before := prose[max(0, i-precisePlaceholderContext):i]
	return i > precisePlaceholderContext || j+precisePlaceholderContext < len(prose) ||
		strings.IndexFunc(before, unicode.IsLetter) >= 0 || strings.IndexFunc(after[m[1]:], unicode.IsLetter) >= 0
}

// placeholderContentAfter is a noun of content right after a placeholder
// phrase (an adjective such as placeholder or filler allowed between):
// the phrase then says what kind of content is meant.
var placeholderContentAfter = regexp.MustCompile(`(?i)^[ \t]*-?[ \t]*(?:(?:placeholder|filler|dummy|sample|style|styled)[ \t]+)?(?:text|texts|content|copy|paragraphs?|sentences?|words|comments?|markers?|annotations?|items?|images?|strings?|placeholders?|generator|entries)\b`)

// precisePlaceholderTries bounds the matches judged in one description;
// precisePlaceholderContext the bytes read either side of one.
const (
	precisePlaceholderTries   = 64
	precisePlaceholderContext = 160
)

// preciseValueSlotAfter is a noun right after a marker word that makes
// the word the name of a value: a status, state, column, lane, stage,
// phase, label, tag, bucket or category ("fallback TODO status", "the WIP
// column"). Since revision 6 (round 37).
var preciseValueSlotAfter = regexp.MustCompile(`^[ \t]+(?:status|statuses|state|states|column|columns|lane|lanes|stage|stages|phase|phases|label|labels|tag|tags|bucket|buckets|category|categories)\b`)

// preciseMarkerAfter is what follows a placeholder written as a marker:
// a colon ("TODO: describe").
var preciseMarkerAfter = regexp.MustCompile(`^\s*:`)

var (
	// preciseValueAfter is what follows an item of a list of values: an
	// optional gloss (in parentheses, or after a colon or dash), a
	// separator, and the next item.
	preciseValueAfter = regexp.MustCompile(`^\s*(?:\([^()\n]{0,80}\)\s*|[:=\x{2013}\x{2014}-]\s*[^,|/()\n]{1,40}?)?(?:[,|/]\s*(?:(?:or|and)\s+)?|(?:or|and)\s+)([A-Za-z][\w-]*)`)
	// preciseValueBefore is what precedes an item of a list of values:
	// the previous item, its optional gloss, and a separator.
	preciseValueBefore = regexp.MustCompile(`([A-Za-z][\w-]*)\s*(?:\([^()\n]{0,80}\)\s*)?(?:[,|/]\s*(?:(?:or|and)\s+)?|\s(?:or|and)\s+)$`)
)

// preciseListedValue reports whether a marker word sits in a list of
// values written the same way (TODO, DOING, ARCHIVED; TODO | DONE): a
// neighbour across a comma, bar, slash, "or" or "and" that is an upper-case
// word and no placeholder itself. "TODO, FIXME" lists placeholders, not
// values.
func preciseListedValue(before, after string) bool {
	var sib []string
	if m := preciseValueAfter.FindStringSubmatch(after); m != nil {
		sib = append(sib, m[1])
	}
	if m := preciseValueBefore.FindStringSubmatch(before); m != nil {
		sib = append(sib, m[1])
	}
	for _, s := range sib {
		if len(s) >= 2 && strings.ToUpper(s) == s && strings.ToLower(s) != s && !text.Placeholder.Match(s) {
			return true
		}
	}
	return false
}

// preciseQuotedWord finds a word shown in quotes or a code span.
func preciseQuotedWord(desc, word string) bool {
	for _, q := range []string{`"` + word + `"`, "`" + word + "`", `'` + word + `'`} {
		if strings.Contains(strings.ToLower(desc), strings.ToLower(q)) {
			return true
		}
	}
	return false
}

// rawParamField returns the raw JSON of inputSchema.properties[param][field]
// as the server sent it, or nil.
func rawParamField(t *model.Tool, param, field string) json.RawMessage {
	var top, props, schema map[string]json.RawMessage
	if json.Unmarshal(t.RawInputSchema, &top) != nil ||
		json.Unmarshal(top["properties"], &props) != nil ||
		json.Unmarshal(props[param], &schema) != nil {
		return nil
	}
	return schema[field]
}

// preciseInstructionHit is a placeholder phrase that is also an ordinary
// instruction ("add this", "describe this", "document this").
var preciseInstructionHit = regexp.MustCompile(`(?i)^(?:describe|document|fill\s+in|add)\s+this$`)

// preciseNounAfter is the next word after such a phrase when it names what
// the phrase acts on; words a placeholder goes on with ("later", "here",
// "tool") do not count.
var preciseNounAfter = regexp.MustCompile(`(?i)^\s+([a-z][a-z-]*)`)

// preciseActsOnNoun reports whether an instruction-like placeholder hit is
// followed by the noun it acts on ("add this task to"), every time it
// occurs in prose.
func preciseActsOnNoun(prose, hit string) bool {
	if !preciseInstructionHit.MatchString(strings.TrimSpace(hit)) {
		return false
	}
	lower := strings.ToLower(prose)
	h := strings.ToLower(hit)
	found := false
	for i := strings.Index(lower, h); i >= 0; {
		m := preciseNounAfter.FindStringSubmatch(prose[i+len(h):])
		if m == nil {
			return false
		}
		switch strings.ToLower(m[1]) {
		case "later", "here", "soon", "tool", "description", "parameter", "field", "section", "properly", "please", "when", "once":
			return false
		}
		found = true
		next := strings.Index(lower[i+len(h):], h)
		if next < 0 {
			break
		}
		i += len(h) + next
	}
	return found
}
