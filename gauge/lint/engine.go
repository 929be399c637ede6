// Package lint runs static rules over a server snapshot. Every rule is a
// value in one table (see Catalogue); the CLI, SARIF output, generated docs
// and config validation all read that same table.
package lint

import (
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/tokens"
	"github.com/mcpgauge/mcpgauge/internal/termsafe"
)

// Severity ranks findings. Off exists only in configuration.
type Severity int

const (
	// Off disables a rule; it never appears on a finding.
	Off Severity = iota
	// Info is polish, hidden in the terminal unless -v.
	Info
	// Warning measurably degrades selection or safety.
	Warning
	// Error actively costs calls or is a safety issue.
	Error
)

// String returns the lowercase name used in JSON and config.
func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	default:
		return "off"
	}
}

// MarshalText encodes the severity as its name.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText decodes a severity name.
func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// ParseSeverity reads error|warning|info|off, case-insensitively.
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "error":
		return Error, nil
	case "warning":
		return Warning, nil
	case "info":
		return Info, nil
	case "off":
		return Off, nil
	}
	return Off, fmt.Errorf("invalid severity %q (want error, warning, info or off)", s)
}

// Scope says what a rule's findings attach to.
type Scope string

// Scopes used in the catalogue.
const (
	ScopeServer    Scope = "server"
	ScopeTool      Scope = "tool"
	ScopePair      Scope = "pair"
	ScopeParameter Scope = "parameter"
	ScopeResource  Scope = "resource"
	ScopePrompt    Scope = "prompt"
	ScopeInstr     Scope = "instructions"
)

// Problem is what a rule's check returns; the engine stamps on the rule ID
// and effective severity.
type Problem struct {
	// Tool is the tool name, "" for server-level or non-tool findings.
	Tool string
	// Parameter is the parameter name, "" when none.
	Parameter string
	// Entity names a non-tool subject: "resource:<uri>", "template:<uriTemplate>",
	// "prompt:<name>" or "instructions". Empty for tool and server findings.
	Entity string
	// Related lists other tool names involved.
	Related []string
	// Message says what is wrong.
	Message string
	// Suggestion says how to fix it. Required.
	Suggestion string
	// Design marks a security-family finding that is a design flaw, not a
	// risk (an annotation contradiction that hides no destructive action):
	// the mcpgauge score counts it under design.
	Design bool
	// Severity, when not Off, is this finding's severity under the default
	// profile in place of the rule's: a check that is sure of one case and
	// unsure of another (a 34,000-character description against one of
	// 600) says so per finding. A configured severity for the rule wins.
	Severity Severity
}

// Finding is a Problem stamped with its rule and effective severity.
type Finding struct {
	Rule       string   `json:"rule"`
	Severity   Severity `json:"severity"`
	Tool       string   `json:"tool,omitempty"`
	Parameter  string   `json:"parameter,omitempty"`
	Entity     string   `json:"entity,omitempty"`
	Related    []string `json:"related"`
	Message    string   `json:"message"`
	Suggestion string   `json:"suggestion"`
	// Design is Problem.Design (not serialised: the score reads it).
	Design bool `json:"-"`
}

// Rule is one row of the catalogue.
type Rule struct {
	// ID is the stable identifier (MCP0xx for toolgauge's families, with
	// mcpgauge's own additions from MCP016 on; QG0xx for quality-gate
	// checks, SEC0xx for security rules, SRF0xx for resources, prompts and
	// instructions).
	ID string
	// Name is a kebab-case name.
	Name string
	// Family groups rules in docs (Naming, Description, Parameters, ...).
	Family string
	// Summary is one line.
	Summary string
	// Default is the severity in the default profile, mcpgauge.
	Default Severity
	// Toolgauge is the severity in the toolgauge profile: mcp-toolgauge's
	// own default for its 22 rules, Off (the zero value) for every other rule.
	Toolgauge Severity
	// Scope says what findings attach to.
	Scope Scope
	// Origin is "mcp-toolgauge", "mcp-quality-gate" or "mcpgauge".
	Origin string
	// Doc is the Markdown body of the rule's doc page: why it matters, what
	// triggers it, a before and after. Catalogue fills it from the embedded
	// file named after the ID (mcp040.md); a row never sets it.
	Doc string
	// Revision counts changes to what this rule finds. Bump it with any
	// such change: the rule-set digest (gauge.RuleSetDigest) hashes every
	// rule's revision, so a changed rule rescans the servers it may judge
	// differently.
	Revision int
	// Check computes the problems. It must be deterministic and offline.
	Check func(*Context) []Problem
}

