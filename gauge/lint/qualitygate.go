package lint

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/qualitygate"
	"github.com/mcpgauge/mcpgauge/gauge/text"
	"github.com/mcpgauge/mcpgauge/gauge/tokens"
	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// Thresholds of the Quality-gate family (quality-gate's defaults).
const (
	qgCoverageMin     = 0.8
	qgToolsWarning    = 20
	qgToolsCritical   = 50
	qgTokensWarning   = 10000
	qgTokensCritical  = 30000
	qgFamily          = "Quality-gate"
	qgCoverageMessage = "%d of %d parameters of `%s` lack descriptions (%d%% described): %s."
)

// qualityGateRules returns the Quality-gate family (QG001-QG013): per-tool
// versions of mcp-quality-gate's quality, security and efficiency checks, so
// an author sees which tool caused each of quality-gate's server-level
// findings. Two of its checks are replaced by better ones: identical schemas
// ignore key order and parameterless tools (QG005), and the destructive check
// flags tools that do NOT warn (QG009), which is what quality-gate documents
// but not what its code does. The exact quality-gate numbers are in package
// gauge/qualitygate.
func qualityGateRules() []Rule {
	return []Rule{
		{ID: "QG001", Name: "qg-param-descriptions", Family: qgFamily,
			Summary: "Fewer than 80% of the tool's parameters have a description.",
			Default: Warning, Scope: ScopeTool, Origin: OriginQualityGate, Check: checkQG001},
		{ID: "QG002", Name: "qg-short-description", Family: qgFamily,
			Summary: "The description is shorter than 20 characters.",
			Default: Info, Scope: ScopeTool, Origin: OriginQualityGate, Check: checkQG002},
		{ID: "QG003", Name: "qg-verbose-description", Family: qgFamily,
			Summary: "The description is longer than 500 characters.",
			Default: Info, Scope: ScopeTool, Origin: OriginQualityGate, Check: checkQG003},
		{ID: "QG004", Name: "qg-deprecated-tool", Family: qgFamily,
			Summary: "The description says the tool is deprecated or obsolete, yet it is still listed.",
			Default: Error, Scope: ScopeTool, Origin: OriginQualityGate, Check: checkQG004},
		{ID: "QG005", Name: "qg-identical-schemas", Family: qgFamily,
			Summary: "Two tools take exactly the same parameters.",
			Default: Info, Scope: ScopePair, Origin: OriginMcpgauge, Check: checkQG005},
		{ID: "QG006", Name: "qg-required-with-default", Family: qgFamily,
			Summary: "A required parameter declares a default, which can never apply.",
			Default: Warning, Scope: ScopeParameter, Origin: OriginQualityGate, Check: checkQG006},
		{ID: "QG007", Name: "qg-env-exposure", Family: qgFamily,
			Summary: "quality-gate's env-exposure check, exactly (off by default; SEC010 supersedes it).",
			Default: Off, Scope: ScopeTool, Origin: OriginQualityGate, Check: checkQG007},
		{ID: "QG008", Name: "qg-code-execution", Family: qgFamily,
			Summary: "quality-gate's code-execution check, exactly (off by default; SEC011 supersedes it).",
			Default: Off, Scope: ScopeTool, Origin: OriginQualityGate, Check: checkQG008},
		{ID: "QG009", Name: "qg-destructive-without-warning", Family: qgFamily,
			Summary: "A destructive tool neither warns in its description nor sets destructiveHint: true.",
			Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge, Check: checkQG009},
		{ID: "QG010", Name: "qg-many-tools", Family: qgFamily,
			Summary: "The server exposes more than 20 tools.",
			Default: Info, Scope: ScopeServer, Origin: OriginQualityGate, Check: checkQG010},
		{ID: "QG011", Name: "qg-too-many-tools", Family: qgFamily,
			Summary: "The server exposes more than 50 tools.",
			Default: Error, Scope: ScopeServer, Origin: OriginQualityGate, Check: checkQG011},
		{ID: "QG012", Name: "qg-schema-tokens", Family: qgFamily,
			Summary: "The tool definitions cost more than 10,000 tokens of context.",
			Default: Warning, Scope: ScopeServer, Origin: OriginQualityGate, Check: checkQG012},
		{ID: "QG013", Name: "qg-schema-tokens-critical", Family: qgFamily,
			Summary: "The tool definitions cost more than 30,000 tokens of context.",
			Default: Error, Scope: ScopeServer, Origin: OriginQualityGate, Check: checkQG013},
	}
}

