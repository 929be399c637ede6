package scan

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/schema"
)

// AuthRequired is the error of a scan of a remote server that answered
// 401: it wraps the dial error (Classify still says auth_required) and
// carries what was graded without credentials, the pre-authentication
// compliance tests (compliance.RunUnauthorized) and the score they make.
type AuthRequired struct {
	Err        error
	Compliance *compliance.Report
	Score      score.Result
	Duration   time.Duration
}

func (e *AuthRequired) Error() string { return e.Err.Error() }

func (e *AuthRequired) Unwrap() error { return e.Err }

// gradeUnauthorized turns a dial failure into an *AuthRequired when the
// server is a remote one that answered 401 and compliance is on; any other
// error is returned as it is. Nothing is registered and no credential is
// sent: the tests read only what the server publishes.
func gradeUnauthorized(ctx context.Context, target *connect.Target, opts Options, err error) error {
	var de *connect.DialError
	if !opts.Compliance || target == nil || target.Transport != connect.TransportHTTP ||
		!errors.As(err, &de) || de.Kind != connect.DialHTTPStatus || de.Code != http.StatusUnauthorized {
		return err
	}
	start := time.Now()
	cr := compliance.RunUnauthorized(ctx, target, compliance.Options{
		CallTools: compliance.CallNone, Timeout: opts.Connect.Timeout, Connect: opts.Connect, Mode: opts.ComplianceMode,
	}, compliance.RunOptions{Timeout: opts.Connect.Timeout, Skip: opts.Skip, Only: opts.Only})
	return &AuthRequired{Err: err, Compliance: &cr, Score: score.ComputePreAuth(scoreTests(&cr)), Duration: time.Since(start)}
}

// FillPreAuth copies a graded auth_required scan into res: the
// compliance outcomes, scores of the compliance part alone and the
// pre-auth note. It leaves status and reason to Classify.
func (e *AuthRequired) FillPreAuth(res *schema.Result) {
	res.Compliance = nil
	for _, t := range e.Compliance.Results {
		res.Compliance = append(res.Compliance, schema.ComplianceResult{ID: t.ID, Status: string(t.Status), Message: t.Message, Session: t.Session, SDK: t.SDK})
	}
	res.Timings.ComplianceMS = e.Duration.Milliseconds()
	p := e.Score.Part(score.PartCompliance)
	if !p.Measured {
		return
	}
	v := p.Score
	res.Scores = &schema.Scores{
		ScoringVersion: e.Score.Version, MCPGauge: float64(e.Score.Overall), MCPGaugeUncapped: float64(e.Score.Uncapped),
		Compliance: &v, Weights: &schema.ScoreWeights{Compliance: 1},
	}
	res.PreAuth = &schema.PreAuthGrade{Note: schema.PreAuthNote}
}
