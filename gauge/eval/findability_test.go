package eval_test

import (
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

func poolFrom(t *testing.T, server string) []eval.PoolTool {
	snap, _, _ := loadFixture(t, server)
	var pool []eval.PoolTool
	for _, tool := range snap.Tools {
		pool = append(pool, eval.PoolTool{ID: server + "/" + tool.Name, Tool: tool})
	}
	return pool
}

func TestFindabilityAndPoolCurve(t *testing.T) {
	snap, suite, _ := loadFixture(t, "goodserver")
	pool := poolFrom(t, "badserver")
	alone := eval.MeasureFindability(snap.Tools, suite, nil, 0, 1)
	if alone.RecallAt1.Total != 40 || alone.RecallAt5.Correct < alone.RecallAt1.Correct || alone.RecallAt1.Correct == 0 {
		t.Fatalf("alone: r@1 %+v r@5 %+v", alone.RecallAt1, alone.RecallAt5)
	}
	t.Logf("goodserver alone: recall@1 %d%% recall@5 %d%%", alone.RecallAt1.Percent(), alone.RecallAt5.Percent())

	a := eval.MeasureFindability(snap.Tools, suite, pool, 5, 42)
	b := eval.MeasureFindability(snap.Tools, suite, pool, 5, 42)
	if a.DrawDigest != b.DrawDigest || strings.Join(a.Drawn, ",") != strings.Join(b.Drawn, ",") || len(a.Drawn) != 5 {
		t.Fatalf("same seed drew differently: %v vs %v", a.Drawn, b.Drawn)
	}
	differs := false
	for seed := uint64(1); seed < 6; seed++ {
		if eval.MeasureFindability(snap.Tools, suite, pool, 5, seed).DrawDigest != a.DrawDigest {
			differs = true
		}
	}
	if !differs {
		t.Error("five other seeds all drew the same distractors")
	}

	points, last := eval.PoolCurve(snap.Tools, suite, pool, []int{0, 3, 10, 1000}, 42)
	if len(points) != 4 || points[0].PoolSize != 0 || points[3].PoolSize != len(pool) {
		t.Fatalf("curve points %+v", points)
	}
	if points[0].RecallAt1 != alone.RecallAt1 {
		t.Errorf("pool 0 should equal the server alone: %+v vs %+v", points[0].RecallAt1, alone.RecallAt1)
	}
	small := eval.Draw(pool, 3, 42, nil)
	for i, p := range small {
		if last.Drawn[i] != p.ID {
			t.Errorf("draws are not nested: %v is not a prefix of %v", small, last.Drawn)
			break
		}
	}
}

func TestEcosystemConfusion(t *testing.T) {
	snap, suite, _ := loadFixture(t, "goodserver")
	// A foreign tool whose description is made of archive_ticket's own prompts.
	var prompts []string
	for _, c := range suite.Cases {
		if c.Expected == "archive_ticket" {
			prompts = append(prompts, c.Prompt)
		}
	}
	thief := eval.PoolTool{ID: "evil/archiver", Tool: model.Tool{Name: "archiver", Description: strings.Join(prompts, " ")}}
	pool := append(poolFrom(t, "badserver"), thief)
	f := eval.MeasureFindability(snap.Tools, suite, pool, len(pool), 3)
	caps := eval.EcosystemConfusion(f, snap.Tools)
	if len(caps) == 0 || caps[0].Thief != "evil/archiver" || caps[0].Victim != "archive_ticket" || caps[0].Share < 0.5 {
		t.Fatalf("captures = %+v, want evil/archiver taking archive_ticket's prompts", caps)
	}
	for _, c := range caps {
		if !strings.Contains(c.Thief, "/") {
			t.Errorf("a server's own tool was reported as an ecosystem thief: %+v", c)
		}
	}
}
