package lint_test

// The one harness for every rule's test cases. Each rule has a case file,
// testdata/rules/<id>.txtar (mcp040.txtar for MCP040): a txtar archive of
// cases, each a snapshot <case>.json and the findings the rule alone
// reports on it, <case>.want, under both profiles. The archive's comment
// says what the cases cover.
//
// A snapshot is a precision capture (the corpus format of
// testdata/precision/, so a real server's capture can be pasted): at least
// "tools", a list of tools exactly as a server sends them, and optionally
// "server_info" (name, version, instructions), "capabilities",
// "resources", "resource_templates" and "prompts" in their wire form.
//
// A want file has one line per expected finding, blank lines and lines
// starting with # ignored:
//
//	<profile> <severity> [tool=<name>] [param=<name>] [entity=<entity>] [~ <regexp on the message>]
//
// for example "mcpgauge error tool=delete_file ~ reads as destructive".
// The findings of each profile must match the lines of that profile one to
// one; a profile with no lines expects no findings. An empty want file
// says the rule is silent on the snapshot under both profiles.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/internal/precision"
)

// wantLine is one expected finding.
type wantLine struct {
	profile   lint.Profile
	severity  lint.Severity
	tool      string
	param     string
	entity    string
	message   *regexp.Regexp
	line      int
	origin    string
	satisfied bool
}

func (w wantLine) String() string {
	s := fmt.Sprintf("%s %s", w.profile, w.severity)
	for _, kv := range [][2]string{{"tool", w.tool}, {"param", w.param}, {"entity", w.entity}} {
		if kv[1] != "" {
			s += " " + kv[0] + "=" + kv[1]
		}
	}
	if w.message != nil {
		s += " ~ " + w.message.String()
	}
	return s
}

// parseWant reads a want file.
func parseWant(name string, data []byte) ([]wantLine, error) {
	var out []wantLine
	for i, raw := range strings.Split(string(data), "\n") {
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		w := wantLine{line: i + 1, origin: name}
		head, pattern, hasPattern := strings.Cut(line, " ~ ")
		if hasPattern {
			re, err := regexp.Compile(strings.TrimSpace(pattern))
			if err != nil {
				return nil, fmt.Errorf("%s:%d: bad message pattern: %w", name, i+1, err)
			}
			w.message = re
		}
		fields := strings.Fields(head)
		if len(fields) < 2 {
			return nil, fmt.Errorf("%s:%d: want \"<profile> <severity> [tool=…] [param=…] [entity=…] [~ regexp]\", got %q", name, i+1, line)
		}
		p, err := lint.ParseProfile(fields[0])
		if err != nil || fields[0] == "" {
			return nil, fmt.Errorf("%s:%d: %w", name, i+1, err)
		}
		w.profile = p
		if w.severity, err = lint.ParseSeverity(fields[1]); err != nil || w.severity == lint.Off {
			return nil, fmt.Errorf("%s:%d: severity %q (want error, warning or info)", name, i+1, fields[1])
		}
		for _, f := range fields[2:] {
			k, v, ok := strings.Cut(f, "=")
			switch {
			case !ok:
				return nil, fmt.Errorf("%s:%d: %q is not key=value", name, i+1, f)
			case k == "tool":
				w.tool = v
			case k == "param":
				w.param = v
			case k == "entity":
				w.entity = v
			default:
				return nil, fmt.Errorf("%s:%d: unknown key %q (want tool, param or entity)", name, i+1, k)
			}
		}
		out = append(out, w)
	}
	return out, nil
}

// matches reports whether f is the finding w expects.
func (w wantLine) matches(f lint.Finding) bool {
	return f.Severity == w.severity && f.Tool == w.tool && f.Parameter == w.param && f.Entity == w.entity &&
		(w.message == nil || w.message.MatchString(f.Message))
}

// ruleCase is one case of a rule's case file.
type ruleCase struct {
	name     string
	snapshot []byte
	want     []byte
	hasWant  bool
}

// readCases splits a case file into its cases, refusing stray or
// unpaired files.
func readCases(path string) (comment string, cases []ruleCase, err error) {
	a, err := txtar.ParseFile(path)
	if err != nil {
		return "", nil, err
	}
	byName := map[string]*ruleCase{}
	var order []string
	for _, f := range a.Files {
		base, ext := strings.TrimSuffix(f.Name, filepath.Ext(f.Name)), filepath.Ext(f.Name)
		c := byName[base]
		if c == nil {
			c = &ruleCase{name: base}
			byName[base] = c
			order = append(order, base)
		}
		switch ext {
		case ".json":
			if c.snapshot != nil {
				return "", nil, fmt.Errorf("%s: case %q has two snapshots", path, base)
			}
			c.snapshot = f.Data
		case ".want":
			if c.hasWant {
				return "", nil, fmt.Errorf("%s: case %q has two want files", path, base)
			}
			c.want, c.hasWant = f.Data, true
		default:
			return "", nil, fmt.Errorf("%s: file %q is neither <case>.json nor <case>.want", path, f.Name)
		}
	}
	for _, n := range order {
		c := byName[n]
		if c.snapshot == nil || !c.hasWant {
			return "", nil, fmt.Errorf("%s: case %q needs both %s.json and %s.want", path, n, n, n)
		}
		cases = append(cases, *c)
	}
	return string(a.Comment), cases, nil
}

// caseSnapshot decodes a case's snapshot through the corpus's own decoder;
// an unknown field is a typo, not a comment.
func caseSnapshot(data []byte) (*precision.Capture, error) {
	var c precision.Capture
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return nil, err
	}
	return &c, nil
}

