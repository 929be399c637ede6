package ecosystem_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/ecosystem"
	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// synthMembers makes n servers of 8 tools from a seeded vocabulary; the
// first measured of them get 12 selection cases each (BM25 only).
func synthMembers(b *testing.B, n, measured int) []ecosystem.Member {
	r := rand.New(rand.NewPCG(3, 5))
	vocab := make([]string, 4000)
	for i := range vocab {
		vocab[i] = fmt.Sprintf("w%x%c", i, 'a'+rune(i%26))
	}
	word := func() string { return vocab[int(float64(len(vocab))*r.Float64()*r.Float64())] }
	verbs := []string{"list", "search", "create", "update", "delete", "export", "sync", "archive", "send"}
	out := make([]ecosystem.Member, n)
	for i := range out {
		m := ecosystem.Member{Name: fmt.Sprintf("io.bench/s%05d", i), Version: "1.0.0", JobID: "j" + strconv.Itoa(i)}
		for k := range 8 {
			desc := ""
			for range 15 + r.IntN(20) {
				desc += word() + " "
			}
			raw := fmt.Sprintf(`{"name":"%s_%s_%d","description":%q,"inputSchema":{"type":"object","properties":{"%s":{"type":"string","description":"the %s"}}}}`,
				verbs[r.IntN(len(verbs))], word(), k, desc, word(), word())
			t, err := model.ToolFromWire([]byte(raw))
			if err != nil {
				b.Fatal(err)
			}
			ecosystem.Slim(&t) // as the coordinator holds them
			m.Tools = append(m.Tools, t)
		}
		if i < measured {
			m.Suite = &eval.Suite{}
			for c := range 12 {
				t := m.Tools[c%len(m.Tools)]
				prompt := ""
				for range 8 {
					prompt += word() + " "
				}
				m.Suite.Cases = append(m.Suite.Cases, eval.Case{ID: strconv.Itoa(c), Kind: eval.Positive, Expected: t.Name,
					Prompt: prompt + t.Description[:min(len(t.Description), 40)]})
			}
		}
		out[i] = m
	}
	return out
}

// BenchmarkPass20k: the BM25 part of the pass over a 20,000-server sweep
// (160,000 tools), measuring 1,000 of them (12 prompts each, curve 10/100/
// 1000). MCPGAUGE_BENCH_SERVERS scales the sweep down.
func BenchmarkPass20k(b *testing.B) {
	n := 20000
	if v, err := strconv.Atoi(os.Getenv("MCPGAUGE_BENCH_SERVERS")); err == nil && v > 0 {
		n = v
	}
	ms := synthMembers(b, n, 1000)
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		reps, err := ecosystem.Measure(context.Background(), "s20261130T0300Z", ms, ecosystem.Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(len(reps)), "ms/server")
	}
}
