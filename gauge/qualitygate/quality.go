// Package qualitygate reproduces mcp-quality-gate's three static analyzers
// (quality, security, efficiency) and its 0–100 score exactly, including its
// quirks (the inverted destructive-operations check, key-order-sensitive
// duplicate detection, chars/4 token estimate), so mcpgauge can show the
// same numbers quality-gate would. The report types marshal to the field
// names of quality-gate's JSON report.
//
// Inputs are the tools as received: descriptions are the raw wire strings
// (not normalised), lengths are JavaScript lengths (UTF-16 code units), and
// schemas are read from each tool's raw JSON in wire order.
package qualitygate

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf16"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// Level is a quality-gate finding level.
type Level string

// Levels used by the analyzers.
const (
	Critical Level = "critical"
	Warning  Level = "warning"
)

// QualityFinding is one server-level quality finding.
type QualityFinding struct {
	Level    Level    `json:"level"`
	Category string   `json:"category"`
	Message  string   `json:"message"`
	Details  []string `json:"details,omitempty"`
}

// Quality is the quality analyzer's report.
type Quality struct {
	Findings                     []QualityFinding `json:"findings"`
	ParamDescriptionCoverage     float64          `json:"paramDescriptionCoverage"`
	ToolsWithShortDescriptions   []string         `json:"toolsWithShortDescriptions"`
	ToolsWithVerboseDescriptions []string         `json:"toolsWithVerboseDescriptions"`
	DeprecatedTools              []string         `json:"deprecatedTools"`
	DuplicateToolGroups          [][]string       `json:"duplicateToolGroups"`
}

// Counts returns the number of critical and warning findings.
func (q *Quality) Counts() (critical, warning int) {
	return countLevels(q.Findings, func(f QualityFinding) Level { return f.Level })
}

func countLevels[T any](fs []T, level func(T) Level) (c, w int) {
	for _, f := range fs {
		switch level(f) {
		case Critical:
			c++
		case Warning:
			w++
		}
	}
	return
}

// Thresholds of the quality analyzer.
const (
	ShortDescriptionMax   = 20  // a description shorter than this (and non-empty) is short
	VerboseDescriptionMin = 500 // a description longer than this is verbose
	coverageCritical      = 0.5
	coverageWarning       = 0.8
)

var deprecatedRe = regexp.MustCompile(`\b(?:deprecated|obsolete)\b`)

// IsDeprecated reports quality-gate's deprecated test: the whole word
// "deprecated" or "obsolete", case-insensitive.
func IsDeprecated(description string) bool {
	return deprecatedRe.MatchString(compat.JSLowerASCII(description))
}

// toolJS returns the tool as JSON.parse would hold it, built from Raw (or
// from the decoded fields when Raw is empty).
func toolJS(t *model.Tool) *compat.JSValue {
	raw := []byte(t.Raw)
	if len(raw) == 0 {
		raw = synthRaw(t)
	}
	v, err := compat.JSONParse(raw)
	if err != nil || v.Kind != 'o' {
		v, _ = compat.JSONParse(synthRaw(t))
	}
	return v
}

// toolsJS is toolJS of every tool, in order.
func toolsJS(tools []model.Tool) []*compat.JSValue {
	out := make([]*compat.JSValue, len(tools))
	for i := range tools {
		out[i] = toolJS(&tools[i])
	}
	return out
}

func synthRaw(t *model.Tool) []byte {
	var b strings.Builder
	b.WriteString(`{"name":`)
	compat.JSQuote(&b, to16(t.Name))
	if t.HasDescriptionField {
		b.WriteString(`,"description":`)
		compat.JSQuote(&b, to16(t.RawDescription))
	}
	b.WriteString(`,"inputSchema":`)
	if len(t.RawInputSchema) > 0 {
		b.Write(t.RawInputSchema)
	} else {
		b.WriteString(`{"type":"object"}`)
	}
	b.WriteByte('}')
	return []byte(b.String())
}

func to16(s string) []uint16 { return utf16.Encode([]rune(s)) }

// schemaOf returns the tool's inputSchema object (an empty object when absent).
func schemaOf(v *compat.JSValue) *compat.JSValue {
	if s := v.Get("inputSchema"); s != nil && s.Kind == 'o' {
		return s
	}
	return &compat.JSValue{Kind: 'o'}
}

// propsOf returns inputSchema.properties when it is an object.
func propsOf(schema *compat.JSValue) *compat.JSValue {
	if p := schema.Get("properties"); p != nil && p.Kind == 'o' {
		return p
	}
	return nil
}

// goString converts UTF-16 code units to Go text (lone surrogates become U+FFFD).
func goString(u []uint16) string { return string(utf16.Decode(u)) }

// AnalyzeQuality runs quality-gate's quality analyzer over the full tool list.
func AnalyzeQuality(tools []model.Tool) Quality { return analyzeQuality(tools, toolsJS(tools)) }

