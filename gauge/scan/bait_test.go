package scan

import (
	"context"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
)

// TestBaitAndSwitchCapsTheScore: a server that shows different tools to
// different clients (the bait-switch fixture, a real go-sdk server) fails
// spec-bait-01, and the scan's score counts that as a security error: the
// security part drops and the overall score is capped, with the uncapped
// score beside it. The fixture's tools are also poisoned (lint caps them
// too), so the score is recomputed from the scan's own input without its
// lint findings: the failed test alone must cap it, and the same input
// with the test passing must not be capped.
func TestBaitAndSwitchCapsTheScore(t *testing.T) {
	bin := fixtures.Build(t, "bait-switch")
	target := &connect.Target{Transport: connect.TransportStdio, Command: bin, Display: bin}
	rep, err := Run(context.Background(), target, Options{Compliance: true})
	if err != nil {
		t.Fatal(err)
	}
	failed := false
	for _, r := range rep.Compliance.Results {
		if r.ID == score.BaitAndSwitchTest {
			failed = r.Status == "fail"
		}
	}
	if !failed {
		t.Fatalf("%s did not fail on the bait-switch fixture: %+v", score.BaitAndSwitchTest, rep.Compliance.Summary)
	}
	if !rep.Score.Capped || rep.Score.Overall > 50 || rep.Score.Uncapped < rep.Score.Overall {
		t.Errorf("score %d (uncapped %d, capped %v): a bait-and-switch must cap it at 50", rep.Score.Overall, rep.Score.Uncapped, rep.Score.Capped)
	}
	in := scoreInput(rep.Snapshot, rep, nil, nil, nil)
	alone := score.Compute(in)
	if !alone.Capped || alone.Part(score.PartSecurity).Score >= 100 {
		t.Errorf("the failed %s alone: overall %d, capped %v, security %v; want capped and a security risk",
			score.BaitAndSwitchTest, alone.Overall, alone.Capped, alone.Part(score.PartSecurity).Score)
	}
	for i := range in.Tests {
		if in.Tests[i].ID == score.BaitAndSwitchTest {
			in.Tests[i].Status = "pass"
		}
	}
	if honest := score.Compute(in); honest.Capped || honest.Part(score.PartSecurity).Score != 100 {
		t.Errorf("with %s passing: overall %d, capped %v, security %v; want no cap and no security risk",
			score.BaitAndSwitchTest, honest.Overall, honest.Capped, honest.Part(score.PartSecurity).Score)
	}
}