// jsTruthy is JavaScript truthiness of a decoded JSON value (absent = nil = false).
func jsTruthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		return x != ""
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		return err != nil || f != 0
	case float64:
		return x != 0
	}
	return true
}

func checkQG001(ctx *Context) []Problem {
	var out []Problem
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		props := t.Params()
		if len(props) == 0 {
			continue
		}
		var missing []string
		for _, name := range t.ParamNames() {
			obj, _ := props[name].(map[string]any)
			if obj == nil || !jsTruthy(obj["description"]) {
				missing = append(missing, name)
			}
		}
		cov := float64(len(props)-len(missing)) / float64(len(props))
		if cov >= qgCoverageMin {
			continue
		}
		out = append(out, Problem{Tool: t.Name,
			Message: fmt.Sprintf(qgCoverageMessage, len(missing), len(props), t.Name, int(cov*100+0.5), "`"+strings.Join(missing, "`, `")+"`"),
			Suggestion: fmt.Sprintf("Describe each of %s: what it means, its format and an example value. quality-gate scores the whole server on this coverage (critical below 50%%, warning below 80%%).",
				"`"+strings.Join(missing, "`, `")+"`")})
	}
	return out
}

func checkQG002(ctx *Context) []Problem {
	var out []Problem
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		if n := compat.JSLength(t.RawDescription); n > 0 && n < qualitygate.ShortDescriptionMax {
			out = append(out, Problem{Tool: t.Name,
				Message:    fmt.Sprintf("The description of `%s` is %d characters long (%q); quality-gate wants at least %d.", t.Name, n, t.RawDescription, qualitygate.ShortDescriptionMax),
				Suggestion: "Say what the tool does, to what, and what it returns, in one or two full sentences."})
		}
	}
	return out
}

// qgManualLength is the description length (in UTF-16 units) past which
// the default profile reports QG003 at warning: a reference manual that
// belongs in a resource. Below it a long description is usually useful
// when-to-use guidance, and QG003 stays info.
const qgManualLength = 8000

func checkQG003(ctx *Context) []Problem {
	var out []Problem
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		if n := compat.JSLength(t.RawDescription); n > qualitygate.VerboseDescriptionMin {
			var sev Severity
			if n > qgManualLength {
				sev = Warning // a reference manual, not a description
			}
			out = append(out, Problem{Tool: t.Name, Severity: sev,
				Message:    fmt.Sprintf("The description of `%s` is %d characters long; quality-gate flags more than %d.", t.Name, n, qualitygate.VerboseDescriptionMin),
				Suggestion: "Keep the description to what a model needs to choose and call the tool; move long usage notes into parameter descriptions, a resource or the server instructions."})
		}
	}
	return out
}

func checkQG004(ctx *Context) []Problem {
	var out []Problem
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		desc := t.RawDescription
		if ctx.Precise() {
			desc = preciseProse(desc) // "deprecated" inside example XML or code is not the tool speaking
		}
		if qualitygate.IsDeprecated(desc) {
			out = append(out, Problem{Tool: t.Name,
				Message:    fmt.Sprintf("`%s` describes itself as deprecated or obsolete but is still listed.", t.Name),
				Suggestion: "Remove the tool from tools/list (or hide it behind an option); a model cannot tell it should avoid a listed tool, and every listed tool costs context."})
		}
	}
	return out
}

