package scan

import (
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/schema"
)

// Fill copies the gauge's part of a scan into res: status ok, timings of
// the gauge phases, the snapshot summary, findings, compliance and scores.
// The caller sets the job identity (sweep, job, name, version, sources).
func (r *Report) Fill(res *schema.Result) {
	res.Status = schema.StatusOK
	res.Reason = ""
	res.Timings.ConnectMS = r.Timings.Connect.Milliseconds()
	res.Timings.ListMS = r.Timings.List.Milliseconds()
	res.Timings.LintMS = r.Timings.Lint.Milliseconds()
	res.Timings.ComplianceMS = r.Timings.Compliance.Milliseconds()
	res.Snapshot = r.summary()
	res.Findings = res.Findings[:0]
	for _, f := range r.Findings {
		res.Findings = append(res.Findings, schema.Finding{
			Rule: f.Rule, Severity: f.Severity.String(), Tool: f.Tool, Parameter: f.Parameter, Entity: f.Entity, Message: f.Message,
		})
	}
	res.Compliance = nil
	if r.Compliance != nil {
		for _, t := range r.Compliance.Results {
			res.Compliance = append(res.Compliance, schema.ComplianceResult{ID: t.ID, Status: string(t.Status), Message: t.Message, Session: t.Session, SDK: t.SDK})
		}
	}
	res.Scores = r.scores()
	if res.StartedAt.IsZero() {
		res.StartedAt = r.StartedAt
	}
	res.FinishedAt = r.FinishedAt
}

func (r *Report) summary() *schema.SnapshotSummary {
	s := r.Snapshot
	sum := &schema.SnapshotSummary{
		Tools: len(s.Tools), Resources: len(s.Resources), ResourceTemplates: len(s.Templates), Prompts: len(s.Prompts),
		ProtocolVersion: s.Server.ProtocolVersion, Era: string(s.Era),
		ServerDigest: model.ServerSHA256(s.Tools), ToolgaugeDigest: model.ToolgaugeDigest(s.Tools),
		TotalTokens: r.TotalTokens,
	}
	risks := lint.ToolRisks(s)
	for i := range s.Tools {
		sum.ToolList = append(sum.ToolList, schema.ToolSummary{
			Name: s.Tools[i].Name, SHA256: model.ToolSHA256(&s.Tools[i]), Tokens: r.Tokens[s.Tools[i].Name],
			Hints: s.Tools[i].Hints(), Risk: risks[i],
		})
	}
	return sum
}

func (r *Report) scores() *schema.Scores {
	sc := &schema.Scores{
		ScoringVersion:   r.Score.Version,
		MCPGauge:         float64(r.Score.Overall),
		MCPGaugeUncapped: float64(r.Score.Uncapped),
		Capped:           r.Score.Capped,
		Design:           r.Score.Part(score.PartDesign).Score,
		Security:         r.Score.Part(score.PartSecurity).Score,
		Efficiency:       r.Score.Part(score.PartEfficiency).Score,
		Weights: &schema.ScoreWeights{
			Compliance: r.Score.Part(score.PartCompliance).Weight,
			Design:     r.Score.Part(score.PartDesign).Weight,
			Security:   r.Score.Part(score.PartSecurity).Weight,
			Efficiency: r.Score.Part(score.PartEfficiency).Weight,
			Selection:  r.Score.Part(score.PartSelection).Weight,
		},
		ToolgaugeHealth: float64(r.Health.Overall),
		QualityGate: schema.QualityGateScore{
			Quality:    float64(r.QualityGate.Score.Quality),
			Efficiency: float64(r.QualityGate.Score.Efficiency),
			Security:   float64(r.QualityGate.Score.Security),
		},
	}
	if p := r.Score.Part(score.PartCompliance); p.Measured {
		v := p.Score
		sc.Compliance = &v
	}
	if r.QualityGate.SuiteRan {
		total, c := float64(r.QualityGate.Score.Score), r.QualityGate.Score.Compliance
		sc.QualityGate.Score, sc.QualityGate.Compliance = &total, &c
	}
	if p := r.Score.Part(score.PartSelection); p.Measured {
		v := p.Score
		sc.Selection = &v
	}
	return sc
}
