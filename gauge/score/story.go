package score

// The one score story, told the same way by every display (scan's text,
// the pull-request comments, ci's scorecard, the board): the mcpgauge
// score is the headline and the gate; toolgauge health and quality-gate
// are compatibility scores, each with one line on what it measures and why
// it differs. docs/scoring.md tells it at length.
const (
	// Headline names the score every display leads with and --min-score gates on.
	Headline = "mcpgauge score"
	// CompatHeading labels the other two scores.
	CompatHeading = "compatibility scores"
	// CompatWhy says what the compatibility scores are for.
	CompatWhy = "other tools' formulas, reproduced exactly so their users can compare; gate on the mcpgauge score"
	// ToolgaugeName labels mcp-toolgauge's score.
	ToolgaugeName = "toolgauge health"
	// ToolgaugeMeasures is what toolgauge health measures and why it differs.
	ToolgaugeMeasures = "mcp-toolgauge's ci score: its 22 lint rules and eval selection only; every finding costs points, so a big server scores low"
	// QualityGateName labels mcp-quality-gate's score.
	QualityGateName = "quality-gate"
	// QualityGateMeasures is what the quality-gate score measures and why it differs.
	QualityGateMeasures = "mcp-quality-gate's score: its compliance tests (/40) and its own analyzers (/60); no token cost or tool selection"
	// ScoringDoc is the page that explains all three.
	ScoringDoc = "https://github.com/mcpgauge/mcpgauge/blob/main/docs/scoring.md"
)
