// Package behaviour turns what a server was seen doing at start-up (a
// result's schema.Behaviour section, recorded by the worker from outside
// the sandbox) into findings. Every rule reads evidence only: a name the
// server looked up, a connection it attempted, a file it left, a program
// it ran. Nothing here guesses from descriptions.
//
// Layout, as for lint rules: one rule per file named after its ID
// (bhv001.go), its doc page beside it (bhv001.md, embedded as Rule.Doc),
// and its cases in testdata/rules/<id>.txtar, run by cases_test.go.
package behaviour

import (
	"embed"
	"net/url"
	"strconv"
	"strings"

	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// Family is the family of every behaviour rule.
const Family = "Behaviour"

// Rule is one behaviour check.
type Rule struct {
	ID, Name string
	// Severity is the severity of its findings.
	Severity string
	Summary  string
	// Revision counts changes to what the rule finds.
	Revision int
	// Doc is the rule's doc page (<id>.md).
	Doc   string
	Check func(in Input) []Problem
}

// Input is what the rules read.
type Input struct {
	// Behaviour is the recorded section (never nil).
	Behaviour *schema.Behaviour
	// Declared are the hosts the server's registry entry names (its
	// website and remote endpoints; see DeclaredHosts).
	Declared []string
	// Install says Behaviour is the install's phase (a build backend's
	// run), not the start-up's.
	Install bool
}

// At names the phase for a finding's message: "At start-up" or "At
// install".
func (in Input) At() string {
	if in.Install {
		return "At install (the package's build ran its code)"
	}
	return "At start-up"
}

// Problem is one thing a rule found.
type Problem struct {
	Entity, Message string
}

//go:embed *.md
var docs embed.FS

// Catalogue lists the behaviour rules by ID.
func Catalogue() []Rule {
	rules := []Rule{bhv001(), bhv002(), bhv003(), bhv004()}
	for i := range rules {
		b, _ := docs.ReadFile(strings.ToLower(rules[i].ID) + ".md")
		rules[i].Doc = string(b)
	}
	return rules
}

// Check runs every rule on b's start-up and on its install phase (a
// program fetched and run by a build backend is as bad as one run at
// start-up), and returns the findings (none for nil b). An install
// finding's entity starts with "install:" (an install with no entity of
// its own gets "install").
func Check(b *schema.Behaviour, declared []string) []schema.Finding {
	if b == nil {
		return nil
	}
	var out []schema.Finding
	for _, r := range Catalogue() {
		for _, p := range r.Check(Input{Behaviour: b, Declared: declared}) {
			out = append(out, schema.Finding{Rule: r.ID, Severity: r.Severity, Entity: p.Entity, Message: p.Message, Family: Family})
		}
		if b.Install == nil {
			continue
		}
		for _, p := range r.Check(Input{Behaviour: b.Install, Declared: declared, Install: true}) {
			e := "install"
			if p.Entity != "" {
				e += ":" + p.Entity
			}
			out = append(out, schema.Finding{Rule: r.ID, Severity: r.Severity, Entity: e, Message: p.Message, Family: Family})
		}
	}
	return out
}

// DeclaredHosts lists the hosts a registry entry names: its website's
// and its remote endpoints'. The repository is left out: nearly every
// entry names one, and naming where the source lives declares nothing
// about where the server talks to.
func DeclaredHosts(s registry.Server) []string {
	var out []string
	add := func(raw string) {
		u, err := url.Parse(raw)
		if err != nil || u.Hostname() == "" {
			return
		}
		h := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
		for _, x := range out {
			if x == h {
				return
			}
		}
		out = append(out, h)
	}
	add(s.WebsiteURL)
	for _, r := range s.Remotes {
		add(r.URL)
	}
	return out
}

// declares reports whether host is one of declared or below one.
func declares(declared []string, host string) bool {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	for _, d := range declared {
		if host == d || strings.HasSuffix(host, "."+d) {
			return true
		}
	}
	return false
}

// list joins up to n items and says how many more there are.
func list(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, ", ")
	}
	return strings.Join(items[:n], ", ") + ", and " + strconv.Itoa(len(items)-n) + " more"
}
