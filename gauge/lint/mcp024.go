package lint

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// mcp024 is MCP024 untyped-parameter.
func mcp024() Rule {
	return Rule{
		ID: "MCP024", Name: "untyped-parameter", Family: "Parameters",
		Summary: "A parameter has no declared type, or is an object with no declared shape.",
		Default: Info, Toolgauge: Warning, Scope: ScopeParameter, Origin: OriginToolgauge,
		Revision: 6, Check: checkMCP024,
	}
}

func checkMCP024(ctx *Context) []Problem {
	var out []Problem
	var declaredBy map[string]string
	if ctx.Precise() {
		declaredBy = preciseCreateShapes(ctx)
	}
	eachObjectParam(ctx, func(t *tgTool, p *tgParam) {
		branches := p.branches
		described := false
		for _, br := range branches {
			for _, k := range []string{"type", "enum", "const", "$ref", "properties", "items"} {
				if br[k] != nil {
					described = true
				}
			}
		}
		var msg string
		arrayAsked := false
		if !described {
			msg = fmt.Sprintf("`%s.%s` has no declared type.", t.name, p.name)
		} else {
			shapeless := true
			for _, br := range branches {
				props, hasProps := br["properties"].(map[string]any)
				if ctx.Precise() && len(props) == 0 {
					// properties: {} declares no property either.
					hasProps = false
				}
				if !isJSONString(br["type"], "object") || hasProps {
					shapeless = false
				}
			}
			arrayAsked = ctx.Precise() && shapeless && preciseAsksArray(p.desc) != ""
			if !shapeless || ctx.Precise() && !preciseOnlyEmpty(p) && preciseTypedMap(p) && !arrayAsked {
				return
			}
			msg = fmt.Sprintf("`%s.%s` is an object with no declared properties, so its shape is anyone's guess.", t.name, p.name)
		}
		var sev Severity
		if ctx.Precise() && preciseOnlyEmpty(p) {
			sev = Warning // only {} validates: the tool cannot be called with data
		} else if sibling := preciseUpdateSibling(declaredBy, t.nameWords, p.name); described && sibling != "" {
			// The create tool of the same object declares this
			// parameter's fields; the update tool leaves them out,
			// so the model guesses the very fields it changes.
			sev = Warning
			msg = fmt.Sprintf("`%s.%s` is an object with no declared properties, though `%s` declares the fields of its `%s`, so a model guesses the fields it changes.", t.name, p.name, sibling, p.name)
		}
		if fields := preciseFieldsInProse(p.desc); ctx.Precise() && sev == Off && described && fields != "" {
			// "Package binding with 'namespace' and 'name' fields":
			// a fixed shape written in prose, not in the schema.
			sev = Warning
			msg = fmt.Sprintf("`%s.%s` is an object with no declared properties, though its description lists the fields it takes (%q): the model writes them from prose and no client can check them.", t.name, p.name, secSnippet(fields))
		}
		if arrayAsked {
			// files "List of files to add - pass as JSON array" declared
			// {type: object}: the array the text asks for fails the
			// schema, and no item type is declared (round 57).
			sev = Warning
			msg = fmt.Sprintf("`%s.%s` is declared an object with no properties, but its description asks for an array (%q): the array a model sends fails the schema, and no item type is declared.", t.name, p.name, secSnippet(preciseAsksArray(p.desc)))
		}
		out = append(out, Problem{
			Tool: t.name, Parameter: p.name, Severity: sev,
			Message:    msg,
			Suggestion: fmt.Sprintf("Give `%s` a concrete schema: a `type`, and for an object its `properties` (with `required`), or split it into the few plain arguments it really carries. A model cannot fill in an opaque value by reading the schema, so it guesses.", p.name),
		})
	})
	return out
}

// preciseTypedMap reports whether an object parameter without properties
// is still typed: a map through additionalProperties (a schema) or
// propertyNames, or a well-known name-to-value map (headers, env, labels).
func preciseTypedMap(p *tgParam) bool {
	for _, br := range p.branches {
		if m, ok := br["additionalProperties"].(map[string]any); ok && len(m) > 0 {
			return true // additionalProperties: {} is no type at all
		}
		// propertyNames types the keys; with additionalProperties: false
		// no key is allowed at all, which is no map but a broken schema.
		if (br["propertyNames"] != nil || br["patternProperties"] != nil) && br["additionalProperties"] != false {
			return true
		}
	}
	if preciseMapName(p.name) {
		return true
	}
	return p.descExample
}

