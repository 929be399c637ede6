// Package ecosystem is the post-sweep pass that measures each server among
// all the others a sweep scanned. For every server with drafted cases it
// reports, per case prompt:
//
//   - tool-search findability: where BM25 over every tool of the sweep
//     ranks the tool the prompt was written for (recall@1 and @5, no model);
//   - a pool-size curve: the same (and, with a model, selection accuracy)
//     with the server's tools plus distractors drawn from other servers, at
//     pools of 10, 100 and 1,000 tools;
//   - ecosystem confusion: with a model, the server's tools plus K drawn
//     distractors are offered, and the tools of other servers that win its
//     prompts are named (BM25 captures are named too).
//
// Draws are deterministic: one seed orders the sweep's tools by a hash of
// (seed, tool ID) and each server reads the order from a point fixed by a
// hash of (seed, its name). A larger pool contains every smaller one, and a
// new server in the next sweep changes a draw only where its tools land, so
// unchanged pools hit the eval cache and cost no model call.
package ecosystem

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/eval/bm25"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/schema"
)

// Defaults.
const (
	// DefaultDistractors is K, the distractors offered with a server's
	// tools in the ecosystem-confusion model run.
	DefaultDistractors = 20
	// DefaultSeed drives the draws when Options.Seed is 0.
	DefaultSeed uint64 = 1
	// MaxCaptures bounds the captures kept per method in one report.
	MaxCaptures = 20
)

// DefaultSizes returns the pool sizes of the curve: 10, 100 and 1,000 tools.
func DefaultSizes() []int { return []int{10, 100, 1000} }

// Member is one ok server of a sweep: its tools and, when a model drafted
// them, its cases. A member without cases only serves as a distractor.
type Member struct {
	Name, Version string
	// JobID is the scan the tools and cases come from.
	JobID string
	Tools []model.Tool
	Suite *eval.Suite
}

// ModelOptions turn on the model runs (the K-distractor run and the
// curve's selection accuracy).
type ModelOptions struct {
	// Backend makes live calls (nil: only cached answers can be used).
	Backend eval.Backend
	// Cache is shared with the workers (KV mcpgauge-evalcache in a sweep).
	Cache eval.Cache
	Model string
	// Concurrency is the calls in flight per server (default 1).
	Concurrency int
	Prices      eval.Prices
	// MaxCost bounds the whole pass's spend in USD (<= 0: no limit); once
	// spent, the remaining model runs are skipped with a reason.
	MaxCost float64
	// MaxPool skips model runs on pools larger than this many tools (0: no
	// limit); OpenAI-compatible APIs refuse more than 128 tools.
	MaxPool int
}

// Options tune Measure.
type Options struct {
	// Seed drives every draw (0: DefaultSeed).
	Seed uint64
	// Sizes are the curve's pool sizes (nil: DefaultSizes).
	Sizes []int
	// Distractors is K (0: DefaultDistractors; negative: none).
	Distractors int
	// Model, when set, adds the model runs: the K-distractor run for every
	// server, and the curve for CurveSample of them.
	Model *ModelOptions
	// CurveSample is how many servers get model accuracy on the curve,
	// chosen by a hash of (seed, name), so the same servers are chosen from
	// one sweep to the next (0: every server; negative: none). The curve's
	// BM25 numbers are measured for every server.
	CurveSample int
	// Parallel is the servers measured at once (0: GOMAXPROCS).
	Parallel int
	// Now stamps the reports (default time.Now).
	Now func() time.Time
	// Progress, when set, is told after each server.
	Progress func(done, total int)
}

// Slim drops the parts of a tool the pass never reads (its raw JSON forms),
// which are most of its memory; a 160,000-tool pool fits in far less.
func Slim(t *model.Tool) {
	t.Raw, t.RawInputSchema, t.RawDescription = nil, nil, ""
}

// poolTool is one tool of the sweep's pool.
type poolTool struct {
	member int
	tool   int
	id     string
	hash   uint64
	doc    int // in the sweep-wide index
	bm     bm25.Doc
}

// pool is the sweep's tools, indexed once.
type pool struct {
	members []Member
	aliases []string
	tools   []poolTool
	byHash  []int    // indexes into tools, by hash
	hashes  []uint64 // hashes in byHash order
	own     [][]int  // member → its pool tools, in server order
	index   *bm25.Index
}

func hash64(seed uint64, s string) uint64 {
	h := fnv.New64a()
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], seed)
	_, _ = h.Write(b[:])
	_, _ = h.Write([]byte(s))
	return h.Sum64()
}

