package lint

import (
	"regexp"
	"strings"
)

// A tool description that sends the model to an API endpoint path ("Please
// use /v1/messages endpoint instead", "the status can be retrieved from the
// `/v1/operations/:id` endpoint", "See the `/chains` endpoint") names
// something the model cannot call: the model calls tools, and the tool that
// wraps that path has another name. MCP017 reads such a reference as a
// missing tool when no tool of the server takes a free path or URL (a
// generic request tool would reach the path). A path the text gives as what
// this tool itself calls ("Uses the /v1/embeddings endpoint", "Backed by GET
// /summary") carries no directing verb and stays silent.

// endpointDirected is a directing phrase right before an endpoint path:
// an imperative (use, call, see, query, try, prefer, switch to, refer to)
// or a passive that sends the reader there: one with a modal ("can be
// retrieved from", "should be polled via") or "available at/from". A bare
// passive ("Prices are fetched from the /v1/prices endpoint") says what
// the tool itself reads and is no direction. Then the path, in backticks or not, with an
// optional HTTP method, then "endpoint" or "route".
var endpointDirected = regexp.MustCompile("(?i)(?:^|[^A-Za-z])(?:(use|call|see|query|try|prefer|hit|switch\\s+to|refer\\s+to|consult)|(?:can|may|should|must|could|might)\\s+(?:also\\s+|then\\s+|instead\\s+|later\\s+)?be\\s+(?:retrieved|fetched|obtained|read|polled|checked|found)\\s+(?:from|at|via|through|using|with)|available\\s+(?:from|at|via|through))\\s+(?:the\\s+)?(?:new\\s+|dedicated\\s+|separate\\s+)?`?(?:(?:GET|POST|PUT|PATCH|DELETE)\\s+)?(/[A-Za-z0-9_{}<>:.\\-]+(?:/[A-Za-z0-9_{}<>:.\\-]+)*)`?\\s+(?:endpoint|route)s?\\b")

// endpointSelfBefore is the end of text before an imperative verb that makes
// it describe this tool: a subject that is the tool (it, we, this tool,
// the server, which, that), with or without will or would ("this tool
// will use", "it calls", "internally use"): the tool's own endpoint, not
// one the model is sent to. "will", "would" or "to" after another subject
// ("you will have to call", "you need to use") still direct the reader.
var endpointSelfBefore = regexp.MustCompile(`(?i)(?:\b(?:it|we|which|that|tool|server|wrapper)\s+(?:(?:will|would)\s+)?|\binternally\s+)$`)

// endpointPathRefs returns the endpoint paths a tool description tells the
// model to use, when the server has no tool that takes a free path or URL.
func endpointPathRefs(ctx *Context, desc string) []string {
	if !strings.Contains(desc, "/") || serverTakesFreePath(ctx) {
		return nil
	}
	desc = desc[:min(len(desc), endpointScanLimit)]
	var out []string
	seen := map[string]bool{}
	for _, m := range endpointDirected.FindAllStringSubmatchIndex(desc, -1) {
		if m[2] >= 0 && endpointSelfBefore.MatchString(desc[max(0, m[2]-24):m[2]]) {
			continue
		}
		path := desc[m[4]:m[5]]
		if len(path) < 2 || seen[path] || !strings.ContainsAny(path[1:2], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ{:<") {
			continue
		}
		seen[path] = true
		out = append(out, path)
	}
	return out
}

// endpointScanLimit bounds the text read for endpoint references.
const endpointScanLimit = 64 << 10

// endpointFreeWords end a parameter name that carries a free path or URL.
var endpointFreeWords = map[string]bool{"endpoint": true, "path": true, "url": true, "uri": true, "route": true}

// serverTakesFreePath reports whether some tool of the server takes a
// top-level parameter whose name ends in endpoint, path, url, uri or route
// with no enum: a generic request tool (or one taking any path) that could
// reach an endpoint a description names. Computed once per run.
func serverTakesFreePath(ctx *Context) bool {
	return ctx.Memo("endpoint.freepath", func() any {
		for i := range ctx.Tools {
			params := ctx.Tools[i].Params()
			for _, pn := range ctx.Tools[i].ParamNames() {
				words := secIdentifierWords(pn)
				if len(words) == 0 || !endpointFreeWords[words[len(words)-1]] {
					continue
				}
				if sub, ok := params[pn].(map[string]any); ok {
					if _, hasEnum := sub["enum"]; hasEnum {
						continue
					}
				}
				return true
			}
		}
		return false
	}).(bool)
}