// preciseMapName reports whether a parameter's name is a well-known
// name-to-value map (headers, env, labels).
func preciseMapName(name string) bool {
	switch strings.ToLower(name) {
	case "headers", "env", "environment", "labels", "tags", "annotations", "variables", "cookies":
		return true
	}
	return false
}

// preciseJSONKey is a JSON object with a key in a description
// ({"password": "…"}, {stage: 'x'}).
var preciseJSONKey = regexp.MustCompile(`\{\s*["']?[A-Za-z_][\w-]*["']?\s*:`)

// preciseOnlyEmpty reports whether an object parameter admits only {}
// where data is wanted: additionalProperties: false and no properties or
// patternProperties in every branch. Without a properties key it is a zod
// record compiled without its value type; with properties: {} it is an
// object declared empty, a defect when its name (variables, headers) or
// its description ({"password": …}) asks for the keys it rejects.
func preciseOnlyEmpty(p *tgParam) bool {
	if len(p.branches) == 0 {
		return false
	}
	declaredEmpty := false
	for _, br := range p.branches {
		props, has := br["properties"].(map[string]any)
		if len(props) > 0 || br["additionalProperties"] != false || br["patternProperties"] != nil {
			return false
		}
		declaredEmpty = declaredEmpty || has
	}
	// properties: {} with additionalProperties: false is an object
	// declared empty on purpose (z.object({}).strict()): a defect only
	// when its name or description asks for the data it rejects.
	return !declaredEmpty || preciseMapName(p.name) || p.descExample || p.hasDesc && preciseJSONKey.MatchString(p.desc)
}

// preciseCreateVerbs and preciseUpdateVerbs are the name words of tools
// that write a new object and of tools that change an existing one.
// insert is left out: insert-excel-range inserts blank cells into a
// sheet, it does not create the range update-excel-range writes.
var (
	preciseCreateVerbs = map[string]bool{"create": true, "add": true, "new": true}
	preciseUpdateVerbs = map[string]bool{"update": true, "edit": true, "modify": true, "patch": true, "change": true, "set": true}
)

// preciseVerbKeys are a tool name's words with one verb from verbs
// replaced by a marker, joined with the parameter's name folded (case,
// '_' and '-' ignored), so that woo_products_create and woo_products_update
// with productData share one key: one key for each place a verb stands,
// since a verb word can also be a noun of the name (update_record_set,
// record_set_update). It is empty when the name carries no such verb.
func preciseVerbKeys(words []string, verbs map[string]bool, param string) []string {
	folded := mcp027Fold(param)
	var keys []string
	for i, w := range words {
		if verbs[w] {
			key := slices.Clone(words)
			key[i] = "\x00"
			keys = append(keys, strings.Join(key, " ")+"|"+folded)
		}
	}
	return keys
}

// preciseUpdateSibling is the create tool that declares the fields of the
// object parameter param of the update tool named by words, or "".
func preciseUpdateSibling(declaredBy map[string]string, words []string, param string) string {
	for _, k := range preciseVerbKeys(words, preciseUpdateVerbs, param) {
		if sibling := declaredBy[k]; sibling != "" {
			return sibling
		}
	}
	return ""
}

// preciseCreateShapes indexes the object parameters that a create tool
// declares with properties (in some branch) by preciseVerbKeys, to the
// create tool's name: woo_products_create's productData, doks-create-
// cluster's maintenance_policy. An update tool whose name is the same
// with an update verb (woo_products_update, doks-update-cluster) looks
// its own parameter up there.
func preciseCreateShapes(ctx *Context) map[string]string {
	index := map[string]string{}
	tools := tgTools(ctx)
	for i := range tools {
		t := &tools[i]
		for _, p := range t.params {
			declared := false
			for _, br := range p.branches {
				if props, ok := br["properties"].(map[string]any); ok && len(props) > 0 {
					declared = true
				}
			}
			if !declared {
				continue
			}
			for _, k := range preciseVerbKeys(t.nameWords, preciseCreateVerbs, p.name) {
				if _, seen := index[k]; !seen {
					index[k] = t.name
				}
			}
		}
	}
	return index
}