// memberKeys names each member in IDs: its name, with the version when
// the sweep holds several versions of it.
func memberKeys(ms []Member) []string {
	count := map[string]int{}
	for _, m := range ms {
		count[m.Name]++
	}
	keys := make([]string, len(ms))
	for i, m := range ms {
		keys[i] = m.Name
		if count[m.Name] > 1 {
			keys[i] = m.Name + "@" + m.Version
		}
	}
	return keys
}

func buildPool(members []Member, seed uint64) *pool {
	p := &pool{members: members, own: make([][]int, len(members)), index: bm25.New()}
	keys := memberKeys(members)
	p.aliases = aliases(members)
	intern := map[string]string{} // one copy of each term across the pool
	for mi := range members {
		for ti := range members[mi].Tools {
			t := &members[mi].Tools[ti]
			id := keys[mi] + "/" + t.Name
			terms := bm25.Tokenize(eval.ToolSearchText(t))
			for k, term := range terms {
				if s, ok := intern[term]; ok {
					terms[k] = s
				} else {
					intern[term] = term
				}
			}
			pt := poolTool{member: mi, tool: ti, id: id, hash: hash64(seed, id), bm: bm25.Count(terms)}
			pt.doc = p.index.AddDoc(id, pt.bm)
			p.own[mi] = append(p.own[mi], len(p.tools))
			p.tools = append(p.tools, pt)
		}
	}
	p.index.Finish()
	p.byHash = make([]int, len(p.tools))
	for i := range p.byHash {
		p.byHash[i] = i
	}
	sort.Slice(p.byHash, func(a, b int) bool {
		ta, tb := &p.tools[p.byHash[a]], &p.tools[p.byHash[b]]
		if ta.hash != tb.hash {
			return ta.hash < tb.hash
		}
		return ta.id < tb.id
	})
	p.hashes = make([]uint64, len(p.byHash))
	for i, ti := range p.byHash {
		p.hashes[i] = p.tools[ti].hash
	}
	return p
}

// draw returns up to n distractors for member mi: tools of other servers
// (any version of the same name is excluded), read in hash order from the
// point the member's own hash falls on. Nested: draw(n) is a prefix of
// draw(m) for n < m.
func (p *pool) draw(mi, n int, seed uint64) []int {
	if n <= 0 || len(p.byHash) == 0 {
		return nil
	}
	m := p.members[mi]
	from := hash64(seed, "server:"+m.Name)
	start := sort.Search(len(p.hashes), func(i int) bool { return p.hashes[i] >= from })
	var out []int
	for k := 0; k < len(p.byHash) && len(out) < n; k++ {
		ti := p.byHash[(start+k)%len(p.byHash)]
		if p.members[p.tools[ti].member].Name == m.Name {
			continue
		}
		out = append(out, ti)
	}
	return out
}

func (p *pool) ids(tools []int) []string {
	out := make([]string, len(tools))
	for i, ti := range tools {
		out[i] = p.tools[ti].id
	}
	return out
}

// DrawDigest fingerprints a draw: the first 16 hex digits of the SHA-256
// of the drawn IDs joined by newlines.
func DrawDigest(ids []string) string {
	sum := sha256.Sum256([]byte(strings.Join(ids, "\n")))
	return hex.EncodeToString(sum[:])[:16]
}

// selectionCases are the member's positive and sibling cases whose
// expected tool it has.
func selectionCases(m *Member) []eval.Case {
	if m.Suite == nil {
		return nil
	}
	names := map[string]bool{}
	for _, t := range m.Tools {
		names[t.Name] = true
	}
	var out []eval.Case
	for _, c := range m.Suite.Cases {
		if c.Kind.IsSelection() && names[c.Expected] {
			out = append(out, c)
		}
	}
	return out
}

// curveSample picks the members whose curve the model measures: all of
// todo when n is 0, none when negative, else the n whose hash of (seed,
// name, version) is lowest.
func curveSample(ms []Member, todo []int, n int, seed uint64) map[int]bool {
	out := map[int]bool{}
	if n < 0 {
		return out
	}
	order := append([]int(nil), todo...)
	if n > 0 && n < len(order) {
		key := func(i int) uint64 { return hash64(seed, "curve:"+ms[i].Name+"@"+ms[i].Version) }
		sort.Slice(order, func(a, b int) bool { return key(order[a]) < key(order[b]) })
		order = order[:n]
	}
	for _, i := range order {
		out[i] = true
	}
	return out
}

// abstainCases are the member's abstain cases (prompts no tool fits).
func abstainCases(m *Member) []eval.Case {
	if m.Suite == nil {
		return nil
	}
	var out []eval.Case
	for _, c := range m.Suite.Cases {
		if c.Kind == eval.Abstain {
			out = append(out, c)
		}
	}
	return out
}

