package qualitygate

import (
	"fmt"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// EfficiencyConfig holds the efficiency thresholds. Start from
// DefaultEfficiencyConfig: quality-gate's --max-tools and
// --max-schema-tokens set only the critical thresholds.
type EfficiencyConfig struct {
	MaxToolsWarning         int
	MaxToolsCritical        int
	MaxSchemaTokensWarning  int
	MaxSchemaTokensCritical int
}

// Analyze runs the quality, security and efficiency analyzers together,
// parsing each tool's JSON once instead of once per analyzer. It returns
// what AnalyzeQuality, AnalyzeSecurity and AnalyzeEfficiency would.
func Analyze(tools []model.Tool, cfg EfficiencyConfig) (Quality, Security, Efficiency) {
	js := toolsJS(tools)
	return analyzeQuality(tools, js), analyzeSecurity(tools, js), analyzeEfficiency(tools, js, cfg)
}

// DefaultEfficiencyConfig is quality-gate's DEFAULT_EFFICIENCY_CONFIG.
func DefaultEfficiencyConfig() EfficiencyConfig {
	return EfficiencyConfig{MaxToolsWarning: 20, MaxToolsCritical: 50, MaxSchemaTokensWarning: 10000, MaxSchemaTokensCritical: 30000}
}

// EfficiencyFinding is one efficiency finding.
type EfficiencyFinding struct {
	Level     Level  `json:"level"`
	Category  string `json:"category"`
	Message   string `json:"message"`
	Value     int    `json:"value"`
	Threshold int    `json:"threshold"`
}

// Efficiency is the efficiency analyzer's report.
type Efficiency struct {
	ToolCount           int                 `json:"toolCount"`
	SchemaTokenEstimate int                 `json:"schemaTokenEstimate"`
	Findings            []EfficiencyFinding `json:"findings"`
}

// Counts returns the number of critical and warning findings.
func (e *Efficiency) Counts() (critical, warning int) {
	return countLevels(e.Findings, func(f EfficiencyFinding) Level { return f.Level })
}

// StringifyTools is JSON.Stringify(tools) over the tools as received: each
// tool's raw JSON re-serialised the way JavaScript does (compact, key order
// kept except that integer-like keys come first, non-ASCII unescaped, lone
// surrogates escaped, numbers in JavaScript form).
func StringifyTools(tools []model.Tool) string { return stringifyTools(toolsJS(tools)) }

func stringifyTools(js []*compat.JSValue) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, v := range js {
		if i > 0 {
			b.WriteByte(',')
		}
		v.Stringify(&b)
	}
	b.WriteByte(']')
	return b.String()
}

// SchemaTokenEstimate is quality-gate's token estimate:
// ceil(JSON.Stringify(tools).length / 4), length in UTF-16 code units.
func SchemaTokenEstimate(tools []model.Tool) int { return schemaTokenEstimate(toolsJS(tools)) }

func schemaTokenEstimate(js []*compat.JSValue) int {
	return (compat.JSLength(stringifyTools(js)) + 3) / 4
}

// AnalyzeEfficiency runs quality-gate's efficiency analyzer.
func AnalyzeEfficiency(tools []model.Tool, cfg EfficiencyConfig) Efficiency {
	return analyzeEfficiency(tools, toolsJS(tools), cfg)
}

// analyzeEfficiency is AnalyzeEfficiency with the tools already parsed.
func analyzeEfficiency(tools []model.Tool, js []*compat.JSValue, cfg EfficiencyConfig) Efficiency {
	e := Efficiency{ToolCount: len(tools), SchemaTokenEstimate: schemaTokenEstimate(js), Findings: []EfficiencyFinding{}}
	switch {
	case e.ToolCount > cfg.MaxToolsCritical:
		e.Findings = append(e.Findings, EfficiencyFinding{Level: Critical, Category: "tool-count", Value: e.ToolCount, Threshold: cfg.MaxToolsCritical,
			Message: fmt.Sprintf("Server exposes %d tools (critical threshold: %d)", e.ToolCount, cfg.MaxToolsCritical)})
	case e.ToolCount > cfg.MaxToolsWarning:
		e.Findings = append(e.Findings, EfficiencyFinding{Level: Warning, Category: "tool-count", Value: e.ToolCount, Threshold: cfg.MaxToolsWarning,
			Message: fmt.Sprintf("Server exposes %d tools (warning threshold: %d)", e.ToolCount, cfg.MaxToolsWarning)})
	}
	switch {
	case e.SchemaTokenEstimate > cfg.MaxSchemaTokensCritical:
		e.Findings = append(e.Findings, EfficiencyFinding{Level: Critical, Category: "schema-tokens", Value: e.SchemaTokenEstimate, Threshold: cfg.MaxSchemaTokensCritical,
			Message: fmt.Sprintf("Estimated schema tokens: %d (critical threshold: %d)", e.SchemaTokenEstimate, cfg.MaxSchemaTokensCritical)})
	case e.SchemaTokenEstimate > cfg.MaxSchemaTokensWarning:
		e.Findings = append(e.Findings, EfficiencyFinding{Level: Warning, Category: "schema-tokens", Value: e.SchemaTokenEstimate, Threshold: cfg.MaxSchemaTokensWarning,
			Message: fmt.Sprintf("Estimated schema tokens: %d (warning threshold: %d)", e.SchemaTokenEstimate, cfg.MaxSchemaTokensWarning)})
	}
	return e
}
