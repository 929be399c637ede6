package eval

import (
	"fmt"
	"sort"

	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/internal/compat"
	"github.com/mcpgauge/mcpgauge/internal/mdsafe"
)

// Rate is a hit count over an attempt count.
type Rate struct {
	Correct int
	Total   int
}

// Fraction is Correct/Total, 0 for an empty rate.
func (r Rate) Fraction() float64 {
	if r.Total == 0 {
		return 0
	}
	return float64(r.Correct) / float64(r.Total)
}

// Percent is round(fraction*100) with Python's half-to-even rounding.
func (r Rate) Percent() int { return score.Percent(r.Correct, r.Total) }

// Percent rounds fraction*100 half to even, as Python's round does.
func Percent(fraction float64) int { return compat.PyRound(fraction * 100) }

// ToolScore is one tool's hit rate over the selection cases expecting it.
type ToolScore struct {
	Tool    string
	Correct int
	Total   int
}

// Rate returns the tool's score as a Rate.
func (t ToolScore) Rate() Rate { return Rate{t.Correct, t.Total} }

// ConfusionCell counts cases meant for Expected that went to Selected
// (Selected "" with Nothing true: the model called nothing).
type ConfusionCell struct {
	Expected string
	Selected string
	Nothing  bool
	Count    int
	// Share is Count over the row total, so each row sums to 1.
	Share float64
}

// Scores are the pure-function results of a run.
type Scores struct {
	Selection  Rate
	Positives  Rate
	Siblings   Rate
	Abstention Rate
	Arguments  Rate
	PerTool    []ToolScore
	Confusion  []ConfusionCell
}

// Score computes every toolgauge metric from the outcomes.
func Score(outcomes []Outcome) Scores {
	var s Scores
	perTool := map[string]*ToolScore{}
	type cellKey struct {
		expected, selected string
		nothing            bool
	}
	cells := map[cellKey]int{}
	rows := map[string]int{}
	for _, o := range outcomes {
		correct := o.Correct()
		if o.Check != nil {
			s.Arguments.Total++
			if o.Check.OK() {
				s.Arguments.Correct++
			}
		}
		switch o.Case.Kind {
		case Abstain:
			s.Abstention.Total++
			if correct {
				s.Abstention.Correct++
			}
			continue
		case Positive:
			s.Positives.Total++
			if correct {
				s.Positives.Correct++
			}
		case Sibling:
			s.Siblings.Total++
			if correct {
				s.Siblings.Correct++
			}
		}
		s.Selection.Total++
		if correct {
			s.Selection.Correct++
		}
		ts := perTool[o.Case.Expected]
		if ts == nil {
			ts = &ToolScore{Tool: o.Case.Expected}
			perTool[o.Case.Expected] = ts
		}
		ts.Total++
		if correct {
			ts.Correct++
		}
		cells[cellKey{o.Case.Expected, o.Selected, !o.Called}]++
		rows[o.Case.Expected]++
	}
	for _, ts := range perTool {
		s.PerTool = append(s.PerTool, *ts)
	}
	sort.Slice(s.PerTool, func(i, j int) bool {
		fi, fj := s.PerTool[i].Rate().Fraction(), s.PerTool[j].Rate().Fraction()
		if fi != fj {
			return fi < fj
		}
		return s.PerTool[i].Tool < s.PerTool[j].Tool
	})
	for k, n := range cells {
		s.Confusion = append(s.Confusion, ConfusionCell{Expected: k.expected, Selected: k.selected, Nothing: k.nothing, Count: n, Share: float64(n) / float64(rows[k.expected])})
	}
	sort.Slice(s.Confusion, func(i, j int) bool {
		a, b := s.Confusion[i], s.Confusion[j]
		if a.Expected != b.Expected {
			return a.Expected < b.Expected
		}
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		if a.Nothing != b.Nothing {
			return !a.Nothing
		}
		return a.Selected < b.Selected
	})
	return s
}

// NotableShare is the smallest share that makes a confusion notable.
const NotableShare = 0.20

// NotableConfusions are the off-diagonal cells where some tool (not
// "nothing") took at least 20% of another tool's prompts, largest first;
// limit <= 0 keeps all.
func NotableConfusions(s Scores, limit int) []ConfusionCell {
	var out []ConfusionCell
	for _, c := range s.Confusion {
		if c.Nothing || c.Selected == c.Expected || c.Share < NotableShare {
			continue
		}
		out = append(out, c)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Share != b.Share {
			return a.Share > b.Share
		}
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		if a.Expected != b.Expected {
			return a.Expected < b.Expected
		}
		return a.Selected < b.Selected
	})
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}

// DescribeConfusion is the sentence "`X` captures P% of the prompts meant
// for `Y`.", the tool names as Markdown code spans (mdsafe.Code), so a
// hostile name cannot mention, link or embed anything in a PR comment.
func DescribeConfusion(c ConfusionCell) string {
	return fmt.Sprintf("%s captures %d%% of the prompts meant for %s.", mdsafe.Code(c.Selected), Percent(c.Share), mdsafe.Code(c.Expected))
}

// ConfusionSentences describes the top notable confusions.
func ConfusionSentences(s Scores, limit int) []string {
	var out []string
	for _, c := range NotableConfusions(s, limit) {
		out = append(out, DescribeConfusion(c))
	}
	return out
}
