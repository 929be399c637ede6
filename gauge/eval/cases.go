package eval

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// CasesFilename is the default case file name (toolgauge's).
const CasesFilename = "mcp-toolgauge-cases.yaml"

// CaseFileError is a missing, malformed or stale case file (exit 2).
type CaseFileError struct{ Msg string }

func (e *CaseFileError) Error() string { return e.Msg }

func caseErr(format string, args ...any) error {
	return &CaseFileError{Msg: fmt.Sprintf(format, args...)}
}

// DefaultCasesPath is <start>/mcp-toolgauge-cases.yaml.
func DefaultCasesPath(start string) string { return filepath.Join(start, CasesFilename) }

// LoadSuite reads a YAML case file (or the JSON variant: JSON is YAML).
func LoadSuite(path string) (*Suite, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, caseErr("no case file at %s; generate one with: mcpgauge eval <target> --init, then read it, edit it and commit it", path)
		}
		return nil, caseErr("could not read %s: %v", path, err)
	}
	return ParseSuite(data, path)
}

// ParseSuite parses case-file bytes; name is used in messages.
func ParseSuite(data []byte, name string) (*Suite, error) {
	var doc any
	if len(bytes.TrimSpace(data)) > 0 {
		if err := yaml.Unmarshal(data, &doc); err != nil {
			return nil, caseErr("%s is not valid YAML: %v", name, err)
		}
	}
	if doc == nil {
		doc = map[string]any{}
	}
	top, ok := doc.(map[string]any)
	if !ok {
		return nil, caseErr("%s: the document should be a mapping, got %s", name, yamlType(doc))
	}
	var entries []any
	if c, present := top["cases"]; present && c != nil {
		entries, ok = c.([]any)
		if !ok {
			return nil, caseErr("%s: 'cases' should be a list, got %s", name, yamlType(c))
		}
	}
	s := &Suite{Target: scalarString(top["target"]), ToolDigest: scalarString(top["tool_digest"]), GeneratedWith: scalarString(top["generated_with"])}
	seen := map[string]int{}
	for i, e := range entries {
		m, ok := e.(map[string]any)
		if !ok {
			return nil, caseErr("%s: cases[%d] should be a mapping, got %s", name, i, yamlType(e))
		}
		c, err := caseFromMap(m)
		if err != nil {
			label := fmt.Sprintf("cases[%d]", i)
			if id, ok := m["id"].(string); ok && id != "" {
				label = id
			}
			return nil, caseErr("%s: case %s is not usable: %v", name, label, err)
		}
		seen[c.ID]++
		s.Cases = append(s.Cases, c)
	}
	var dups []string
	for id, n := range seen {
		if n > 1 {
			dups = append(dups, id)
		}
	}
	if len(dups) > 0 {
		sort.Strings(dups)
		return nil, caseErr("%s: duplicate case ids: %s; every case needs its own id", name, strings.Join(dups, ", "))
	}
	return s, nil
}

func yamlType(v any) string {
	switch v.(type) {
	case map[string]any:
		return "a mapping"
	case []any:
		return "a list"
	case string:
		return "a string"
	case nil:
		return "null"
	default:
		return fmt.Sprintf("%T", v)
	}
}

func scalarString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	default:
		return fmt.Sprint(x)
	}
}

func caseFromMap(m map[string]any) (Case, error) {
	str := func(key string, required bool) (string, error) {
		v, ok := m[key]
		if !ok || v == nil {
			if required {
				return "", fmt.Errorf("%s: field required", key)
			}
			return "", nil
		}
		s, ok := v.(string)
		if !ok {
			return "", fmt.Errorf("%s: should be a string, got %s", key, yamlType(v))
		}
		return s, nil
	}
	var c Case
	var err error
	if c.ID, err = str("id", true); err != nil {
		return c, err
	}
	kind, err := str("kind", true)
	if err != nil {
		return c, err
	}
	c.Kind = Kind(kind)
	switch c.Kind {
	case Positive, Sibling, Abstain:
	default:
		return c, fmt.Errorf("kind: should be 'positive', 'sibling' or 'abstain', got %q", kind)
	}
	if c.Prompt, err = str("prompt", true); err != nil {
		return c, err
	}
	if c.Expected, err = str("expected", false); err != nil {
		return c, err
	}
	if c.Rival, err = str("rival", false); err != nil {
		return c, err
	}
	if c.Note, err = str("note", false); err != nil {
		return c, err
	}
	_, hasExpected := m["expected"]
	hasExpected = hasExpected && m["expected"] != nil
	if c.Kind == Abstain && hasExpected {
		return c, fmt.Errorf("case %q is an abstain case but expects %q; an abstain case is one where calling any tool is wrong", c.ID, c.Expected)
	}
	if c.Kind != Abstain && !hasExpected {
		return c, fmt.Errorf("case %q is a %s case with no expected tool; set 'expected', or change 'kind' to abstain", c.ID, c.Kind)
	}
	return c, nil
}

