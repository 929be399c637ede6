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
// warning or error on each corpus server, judged by reading the tool, and
// the real defects each server has (for recall).
type Labels struct {
	// Classes names the defect classes used in Defects.
	Classes map[string]Class `yaml:"classes"`
	// Servers maps a corpus server name to its labels. A corpus server
	// missing here has not been judged yet: its findings are counted as
	// unjudged and listed, not held to labels.
	Servers map[string]*ServerLabels `yaml:"servers"`
}

// Class is one kind of real defect.
type Class struct {
	// Summary says what the defect is.
	Summary string `yaml:"summary"`
	// Rules are the rule IDs whose findings on the defect's tool count as
	// catching it.
	Rules []string `yaml:"rules"`
}

// ServerLabels are one server's verdicts and known defects.
type ServerLabels struct {
	// Note explains the server's standing (required in docs/precision.md
	// for a server that scores below 40).
	Note     string   `yaml:"note,omitempty"`
	Findings []Label  `yaml:"findings"`
	Defects  []Defect `yaml:"defects"`
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
}

// Defect is a real problem a server has, whether or not a rule finds it.
type Defect struct {
	Class string `yaml:"class"`
	// Tool is the tool it is in ("" for the server as a whole).
	Tool   string `yaml:"tool,omitempty"`
	Reason string `yaml:"reason"`
	// Caught says the default profile finds it today (at warning or
	// error): the test fails when such a defect goes missing.
	Caught bool `yaml:"caught"`
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
			continue
		}
		seen := map[string]bool{}
		for _, f := range s.Findings {
			if strings.TrimSpace(f.Reason) == "" {
				return nil, fmt.Errorf("labels: %s %s on %q has no reason", name, f.Rule, f.Tool)
			}
			if seen[f.Key()] {
				return nil, fmt.Errorf("labels: %s: %s labelled twice", name, f.Key())
			}
			seen[f.Key()] = true
		}
		for _, d := range s.Defects {
			if _, ok := l.Classes[d.Class]; !ok {
				return nil, fmt.Errorf("labels: %s: defect class %q is not listed under classes", name, d.Class)
			}
			if strings.TrimSpace(d.Reason) == "" {
				return nil, fmt.Errorf("labels: %s: %s defect on %q has no reason", name, d.Class, d.Tool)
			}
		}
	}
	return &l, nil
}
