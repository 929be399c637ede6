package score

import (
	"math"
	"sort"

	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// Version is stamped on every stored score.
const Version = "mcpgauge-score/v2"

// Part names, used as leaderboard ranking keys.
const (
	PartCompliance = "compliance"
	PartDesign     = "design"
	PartSecurity   = "security"
	PartEfficiency = "efficiency"
	PartSelection  = "selection"
)

// Weights of the parts in the overall score. A part that was not measured
// drops out and its weight is shared among the others in proportion.
func Weights() map[string]float64 {
	return map[string]float64{
		PartCompliance: 0.25,
		PartDesign:     0.30,
		PartSecurity:   0.20,
		PartEfficiency: 0.10,
		PartSelection:  0.15,
	}
}

// Severity levels as the score sees them.
type Severity int

// Finding severities (mirrors lint's ranks without importing it).
const (
	Info Severity = iota + 1
	Warning
	Error
)

// Finding is the part of a lint finding the score needs.
type Finding struct {
	// Rule is the rule ID: repeats of one rule weigh less (design), and the
	// security part counts each rule (each distinct risk) once.
	Rule string
	// Tool is "" for server-level and non-tool findings.
	Tool     string
	Severity Severity
	// Security marks findings from the security family; the rest count
	// towards tool design.
	Security bool
}

// Test is one compliance test outcome.
type Test struct {
	// ID is the test ID (spec-bait-01 is a security risk; resources-list-03
	// is quality-gate's and stays out of this score's compliance part).
	ID string
	// Status is pass, fail, error or skip.
	Status string
	// Severity is critical, high, medium or low.
	Severity string
}

// Input is everything the score is computed from.
type Input struct {
	// ToolNames lists every tool, so tools without findings count as perfect.
	ToolNames []string
	Findings  []Finding
	// Tests are compliance outcomes; nil means compliance was not run.
	Tests []Test
	// ContextTokens is the BPE token cost of the whole tool surface.
	ContextTokens int
	// Selection is the eval selection accuracy in [0,1]; nil when eval did not run.
	Selection *float64
}

// Part is one measured component.
type Part struct {
	Name     string  `json:"name"`
	Score    float64 `json:"score"`
	Weight   float64 `json:"weight"`
	Measured bool    `json:"measured"`
}

// Result is mcpgauge score v2 with its parts.
type Result struct {
	Version string `json:"version"`
	Overall int    `json:"overall"`
	// Parts are in a fixed order: compliance, design, security, efficiency, selection.
	Parts []Part `json:"parts"`
	// Capped is true when a critical security finding capped the overall score.
	Capped bool `json:"capped"`
	// Uncapped is the overall score before the cap.
	Uncapped int `json:"uncapped"`
}

// Part returns the named part (zero value when unknown).
func (r Result) Part(name string) Part {
	for _, p := range r.Parts {
		if p.Name == name {
			return p
		}
	}
	return Part{Name: name}
}

// Constants of the v2 formula (documented in docs/scoring.md).
const (
	toolErrorPenalty   = 25.0
	toolWarningPenalty = 8.0
	toolInfoPenalty    = 2.0
	serverErrorPenalty = 10.0
	serverWarnPenalty  = 4.0
	worstToolWeight    = 0.3
	secErrorPenalty    = 40.0
	secWarningPenalty  = 15.0
	secInfoPenalty     = 3.0
	securityCap        = 50.0
	efficiencyFreeUpTo = 2000.0
	efficiencyZeroAt   = 64000.0
	complianceCritical = 4.0
	complianceHigh     = 3.0
	complianceMedium   = 2.0
	complianceLow      = 1.0
	percentScale       = 100.0
)

// BaitAndSwitchTest is the compliance test whose failure (a server that
// shows different tools to different clients) is a security error: it
// counts in the security part and the cap applies.
const BaitAndSwitchTest = "spec-bait-01"

// notOursTests are compliance tests kept in quality-gate's score but not
// in this one's compliance part: resources-list-03 (a resource without a
// description) is optional in the spec, and lint rule SRF001 covers it.
var notOursTests = map[string]bool{"resources-list-03": true}

// Compute returns mcpgauge score v2.
func Compute(in Input) Result {
	for _, t := range in.Tests {
		if t.ID == BaitAndSwitchTest && t.Status == "fail" {
			in.Findings = append(append([]Finding(nil), in.Findings...), Finding{Rule: BaitAndSwitchTest, Severity: Error, Security: true})
			break
		}
	}
	parts := []Part{
		compliancePart(in.Tests),
		designPart(in.ToolNames, in.Findings),
		securityPart(in.Findings),
		efficiencyPart(in.ContextTokens),
		selectionPart(in.Selection),
	}
	weights := Weights()
	total := 0.0
	for _, p := range parts {
		if p.Measured {
			total += weights[p.Name]
		}
	}
	sum := 0.0
	for i := range parts {
		if parts[i].Measured && total > 0 {
			parts[i].Weight = weights[parts[i].Name] / total
			sum += parts[i].Score * parts[i].Weight
		}
	}
	res := Result{Version: Version, Parts: parts}
	res.Uncapped = compat.PyRound(sum)
	res.Overall = res.Uncapped
	for _, f := range in.Findings {
		if f.Security && f.Severity == Error && float64(res.Overall) > securityCap {
			res.Overall = int(securityCap)
			res.Capped = true
			break
		}
	}
	return res
}

func compliancePart(tests []Test) Part {
	p := Part{Name: PartCompliance}
	var got, max float64
	for _, t := range tests {
		// Skipped and not-testable tests measured nothing of the server.
		if t.Status == "skip" || t.Status == "not_testable" || t.Status == "" || notOursTests[t.ID] {
			continue
		}
		w := complianceLow
		switch t.Severity {
		case "critical":
			w = complianceCritical
		case "high":
			w = complianceHigh
		case "medium":
			w = complianceMedium
		}
		max += w
		if t.Status == "pass" {
			got += w
		}
	}
	if max == 0 {
		return p
	}
	p.Measured = true
	p.Score = round1(got / max * percentScale)
	return p
}

func designPart(tools []string, fs []Finding) Part {
	p := Part{Name: PartDesign, Measured: true}
	perTool := map[string]float64{}
	for _, t := range tools {
		perTool[t] = percentScale
	}
	server := 0.0
	seen := map[string]int{}
	for _, f := range fs {
		if f.Security {
			continue
		}
		// The k-th finding of one rule on the server weighs 1/sqrt(k): a
		// large server is not sunk by one rule firing on every tool.
		seen[f.Rule]++
		w := 1 / math.Sqrt(float64(seen[f.Rule]))
		if _, ok := perTool[f.Tool]; ok && f.Tool != "" {
			perTool[f.Tool] -= w * penalty(f.Severity, toolErrorPenalty, toolWarningPenalty, toolInfoPenalty)
			continue
		}
		server += w * penalty(f.Severity, serverErrorPenalty, serverWarnPenalty, 0)
	}
	base := percentScale
	if len(perTool) > 0 {
		scores := make([]float64, 0, len(perTool))
		for _, s := range perTool {
			scores = append(scores, clamp(s, 0, percentScale))
		}
		sort.Float64s(scores)
		mean := 0.0
		for _, s := range scores {
			mean += s
		}
		mean /= float64(len(scores))
		base = (1-worstToolWeight)*mean + worstToolWeight*scores[0]
	}
	p.Score = round1(clamp(base-server, 0, percentScale))
	return p
}

func securityPart(fs []Finding) Part {
	p := Part{Name: PartSecurity, Measured: true}
	// Distinct risks: each security rule counts once, at its worst
	// severity on the server, however many tools repeat it.
	worst := map[string]Severity{}
	var order []string
	for _, f := range fs {
		if !f.Security {
			continue
		}
		if _, ok := worst[f.Rule]; !ok {
			order = append(order, f.Rule)
		}
		worst[f.Rule] = max(worst[f.Rule], f.Severity)
	}
	s := percentScale
	for _, r := range order {
		s -= penalty(worst[r], secErrorPenalty, secWarningPenalty, secInfoPenalty)
	}
	p.Score = round1(clamp(s, 0, percentScale))
	return p
}

func efficiencyPart(tokens int) Part {
	p := Part{Name: PartEfficiency, Measured: true, Score: percentScale}
	t := float64(tokens)
	if t > efficiencyFreeUpTo {
		frac := math.Log2(efficiencyZeroAt/t) / math.Log2(efficiencyZeroAt/efficiencyFreeUpTo)
		p.Score = round1(clamp(frac, 0, 1) * percentScale)
	}
	return p
}

func selectionPart(sel *float64) Part {
	p := Part{Name: PartSelection}
	if sel == nil {
		return p
	}
	p.Measured = true
	p.Score = round1(clamp(*sel, 0, 1) * percentScale)
	return p
}

func penalty(s Severity, e, w, i float64) float64 {
	switch s {
	case Error:
		return e
	case Warning:
		return w
	case Info:
		return i
	}
	return 0
}

func round1(x float64) float64 { return math.RoundToEven(x*10) / 10 }