// qgSchemaKey is the canonical JSON of {properties, required (sorted,
// deduplicated)}, so key order does not matter; "" for a parameterless tool.
func qgSchemaKey(t *model.Tool) string {
	props := t.Params()
	if len(props) == 0 {
		return ""
	}
	seen := map[string]bool{}
	var req []string
	for _, r := range t.Required() {
		if !seen[r] {
			seen[r] = true
			req = append(req, r)
		}
	}
	sort.Strings(req)
	reqAny := make([]any, len(req))
	for i, r := range req {
		reqAny[i] = r
	}
	b, err := model.Canonical(map[string]any{"properties": props, "required": reqAny}, model.Compact)
	if err != nil {
		return ""
	}
	return string(b)
}

func checkQG005(ctx *Context) []Problem {
	groups := map[string][]string{}
	var order []string
	for i := range ctx.Tools {
		k := qgSchemaKey(&ctx.Tools[i])
		if k == "" {
			continue
		}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], ctx.Tools[i].Name)
	}
	var out []Problem
	for _, k := range order {
		g := groups[k]
		if ctx.Precise() {
			g = preciseTwins(ctx, g)
		}
		for j := 1; j < len(g); j++ {
			// Related is the group's first tool, so a group of n tools costs
			// O(n), not O(n^2), however large it is.
			more := ""
			if len(g) > 2 {
				more = fmt.Sprintf(" (and %d other tools)", len(g)-2)
			}
			out = append(out, Problem{Tool: g[j], Related: []string{g[0]},
				Message:    fmt.Sprintf("`%s` takes exactly the same parameters as `%s`%s.", g[j], g[0], more),
				Suggestion: "Tools with identical inputs are hard to tell apart: merge them into one tool with a parameter that selects the behaviour, or make each description say when to use which."})
		}
	}
	return out
}

func checkQG006(ctx *Context) []Problem {
	var out []Problem
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		props := t.Params()
		seen := map[string]bool{}
		for _, r := range t.Required() {
			obj, _ := props[r].(map[string]any)
			if obj == nil || seen[r] {
				continue
			}
			seen[r] = true
			if d, ok := obj["default"]; ok {
				out = append(out, Problem{Tool: t.Name, Parameter: r,
					Message:    fmt.Sprintf("Parameter `%s` of `%s` is required but declares default %s.", r, t.Name, qgShort(d)),
					Suggestion: fmt.Sprintf("Either drop `%s` from required (so the default applies when it is omitted) or drop the default.", r)})
			}
		}
	}
	return out
}

func qgShort(v any) string {
	b, err := model.Canonical(v, model.Compact)
	if err != nil {
		return "(unprintable)"
	}
	return secSnippet(string(b))
}

func checkQG007(ctx *Context) []Problem {
	var out []Problem
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		if qualitygate.IsEnvExposure(t.Name, t.RawDescription) {
			out = append(out, Problem{Tool: t.Name,
				Message:    fmt.Sprintf("%q may expose environment variables — risk of leaking secrets (quality-gate env-exposure, critical).", t.Name),
				Suggestion: "Do not return environment variables; return an allow-list of non-secret settings instead."})
		}
	}
	return out
}

func checkQG008(ctx *Context) []Problem {
	var out []Problem
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		if qualitygate.IsCodeExecution(t.Name, t.ParamNames()) {
			out = append(out, Problem{Tool: t.Name,
				Message:    fmt.Sprintf("%q looks like a code-execution surface (quality-gate code-execution, warning).", t.Name),
				Suggestion: "Sandbox the execution, say so in the description and set destructiveHint: true."})
		}
	}
	return out
}

var qgCaution = regexp.MustCompile(`\b(?:cannot|can't|can\s*not)\s+be\s+(?:undone|reversed|recovered|restored)\b|\bno\s+undo\b|\bpermanent(?:ly)?\b|\birreversibl|\bunrecoverable\b|\bcaution\b|\bwarning\b|\bdangerous\b|\bdestructive\b|\bwithout\s+confirmation\b|\bbe\s+careful\b|\bwith\s+care\b|\bdata\s+loss\b|\bconfirm`)

// qgWarns reports whether a description warns of destruction; folded is
// secFold(desc).
func qgWarns(desc, folded string) bool {
	return text.DestructivePhrase.Match(desc) || qgCaution.MatchString(folded)
}

