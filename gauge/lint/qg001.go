package lint

import (
	"fmt"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// qg001 is QG001 qg-param-descriptions.
func qg001() Rule {
	return Rule{
		ID: "QG001", Name: "qg-param-descriptions", Family: "Quality-gate",
		Summary: "Fewer than 80% of the tool's parameters have a description.",
		Default: Warning, Scope: ScopeTool, Origin: OriginQualityGate,
		Revision: 4, Check: checkQG001,
	}
}

// qgCoverageMin is quality-gate's warning threshold for the share of
// parameters that have a description.
const qgCoverageMin = 0.8

// checkQG001 applies quality-gate's server-wide description coverage to
// each tool: a parameter counts as described when its description is
// truthy in JavaScript's sense, as quality-gate tests it. Outside the
// toolgauge profile a parameter that is a local `$ref` to a described
// schema carries that description.
func checkQG001(ctx *Context) []Problem {
	var out []Problem
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		props := t.Params()
		if len(props) == 0 {
			continue
		}
		var missing []string
		counted := 0
		for _, name := range t.ParamNames() {
			if ctx.Precise() && admitsNothing(props[name]) {
				// A placeholder no value satisfies (`_: {not: {}}`) is
				// no parameter a model could fill.
				continue
			}
			counted++
			obj, _ := props[name].(map[string]any)
			if obj == nil || !jsDescribed(obj) && !(ctx.Precise() && refDescribed(t.InputSchema, obj, jsDescribed)) {
				missing = append(missing, name)
			}
		}
		if counted == 0 {
			continue
		}
		cov := float64(counted-len(missing)) / float64(counted)
		if cov >= qgCoverageMin {
			continue
		}
		if ctx.Precise() {
			if p, ok := qgDocumentedInDescription(t, missing, counted); ok {
				out = append(out, p)
				continue
			}
		}
		out = append(out, Problem{Tool: t.Name,
			Message: fmt.Sprintf("%d of %d parameters of `%s` lack descriptions (%d%% described): %s.", len(missing), counted, t.Name, int(cov*100+0.5), "`"+strings.Join(missing, "`, `")+"`"),
			Suggestion: fmt.Sprintf("Describe each of %s: what it means, its format and an example value. quality-gate scores the whole server on this coverage (critical below 50%%, warning below 80%%).",
				"`"+strings.Join(missing, "`, `")+"`")})
	}
	return out
}

// jsDescribed is quality-gate's test of a description: truthy in
// JavaScript's sense, at the schema's top level.
func jsDescribed(s map[string]any) bool { return compat.JSTruthy(s["description"]) }

// qgDocumentedInDescription is QG001's finding at info when the tool's
// own description documents enough of the parameters the schema leaves
// bare (paramDocLine: a docstring's "Args:" section, as FastMCP sends it)
// to bring the tool to quality-gate's 80%: the model reads them, only the
// fields are bare. ok is false when coverage stays short even so.
func qgDocumentedInDescription(t *model.Tool, missing []string, counted int) (Problem, bool) {
	var documented []string
	for _, name := range missing {
		if paramDocLine(t.Description, name) != "" {
			documented = append(documented, name)
		}
	}
	if len(documented) == 0 || float64(counted-len(missing)+len(documented))/float64(counted) < qgCoverageMin {
		return Problem{}, false
	}
	list := "`" + strings.Join(documented, "`, `") + "`"
	return Problem{Tool: t.Name, Severity: Info,
		Message:    fmt.Sprintf("%d of %d parameters of `%s` have no description in the schema, but the tool's description documents %s.", len(missing), counted, t.Name, list),
		Suggestion: fmt.Sprintf("Move the lines on %s into each parameter's `description`: quality-gate reads only the schema (critical below 50%%, warning below 80%%), and a client shows each field's help beside the field.", list),
	}, true
}
