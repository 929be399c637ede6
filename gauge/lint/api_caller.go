package lint

import (
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// Reading since SEC011 revision 23 (issue 21, round 27): a generic caller
// of one service's API. A tool that sends a request whose HTTP method and
// path the model chooses, write methods included, to the API the server is
// signed in to does whatever the server's credentials allow there: it is
// that API's console, the way a SQL parameter is the database's.

// reachServiceAPI is the reach of a generic API caller.
const reachServiceAPI = "the service's API, any endpoint, with the server's credentials (writes included)"

// secAPISendTalk is a description saying the tool itself sends a request
// or calls an endpoint ("Make an authenticated HTTP request to the X
// API", "Call any X REST endpoint directly", "Test a REST API endpoint").
var secAPISendTalk = regexp.MustCompile(`\b(?:make|makes|making|send|sends|sending|perform|performs|performing|call|calls|calling|execute|executes|executing|issue|issues|issuing|test|tests|testing)\s+(?:an?\s+|the\s+|any\s+)?(?:[\w.'-]+\s+){0,3}?(?:requests?|endpoints?|api)\b`)

// secWriteMethodTalk names a write method (secWriteMethods) in a method
// parameter's text.
var secWriteMethodTalk = regexp.MustCompile(`\b(?:` + strings.Join(secWriteMethods, "|") + `)\b`)

// secAPIWord names an API or its endpoints.
var secAPIWord = regexp.MustCompile(`\bapi\b|\bendpoints?\b`)

// secAPIAbsoluteURLTalk is a parameter description asking for an absolute
// URL, or giving one as its example: a request to any host is an egress
// reading, not this one. It is read from the affirmative text, so "Do not
// include full URLs - only the path" asks for a path.
var secAPIAbsoluteURLTalk = regexp.MustCompile(`\b(?:full|absolute|complete)\s+urls?\b|\b(?:e\.g\.?|example:?|such as|like)\s*,?\s*['"]?https?://`)

// secAPICaller is a tool that sends a request of the model's choosing to
// one service's API: its text says it sends a request to an API or calls
// an endpoint, a free-text `path`, `endpoint` or `route` parameter takes
// the path (relative to the API, not a full URL), and its `method`
// parameter offers a write method (in its enum, or, when free text, named
// in its description). A GET-only method, a full URL (SEC015's reading),
// a tool that defines a mock or saves a request without sending it (no
// send verb) are not read.
func secAPICaller(t *model.Tool, facts secTool) secExecSurface {
	aff := facts.affirmative
	props := t.Params()
	method, _ := props["method"].(map[string]any)
	if method == nil {
		return secAPIBatch(t, aff)
	}
	if !secAPIWord.MatchString(aff) || !secAPISendTalk.MatchString(aff) {
		return secExecSurface{}
	}
	path := ""
	for _, name := range []string{"path", "endpoint", "route"} {
		if p, _ := props[name].(map[string]any); p != nil && secIsFreeText(p) {
			path = name
			break
		}
	}
	if path == "" || secAPIAbsoluteURLTalk.MatchString(secAffirmative(secTopParamDesc(props, path))) {
		return secExecSurface{}
	}
	writes := false
	if values := preciseEnumValues(method); len(values) > 0 {
		for _, v := range values {
			writes = writes || secHasWord([]string{strings.ToLower(v)}, secWriteMethods...)
		}
	} else if secIsFreeText(method) {
		writes = secWriteMethodTalk.MatchString(secTopParamDesc(props, "method"))
	}
	if !writes {
		return secExecSurface{}
	}
	return secExecSurface{why: "it sends a request with any method, write methods included, to any path `" + path + "` names on the service's API", reach: reachServiceAPI, real: true}
}

// secBatchTalk says the tool combines or batches several requests into one
// call ("Combine up to 20 requests into a single HTTP call", "batches
// multiple API requests").
var secBatchTalk = regexp.MustCompile(`\b(?:combin|batch|bundl|group)\w*\s+(?:up\s+to\s+\d+\s+|several\s+|many\s+|multiple\s+)?(?:[\w.'-]+\s+){0,2}?(?:requests|calls)\b`)

// secMethodWriteTalk shows a request's `method` taking a write method
// ("method: 'GET'|'POST'|'DELETE'", "each with a method (GET, PUT, ...)").
var secMethodWriteTalk = regexp.MustCompile(`\bmethods?\b[^.;\n]{0,60}?` + secWriteMethodTalk.String())

// secTopParamDesc is the folded description of the top-level parameter
// name, read from the tool's own properties: a deeper property of the same
// name (a branch's `path`) does not speak for it.
func secTopParamDesc(props map[string]any, name string) string {
	p, _ := props[name].(map[string]any)
	d, _ := p["description"].(string)
	folded, _ := secFold(d)
	return folded
}

// secAPIRequestsTalk describes a parameter that holds the requests of a
// batch (requests, operations or calls). An `options` object holds none.
var secAPIRequestsTalk = regexp.MustCompile(`\b(?:requests|operations|calls)\b`)

// secAPIBatch is a tool that sends a batch of requests the model writes in
// an object or array parameter that holds requests (secAPIRequestsTalk,
// or named requests, calls, operations, ops or batch, or the batch's own
// `body` or `payload`: "Body: { requests: [...] }"), each with its own
// method, where the text shows a request's method taking a write method:
// a generic API caller many times over. A batch of reads, a batch whose
// text names no write method, and a tool whose only object or array
// parameter holds something else (`options`) are not read.
func secAPIBatch(t *model.Tool, aff string) secExecSurface {
	if !secBatchTalk.MatchString(aff) || !secMethodWriteTalk.MatchString(aff) {
		return secExecSurface{}
	}
	props := t.Params()
	for _, name := range slices.Sorted(maps.Keys(props)) {
		p, _ := props[name].(map[string]any)
		if p == nil {
			continue
		}
		if typ, _ := p["type"].(string); typ != "object" && typ != "array" {
			continue
		}
		d, _ := p["description"].(string)
		if secHasWord(secIdentifierWords(name), "request", "requests", "call", "calls", "operation", "operations", "ops", "batch", "body", "payload") ||
			secAPIRequestsTalk.MatchString(strings.ToLower(d)) {
			return secExecSurface{why: "it sends a batch of requests the model writes in `" + name + "`, each with its own method (write methods included) and path, to the service's API", reach: reachServiceAPI, real: true}
		}
	}
	return secExecSurface{}
}
