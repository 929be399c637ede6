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
// says the rule is silent on the snapshot under both profiles. A value
// with spaces is written as a Go string: entity="resource:file:///My Docs"
// (the line is cut at its first " ~ " before that).
//
// A profile written <profile>@<severity> is that profile with the rule
// configured at that severity, as a user's config turns on a rule that is
// off in the profile (QG007 in both, the mcpgauge rules under toolgauge).
// When any want file of an archive names such a run, every case of the
// archive runs under it too, matched one to one like a profile:
//
//	toolgauge@warning warning tool=open_drawio_xml
//
// says the toolgauge reading of the rule, turned on, fires there.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/internal/precision"
)

// run is how the harness runs a rule: under a profile, with the rule
// configured at a severity unless that is Off.
type run struct {
	profile    lint.Profile
	configured lint.Severity
}

func (r run) String() string {
	if r.configured == lint.Off {
		return string(r.profile)
	}
	return string(r.profile) + "@" + r.configured.String()
}

// config is the lint configuration of the run for rule id.
func (r run) config(id string) lint.Config {
	cfg := lint.Config{Profile: r.profile}
	if r.configured != lint.Off {
		cfg.Rules = map[string]lint.Severity{id: r.configured}
	}
	return cfg
}

// parseRun reads <profile> or <profile>@<severity>.
func parseRun(s string) (run, error) {
	name, sev, configured := strings.Cut(s, "@")
	p, err := lint.ParseProfile(name)
	if err != nil {
		return run{}, err
	}
	if name == "" {
		return run{}, fmt.Errorf("no profile in %q", s)
	}
	r := run{profile: p}
	if configured {
		if r.configured, err = lint.ParseSeverity(sev); err != nil || r.configured == lint.Off {
			return run{}, fmt.Errorf("configured severity %q (want error, warning or info)", sev)
		}
	}
	return r, nil
}

// wantFields splits the head of a want line at spaces; a key="…" field
// runs to its closing quote and is unquoted as a Go string.
func wantFields(head string) ([]string, error) {
	var out []string
	for s := strings.TrimSpace(head); s != ""; s = strings.TrimLeft(s, " \t") {
		end := strings.IndexAny(s, " \t")
		if end < 0 {
			end = len(s)
		}
		eq := strings.IndexByte(s[:end], '=')
		if eq < 0 || !strings.HasPrefix(s[eq+1:], `"`) {
			out, s = append(out, s[:end]), s[end:]
			continue
		}
		q, err := strconv.QuotedPrefix(s[eq+1:])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s, err)
		}
		v, err := strconv.Unquote(q)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", q, err)
		}
		out, s = append(out, s[:eq+1]+v), s[eq+1+len(q):]
		if s != "" && s[0] != ' ' && s[0] != '\t' {
			return nil, fmt.Errorf("%s: text right after the closing quote", q)
		}
	}
	return out, nil
}

// wantLine is one expected finding.
type wantLine struct {
	run       run
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
	s := fmt.Sprintf("%s %s", w.run, w.severity)
	for _, kv := range [][2]string{{"tool", w.tool}, {"param", w.param}, {"entity", w.entity}} {
		if strings.ContainsAny(kv[1], " \t\"") {
			s += " " + kv[0] + "=" + strconv.Quote(kv[1])
		} else if kv[1] != "" {
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
		fields, err := wantFields(head)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, i+1, err)
		}
		if len(fields) < 2 {
			return nil, fmt.Errorf("%s:%d: want \"<profile> <severity> [tool=…] [param=…] [entity=…] [~ regexp]\", got %q", name, i+1, line)
		}
		if w.run, err = parseRun(fields[0]); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, i+1, err)
		}
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
			// Every case runs under each profile and under each configured
			// run any want file of the archive names.
			var runs []run
			for _, p := range lint.Profiles() {
				runs = append(runs, run{profile: p})
			}
			wants := make([][]wantLine, len(cases))
			for i, c := range cases {
				if wants[i], err = parseWant(c.name+".want", c.want); err != nil {
					t.Fatal(err)
				}
				for _, w := range wants[i] {
					if !slices.Contains(runs, w.run) {
						runs = append(runs, w.run)
					}
				}
			}
			fired := false
			for i, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					capture, err := caseSnapshot(c.snapshot)
					if err != nil {
						t.Fatalf("snapshot: %v", err)
					}
					snap, err := capture.Snapshot()
					if err != nil {
						t.Fatalf("snapshot: %v", err)
					}
					for _, r := range runs {
						got, err := lint.RunRulesChecked(snap, r.config(id), []lint.Rule{rule})
						if err != nil {
							t.Fatal(err)
						}
						if len(got) > 0 {
							fired = true
						}
						checkFindings(t, r, got, wants[i])
					}
				})
			}
			if !fired {
				t.Errorf("%s: no case makes %s fire; add one that does", path, id)
			}
		})
	}
}

// checkFindings matches the findings of one run to the want lines of that
// run, one to one.
func checkFindings(t *testing.T, p run, got []lint.Finding, wants []wantLine) {
	t.Helper()
	var mine []*wantLine
	for i := range wants {
		if wants[i].run == p {
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
	for _, r := range lint.Catalogue() {
		id := strings.ToLower(r.ID)
		ids[id] = true
		if strings.TrimSpace(r.Doc) == "" {
			t.Errorf("%s: no doc; write %s.md", r.ID, id)
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
}

// TestWantLineSyntax: the want-line forms the case files rely on parse as
// documented, and malformed ones are refused.
func TestWantLineSyntax(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ line, want string }{
		{"mcpgauge error tool=a ~ ^x$", "mcpgauge error tool=a ~ ^x$"},
		{`mcpgauge error entity="resource:file:///My Documents/a.txt" ~ space`, `mcpgauge error entity="resource:file:///My Documents/a.txt" ~ space`},
		{`mcpgauge info entity="a\"b"`, `mcpgauge info entity="a\"b"`},
		{"toolgauge@warning warning tool=b param=c", "toolgauge@warning warning tool=b param=c"},
		{"toolgauge@off warning", ""},
		{"@error error", ""},
		{`mcpgauge error entity="open`, ""},
		{`mcpgauge error entity="a"b`, ""},
		{"mcpgauge error colour=red", ""},
	} {
		got, err := parseWant("t.want", []byte(tc.line))
		switch {
		case tc.want == "" && err == nil:
			t.Errorf("%q parsed as %v, want an error", tc.line, got)
		case tc.want != "" && (err != nil || len(got) != 1 || got[0].String() != tc.want):
			t.Errorf("%q: got %v, %v; want %q", tc.line, got, err, tc.want)
		}
	}
}