// budget is the pass's shared model spend.
type budget struct {
	mu    sync.Mutex
	limit float64
	spent float64
}

func (b *budget) remaining() (float64, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.limit <= 0 {
		return 0, true
	}
	return b.limit - b.spent, b.spent < b.limit
}

func (b *budget) add(c float64) {
	b.mu.Lock()
	b.spent += c
	b.mu.Unlock()
}

// Measure runs the pass over a sweep's members and returns one report per
// member with cases, ordered by name and version. Members without cases
// still compete as distractors. Model failures are recorded in the reports
// (ModelError), never returned; only a cancelled context stops the pass.
func Measure(ctx context.Context, sweepID string, members []Member, o Options) ([]schema.EcosystemReport, error) {
	if o.Seed == 0 {
		o.Seed = DefaultSeed
	}
	if o.Sizes == nil {
		o.Sizes = DefaultSizes()
	}
	sizes := append([]int(nil), o.Sizes...)
	sort.Ints(sizes)
	for _, n := range sizes {
		if n <= 0 {
			return nil, fmt.Errorf("ecosystem: pool size %d: sizes must be positive", n)
		}
	}
	switch {
	case o.Distractors == 0:
		o.Distractors = DefaultDistractors
	case o.Distractors < 0:
		o.Distractors = 0
	}
	if o.Parallel <= 0 {
		o.Parallel = runtime.GOMAXPROCS(0)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Model != nil && strings.TrimSpace(o.Model.Model) == "" {
		return nil, errors.New("ecosystem: model runs need a model name")
	}
	ms := append([]Member(nil), members...)
	sort.SliceStable(ms, func(i, j int) bool {
		if ms[i].Name != ms[j].Name {
			return ms[i].Name < ms[j].Name
		}
		return ms[i].Version < ms[j].Version
	})
	p := buildPool(ms, o.Seed)
	var todo []int
	for i := range ms {
		if len(selectionCases(&ms[i])) > 0 {
			todo = append(todo, i)
		}
	}
	reports := make([]schema.EcosystemReport, len(todo))
	sampled := curveSample(ms, todo, o.CurveSample, o.Seed)
	b := &budget{}
	if o.Model != nil {
		b.limit = o.Model.MaxCost
	}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		done int
		next = make(chan int)
	)
	for w := 0; w < min(o.Parallel, max(len(todo), 1)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				reports[k] = p.measure(ctx, sweepID, todo[k], sizes, o, b, sampled)
				mu.Lock()
				done++
				if o.Progress != nil {
					o.Progress(done, len(todo))
				}
				mu.Unlock()
			}
		}()
	}
	for k := range todo {
		select {
		case next <- k:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("ecosystem pass: %w", err)
	}
	return reports, nil
}

