package lint

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// mcp016 is MCP016 repeated-boilerplate.
func mcp016() Rule {
	return Rule{
		ID: "MCP016", Name: "repeated-boilerplate", Family: "Description",
		Summary: "Most tools repeat the same text in their descriptions or parameter descriptions.",
		Default: Warning, Scope: ScopeServer, Origin: OriginMcpgauge,
		Revision: 3, Check: checkMCP016,
	}
}

// checkMCP016 finds text repeated in most of a server's descriptions and,
// on a server without such text, long passages copied into a few of its
// tools (checkMCP016Passages): one finding per server either way.
func checkMCP016(ctx *Context) []Problem {
	if !ctx.Precise() {
		return nil
	}
	if p := checkMCP016Share(ctx); p != nil {
		return p
	}
	return checkMCP016Passages(ctx)
}

// checkMCP016Share finds text repeated in most of a server's descriptions:
// it costs its length on every tool, on every request, and says the same
// thing to the model again and again.
func checkMCP016Share(ctx *Context) []Problem {
	type entry struct {
		first int
		count int
	}
	counts := map[string]*entry{}
	described := 0
	for i := range ctx.Tools {
		d := ctx.Tools[i].RawDescription
		if strings.TrimSpace(d) == "" {
			continue
		}
		described++
		for _, sent := range bpSentences(d, nil) {
			s := sent.raw
			e := counts[s]
			if e == nil {
				e = &entry{first: len(counts)}
				counts[s] = e
			}
			e.count++
		}
	}
	if described < bpMinTools {
		return nil
	}
	type rep struct {
		s string
		entry
	}
	var reps []rep
	chars, most, cost := 0, 0, 0
	for s, e := range counts {
		share := float64(e.count) / float64(described)
		if e.count >= bpMinTools && (share >= bpShare || e.count >= bpWideTools && share >= bpWideShare) {
			reps = append(reps, rep{s, *e})
			chars += len(s)
			cost += len(s) * e.count
			most = max(most, e.count)
		}
	}
	if chars < bpMinChars && (most < bpManyTools || cost < bpMinCost) {
		return nil
	}
	sort.Slice(reps, func(i, j int) bool { return reps[i].first < reps[j].first })
	return []Problem{{
		Message: fmt.Sprintf("Up to %d of %d tool descriptions repeat the same text (%d characters in %d %s, such as %q): about %d characters of every tools/list say the same thing again.",
			most, described, chars, len(reps), plural(len(reps), "sentence", "sentences"), secSnippet(reps[0].s), chars*most),
		Suggestion: "Say it once: put server-wide notes (paths, ID formats, error conventions, deprecation notices) in the server's instructions, and keep each description to what that tool does.",
	}}
}

const (
	// bpMinTools and bpShare: a sentence counts as boilerplate when at
	// least bpMinTools tools and bpShare of the described tools carry it.
	bpMinTools = 3
	bpShare    = 0.6
	// bpMinSentence skips short repeats ("Error Responses:", "400: Bad request").
	bpMinSentence = 20
	// bpWideTools and bpWideShare: on a server where at least bpWideTools
	// tools carry a sentence, half of the described tools is most of them.
	bpWideTools = 20
	bpWideShare = 0.5
	// bpMinChars is how long the repeated text must be to be worth a finding.
	bpMinChars = 80
	// bpManyTools and bpMinCost: shorter repeated text is worth a finding
	// when at least bpManyTools descriptions carry it and it costs at least
	// bpMinCost characters of every tools/list.
	bpManyTools = 30
	bpMinCost   = 1500
)

var bpSplit = regexp.MustCompile(`\n+|[.!?]\s+`)