// preciseFieldsInProseTalk are the ways a description lists the fields of
// a fixed-shape object its schema leaves open: "Fields: receiver (string,
// required), groupBy ...", a sketch in braces of two or more names ("{
// id, fields, text?, metadata? }", "{ filter?: [...], sort?: [...] }"),
// "with 'namespace' and 'name' fields", "containing identity, action, and
// optional evidence". A map described as such ("key-value pairs", "column
// names and values", "{ name | id : value }") lists no field names.
var preciseFieldsInProseTalk = []*regexp.Regexp{
	regexp.MustCompile(`(?i)\bfields\s*:\s*[` + "`" + `'"]?[a-z_]\w*[` + "`" + `'"]?\s*(?:\([^)]{0,60}\)\s*)?,\s*[` + "`" + `'"]?[a-z_]\w*`),
	regexp.MustCompile("(?i)\\bwith\\s+[`'\"](\\w+)[`'\"]\\s+and\\s+[`'\"](\\w+)[`'\"]\\s+(?:fields|keys|properties)\\b"),
	regexp.MustCompile(`(?i)\bcontaining\s+(?:the\s+)?[a-z]+(?:\s+[a-z]+)?,\s+[a-z]+(?:\s+[a-z]+)?,?\s+and\s+`),
}

// preciseFieldsBraceSketch is a sketch in braces of two or more field
// names ("{ id, fields, text?, metadata? }"), read only outside other
// braces and not as a set of values (preciseFieldsInProse).
var preciseFieldsBraceSketch = regexp.MustCompile(`\{\s*[A-Za-z_]\w*\??\s*(?::[^,{}]{0,80}?(?:\[[^\]]{0,120}\])?[^,{}]{0,40})?,\s*[A-Za-z_]\w*\??\s*[,:}]`)

// preciseMapTalk is a description saying an object is a map from keys
// the caller picks ("Keys are style IDs, values have {label, settings}",
// "keyed by field key"): a sketch of its values lists no field of its own.
var preciseMapTalk = regexp.MustCompile(`(?i)\bkeys?\s+(?:are|is)\b|\bkeyed\s+by\b|\bmap(?:ping)?\s+(?:of|from)\b|\bkey-value\b|\bdictionary\b`)

// preciseSetMark is text that makes a brace a set of values, not fields:
// "type ∈ { s3, gcs, azure_storage }", "one of {a, b}".
var preciseSetMark = regexp.MustCompile(`(?i)(?:\x{2208}|\bin|\bof)\s*$`)

// preciseFieldsInProse returns the words of an object parameter's
// description that list the fields it takes, or "". A brace sketch counts
// only outside other braces (an example value inside a map's example,
// "{position: {type: "Vector3", x: 5}}", is no field list of the map)
// and not as a set of values; a description that calls the object a map
// lists none.
func preciseFieldsInProse(desc string) string {
	if preciseMapTalk.MatchString(desc) {
		return ""
	}
	for _, re := range preciseFieldsInProseTalk {
		if m := re.FindString(desc); m != "" {
			return m
		}
	}
	for _, loc := range preciseFieldsBraceSketch.FindAllStringIndex(desc, -1) {
		before := desc[:loc[0]]
		if strings.Count(before, "{") == strings.Count(before, "}") && !preciseSetMark.MatchString(before) {
			return desc[loc[0]:loc[1]]
		}
	}
	return ""
}

// preciseArrayTalk is a parameter description asking for an array: it
// opens on "List of" or "Array of", says to pass the value as a (JSON)
// array or list, or gives an example that is a bracketed list.
var preciseArrayTalk = regexp.MustCompile(`(?i)^\s*(?:an?\s+)?(?:list|array)\s+of\b[^.;]*|\b(?:pass(?:ed)?|given|provided|sent)\s+as\s+(?:an?\s+)?(?:json\s+)?(?:array|list)\b|\be\.g\.?,?\s*\[\s*['"\d]`)

// preciseArrayMapTalk is a description calling an object a holder of
// arrays rather than one ("Tags object with a 'tags' array", "Property
// name to array of values"); preciseMapTalk's maps count too.
var preciseArrayMapTalk = regexp.MustCompile(`(?i)\bobject\s+with\b|\b\w+\s+to\s+(?:an?\s+)?array\s+of\b`)

// preciseAsksArray returns the words of an object parameter's
// description that ask for an array, or "" (round 57): an object schema
// rejects the array the text asks for.
func preciseAsksArray(desc string) string {
	if desc == "" || preciseMapTalk.MatchString(desc) || preciseArrayMapTalk.MatchString(desc) {
		return ""
	}
	return preciseArrayTalk.FindString(desc)
}