// measure builds one member's report.
func (p *pool) measure(ctx context.Context, sweepID string, mi int, sizes []int, o Options, b *budget, sampled map[int]bool) schema.EcosystemReport {
	m := &p.members[mi]
	cases := selectionCases(m)
	r := schema.EcosystemReport{SchemaVersion: schema.Version, SweepID: sweepID, Name: m.Name, Version: m.Version,
		JobID: m.JobID, Seed: o.Seed, PoolServers: len(p.members), PoolTools: len(p.tools),
		Distractors: o.Distractors}
	ownDoc := map[string]int{} // tool name → sweep-wide doc (the first of a duplicated name)
	for _, ti := range p.own[mi] {
		name := m.Tools[p.tools[ti].tool].Name
		if _, dup := ownDoc[name]; !dup {
			ownDoc[name] = p.tools[ti].doc
		}
	}
	// Sweep-wide tool search.
	search := captureCounter{}
	for _, c := range cases {
		r.Search.Total++
		rank, top := p.index.RankFavour(c.Prompt, ownDoc[c.Expected])
		if rank == 1 {
			r.Search.At1++
		}
		if rank >= 1 && rank <= 5 {
			r.Search.At5++
		}
		search.total(c.Expected)
		if rank != 1 && top >= 0 {
			if t := &p.tools[top]; t.member != mi && p.members[t.member].Name != m.Name {
				search.add(c.Expected, t.member, p.members[t.member].Tools[t.tool].Name)
			}
		}
	}
	maxN := o.Distractors
	for _, n := range sizes {
		maxN = max(maxN, n-len(m.Tools))
	}
	drawn := p.draw(mi, maxN, o.Seed)
	// The curve: one growing local index, measured at each size.
	local := bm25.New()
	localOwn := map[string]int{}
	for _, ti := range p.own[mi] {
		d := local.AddDoc(p.tools[ti].id, p.tools[ti].bm)
		name := m.Tools[p.tools[ti].tool].Name
		if _, dup := localOwn[name]; !dup {
			localOwn[name] = d
		}
	}
	added := 0
	for _, n := range sizes {
		k := min(max(n-len(m.Tools), 0), len(drawn))
		for ; added < k; added++ {
			t := &p.tools[drawn[added]]
			local.AddDoc(t.id, t.bm)
		}
		local.Finish()
		pt := schema.EcosystemPoint{Target: n, PoolSize: len(m.Tools) + k, DrawDigest: DrawDigest(p.ids(drawn[:k]))}
		for _, c := range cases {
			pt.Search.Total++
			rank, _ := local.RankFavour(c.Prompt, localOwn[c.Expected])
			if rank == 1 {
				pt.Search.At1++
			}
			if rank >= 1 && rank <= 5 {
				pt.Search.At5++
			}
		}
		r.Curve = append(r.Curve, pt)
	}
	kDrawn := drawn[:min(o.Distractors, len(drawn))]
	r.Drawn = p.ids(kDrawn)
	r.DrawDigest = DrawDigest(r.Drawn)
	if o.Model != nil {
		r.Model = o.Model.Model
		run := func(cases []eval.Case, extra []int) (*poolRun, error) {
			if o.Model.MaxPool > 0 && len(m.Tools)+len(extra) > o.Model.MaxPool {
				return nil, fmt.Errorf("pool of %d tools is above the model's limit of %d", len(m.Tools)+len(extra), o.Model.MaxPool)
			}
			left, ok := b.remaining()
			if !ok {
				return nil, errors.New("the pass's model budget is spent")
			}
			pr, err := p.runModel(ctx, mi, cases, extra, o.Model, left)
			if pr != nil {
				b.add(pr.cost)
				r.Calls += pr.calls
				r.CostUSD += pr.cost
			}
			return pr, err
		}
		// The K run puts every case, abstain ones too: a foreign tool that
		// answers prompts no tool should take is a greedy catch-all.
		if pr, err := run(append(cases, abstainCases(m)...), kDrawn); err != nil {
			r.ModelError = clip(err.Error())
		} else {
			r.InPool = &schema.Ratio{Correct: pr.correct, Total: pr.total}
			if pr.abstain.Total > 0 {
				r.InPoolAbstain = &schema.Ratio{Correct: pr.abstain.Correct, Total: pr.abstain.Total}
			}
			r.Captures = append(r.Captures, pr.captures.list(schema.MethodModel, p)...)
		}
		for i, n := range sizes {
			if !sampled[mi] {
				break // the model measures the curve of a seeded sample of servers
			}
			k := min(max(n-len(m.Tools), 0), len(drawn))
			if pr, err := run(cases, drawn[:k]); err != nil {
				r.Curve[i].ModelError = clip(err.Error())
			} else {
				r.Curve[i].Model = &schema.Ratio{Correct: pr.correct, Total: pr.total}
			}
		}
	}
	r.Captures = append(r.Captures, search.list(schema.MethodSearch, p)...)
	r.CreatedAt = o.Now().UTC()
	return r
}

func clip(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}

// captureCounter counts, per victim tool, the cases won by other servers'
// tools.
type captureCounter struct {
	totals map[string]int
	counts map[captureKey]int
}

type captureKey struct {
	victim string
	member int
	tool   string
}

func (c *captureCounter) total(victim string) {
	if c.totals == nil {
		c.totals = map[string]int{}
	}
	c.totals[victim]++
}

func (c *captureCounter) add(victim string, member int, tool string) {
	if c.counts == nil {
		c.counts = map[captureKey]int{}
	}
	c.counts[captureKey{victim, member, tool}]++
}

// list returns the captures worst first (share, count, victim, server,
// tool), at most MaxCaptures.
func (c *captureCounter) list(method schema.EcosystemMethod, p *pool) []schema.EcosystemCapture {
	var out []schema.EcosystemCapture
	for k, n := range c.counts {
		out = append(out, schema.EcosystemCapture{Method: method, Server: p.members[k.member].Name, Tool: k.tool,
			Victim: k.victim, Count: n, Total: c.totals[k.victim]})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		sa, sb := float64(a.Count)/float64(a.Total), float64(b.Count)/float64(b.Total)
		switch {
		case sa != sb:
			return sa > sb
		case a.Count != b.Count:
			return a.Count > b.Count
		case a.Victim != b.Victim:
			return a.Victim < b.Victim
		case a.Server != b.Server:
			return a.Server < b.Server
		}
		return a.Tool < b.Tool
	})
	if len(out) > MaxCaptures {
		out = out[:MaxCaptures]
	}
	return out
}
