package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/qualitygate"
	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// qg003 is QG003 qg-verbose-description.
func qg003() Rule {
	return Rule{
		ID: "QG003", Name: "qg-verbose-description", Family: "Quality-gate",
		Summary: "The description is longer than 500 characters.",
		Default: Info, Scope: ScopeTool, Origin: OriginQualityGate,
		Revision: 4, Check: checkQG003,
	}
}

// qgManualLength is the description length (in UTF-16 units) past which
// the default profile reports QG003 at warning whatever the text: a
// reference manual that belongs in a resource. Below it a long
// description is usually useful when-to-use guidance, and QG003 stays
// info unless the text carries manual material (qgManualMaterial).
const qgManualLength = 8000

// qgManualMin is the length (three times quality-gate's maximum) from
// which manual material in a description is reported at warning: a
// sample API call, a sample request or response body, or the input
// schema restated parameter by parameter. Shorter descriptions may show
// one example without crowding anything.
const qgManualMin = 1500

var (
	// qgCurl is a command line that calls an HTTP API.
	qgCurl = regexp.MustCompile(`(?i)\b(?:curl|wget)\s+(?:-|https?://)`)
	// qgJSONKey is a line of a pretty-printed JSON object ("key": ...),
	// or of an object literal written in code or YAML, indented, whose
	// key may be bare or single-quoted when a JSON value follows it
	// (`  from: "view_name",`, `  'limit': 20`, `    where: {`). An
	// indented prose line ("  Note: keep it short") has no such value.
	qgJSONKey = regexp.MustCompile(`(?m)^[ \t]*"[^"\n]{1,60}"[ \t]*:|^[ \t]+(?:'[^'\n]{1,60}'|[A-Za-z_$][\w$]{0,40})[ \t]*:[ \t]*(?:["'\[{]|-?\d|true\b|false\b|null\b)`)
	// qgParamEntry is a line that opens with a parameter name and its
	// explanation: "- `limit` (integer, default 10): ...", "pid: ...",
	// "Parameter: `search_term` (string, optional)", a table row
	// "| `limit` | integer | ... |".
	qgParamEntry = regexp.MustCompile("(?i)^[ \\t]*(?:[-*\u2022+|]|\\d+[.)])?[ \\t]*(?:\\*\\*)?(?:param(?:eter)?s?[ \\t]*:[ \\t]*)?[`\"']?([A-Za-z_$][\\w.$-]*)[`\"']?(?:\\*\\*)?[ \\t]*(?:\\(|:|\\||[ \\t][-\u2013\u2014][ \\t])")
)

// qgParamManualLength is the length (UTF-16 units, ten times
// quality-gate's maximum for a description) past which the distinct
// descriptions of one tool's parameters are a reference manual in the
// schema: the default profile reports QG003 at warning on it, whatever the
// length of the tool's own description. A model reads them with the
// tool's description on every request.
const qgParamManualLength = 5000

// qgJSONSampleLines is how many "key": lines make a sample body: one
// pretty-printed object with its fields, not a parameter shown inline.
const qgJSONSampleLines = 5

// qgRestatedMin is how many of its parameters a description must walk
// through, one entry each, to restate the schema (and at least three in
// four of them).
const qgRestatedMin = 4

// qgManualMaterial names the manual material a description carries, ""
// when none: text that documents the HTTP API or restates the schema
// instead of telling a model what the tool does. params are the tool's
// parameter names.
func qgManualMaterial(desc string, params []string) string {
	if qgCurl.MatchString(desc) {
		return "a sample API call (a command line), which belongs in a resource or the server's documentation"
	}
	if len(qgJSONKey.FindAllStringIndex(desc, -1)) >= qgJSONSampleLines {
		return "a sample JSON body (or object literal), which belongs in the output schema, a parameter's examples or a resource"
	}
	if len(params) == 0 {
		return ""
	}
	own := make(map[string]bool, len(params))
	for _, p := range params {
		own[p] = true
	}
	entries := map[string]bool{}
	for _, line := range strings.Split(desc, "\n") {
		if m := qgParamEntry.FindStringSubmatch(line); m != nil && own[m[1]] {
			entries[m[1]] = true
		}
	}
	if len(entries) >= qgRestatedMin && 4*len(entries) >= 3*len(params) {
		return fmt.Sprintf("its input schema restated parameter by parameter (%d of %d), which belongs in the parameters' own descriptions", len(entries), len(params))
	}
	return ""
}

// checkQG003 fires on a description longer than quality-gate's maximum
// (UTF-16 units). The default profile raises it to warning past
// qgManualLength, or past qgManualMin when the text carries manual
// material.
func checkQG003(ctx *Context) []Problem {
	var out []Problem
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		n := compat.JSLength(t.RawDescription)
		if ctx.Precise() {
			if pn := qgParamDescriptionLength(t); pn > qgParamManualLength {
				out = append(out, qgParamManual(t, n, pn))
				continue
			}
		}
		if n <= qualitygate.VerboseDescriptionMin {
			continue
		}
		msg := fmt.Sprintf("The description of `%s` is %d characters long; quality-gate flags more than %d.", t.Name, n, qualitygate.VerboseDescriptionMin)
		var sev Severity
		switch {
		case n > qgManualLength:
			sev = Warning // a reference manual, not a description
		case n > qgManualMin && ctx.Precise():
			if what := qgManualMaterial(t.RawDescription, qgParamNames(ctx, i)); what != "" {
				sev = Warning
				msg = fmt.Sprintf("The description of `%s` is %d characters long and carries %s; quality-gate flags more than %d.", t.Name, n, what, qualitygate.VerboseDescriptionMin)
			}
		}
		out = append(out, Problem{Tool: t.Name, Severity: sev, Message: msg,
			Suggestion: "Keep the description to what a model needs to choose and call the tool; move long usage notes into parameter descriptions, a resource or the server instructions."})
	}
	return out
}

// qgParamNames are the parameter names of ctx.Tools[i] in server order.
func qgParamNames(ctx *Context, i int) []string {
	params := tgTools(ctx)[i].params
	out := make([]string, len(params))
	for j := range params {
		out[j] = params[j].name
	}
	return out
}

// qgParamDescriptionLength is the length (UTF-16 units) of the distinct
// descriptions anywhere in a tool's parameter schemas: what a model reads
// of the tool beyond its own description, each text counted once.
func qgParamDescriptionLength(t *model.Tool) int {
	seen := map[string]bool{}
	n := 0
	props := t.Params()
	for _, name := range t.ParamNames() {
		secSchemaText(props[name], func(field, text string) {
			if field == "description" && !seen[text] {
				seen[text] = true
				n += compat.JSLength(text)
			}
		}, 0)
	}
	return n
}

// qgParamManual is QG003's warning on a tool whose parameter descriptions
// pass qgParamManualLength: n is the length of its own description, pn
// that of its parameters' descriptions.
func qgParamManual(t *model.Tool, n, pn int) Problem {
	return Problem{Tool: t.Name, Severity: Warning,
		Message: fmt.Sprintf("The parameter descriptions of `%s` are %d characters long (distinct texts; its description adds %d): a reference manual in the schema, past %d; quality-gate flags descriptions over %d.",
			t.Name, pn, n, qgParamManualLength, qualitygate.VerboseDescriptionMin),
		Suggestion: "Keep each parameter description to what a model needs to fill it in (its meaning, format and limits); move usage rules, notes and links to API reference pages into a resource or the server's documentation."}
}
