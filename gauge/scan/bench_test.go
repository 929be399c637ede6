package scan

import (
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/tokens"
	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

// BenchmarkSetSelection: rescoring badserver's findings (74 of them) when
// an eval result arrives: toolgauge health and the mcpgauge score.
func BenchmarkSetSelection(b *testing.B) {
	snap, err := model.ParseToolsJSON(shareddata.Read(b, "data", "toolgauge-fixtures", "badserver", "tools-list.json"))
	if err != nil {
		b.Fatal(err)
	}
	rep := &Report{}
	if err := Analyse(rep, snap, Options{Tokens: tokens.New()}); err != nil {
		b.Fatal(err)
	}
	sel := &eval.Rate{Correct: 31, Total: 56}
	b.ReportAllocs()
	for b.Loop() {
		rep.SetSelection(sel)
	}
}
