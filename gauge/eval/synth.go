package eval

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// Drafting defaults (toolgauge's).
const (
	DefaultCasesPerTool = 4
	DefaultSiblingCases = 2
	DefaultAbstainCases = 3
	// MaxPairs caps the confusable pairs that get sibling cases.
	MaxPairs = 6
	// ConfusableDescription is the description-overlap threshold (MCP014's).
	ConfusableDescription = 0.35
	// ConfusableName is the subject-token overlap threshold.
	ConfusableName = 0.5
)

// Pair is two confusable tools (indexes into the tool list, I < J).
type Pair struct {
	I, J  int
	Score float64
}

// ConfusablePairs scores every pair i<j by max(description Jaccard,
// subject-token Jaccard), keeps those with description >= 0.35 or name >=
// 0.5, and returns at most limit, most confusable first (ties by i, j).
func ConfusablePairs(tools []model.Tool, limit int) []Pair {
	bags := make([]text.Bag, len(tools))
	subjects := make([]text.Bag, len(tools))
	for i := range tools {
		bags[i] = text.ContentBag(tools[i].Description)
		subjects[i] = text.NewBag(text.SubjectTokens(tools[i].Name))
	}
	var out []Pair
	for i := range tools {
		for j := i + 1; j < len(tools); j++ {
			d := text.Jaccard(bags[i], bags[j])
			n := text.Jaccard(subjects[i], subjects[j])
			if d >= ConfusableDescription || n >= ConfusableName {
				out = append(out, Pair{I: i, J: j, Score: max(d, n)})
			}
		}
	}
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].Score != out[b].Score {
			return out[a].Score > out[b].Score
		}
		if out[a].I != out[b].I {
			return out[a].I < out[b].I
		}
		return out[a].J < out[b].J
	})
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}

// draftSystem is the system message of every drafting call.
const draftSystem = "You write realistic user utterances for testing which tool an assistant picks. Reply with JSON only: no prose, no code fences."

const styleRules = "Rules:\n" +
	"- Sound like a real person typing a request, not like documentation.\n" +
	"- Paraphrase: do not reuse the distinctive words of the tool's name or description, or the test only measures string matching.\n" +
	"- One sentence each.\n" +
	"- Vary the phrasing: different verbs, different levels of formality.\n"

const argumentRules = "- When the tool has required parameters, the request must contain the values they need, written in the format the parameter documentation shows; a request without them cannot be answered by the tool at all.\n" +
	"- Give those values the way a person would and never name the parameter itself: write \"mark it urgent\", never \"priority=high\". Naming a parameter hands the model the answer without it reading any description.\n"

func catalogue(tools []model.Tool) string {
	lines := make([]string, len(tools))
	for i, t := range tools {
		d := t.Description
		if d == "" {
			d = "(no description)"
		}
		lines[i] = "- " + t.Name + ": " + d
	}
	return strings.Join(lines, "\n")
}

func paramLines(t *model.Tool, names []string) []string {
	var out []string
	params := t.Params()
	for _, n := range names {
		line := "  " + n
		if sub, ok := params[n].(map[string]any); ok {
			if d, ok := sub["description"].(string); ok && d != "" {
				line += " -- " + d
			}
		}
		out = append(out, line)
	}
	return out
}

// card describes one tool to the drafting model.
func card(t *model.Tool) string {
	d := t.Description
	if d == "" {
		d = "(none)"
	}
	lines := []string{"name: " + t.Name, "description: " + d}
	required := t.Required()
	isReq := map[string]bool{}
	for _, r := range required {
		isReq[r] = true
	}
	var optional []string
	for n := range t.Params() {
		if !isReq[n] {
			optional = append(optional, n)
		}
	}
	sort.Strings(optional)
	if len(required) > 0 {
		lines = append(lines, "required parameters (a request must supply these):")
		lines = append(lines, paramLines(t, required)...)
	}
	if len(optional) > 0 {
		lines = append(lines, "optional parameters:")
		lines = append(lines, paramLines(t, optional)...)
	}
	return strings.Join(lines, "\n")
}

func positiveInstruction(tools []model.Tool, t *model.Tool, n int) string {
	return fmt.Sprintf("An assistant can use these tools:\n%s\n\nWrite %d requests a user might make that this tool, and only this tool, answers:\n\n%s\n\n%s%s"+
		"- Each request must be answerable by this tool and by none of the others listed.\n\nReply with JSON: {\"prompts\": [\"...\", \"...\"]}",
		catalogue(tools), n, card(t), styleRules, argumentRules)
}