// OriginMcpgauge is the Origin of rules mcpgauge adds itself.
const OriginMcpgauge = "mcpgauge"

// OriginQualityGate is the Origin of rules ported from mcp-quality-gate.
const OriginQualityGate = "mcp-quality-gate"

// OriginToolgauge is the Origin of the 22 rules ported from mcp-toolgauge.
const OriginToolgauge = "mcp-toolgauge"

// Context is what a rule sees: the snapshot plus shared, lazily computed analysis.
type Context struct {
	Snap  *model.Snapshot
	Tools []model.Tool
	// Profile is the profile the rules run under; checks that differ
	// between profiles ask Precise.
	Profile Profile
	// cache holds per-run memoised analysis keyed by name; rules of any
	// family share results through Memo (the toolgauge rules share
	// tgTools, the Security and Quality-gate rules secSurfaces and secTools).
	cache map[string]any
}

// NewContext builds a Context for snap.
func NewContext(snap *model.Snapshot) *Context {
	return &Context{Snap: snap, Tools: snap.Tools, Profile: ProfileMcpgauge, cache: map[string]any{}}
}

// Precise reports whether the checks run with mcpgauge's false-positive
// fixes (every profile but toolgauge, which reproduces mcp-toolgauge's
// findings byte for byte).
func (c *Context) Precise() bool { return c.Profile != ProfileToolgauge }

// Memo returns the cached value for key, computing it once with f.
func (c *Context) Memo(key string, f func() any) any {
	if v, ok := c.cache[key]; ok {
		return v
	}
	v := f()
	c.cache[key] = v
	return v
}

// Config selects severities. Rules maps rule ID to an effective severity;
// a rule set to Off is not executed.
type Config struct {
	// Profile selects the rules' behaviour and default severities; ""
	// means the default profile, mcpgauge.
	Profile Profile
	Rules   map[string]Severity
	// Tokens, when set, is the BPE counter the budget rules use, so a caller
	// that already sized the tools does not pay for it twice.
	Tokens *tokens.Counter
}

// Effective returns the severity a rule runs at under cfg: the configured
// severity, else the rule's severity in cfg's profile.
func (cfg Config) Effective(r Rule) Severity {
	if s, ok := cfg.Rules[r.ID]; ok {
		return s
	}
	return r.SeverityIn(cfg.Profile)
}

