package score

import (
	"math"

	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// Version is stamped on every stored score.
const Version = "mcpgauge-score/v5"

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
	Tool string
	// Parameter is the parameter a finding is about ("" for none): such a
	// rule's design cost is the share of the server's parameters it hits.
	Parameter string
	// Related are the other tools of a pair finding (a confusable pair
	// costs both its tools' shares).
	Related  []string
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
	// Status is pass, fail or error; any other status (skip, not
	// testable) does not count.
	Status string
	// Cause is the failure's root cause as the caller reads it (one missing
	// handler behind several failed tests): failures sharing a non-empty
	// cause count once. "" makes every failure its own cause.
	Cause string
	// Severity is critical, high, medium or low.
	Severity string
	// SDK names the published SDK whose own code gives this failure to
	// every server built on it: such failures count once per SDK, at
	// complianceSDK, whatever their severity.
	SDK string
}

// Input is everything the score is computed from.
type Input struct {
	// ToolNames lists every tool: design measures the share of them a rule hits.
	ToolNames []string
	// Params counts the parameters of every tool (the denominator of a
	// parameter rule's share).
	Params int
	// Hints are the behaviour hints of each tool that declares any
	// (readOnlyHint, destructiveHint, idempotentHint, openWorldHint), by
	// tool name; a tool that declares none is absent.
	Hints    map[string]Hints
	Findings []Finding
	// Tests are compliance outcomes; nil means compliance was not run.
	Tests []Test
	// ContextTokens is the BPE token cost of the whole tool surface.
	ContextTokens int
	// Selection is the eval selection accuracy in [0,1]; nil when eval did not run.
	Selection *float64
}

// Hints is what a tool's behaviour hints claim, as far as the score reads
// them: a finding that shows the tool can run code or destroy data
// contradicts a read-only or non-destructive claim.
type Hints struct {
	// ReadOnly is readOnlyHint: true.
	ReadOnly bool `json:"read_only,omitempty"`
	// NonDestructive is destructiveHint: false.
	NonDestructive bool `json:"non_destructive,omitempty"`
	// SDKDefault marks hints that are the specification's defaults an SDK
	// stamped on every tool of a server whose author set none: they
	// cover nothing in the annotation term (a finding can still
	// contradict them).
	SDKDefault bool `json:"sdk_default,omitempty"`
}

// Part is one measured component.
type Part struct {
	Name     string  `json:"name"`
	Score    float64 `json:"score"`
	Weight   float64 `json:"weight"`
	Measured bool    `json:"measured"`
}

// Result is mcpgauge score v4 with its parts.
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

// Constants of the v4 formula (documented in docs/scoring.md).
const (
	designErrorCost     = 20.0
	designWarningCost   = 8.0
	designInfoCost      = 1.5
	designPresence      = 0.3
	annotationCoverage  = 15.0
	descriptionQuality  = 15.0
	secErrorPenalty     = 40.0
	secWarningPenalty   = 20.0
	secExecutePenalty   = 5.0
	secDisclosedPenalty = 10.0
	falseHintWeight     = 2.0
	securityCap         = 50.0
	efficiencyFreeUpTo  = 2000.0
	efficiencyZeroAt    = 64000.0
	complianceCritical  = 4.0
	complianceHigh      = 3.0
	complianceMedium    = 2.0
	complianceLow       = 1.0
	complianceSDK       = 0.5
	percentScale        = 100.0
)

// BaitAndSwitchTest is the compliance test whose failure (a server that
// shows different tools to different clients) is a security error: it
// counts in the security part and the cap applies.
const BaitAndSwitchTest = "spec-bait-01"

// notOurs says a compliance test is kept in quality-gate's score but not
// in this one's compliance part: resources-list-03 (a resource without a
// description) is optional in the spec, and lint rule SRF001 covers it;
// tools-call-02 judges an unknown tool's answer as quality-gate does
// (an isError result passes), and spec-tools-01 judges the same reply by
// the spec in this score, so one reply never both passes and fails here.
func notOurs(id string) bool { return id == "resources-list-03" || id == "tools-call-02" }

// poorDescriptionRules say a tool's description does not describe it
// (missing, a fragment, the name restated, a placeholder, too short): the
// share of tools they hit is the server's description quality.
var poorDescriptionRules = map[string]bool{"MCP010": true, "MCP011": true, "MCP012": true, "MCP015": true, "QG002": true}

// sizeRules measure how big a server is (its tool count, its context
// cost): the efficiency part prices that, so design, which is size-neutral,
// leaves them out.
var sizeRules = map[string]bool{"MCP051": true, "MCP052": true, "QG010": true, "QG011": true, "QG012": true, "QG013": true}

