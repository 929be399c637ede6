package qualitygate

import (
	"fmt"
	"regexp"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// SecurityFinding is one per-tool security finding.
type SecurityFinding struct {
	Level    Level  `json:"level"`
	Category string `json:"category"`
	Message  string `json:"message"`
	ToolName string `json:"toolName"`
}

// Security is the security analyzer's report.
type Security struct {
	Findings []SecurityFinding `json:"findings"`
}

// Counts returns the number of critical and warning findings.
func (s *Security) Counts() (critical, warning int) {
	return countLevels(s.Findings, func(f SecurityFinding) Level { return f.Level })
}

// The patterns run on compat.JSLowerASCII'd text, so they are written in lowercase. A
// JavaScript "." does not match \n, \r, U+2028 or U+2029, hence jsDot.
const jsDot = `[^\n\r\x{2028}\x{2029}]`

var (
	envNameRe       = regexp.MustCompile(`env|environment`)
	envVerbRe       = regexp.MustCompile(`\b(?:returns?|prints?|dumps?|gets?|lists?|shows?)\b` + jsDot + `*\b(?:env|environment)\b`)
	envPhraseRe     = regexp.MustCompile(`environment variable|env var`)
	codeExecNameRe  = regexp.MustCompile(`(?:^|[_-])(?:eval|exec|execute|run_code|run-code|runcode)(?:$|[_-])`)
	destructNameRe  = regexp.MustCompile(`(?:^|[^a-z])(?:write|delete|remove|drop|truncate|destroy|kill|format|overwrite)(?:[^a-z]|$)`)
	destructCaution = regexp.MustCompile(`(?:overwrit|delet|remov|drop|truncat|destroy|kill|format)` + jsDot + `*(?:without warning|without confirmation|irreversibl|permanent|caution|dangerous)`)
)

// codeParamNames are the property names quality-gate treats as code input.
var codeParamNames = map[string]bool{"code": true, "function": true, "script": true, "expression": true, "eval": true}

// IsEnvExposure is quality-gate's env-exposure test: "env" anywhere in the
// name (so "envelope" matches) and description talk of returning env values.
func IsEnvExposure(name, description string) bool {
	n, d := compat.JSLowerASCII(name), compat.JSLowerASCII(description)
	return envNameRe.MatchString(n) && (envVerbRe.MatchString(d) || envPhraseRe.MatchString(d))
}

// IsCodeExecution is quality-gate's code-execution test: an eval/exec/
// run_code segment in the name, or a property named code, function, script,
// expression or eval.
func IsCodeExecution(name string, params []string) bool {
	if codeExecNameRe.MatchString(compat.JSLowerASCII(name)) {
		return true
	}
	for _, p := range params {
		if codeParamNames[compat.JSLowerASCII(p)] {
			return true
		}
	}
	return false
}

// IsFlaggedDestructive is quality-gate's dangerous-defaults test exactly as
// its code behaves: a destructive name AND a description that DOES warn
// (a destructive stem followed by a caution phrase). This is the inverse of
// what its README documents; it is kept for score parity. mcpgauge's own
// rule QG009 (qg-destructive-without-warning) implements the documented
// intent.
func IsFlaggedDestructive(name, description string) bool {
	return destructNameRe.MatchString(compat.JSLowerASCII(name)) && destructCaution.MatchString(compat.JSLowerASCII(description))
}

// AnalyzeSecurity runs quality-gate's security analyzer, tool by tool.
func AnalyzeSecurity(tools []model.Tool) Security { return analyzeSecurity(tools, toolsJS(tools)) }

// analyzeSecurity is AnalyzeSecurity with the tools already parsed.
func analyzeSecurity(tools []model.Tool, js []*compat.JSValue) Security {
	s := Security{Findings: []SecurityFinding{}}
	for i := range tools {
		t := &tools[i]
		var params []string
		if props := propsOf(schemaOf(js[i])); props != nil {
			for _, i := range compat.JSKeyOrder(props.Keys) {
				params = append(params, goString(props.Keys[i]))
			}
		}
		if IsEnvExposure(t.Name, t.RawDescription) {
			s.Findings = append(s.Findings, SecurityFinding{Level: Critical, Category: "env-exposure", ToolName: t.Name,
				Message: fmt.Sprintf("%q may expose environment variables — risk of leaking secrets", t.Name)})
		}
		if IsCodeExecution(t.Name, params) {
			s.Findings = append(s.Findings, SecurityFinding{Level: Warning, Category: "code-execution", ToolName: t.Name,
				Message: fmt.Sprintf("%q may execute arbitrary code — ensure input is sandboxed", t.Name)})
		}
		if IsFlaggedDestructive(t.Name, t.RawDescription) {
			s.Findings = append(s.Findings, SecurityFinding{Level: Warning, Category: "dangerous-defaults", ToolName: t.Name,
				Message: fmt.Sprintf("%q performs destructive operations — description warns of risk", t.Name)})
		}
	}
	return s
}