func siblingInstruction(a, b *model.Tool, n int) string {
	return fmt.Sprintf("These two tools are easy to confuse:\n\nA:\n%s\n\nB:\n%s\n\n"+
		"Write %d requests that belong to A and %d that belong to B. Each should tempt an assistant toward the other tool but have exactly one right answer: the difficulty must come from the situation, not from ambiguity.\n\n%s%s\n"+
		"Reply with JSON: {\"a\": [\"...\", \"...\"], \"b\": [\"...\", \"...\"]}",
		card(a), card(b), n, n, styleRules, argumentRules)
}

func abstainInstruction(tools []model.Tool, n int) string {
	return fmt.Sprintf("An assistant can use exactly these tools:\n%s\n\n"+
		"Write %d requests in the same subject area that none of these tools can satisfy. They should be tempting, close enough that a careless assistant would reach for a tool anyway, yet genuinely out of scope.\n\n%s\n"+
		"Reply with JSON: {\"prompts\": [\"...\", \"...\"]}",
		catalogue(tools), n, styleRules)
}

var (
	jsonObjectSpan = regexp.MustCompile(`(?s)\{.*\}`)
	jsonArraySpan  = regexp.MustCompile(`(?s)\[.*\]`)
)

// ParseDraftReply finds the first {...} span (greedy), else the first
// [...] span, parses it leniently (raw control characters allowed inside
// strings) and requires an object.
func ParseDraftReply(reply string) (map[string]any, error) {
	span := jsonObjectSpan.FindString(reply)
	if span == "" {
		span = jsonArraySpan.FindString(reply)
	}
	if span == "" {
		return nil, fmt.Errorf("the model replied with no JSON object: %.200q", reply)
	}
	v, err := model.DecodeJSON([]byte(escapeControlInStrings(span)))
	if err != nil {
		return nil, fmt.Errorf("the model's JSON did not parse: %w", err)
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("the model returned JSON that is not an object")
	}
	return m, nil
}