// Validate checks a suite against the live tools. It returns warnings, or
// an error (a CaseFileError) when a case cannot be run.
func Validate(s *Suite, tools []model.Tool, path string) ([]string, error) {
	if len(s.Cases) == 0 {
		return nil, caseErr("%s has no cases; regenerate with: mcpgauge eval <target> --init --force", path)
	}
	known := map[string]bool{}
	for _, t := range tools {
		known[t.Name] = true
	}
	for _, c := range s.Cases {
		for _, rn := range [][2]string{{"expected", c.Expected}, {"rival", c.Rival}} {
			if rn[1] != "" && !known[rn[1]] {
				return nil, caseErr("%s: case %s names %s tool `%s`, which this server does not have; fix the case, delete it, or regenerate the suite with --init --force", path, c.ID, rn[0], rn[1])
			}
		}
	}
	var warnings []string
	covered := map[string]bool{}
	hasAbstain := false
	for _, c := range s.Cases {
		if c.Expected != "" {
			covered[c.Expected] = true
		}
		if c.Kind == Abstain {
			hasAbstain = true
		}
	}
	var uncovered []string
	for name := range known {
		if !covered[name] {
			uncovered = append(uncovered, name)
		}
	}
	sort.Strings(uncovered)
	if len(uncovered) > 0 {
		warnings = append(warnings, fmt.Sprintf("%d tool(s) have no cases and are not being measured: %s.", len(uncovered), strings.Join(uncovered, ", ")))
	}
	if !hasAbstain {
		warnings = append(warnings, "No abstain cases, so nothing checks whether the server knows when to stay out of the way.")
	}
	return warnings, nil
}

// DigestWarning returns a warning when the suite predates the current tools.
func DigestWarning(s *Suite, digest, path string) string {
	if s.ToolDigest == "" || s.ToolDigest == digest {
		return ""
	}
	return fmt.Sprintf("The tools have changed since %s was generated (%s -> %s). The cases still run, but this score is not comparable to one taken before the change.",
		filepath.Base(path), s.ToolDigest, digest)
}

// caseFileHeader opens every generated case file.
const caseFileHeader = `# mcpgauge / mcp-toolgauge eval cases
#
# A generated first draft, and yours from now on: read every case, delete the prompts
# your users would never write, and rewrite the ones that give the answer away by reusing
# the tool's own words. Start with the abstain cases; generators are worst at those.
#
# Commit this file on purpose. Scores compare only between runs over the same cases, so
# nothing rewrites it unless you ask with --init --force.
#
#   kind: positive  exactly one tool is clearly right
#         sibling   two look-alike tools both seem to fit and only one is right; these
#                   are the cases that separate a good server from a bad one
#         abstain   no tool should be called
`

// MarshalSuite renders a suite as a commented YAML case file (field order
// id, kind, expected, rival, prompt, note; empty fields left out).
func MarshalSuite(s *Suite) ([]byte, error) {
	node := &yaml.Node{Kind: yaml.MappingNode}
	add := func(n *yaml.Node, k string, v *yaml.Node) {
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: k}, v)
	}
	str := func(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v} }
	add(node, "target", str(s.Target))
	add(node, "tool_digest", str(s.ToolDigest))
	if s.GeneratedWith == "" {
		add(node, "generated_with", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"})
	} else {
		add(node, "generated_with", str(s.GeneratedWith))
	}
	list := &yaml.Node{Kind: yaml.SequenceNode}
	for _, c := range s.Cases {
		m := &yaml.Node{Kind: yaml.MappingNode}
		add(m, "id", str(c.ID))
		add(m, "kind", str(string(c.Kind)))
		if c.Expected != "" {
			add(m, "expected", str(c.Expected))
		}
		if c.Rival != "" {
			add(m, "rival", str(c.Rival))
		}
		add(m, "prompt", str(c.Prompt))
		if c.Note != "" {
			add(m, "note", str(c.Note))
		}
		list.Content = append(list.Content, m)
	}
	add(node, "cases", list)
	var b bytes.Buffer
	b.WriteString(caseFileHeader)
	b.WriteString("\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(node); err != nil {
		return nil, fmt.Errorf("encode case file: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("encode case file: %w", err)
	}
	return b.Bytes(), nil
}

// WriteSuite writes a case file, refusing to replace one unless force.
func WriteSuite(path string, s *Suite, force bool) error {
	if _, err := os.Stat(path); err == nil && !force {
		return caseErr("%s already exists, and regenerating it would discard whatever you edited into it; add --force if that is really what you want, or point --cases elsewhere", path)
	}
	data, err := MarshalSuite(s)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("write case file: %w", err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("write case file: %w", err)
	}
	return nil
}
