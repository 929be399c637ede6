package eval

import (
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/eval/bm25"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// ToolSearchText is what the BM25 index sees of a tool: its name, its
// description, and each parameter's name and description.
func ToolSearchText(t *model.Tool) string {
	var b strings.Builder
	b.WriteString(t.Name)
	b.WriteString("\n")
	b.WriteString(t.Description)
	params := t.Params()
	for _, n := range t.ParamNames() {
		b.WriteString("\n")
		b.WriteString(n)
		if sub, ok := params[n].(map[string]any); ok {
			if d, ok := sub["description"].(string); ok {
				b.WriteString(" ")
				b.WriteString(d)
			}
		}
	}
	return b.String()
}

// PoolTool is a distractor tool from another server.
type PoolTool struct {
	// ID names it uniquely, e.g. "io.github.x/server@1.2.0/tool".
	ID   string
	Tool model.Tool
}

// FindCase is where one selection case's expected tool ranked.
type FindCase struct {
	CaseID   string
	Expected string
	// Rank is 1-based; 0 means the prompt shares no term with the tool.
	Rank int
	// Top is the ID of the best-ranked tool ("" when nothing matched).
	Top string
}

// Findability is BM25 tool-search findability of a server's tools for its
// own case prompts, with no model: recall@1 and recall@5 of the expected
// tool among the server's tools plus a drawn pool of distractors.
type Findability struct {
	// PoolSize is the number of distractors drawn (0: the server alone).
	PoolSize int
	// Seed and DrawDigest record the draw: the same pool, seed and size
	// give the same distractors. Drawn lists their IDs.
	Seed       uint64
	DrawDigest string
	Drawn      []string
	Cases      []FindCase
	RecallAt1  Rate
	RecallAt5  Rate
}

// Draw picks n distinct distractors from pool with a seeded shuffle. The
// draws are nested: a smaller n with the same seed is a prefix of a larger.
// IDs of the server's own tools are never drawn.
func Draw(pool []PoolTool, n int, seed uint64, exclude map[string]bool) []PoolTool {
	idx := make([]int, 0, len(pool))
	for i, p := range pool {
		if !exclude[p.ID] {
			idx = append(idx, i)
		}
	}
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	r.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
	if n > len(idx) {
		n = len(idx)
	}
	if n < 0 {
		n = 0
	}
	out := make([]PoolTool, n)
	for i := range out {
		out[i] = pool[idx[i]]
	}
	return out
}

func drawDigest(ids []string) string {
	sum := sha256.Sum256([]byte(strings.Join(ids, "\n")))
	return hex.EncodeToString(sum[:])[:16]
}

// MeasureFindability ranks each selection case's expected tool under BM25
// over the server's tools plus poolSize distractors drawn from pool.
func MeasureFindability(tools []model.Tool, suite *Suite, pool []PoolTool, poolSize int, seed uint64) Findability {
	own := map[string]bool{}
	for _, t := range tools {
		own[t.Name] = true
	}
	drawn := Draw(pool, poolSize, seed, own)
	return measure(tools, suite, drawn, seed)
}

func measure(tools []model.Tool, suite *Suite, drawn []PoolTool, seed uint64) Findability {
	ix := bm25.New()
	docOf := map[string]int{}
	for i := range tools {
		d := ix.Add(tools[i].Name, ToolSearchText(&tools[i]))
		if _, dup := docOf[tools[i].Name]; !dup {
			docOf[tools[i].Name] = d
		}
	}
	f := Findability{PoolSize: len(drawn), Seed: seed}
	for _, p := range drawn {
		ix.Add(p.ID, ToolSearchText(&p.Tool))
		f.Drawn = append(f.Drawn, p.ID)
	}
	f.DrawDigest = drawDigest(f.Drawn)
	ix.Finish()
	for _, c := range suite.Cases {
		if !c.Kind.IsSelection() {
			continue
		}
		doc, ok := docOf[c.Expected]
		fc := FindCase{CaseID: c.ID, Expected: c.Expected}
		if ok {
			var top int
			fc.Rank, top = ix.Rank(c.Prompt, doc)
			if top >= 0 {
				fc.Top = ix.ID(top)
			}
		}
		f.Cases = append(f.Cases, fc)
		f.RecallAt1.Total++
		f.RecallAt5.Total++
		if fc.Rank == 1 {
			f.RecallAt1.Correct++
		}
		if fc.Rank >= 1 && fc.Rank <= 5 {
			f.RecallAt5.Correct++
		}
	}
	return f
}

// CurvePoint is findability at one pool size.
type CurvePoint struct {
	PoolSize  int
	RecallAt1 Rate
	RecallAt5 Rate
}

// PoolCurve measures findability as the distractor pool grows (sizes
// such as 0, 10, 100, 1000, 4000), with nested seeded draws so a larger
// pool contains every smaller one. It returns the points and the draw at
// the largest size (for the record).
func PoolCurve(tools []model.Tool, suite *Suite, pool []PoolTool, sizes []int, seed uint64) ([]CurvePoint, Findability) {
	own := map[string]bool{}
	for _, t := range tools {
		own[t.Name] = true
	}
	maxN := 0
	for _, n := range sizes {
		maxN = max(maxN, n)
	}
	all := Draw(pool, maxN, seed, own)
	var points []CurvePoint
	var last Findability
	for _, n := range sizes {
		f := measure(tools, suite, all[:min(n, len(all))], seed)
		points = append(points, CurvePoint{PoolSize: f.PoolSize, RecallAt1: f.RecallAt1, RecallAt5: f.RecallAt5})
		if f.PoolSize >= last.PoolSize {
			last = f
		}
	}
	return points, last
}

// Capture is a foreign tool outranking a server's own tool for prompts
// meant for it: ecosystem confusion.
type Capture struct {
	// Thief is the distractor ID, Victim the server's tool.
	Thief, Victim string
	Count         int
	// Share is Count over the victim's selection cases.
	Share float64
}

// EcosystemConfusion lists the distractors that rank first for prompts
// meant for the server's tools, worst first (share, count, victim, thief).
func EcosystemConfusion(f Findability, tools []model.Tool) []Capture {
	own := map[string]bool{}
	for _, t := range tools {
		own[t.Name] = true
	}
	perVictim := map[string]int{}
	counts := map[[2]string]int{}
	for _, c := range f.Cases {
		perVictim[c.Expected]++
		if c.Rank != 1 && c.Top != "" && !own[c.Top] {
			counts[[2]string{c.Top, c.Expected}]++
		}
	}
	var out []Capture
	for k, n := range counts {
		out = append(out, Capture{Thief: k[0], Victim: k[1], Count: n, Share: float64(n) / float64(perVictim[k[1]])})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Share != b.Share {
			return a.Share > b.Share
		}
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		if a.Victim != b.Victim {
			return a.Victim < b.Victim
		}
		return a.Thief < b.Thief
	})
	return out
}