// Validate reports unknown rule IDs in cfg, listing the known IDs.
func (cfg Config) Validate() error {
	known := map[string]bool{}
	var ids []string
	for _, r := range Catalogue() {
		known[r.ID] = true
		ids = append(ids, r.ID)
	}
	var unknown []string
	for id := range cfg.Rules {
		if !known[id] {
			unknown = append(unknown, id)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return fmt.Errorf("unknown rule ID(s) %s; known rules: %s", strings.Join(unknown, ", "), strings.Join(ids, ", "))
	}
	return nil
}

// Catalogue returns every rule, sorted by ID: a fresh copy of the table,
// built (docs read from their embedded files) once per process, so
// callers may not mutate shared state through it.
func Catalogue() []Rule { return slices.Clone(catalogue()) }

// catalogue builds the table once; Run calls Catalogue on every scan.
var catalogue = sync.OnceValue(buildCatalogue)

func buildCatalogue() []Rule {
	// One line a rule: each rule's row, checks, doc (<id>.md) and cases
	// (testdata/rules/<id>.txtar) live in the file named after its ID.
	all := []Rule{
		mcp001(),
		mcp002(),
		mcp003(),
		mcp004(),
		mcp010(),
		mcp011(),
		mcp012(),
		mcp013(),
		mcp014(),
		mcp015(),
		mcp016(),
		mcp017(),
		mcp020(),
		mcp021(),
		mcp022(),
		mcp023(),
		mcp024(),
		mcp025(),
		mcp026(),
		mcp027(),
		mcp040(),
		mcp041(),
		mcp042(),
		mcp050(),
		mcp051(),
		mcp052(),
		qg001(),
		qg002(),
		qg003(),
		qg004(),
		qg005(),
		qg006(),
		qg007(),
		qg008(),
		qg009(),
		qg010(),
		qg011(),
		qg012(),
		qg013(),
		sec001(),
		sec002(),
		sec003(),
		sec004(),
		sec005(),
		sec006(),
		sec007(),
		sec008(),
		sec009(),
		sec010(),
		sec011(),
		sec012(),
		sec013(),
		sec014(),
		sec015(),
		sec016(),
		sec017(),
		sec019(),
		sec020(),
		srf001(),
		srf002(),
		srf003(),
		srf004(),
		srf005(),
		srf006(),
		srf007(),
		srf008(),
		srf009(),
		srf010(),
		srf011(),
	}
	for i := range all {
		all[i].Doc = docFor(all[i].ID)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	return all
}

// RuleByID looks a rule up in the catalogue.
func RuleByID(id string) (Rule, bool) {
	for _, r := range Catalogue() {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}

// ToolgaugeRules returns the 22 mcp-toolgauge rules (MCP001-MCP052) in ID
// order: the catalogue filtered by Origin.
func ToolgaugeRules() []Rule { return ToolgaugeOf(Catalogue()) }

// ToolgaugeOf returns the rules of rules that came from mcp-toolgauge, in
// their order.
func ToolgaugeOf(rules []Rule) []Rule {
	var out []Rule
	for _, r := range rules {
		if r.Origin == OriginToolgauge {
			out = append(out, r)
		}
	}
	return out
}

// Run executes every enabled rule in ID order and returns the findings in
// toolgauge's order: server-level findings first, then tools in server order,
// then other entities (instructions, resources, templates, prompts) in the
// order listed, then rule ID, then parameter name.
//
// Run never panics on a rule's account, and never says that a rule failed:
// a rule whose check panics contributes no findings and the others' are
// returned. It is for tests and tools that take the findings as they come;
// code whose output is judged (a scan, lint, ci) calls RunChecked, which
// reports the failure.
func Run(snap *model.Snapshot, cfg Config) []Finding {
	fs, _ := RunChecked(snap, cfg)
	return fs
}

// RunRules is Run over a chosen subset of rules (see Run for what it does
// with a rule that panics; RunRulesChecked reports it).
func RunRules(snap *model.Snapshot, cfg Config, rules []Rule) []Finding {
	fs, _ := RunRulesChecked(snap, cfg, rules)
	return fs
}

// RunChecked is Run that reports a rule whose check panicked: the findings
// of every other rule, in Run's order, and an error holding one *RuleError
// for each rule that failed (find them with errors.As). The findings are
// then incomplete: a caller must not score or publish them as a whole
// server's.
func RunChecked(snap *model.Snapshot, cfg Config) ([]Finding, error) {
	return RunRulesChecked(snap, cfg, Catalogue())
}

// RunRulesChecked is RunChecked over a chosen subset of rules.
func RunRulesChecked(snap *model.Snapshot, cfg Config, rules []Rule) ([]Finding, error) {
	ctx := NewContext(snap)
	ctx.Profile = cfg.Profile.normal()
	if cfg.Tokens != nil {
		ctx.cache[memoTokenCounter] = cfg.Tokens
	}
	var out []Finding
	var failed []error
	for _, r := range rules {
		sev := cfg.Effective(r)
		if sev == Off || r.Check == nil {
			continue
		}
		_, configured := cfg.Rules[r.ID]
		problems, err := check(r, ctx)
		if err != nil {
			failed = append(failed, err)
			continue
		}
		for _, p := range problems {
			sev := sev
			if p.Severity != Off && !configured && ctx.Precise() {
				sev = p.Severity
			}
			related := p.Related
			if related == nil {
				related = []string{}
			}
			out = append(out, Finding{
				Rule: r.ID, Severity: sev, Tool: p.Tool, Parameter: p.Parameter, Entity: p.Entity,
				Related: related, Message: p.Message, Suggestion: p.Suggestion, Design: p.Design,
			})
		}
	}
	SortFindings(snap, out)
	return out, errors.Join(failed...)
}

// check runs one rule's check, turning a panic into a *RuleError. The rule's
// problems are all or nothing: a check that panics half way reports none.
func check(r Rule, ctx *Context) (problems []Problem, err error) {
	defer func() {
		if v := recover(); v != nil {
			problems, err = nil, &RuleError{Rule: r.ID, Name: r.Name, Value: v, Stack: debug.Stack()}
		}
	}()
	return r.Check(ctx), nil
}

// RuleError is a rule whose check panicked. The server chose every string a
// rule reads, so this is a bug in the rule that a server's listing hit, not
// a fault of the server: the findings it belongs to are incomplete.
type RuleError struct {
	// Rule and Name are the rule's ID and kebab-case name.
	Rule, Name string
	// Value is what the check panicked with (a runtime.Error for an index
	// out of range or a nil dereference).
	Value any
	// Stack is the panicking goroutine's stack, for the bug report; Error
	// leaves it out.
	Stack []byte
}

// maxPanicText bounds the panic value Error quotes: a panic may carry a
// string the server chose.
const maxPanicText = 300

// Error names the rule and the panic on one line, control characters
// escaped and the value clipped.
func (e *RuleError) Error() string {
	v := fmt.Sprint(e.Value)
	if len(v) > maxPanicText {
		cut := maxPanicText
		for cut > 0 && !utf8.RuneStart(v[cut]) {
			cut--
		}
		v = v[:cut] + "…"
	}
	name := ""
	if e.Name != "" {
		name = " (" + e.Name + ")"
	}
	return fmt.Sprintf("lint rule %s%s panicked: %s", e.Rule, name, termsafe.String(v))
}

// Unwrap returns the panic value when it is an error (a runtime.Error), so
// errors.As reaches it.
func (e *RuleError) Unwrap() error {
	if err, ok := e.Value.(error); ok {
		return err
	}
	return nil
}

// SortFindings orders findings deterministically (see Run).
func SortFindings(snap *model.Snapshot, fs []Finding) {
	// A name listed twice sorts at its last position, as toolgauge's
	// name-keyed index does.
	toolIdx := map[string]int{}
	for i, t := range snap.Tools {
		toolIdx[t.Name] = i
	}
	entityIdx := map[string]int{"instructions": 0}
	n := 1
	for _, r := range snap.Resources {
		entityIdx["resource:"+r.URI] = n
		n++
	}
	for _, r := range snap.Templates {
		entityIdx["template:"+r.URITemplate] = n
		n++
	}
	for _, p := range snap.Prompts {
		entityIdx["prompt:"+p.Name] = n
		n++
	}
	key := func(f Finding) (int, int) {
		switch {
		case f.Tool != "":
			return 1, toolIdx[f.Tool]
		case f.Entity != "":
			return 2, entityIdx[f.Entity]
		default:
			return 0, 0
		}
	}
	sort.SliceStable(fs, func(i, j int) bool {
		gi, pi := key(fs[i])
		gj, pj := key(fs[j])
		if gi != gj {
			return gi < gj
		}
		if pi != pj {
			return pi < pj
		}
		if fs[i].Rule != fs[j].Rule {
			return fs[i].Rule < fs[j].Rule
		}
		return fs[i].Parameter < fs[j].Parameter
	})
}

// Count tallies findings by severity.
func Count(fs []Finding) (errors, warnings, infos int) {
	for _, f := range fs {
		switch f.Severity {
		case Error:
			errors++
		case Warning:
			warnings++
		case Info:
			infos++
		}
	}
	return
}

// AtLeast reports whether any finding is at or above floor. A floor of Off
// never matches.
func AtLeast(fs []Finding, floor Severity) bool {
	if floor == Off {
		return false
	}
	for _, f := range fs {
		if f.Severity >= floor {
			return true
		}
	}
	return false
}