func checkQG009(ctx *Context) []Problem {
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		verb := secDestructiveVerb(facts[i].words)
		if verb == "" || qgWarns(t.RawDescription, facts[i].desc) {
			continue
		}
		if a := t.Annotations; a != nil && a.DestructiveHint != nil && *a.DestructiveHint {
			continue
		}
		if ctx.Precise() {
			if tt := &tgTools(ctx)[i]; preciseHarmlessDestruction(tt) || preciseReadNamed(tt) {
				continue
			}
		}
		out = append(out, Problem{Tool: t.Name,
			Message:    fmt.Sprintf("`%s` looks destructive (%q) but its description gives no warning and it does not set destructiveHint: true.", t.Name, verb),
			Suggestion: "Say what is lost and whether it can be undone (\"Permanently deletes … This cannot be undone.\") and set annotations.destructiveHint: true so clients ask the user first."})
	}
	return out
}

func checkQG010(ctx *Context) []Problem {
	n := len(ctx.Tools)
	if n <= qgToolsWarning || n > qgToolsCritical {
		return nil
	}
	return []Problem{{Message: fmt.Sprintf("The server exposes %d tools (quality-gate warns above %d).", n, qgToolsWarning),
		Suggestion: "Merge tools that differ only by a mode into one tool with a parameter, or split the server by audience; tool selection degrades as the list grows."}}
}

func checkQG011(ctx *Context) []Problem {
	n := len(ctx.Tools)
	if n <= qgToolsCritical {
		return nil
	}
	return []Problem{{Message: fmt.Sprintf("The server exposes %d tools (quality-gate's critical threshold is %d).", n, qgToolsCritical),
		Suggestion: "Split the server, or expose a small default tool set and the rest behind an option; past 50 tools models often pick the wrong one."}}
}

// memoTokenCounter is the memo key of the run's BPE counter (Config.Tokens).
const memoTokenCounter = "tokens.counter"

// lintTokens returns the run's shared BPE counter: Config.Tokens, or a new
// counter made on first use.
func lintTokens(ctx *Context) *tokens.Counter {
	return ctx.Memo(memoTokenCounter, func() any { return tokens.New() }).(*tokens.Counter)
}

// qgServerTokens is the o200k size of all tool definitions, computed once.
func qgServerTokens(ctx *Context) int {
	return ctx.Memo("qg.serverTokens", func() any { return lintTokens(ctx).ServerTokens(ctx.Tools) }).(int)
}

func qgTopTools(ctx *Context, k int) string {
	type ts struct {
		name string
		n    int
	}
	c := lintTokens(ctx)
	var all []ts
	for i := range ctx.Tools {
		all = append(all, ts{ctx.Tools[i].Name, c.ToolTokens(&ctx.Tools[i])})
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].n > all[b].n })
	var parts []string
	for i := 0; i < len(all) && i < k; i++ {
		parts = append(parts, fmt.Sprintf("`%s` %d", all[i].name, all[i].n))
	}
	return strings.Join(parts, ", ")
}

func checkQG012(ctx *Context) []Problem {
	n := qgServerTokens(ctx)
	if n <= qgTokensWarning || n > qgTokensCritical {
		return nil
	}
	return []Problem{{Message: fmt.Sprintf("The tool definitions cost %d o200k tokens (warning above %d). Largest: %s.", n, qgTokensWarning, qgTopTools(ctx, 3)),
		Suggestion: "Trim the largest definitions first: shorten descriptions, drop schema titles and repeated enums, and remove tools few users need."}}
}

func checkQG013(ctx *Context) []Problem {
	n := qgServerTokens(ctx)
	if n <= qgTokensCritical {
		return nil
	}
	return []Problem{{Message: fmt.Sprintf("The tool definitions cost %d o200k tokens (critical above %d). Largest: %s.", n, qgTokensCritical, qgTopTools(ctx, 3)),
		Suggestion: "Split the server or load tools on demand; this much schema crowds out the user's own context on every request."}}
}