// Risks maps each security rule to the risk it is evidence of: several
// rules seeing one risk (SEC001 and SEC002 in one poisoned description)
// count it once. A rule not listed is its own risk.
func Risks() map[string]string {
	return map[string]string{
		"SEC001": "injection", "SEC002": "injection", "SEC006": "injection", "SEC007": "injection",
		"SEC003": "exfiltration", "SEC009": "exfiltration", "SEC019": "exfiltration",
		"SEC004": "steering", "SEC005": "steering", "SEC020": "steering",
		"SEC008": "credentials", "SEC010": "credentials",
		"SEC011":          RiskExecute,
		"SEC012":          "annotations",
		"SEC013":          "guardrails",
		"SEC014":          "egress",
		"SEC015":          "egress",
		"SEC016":          "egress",
		"SEC017":          "access",
		BaitAndSwitchTest: "bait-and-switch",
	}
}

// RiskExecute is the risk of a tool that runs shell commands, code, SQL
// or another agent: a surface by design, shown and priced at
// secExecutePenalty, not as a defect of the text.
const RiskExecute = "execution"

// Compute returns mcpgauge score v4.
func Compute(in Input) Result {
	for _, t := range in.Tests {
		if t.ID == BaitAndSwitchTest && t.Status == "fail" {
			in.Findings = append(append([]Finding(nil), in.Findings...), Finding{Rule: BaitAndSwitchTest, Severity: Error, Security: true})
			break
		}
	}
	parts := []Part{
		compliancePart(in.Tests),
		designPart(in),
		securityPart(in),
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

// compliancePart is the weighted pass rate over the tests that ran, with
// failures counted by root cause: the failed tests of one cause count once,
// at the heaviest of their weights. The failures a published SDK gives
// every server built on it count once per SDK, at complianceSDK.
func compliancePart(tests []Test) Part {
	p := Part{Name: PartCompliance}
	var got, max float64
	causes := map[string]float64{}
	for _, t := range tests {
		// Only pass, fail and error measured the server: skipped and
		// not_testable tests do not count.
		if notOurs(t.ID) {
			continue
		}
		w := testWeight(t.Severity)
		switch t.Status {
		case "pass":
			got += w
			max += w
		case "fail", "error":
			if t.SDK != "" && t.Status == "fail" {
				causes["sdk "+t.SDK] = complianceSDK
				continue
			}
			if t.Cause == "" {
				max += w
				continue
			}
			causes[t.Cause] = math.Max(causes[t.Cause], w)
		}
	}
	for _, w := range causes {
		max += w
	}
	if max == 0 {
		return p
	}
	p.Measured = true
	p.Score = round1(got / max * percentScale)
	return p
}

func testWeight(severity string) float64 {
	switch severity {
	case "critical":
		return complianceCritical
	case "high":
		return complianceHigh
	case "medium":
		return complianceMedium
	}
	return complianceLow
}

// designPart is size-neutral: each rule costs by the share of the server
// it hits (tools, or parameters for a parameter rule), plus a fixed
// presence so one bad tool among a hundred still shows; and two coverage
// terms cost the share of tools without honest behaviour hints (a false
// hint counts falseHintWeight times) and the share whose description does
// not describe them. Twenty unannotated tools of twenty cost what two of
// two do.
func designPart(in Input) Part {
	tools, params, fs := in.ToolNames, in.Params, in.Findings
	p := Part{Name: PartDesign, Measured: true}
	known := map[string]bool{}
	for _, t := range tools {
		known[t] = true
	}
	type hits struct {
		worst         Severity
		tools, params map[string]bool
		server        bool
	}
	byRule := map[string]*hits{}
	var order []string
	for _, f := range fs {
		if f.Security || sizeRules[f.Rule] {
			continue
		}
		h := byRule[f.Rule]
		if h == nil {
			h = &hits{tools: map[string]bool{}, params: map[string]bool{}}
			byRule[f.Rule] = h
			order = append(order, f.Rule)
		}
		h.worst = max(h.worst, f.Severity)
		switch {
		case f.Parameter != "" && known[f.Tool] && params > 0:
			h.params[f.Tool+"\x00"+f.Parameter] = true
		case known[f.Tool]:
			h.tools[f.Tool] = true
			for _, r := range f.Related {
				if known[r] {
					h.tools[r] = true
				}
			}
		default:
			h.server = true
		}
	}
	s := percentScale
	if len(known) > 0 {
		poor := map[string]bool{}
		for _, f := range fs {
			if poorDescriptionRules[f.Rule] && known[f.Tool] {
				poor[f.Tool] = true
			}
		}
		s -= annotationCoverage*hintShortfall(in, known) + descriptionQuality*float64(len(poor))/float64(len(known))
	}
	for _, r := range order {
		h := byRule[r]
		share := 1.0
		if !h.server {
			share = 0
			if len(h.tools) > 0 && len(known) > 0 {
				share = float64(len(h.tools)) / float64(len(known))
			}
			if len(h.params) > 0 {
				share = math.Max(share, float64(len(h.params))/float64(params))
			}
		}
		s -= penalty(h.worst, designErrorCost, designWarningCost, designInfoCost) * (designPresence + (1-designPresence)*math.Min(share, 1))
	}
	p.Score = round1(clamp(s, 0, percentScale))
	return p
}

// hintContradictions are the rules whose finding at warning or error says
// a tool does what a read-only or non-destructive claim denies: MCP040 and
// QG009 (it destroys), SEC011 (it runs code or commands the model writes,
// which can destroy).
var hintContradictions = map[string]bool{"MCP040": true, "QG009": true, secExecutionRule: true}

// falseHints returns the hinted tools whose hints a finding at warning or
// error contradicts: SEC012 (a declared hint contradicts what the tool
// does), or a hintContradictions rule on a tool that claims to be
// read-only or non-destructive. A destructive tool that only leaves
// destructiveHint unset claims nothing false: by the spec's default a
// client still treats it as destructive, so it counts as unhinted.
func falseHints(in Input) (contradicted, incomplete map[string]bool) {
	contradicted, incomplete = map[string]bool{}, map[string]bool{}
	for _, f := range in.Findings {
		h, hinted := in.Hints[f.Tool]
		if !hinted || f.Severity < Warning {
			continue
		}
		switch {
		case f.Rule == "SEC012" || hintContradictions[f.Rule] && (h.ReadOnly || h.NonDestructive):
			contradicted[f.Tool] = true
		case f.Rule == "MCP040" || f.Rule == "QG009":
			incomplete[f.Tool] = true
		}
	}
	return contradicted, incomplete
}

// hintShortfall is the annotation coverage term's share: the tools that
// declare no hint (or only the defaults an SDK stamped on every tool, v5),
// plus falseHintWeight times those whose hints a finding contradicts (a client trusts a false hint and runs the tool unasked,
// while a tool without hints is, by the spec's defaults, treated as
// destructive and confirmed).
func hintShortfall(in Input, known map[string]bool) float64 {
	bad, incomplete := falseHints(in)
	short := 0.0
	for t := range known {
		switch h, hinted := in.Hints[t]; {
		case bad[t]:
			short += falseHintWeight
		case !hinted || incomplete[t] || h.SDKDefault:
			short++
		}
	}
	return short / float64(len(known))
}

// secExecutionRule is the rule of the execution risk (SEC011).
const secExecutionRule = "SEC011"

// callTimeRules act only when their tool is called, on what the call
// takes or returns: a returned credential (SEC010), a secret as an
// argument (SEC014), a model-chosen destination (SEC015), a local file
// uploaded (SEC016), an access grant (SEC017). Text that steers or
// poisons the model acts when the tool is listed, and is never disclosed
// by a hint.
var callTimeRules = map[string]bool{"SEC010": true, "SEC014": true, "SEC015": true, "SEC016": true, "SEC017": true}

// securityPart counts distinct risks: each risk once, at its worst
// severity on the server, however many rules and tools show it. Info is
// not proof and costs nothing; an execution surface at warning costs
// secExecutePenalty; a risk whose every finding at warning is a
// call-time rule on a tool with honest hints that does not claim to be
// read-only is disclosed (the client sees a tool that changes things and
// asks before the call) and costs secDisclosedPenalty.
func securityPart(in Input) Part {
	p := Part{Name: PartSecurity, Measured: true}
	risks := Risks()
	bad, incomplete := falseHints(in)
	worst := map[string]Severity{}
	undisclosed := map[string]bool{}
	var order []string
	for _, f := range in.Findings {
		if !f.Security {
			continue
		}
		risk := f.Rule
		if r, ok := risks[f.Rule]; ok {
			risk = r
		}
		if _, ok := worst[risk]; !ok {
			order = append(order, risk)
		}
		worst[risk] = max(worst[risk], f.Severity)
		h, hinted := in.Hints[f.Tool]
		if f.Severity >= Warning && (!callTimeRules[f.Rule] || !hinted || bad[f.Tool] || incomplete[f.Tool] || h.ReadOnly) {
			undisclosed[risk] = true
		}
	}
	s := percentScale
	for _, r := range order {
		w := secWarningPenalty
		switch {
		case r == RiskExecute:
			w = secExecutePenalty
		case !undisclosed[r]:
			w = secDisclosedPenalty
		}
		s -= penalty(worst[r], secErrorPenalty, w, 0)
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