// escapeControlInStrings escapes raw control characters inside JSON
// strings, as Python's json.loads(strict=False) tolerates them.
func escapeControlInStrings(s string) string {
	var b strings.Builder
	in, esc := false, false
	for _, r := range s {
		switch {
		case esc:
			esc = false
		case in && r == '\\':
			esc = true
		case r == '"':
			in = !in
		case in && r < 0x20:
			fmt.Fprintf(&b, `\u%04x`, r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// draftPrompts keeps the string items under key with at least 3 words,
// whitespace collapsed, de-duplicated, capped at n.
func draftPrompts(payload map[string]any, key string, n int) []string {
	list, ok := payload[key].([]any)
	if !ok {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for _, item := range list {
		s, ok := item.(string)
		if !ok || len(compat.PySplit(s)) < 3 {
			continue
		}
		s = text.CollapseSpace(s)
		if seen[s] {
			continue
		}
		seen[s] = true
		out = append(out, s)
	}
	if len(out) > n {
		out = out[:n]
	}
	return out
}

// usableReply reports whether a cached drafting reply parses and has a
// non-empty list under prompts, a or b.
func usableReply(reply string) bool {
	m, err := ParseDraftReply(reply)
	if err != nil {
		return false
	}
	for _, k := range []string{"prompts", "a", "b"} {
		if l, ok := m[k].([]any); ok && len(l) > 0 {
			return true
		}
	}
	return false
}

// Drafter writes a first-draft suite with a model.
type Drafter struct {
	Backend Backend
	Cache   Cache
	Model   string
	Prices  Prices
	// PerTool, PerPair and Abstain are the prompts asked for per step
	// (0 means the default; a negative Abstain asks for no abstain cases).
	PerTool, PerPair, Abstain int
	// OnStep, when set, is told the label of each step as it starts.
	OnStep func(label string)
}

// Draft is a generated suite and what it cost.
type Draft struct {
	Suite   *Suite
	CostUSD float64
	Calls   int
	Cached  int
	// Skipped names the steps whose reply was unusable.
	Skipped []string
}

// DraftError is a drafting run that produced nothing usable (exit 2).
type DraftError struct{ Msg string }

func (e *DraftError) Error() string { return e.Msg }

func (d *Drafter) complete(ctx context.Context, digest, instruction string) (string, float64, bool, error) {
	msgs := []Message{{Role: "system", Content: draftSystem}, {Role: "user", Content: instruction}}
	key := CacheKey(d.Model, msgs, digest)
	if d.Cache != nil {
		if a, ok, err := d.Cache.Get(ctx, key); err != nil {
			return "", 0, false, err
		} else if ok {
			if t, _ := a.Arguments["text"].(string); usableReply(t) {
				return t, 0, true, nil
			}
		}
	}
	if d.Backend == nil {
		return "", 0, false, ErrNoBackend
	}
	c, err := d.Backend.Complete(ctx, Request{Model: d.Model, Messages: msgs})
	if err != nil {
		return "", 0, false, err
	}
	cost := d.Prices.Cost(d.Model, c.PromptTokens, c.CompletionTokens)
	if d.Cache != nil {
		a := Answer{Model: d.Model, Arguments: map[string]any{"text": c.Text}, PromptTokens: c.PromptTokens, CompletionTokens: c.CompletionTokens, CostUSD: cost}
		if err := d.Cache.Put(ctx, key, a); err != nil {
			return "", 0, false, err
		}
	}
	return c.Text, cost, false, nil
}

// Draft runs one call per tool (positives), per confusable pair
// (siblings) and one for abstain cases. A step whose reply is unusable is
// skipped and named; a backend error stops the run.
func (d *Drafter) Draft(ctx context.Context, snap *model.Snapshot) (*Draft, error) {
	tools := snap.Tools
	if len(tools) == 0 {
		return nil, &DraftError{Msg: "the server has no tools, so there is nothing to draft cases for"}
	}
	perTool, perPair, abstain := d.PerTool, d.PerPair, d.Abstain
	if perTool <= 0 {
		perTool = DefaultCasesPerTool
	}
	if perPair <= 0 {
		perPair = DefaultSiblingCases
	}
	if abstain == 0 {
		abstain = DefaultAbstainCases
	} else if abstain < 0 {
		abstain = 0
	}
	digest := model.ToolgaugeDigest(tools)
	out := &Draft{Suite: &Suite{Target: snap.Target, ToolDigest: digest, GeneratedWith: d.Model}}
	step := func(label, instruction string, build func(map[string]any) []Case) error {
		if d.OnStep != nil {
			d.OnStep(label)
		}
		reply, cost, cached, err := d.complete(ctx, digest, instruction)
		if err != nil {
			return err
		}
		if cached {
			out.Cached++
		} else {
			out.Calls++
			out.CostUSD += cost
		}
		payload, err := ParseDraftReply(reply)
		var cases []Case
		if err == nil {
			cases = build(payload)
		}
		if len(cases) == 0 {
			out.Skipped = append(out.Skipped, label)
			return nil
		}
		out.Suite.Cases = append(out.Suite.Cases, cases...)
		return nil
	}
	for i := range tools {
		t := &tools[i]
		err := step("prompts for "+t.Name, positiveInstruction(tools, t, perTool), func(p map[string]any) []Case {
			var cs []Case
			for k, pr := range draftPrompts(p, "prompts", perTool) {
				cs = append(cs, Case{ID: fmt.Sprintf("%s-p%d", t.Name, k+1), Kind: Positive, Expected: t.Name, Prompt: pr})
			}
			return cs
		})
		if err != nil {
			return nil, err
		}
	}
	for _, pair := range ConfusablePairs(tools, MaxPairs) {
		a, b := &tools[pair.I], &tools[pair.J]
		err := step("hard cases for "+a.Name+" vs "+b.Name, siblingInstruction(a, b, perPair), func(p map[string]any) []Case {
			var cs []Case
			for _, side := range []struct {
				key         string
				tool, rival *model.Tool
			}{{"a", a, b}, {"b", b, a}} {
				for k, pr := range draftPrompts(p, side.key, perPair) {
					cs = append(cs, Case{ID: fmt.Sprintf("%s-vs-%s-s%d", side.tool.Name, side.rival.Name, k+1), Kind: Sibling, Expected: side.tool.Name, Rival: side.rival.Name, Prompt: pr})
				}
			}
			return cs
		})
		if err != nil {
			return nil, err
		}
	}
	if abstain > 0 {
		err := step("prompts nothing should answer", abstainInstruction(tools, abstain), func(p map[string]any) []Case {
			var cs []Case
			for k, pr := range draftPrompts(p, "prompts", abstain) {
				cs = append(cs, Case{ID: fmt.Sprintf("abstain-%d", k+1), Kind: Abstain, Prompt: pr})
			}
			return cs
		})
		if err != nil {
			return nil, err
		}
	}
	if len(out.Suite.Cases) == 0 {
		return nil, &DraftError{Msg: "the model produced no usable cases; try another --model, or write a few cases by hand (the file format is described in the generated header)"}
	}
	return out, nil
}

// Counts tallies the suite's cases by kind.
func (s *Suite) Counts() map[Kind]int {
	m := map[Kind]int{}
	for _, c := range s.Cases {
		m[c.Kind]++
	}
	return m
}