// analyzeQuality is AnalyzeQuality with the tools already parsed (js[i] is
// toolJS(&tools[i])).
func analyzeQuality(tools []model.Tool, js []*compat.JSValue) Quality {
	q := Quality{
		Findings:                     []QualityFinding{},
		ToolsWithShortDescriptions:   []string{},
		ToolsWithVerboseDescriptions: []string{},
		DeprecatedTools:              []string{},
		DuplicateToolGroups:          [][]string{},
	}
	total, described := 0, 0
	var undocumented []string
	var defaultsRequired []string
	groupIdx := map[string]int{}
	var groups [][]string
	for i := range tools {
		t := &tools[i]
		schema := schemaOf(js[i])
		props := propsOf(schema)
		if props != nil && len(props.Keys) > 0 {
			missing := false
			for _, p := range props.Vals {
				total++
				if p.Get("description").Truthy() {
					described++
				} else {
					missing = true
				}
			}
			if missing {
				undocumented = append(undocumented, t.Name)
			}
		}
		n := compat.JSLength(t.RawDescription)
		if n > 0 && n < ShortDescriptionMax {
			q.ToolsWithShortDescriptions = append(q.ToolsWithShortDescriptions, t.Name)
		}
		if n > VerboseDescriptionMin {
			q.ToolsWithVerboseDescriptions = append(q.ToolsWithVerboseDescriptions, t.Name)
		}
		if IsDeprecated(t.RawDescription) {
			q.DeprecatedTools = append(q.DeprecatedTools, t.Name)
		}
		key := duplicateKey(schema)
		if at, ok := groupIdx[key]; ok {
			groups[at] = append(groups[at], t.Name)
		} else {
			groupIdx[key] = len(groups)
			groups = append(groups, []string{t.Name})
		}
		if req := schema.Get("required"); req != nil && req.Kind == 'a' && props != nil {
			for _, r := range req.Vals {
				if r.Kind != 's' {
					continue
				}
				if p := props.Get(goString(r.Str)); p != nil && p.Get("default") != nil {
					defaultsRequired = append(defaultsRequired, t.Name)
					break
				}
			}
		}
	}
	q.ParamDescriptionCoverage = 1
	if total > 0 {
		q.ParamDescriptionCoverage = float64(described) / float64(total)
	}
	if cov := q.ParamDescriptionCoverage; cov < coverageWarning {
		lvl := Warning
		if cov < coverageCritical {
			lvl = Critical
		}
		q.Findings = append(q.Findings, QualityFinding{
			Level: lvl, Category: "param-descriptions",
			Message: fmt.Sprintf("%d of %d parameters lack descriptions (%d%%)", total-described, total, int(compat.JSRound((1-cov)*100))),
			Details: undocumented,
		})
	}
	if n := len(q.ToolsWithShortDescriptions); n > 0 {
		q.Findings = append(q.Findings, QualityFinding{Level: Warning, Category: "description-quality",
			Message: fmt.Sprintf("%d tool(s) have short descriptions (<%d chars)", n, ShortDescriptionMax),
			Details: append([]string(nil), q.ToolsWithShortDescriptions...)})
	}
	if n := len(q.ToolsWithVerboseDescriptions); n > 0 {
		q.Findings = append(q.Findings, QualityFinding{Level: Warning, Category: "description-quality",
			Message: fmt.Sprintf("%d tool(s) have verbose descriptions (>%d chars)", n, VerboseDescriptionMin),
			Details: append([]string(nil), q.ToolsWithVerboseDescriptions...)})
	}
	if n := len(q.DeprecatedTools); n > 0 {
		q.Findings = append(q.Findings, QualityFinding{Level: Critical, Category: "deprecated-tools",
			Message: fmt.Sprintf("%d deprecated tool(s) still listed: %s", n, strings.Join(q.DeprecatedTools, ", ")),
			Details: append([]string(nil), q.DeprecatedTools...)})
	}
	for _, g := range groups {
		if len(g) < 2 {
			continue
		}
		q.DuplicateToolGroups = append(q.DuplicateToolGroups, g)
		q.Findings = append(q.Findings, QualityFinding{Level: Warning, Category: "duplicate-tools",
			Message: "Tools with identical schemas: " + strings.Join(g, ", "),
			Details: append([]string(nil), g...)})
	}
	if n := len(defaultsRequired); n > 0 {
		q.Findings = append(q.Findings, QualityFinding{Level: Warning, Category: "schema-issues",
			Message: fmt.Sprintf("%d tool(s) mark params as required despite having defaults: %s", n, strings.Join(defaultsRequired, ", ")),
			Details: defaultsRequired})
	}
	return q
}

// duplicateKey is the text quality-gate groups tools by:
// JSON.Stringify({properties: properties || {}, required: required || []})
// over the tool's inputSchema as received, so key order matters.
func duplicateKey(schema *compat.JSValue) string {
	var b strings.Builder
	b.WriteString(`{"properties":`)
	if p := schema.Get("properties"); p.Truthy() {
		p.Stringify(&b)
	} else {
		b.WriteString("{}")
	}
	b.WriteString(`,"required":`)
	if r := schema.Get("required"); r.Truthy() {
		r.Stringify(&b)
	} else {
		b.WriteString("[]")
	}
	b.WriteByte('}')
	return b.String()
}