// TestRuleCases runs every rule's case file: the rule alone, under each
// profile, on each case's snapshot.
func TestRuleCases(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("testdata", "rules", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no case files under testdata/rules")
	}
	for _, path := range files {
		id := strings.ToUpper(strings.TrimSuffix(filepath.Base(path), ".txtar"))
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			rule, ok := lint.RuleByID(id)
			if !ok {
				t.Fatalf("%s names no rule in the catalogue", path)
			}
			comment, cases, err := readCases(path)
			if err != nil {
				t.Fatal(err)
			}
			if strings.TrimSpace(comment) == "" {
				t.Errorf("%s: say what the cases cover in the archive's comment", path)
			}
			if len(cases) == 0 {
				t.Fatalf("%s has no cases", path)
			}
			fired := false
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					capture, err := caseSnapshot(c.snapshot)
					if err != nil {
						t.Fatalf("snapshot: %v", err)
					}
					snap, err := capture.Snapshot()
					if err != nil {
						t.Fatalf("snapshot: %v", err)
					}
					wants, err := parseWant(c.name+".want", c.want)
					if err != nil {
						t.Fatal(err)
					}
					for _, p := range lint.Profiles() {
						got := lint.RunRules(snap, lint.Config{Profile: p}, []lint.Rule{rule})
						if len(got) > 0 {
							fired = true
						}
						checkFindings(t, p, got, wants)
					}
				})
			}
			if !fired {
				t.Errorf("%s: no case makes %s fire; add one that does", path, id)
			}
		})
	}
}

// checkFindings matches the findings of one profile to the want lines of
// that profile, one to one.
func checkFindings(t *testing.T, p lint.Profile, got []lint.Finding, wants []wantLine) {
	t.Helper()
	var mine []*wantLine
	for i := range wants {
		if wants[i].profile == p {
			mine = append(mine, &wants[i])
		}
	}
	var extra []string
	for _, f := range got {
		if f.Message == "" || f.Suggestion == "" {
			t.Errorf("%s: %s finding without message or suggestion: %+v", p, f.Rule, f)
		}
		found := false
		for _, w := range mine {
			if !w.satisfied && w.matches(f) {
				w.satisfied, found = true, true
				break
			}
		}
		if !found {
			extra = append(extra, fmt.Sprintf("%s %s tool=%s param=%s entity=%s: %s", p, f.Severity, f.Tool, f.Parameter, f.Entity, f.Message))
		}
	}
	sort.Strings(extra)
	for _, e := range extra {
		t.Errorf("unexpected finding: %s", e)
	}
	for _, w := range mine {
		if !w.satisfied {
			t.Errorf("%s:%d: missing finding: %s", w.origin, w.line, w)
		}
	}
}

// TestEveryRuleHasItsFiles holds the layout: every rule's row is in
// <id>.go, its doc in <id>.md and its cases in testdata/rules/<id>.txtar,
// and no file names a rule the catalogue lacks.
func TestEveryRuleHasItsFiles(t *testing.T) {
	t.Parallel()
	ids := map[string]bool{}
	pending := movePending()
	for _, r := range lint.Catalogue() {
		id := strings.ToLower(r.ID)
		ids[id] = true
		if strings.TrimSpace(r.Doc) == "" {
			t.Errorf("%s: no doc; write %s.md", r.ID, id)
		}
		if pending[r.ID] {
			continue
		}
		src, err := os.ReadFile(id + ".go")
		if err != nil {
			t.Errorf("%s: its row and checks belong in %s.go: %v", r.ID, id, err)
		} else if !strings.Contains(string(src), `ID: "`+r.ID+`"`) {
			t.Errorf("%s: %s.go does not hold its catalogue row (ID: %q)", r.ID, id, r.ID)
		}
		if _, err := os.Stat(filepath.Join("testdata", "rules", id+".txtar")); err != nil {
			t.Errorf("%s: no case file: %v", r.ID, err)
		}
	}
	for _, pattern := range []string{"*.md", filepath.Join("testdata", "rules", "*.txtar")} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			base := filepath.Base(f)
			if id := strings.TrimSuffix(base, filepath.Ext(base)); !ids[id] {
				t.Errorf("%s names no rule in the catalogue", f)
			}
		}
	}
	for id := range pending {
		if !ids[strings.ToLower(id)] {
			t.Errorf("movePending names %s, which is not a rule", id)
		}
	}
}

// movePending lists the rules not yet moved into their own files. It
// shrinks to nothing as each family moves; then it goes.
func movePending() map[string]bool {
	return map[string]bool{
		"MCP001": true, "MCP002": true, "MCP003": true, "MCP004": true,
		"MCP010": true, "MCP011": true, "MCP012": true, "MCP013": true, "MCP014": true, "MCP015": true, "MCP016": true, "MCP017": true,
		"MCP020": true, "MCP021": true, "MCP022": true, "MCP023": true, "MCP024": true, "MCP025": true,
		"MCP041": true, "MCP042": true,
		"MCP050": true, "MCP051": true, "MCP052": true,
		"QG001": true, "QG002": true, "QG003": true, "QG004": true, "QG005": true, "QG006": true, "QG007": true,
		"QG008": true, "QG009": true, "QG010": true, "QG011": true, "QG012": true, "QG013": true,
		"SEC001": true, "SEC002": true, "SEC003": true, "SEC004": true, "SEC005": true, "SEC006": true, "SEC007": true,
		"SEC008": true, "SEC009": true, "SEC010": true, "SEC011": true, "SEC012": true, "SEC013": true,
		"SRF001": true, "SRF002": true, "SRF003": true, "SRF004": true, "SRF005": true, "SRF006": true,
		"SRF007": true, "SRF008": true, "SRF009": true, "SRF010": true, "SRF011": true,
	}
}
