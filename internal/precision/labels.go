package precision

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
)

// Labels is labels.yaml: a verdict for every default-profile finding at
// warning or error on each corpus server, judged by reading the tool, the
// real dangers each server has (for recall, written blind: before its
// findings were seen) and the server's tier (for the ranking check).
type Labels struct {
	// Classes names the danger classes used in Dangers.
	Classes map[string]Class `yaml:"classes"`
	// Servers maps a corpus server name to its labels. A corpus server
	// missing here has not been judged yet: its findings are counted as
	// unjudged and listed, not held to labels.
	Servers map[string]*ServerLabels `yaml:"servers"`
}

// Class is one kind of real danger.
type Class struct {
	// Summary says what the danger is.
	Summary string `yaml:"summary"`
	// Rules are the rule IDs whose findings on the danger's tool count as
	// catching it.
	Rules []string `yaml:"rules"`
}

// Tier levels of the ranking check, best first.
const (
	TierBest   = "best"
	TierMiddle = "middle"
	TierWorst  = "worst"
)

// Tier is an expert's blind placement of a server among the corpus: would a
// careful reviewer recommend it (best), accept it (middle) or warn against
// it (worst)?
type Tier struct {
	Level  string `yaml:"level"`
	Reason string `yaml:"reason"`
}

// ServerLabels are one server's verdicts, known dangers and tier.
type ServerLabels struct {
	// Note explains the server's standing (required in docs/precision.md
	// for a server that scores below 40).
	Note string `yaml:"note,omitempty"`
	// Tuned says every label of the server counts as tuned: rules were
	// changed because of it (the corpus of the waves before issue 21).
	Tuned bool  `yaml:"tuned,omitempty"`
	Tier  *Tier `yaml:"tier,omitempty"`
	// Findings are the verdicts on its findings at warning or error.
	Findings []Label `yaml:"findings"`
	// Dangers are what an expert reviewer would want reported, written
	// from the capture before any rule was run on the server.
	Dangers []Danger `yaml:"dangers"`
}

// Fresh says no rule was changed because of the server: neither the server
// nor any of its labels is tuned.
func (s *ServerLabels) Fresh() bool {
	if s.Tuned {
		return false
	}
	for _, l := range s.Findings {
		if l.Tuned != nil && *l.Tuned {
			return false
		}
	}
	return true
}

// Label is the verdict on one finding.
type Label struct {
	Rule      string `yaml:"rule"`
	Tool      string `yaml:"tool,omitempty"`
	Parameter string `yaml:"param,omitempty"`
	Entity    string `yaml:"entity,omitempty"`
	// Related are the other tools of a pair finding, as the finding lists them.
	Related []string `yaml:"related,omitempty,flow"`
	// True is the verdict: would the server's author agree?
	True bool `yaml:"true"`
	// Reason is one line, from reading the tool.
	Reason string `yaml:"reason"`
	// Tuned says a rule was changed because of this finding or its
	// server (required unless the server is tuned as a whole).
	Tuned *bool `yaml:"tuned,omitempty"`
}

// Danger is a real problem a server has, whether or not a rule finds it.
type Danger struct {
	Class string `yaml:"class"`
	// Tool is the tool it is in ("" for the server as a whole: its
	// instructions or its whole tool list).
	Tool   string `yaml:"tool,omitempty"`
	Reason string `yaml:"reason"`
	// Caught says the default profile finds it (at warning or error): the
	// test fails when such a danger goes missing. Blind dangers leave it
	// out until a rule catches them.
	Caught bool `yaml:"caught,omitempty"`
}

// Key identifies a finding across runs: rule, tool, parameter, entity and
// related tools. Messages are left out so rewording a message keeps its label.
func Key(rule, tool, param, entity string, related []string) string {
	rel := append([]string(nil), related...)
	sort.Strings(rel)
	return strings.Join([]string{rule, tool, param, entity, strings.Join(rel, ",")}, "|")
}

// Key of a label.
func (l Label) Key() string { return Key(l.Rule, l.Tool, l.Parameter, l.Entity, l.Related) }

// FindingKey is the Key of a finding.
func FindingKey(f lint.Finding) string { return Key(f.Rule, f.Tool, f.Parameter, f.Entity, f.Related) }

// LoadLabels reads and checks labels.yaml.
func LoadLabels(path string) (*Labels, error) {
	l, err := decodeLabels(path)
	if err != nil {
		return nil, err
	}
	if err := l.check(); err != nil {
		return nil, err
	}
	return l, nil
}

// decodeLabels reads a labels file strictly (unknown fields are errors),
// without checking it.
func decodeLabels(path string) (*Labels, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("labels: %w", err)
	}
	var l Labels
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	dec.KnownFields(true)
	if err := dec.Decode(&l); err != nil {
		return nil, fmt.Errorf("labels %s: %w", path, err)
	}
	if l.Servers == nil {
		l.Servers = map[string]*ServerLabels{}
	}
	for name, s := range l.Servers {
		if s == nil {
			l.Servers[name] = &ServerLabels{}
		}
	}
	return &l, nil
}

// check holds every server's labels to the format: a reason on every
// verdict and danger, no finding labelled twice, tuned said, known danger
// classes and tier levels.
func (l *Labels) check() error {
	for name, s := range l.Servers {
		seen := map[string]bool{}
		for _, f := range s.Findings {
			if strings.TrimSpace(f.Reason) == "" {
				return fmt.Errorf("labels: %s %s on %q has no reason", name, f.Rule, f.Tool)
			}
			if seen[f.Key()] {
				return fmt.Errorf("labels: %s: %s labelled twice", name, f.Key())
			}
			seen[f.Key()] = true
			if f.Tuned == nil && !s.Tuned {
				return fmt.Errorf("labels: %s: %s has no tuned: true|false", name, f.Key())
			}
		}
		for _, d := range s.Dangers {
			if _, ok := l.Classes[d.Class]; !ok {
				return fmt.Errorf("labels: %s: danger class %q is not listed under classes", name, d.Class)
			}
			if strings.TrimSpace(d.Reason) == "" {
				return fmt.Errorf("labels: %s: %s danger on %q has no reason", name, d.Class, d.Tool)
			}
		}
		if t := s.Tier; t != nil {
			switch t.Level {
			case TierBest, TierMiddle, TierWorst:
			default:
				return fmt.Errorf("labels: %s: tier %q is not best, middle or worst", name, t.Level)
			}
			if strings.TrimSpace(t.Reason) == "" {
				return fmt.Errorf("labels: %s: tier %s has no reason", name, t.Level)
			}
		}
	}
	return nil
}
