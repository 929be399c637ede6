// Package action_test runs the composite GitHub Action's own steps
// (action.yml at the repository root) locally, the way the runner would,
// on a fixture server, and checks what they leave behind.
package action_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/report"
	"github.com/mcpgauge/mcpgauge/gauge/score"
	"github.com/mcpgauge/mcpgauge/internal/mdsafe/mdsafetest"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
	"github.com/mcpgauge/mcpgauge/internal/testutil/sariftest"
	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

type action struct {
	Inputs map[string]struct {
		Default string `yaml:"default"`
	} `yaml:"inputs"`
	Runs struct {
		Using string `yaml:"using"`
		Steps []step `yaml:"steps"`
	} `yaml:"runs"`
}

// loadAction reads action.yml at the repository root.
func loadAction(t *testing.T, root string) action {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(root, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a action
	if err := yaml.Unmarshal(raw, &a); err != nil {
		t.Fatal(err)
	}
	return a
}

type step struct {
	Name  string            `yaml:"name"`
	ID    string            `yaml:"id"`
	If    string            `yaml:"if"`
	Uses  string            `yaml:"uses"`
	Shell string            `yaml:"shell"`
	Env   map[string]string `yaml:"env"`
	Run   string            `yaml:"run"`
}

// runner is a local stand-in for the Actions runner: the expression
// context, the step outputs and the files the runner provides.
type runner struct {
	t       *testing.T
	root    string // the action's checkout (GITHUB_ACTION_PATH)
	work    string // the workspace the job runs in
	temp    string // RUNNER_TEMP
	event   string
	ref     string // github.action_ref: the tag or branch the action is pinned to
	inputs  map[string]string
	outputs map[string]map[string]string
}

var expr = regexp.MustCompile(`\$\{\{\s*([^}]*?)\s*\}\}`)

// value resolves one expression operand.
func (r *runner) value(name string) string {
	name = strings.TrimSpace(name)
	switch {
	case strings.HasPrefix(name, "'") && strings.HasSuffix(name, "'"):
		return strings.Trim(name, "'")
	case strings.HasPrefix(name, "inputs."):
		return r.inputs[strings.TrimPrefix(name, "inputs.")]
	case name == "runner.temp":
		return r.temp
	case name == "github.event_name":
		return r.event
	case name == "github.action_ref":
		return r.ref
	case name == "github.token":
		return "test-token"
	case strings.HasPrefix(name, "steps."):
		parts := strings.Split(name, ".") // steps.ID.outputs.KEY
		if len(parts) == 4 {
			return r.outputs[parts[1]][parts[3]]
		}
	case strings.HasPrefix(name, "github."):
		return ""
	}
	r.t.Fatalf("action.yml uses an expression this runner does not know: %q", name)
	return ""
}

// cond evaluates the if: conditions action.yml uses: &&-joined == / !=
// comparisons.
func (r *runner) cond(s string) bool {
	if s == "" {
		return true
	}
	for _, term := range strings.Split(s, "&&") {
		var ok bool
		switch {
		case strings.Contains(term, "=="):
			a, b, _ := strings.Cut(term, "==")
			ok = r.value(a) == r.value(b)
		case strings.Contains(term, "!="):
			a, b, _ := strings.Cut(term, "!=")
			ok = r.value(a) != r.value(b)
		default:
			r.t.Fatalf("unsupported condition %q", term)
		}
		if !ok {
			return false
		}
	}
	return true
}

func (r *runner) subst(s string) string {
	return expr.ReplaceAllStringFunc(s, func(m string) string { return r.value(expr.FindStringSubmatch(m)[1]) })
}

// run executes every step whose condition holds; it returns the exit code
// of the last step that ran and the uses: steps it would have run.
func (r *runner) run(a action) (int, []string) {
	var uses []string
	code := 0
	for _, s := range a.Runs.Steps {
		if !r.cond(s.If) {
			continue
		}
		if s.Uses != "" {
			uses = append(uses, s.Uses)
			continue
		}
		if s.Shell != "bash" {
			r.t.Fatalf("step %q: shell %q, want bash", s.Name, s.Shell)
		}
		if expr.MatchString(s.Run) {
			r.t.Fatalf("step %q interpolates ${{ }} into its script; pass inputs through env", s.Name)
		}
		out := filepath.Join(r.temp, "output-"+s.ID)
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", s.Run)
		cmd.Dir = r.work
		cmd.Env = append(os.Environ(), "GITHUB_ACTION_PATH="+r.root, "RUNNER_TEMP="+r.temp, "RUNNER_OS="+runnerOS(), "RUNNER_ARCH="+runnerArch(),
			"GITHUB_OUTPUT="+out, "GITHUB_STEP_SUMMARY="+filepath.Join(r.temp, "summary.md"))
		for k, v := range s.Env {
			cmd.Env = append(cmd.Env, k+"="+r.subst(v))
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		code = cmd.ProcessState.ExitCode()
		if err != nil && s.Name != "Gate" {
			r.t.Fatalf("step %q failed (%v): %s", s.Name, err, stderr.String())
		}
		if s.ID != "" {
			r.outputs[s.ID] = map[string]string{}
			data, _ := os.ReadFile(out)
			for _, line := range strings.Split(string(data), "\n") {
				if k, v, ok := strings.Cut(line, "="); ok {
					r.outputs[s.ID][k] = v
				}
			}
		}
	}
	return code, uses
}

// commentWant is what the scan comment's own Markdown makes without a
// baseline: one heading and the two tables (7 and 4 rows of 3 cells), the
// compatibility line with its link to the scoring page, and the findings
// under one heading, each rule linked to its page.
func commentWant() mdsafetest.Want {
	links := []string{score.ScoringDoc + "#which-score-to-read"}
	for _, r := range lint.Catalogue() {
		links = append(links, report.RuleDocURL(r.ID))
	}
	return mdsafetest.Want{
		Tags:  []string{"p", "strong", "code", "sub", "thead", "tbody", "em", "ul", "li", "a"},
		Count: map[string]int{"h2": 1, "h3": 1, "table": 2, "tr": 11, "th": 6, "td": 27},
		Links: links,
	}
}

func TestActionStepsOnFixture(t *testing.T) {
	root := shareddata.RepoRoot(t)
	a := loadAction(t, root)
	if a.Runs.Using != "composite" {
		t.Fatalf("runs.using %q, want composite", a.Runs.Using)
	}
	bin := fixtures.Build(t, "careless")
	src, err := os.ReadFile(filepath.Join(root, "internal", "testutil", "fixtures", "servers", "careless", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	schema := sariftest.Schema(t)

	cases := []struct {
		name     string
		minScore string
		gate     int
		args     []string // the server's arguments
		sandbox  string   // the action's sandbox input ("": its default)
	}{
		{"passes", "0", 0, nil, ""},
		{"gated", "99", 1, nil, ""},
		// A sandboxed local scan names the server after its manifest entry
		// ("careless local"), so the server's own hostile name shows only
		// unsandboxed.
		{"hostile markdown", "0", 0, []string{"-hostile-markdown"}, "none"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// The server lives in the checkout, as a real one does: where the
			// runner has bubblewrap the action scans in the sandbox, which
			// shows the target's directory (not the test's binaries) to a
			// user that must reach it.
			work := t.TempDir()
			server := filepath.Join(work, "server")
			if err := os.MkdirAll(server, 0o755); err != nil {
				t.Fatal(err)
			}
			for _, d := range []string{filepath.Dir(work), work} {
				if err := os.Chmod(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			exe, err := os.ReadFile(bin)
			if err != nil {
				t.Fatal(err)
			}
			manifest, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"careless": map[string]any{"command": filepath.Join(server, "careless"), "args": c.args}}})
			for name, body := range map[string][]byte{".mcp.json": manifest, "main.go": src, "careless": exe} {
				if err := os.WriteFile(filepath.Join(server, name), body, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			r := &runner{t: t, root: root, work: work, temp: t.TempDir(), event: "push",
				inputs: map[string]string{}, outputs: map[string]map[string]string{}}
			for k, v := range a.Inputs {
				r.inputs[k] = v.Default
			}
			r.inputs["target"] = "server"
			r.inputs["min-score"] = c.minScore
			r.inputs["compliance"] = "false"
			if c.sandbox != "" {
				r.inputs["sandbox"] = c.sandbox
			}
			code, uses := r.run(a)
			if code != c.gate {
				t.Fatalf("gate exited %d, want %d (outputs %v)", code, c.gate, r.outputs)
			}
			if len(uses) != 2 || !strings.HasPrefix(uses[0], "actions/setup-go@") || !strings.HasPrefix(uses[1], "github/codeql-action/upload-sarif@") {
				t.Errorf("uses steps %v", uses)
			}
			if out := r.outputs["scan"]; out["status"] != "ok" || out["score"] == "" {
				t.Errorf("scan outputs %v", out)
			}
			// The SARIF validates and every result points at a file.
			data, err := os.ReadFile(filepath.Join(work, "mcpgauge.sarif"))
			if err != nil {
				t.Fatal(err)
			}
			sariftest.Validate(t, schema, data)
			var doc struct {
				Runs []struct {
					Results []struct {
						Locations []struct {
							Physical *struct {
								Artifact struct{ URI string } `json:"artifactLocation"`
							} `json:"physicalLocation"`
						} `json:"locations"`
					} `json:"results"`
				} `json:"runs"`
			}
			if err := json.Unmarshal(data, &doc); err != nil {
				t.Fatal(err)
			}
			if len(doc.Runs[0].Results) == 0 {
				t.Fatal("the careless fixture produced no SARIF results")
			}
			for i, res := range doc.Runs[0].Results {
				p := res.Locations[0].Physical
				if p == nil || !strings.HasPrefix(p.Artifact.URI, "server/") {
					t.Fatalf("result %d location %+v, want a file under the checkout's server/", i, p)
				}
			}
			badge, err := os.ReadFile(filepath.Join(work, "mcpgauge-badge.json"))
			if err != nil || !bytes.Contains(badge, []byte(`"schemaVersion": 1`)) {
				t.Errorf("badge %s, %v", badge, err)
			}
			summary, _ := os.ReadFile(filepath.Join(r.temp, "summary.md"))
			if !bytes.Contains(summary, []byte("<!-- mcpgauge-scan -->")) || !bytes.Contains(summary, []byte("| security |")) ||
				!bytes.Contains(summary, []byte("### Findings (")) || !bytes.Contains(summary, []byte("- **error** [MCP")) {
				t.Errorf("step summary lacks the scan comment:\n%s", summary)
			}
			// The server's text (name, version, a tool's name and
			// description) renders as text in the step summary and the
			// comment: it mentions, links and embeds nothing.
			comment, err := os.ReadFile(filepath.Join(r.temp, "mcpgauge-comment.md"))
			if err != nil {
				t.Fatal(err)
			}
			for what, md := range map[string][]byte{"step summary": summary, "comment": comment} {
				md := strings.ReplaceAll(string(md), "<!-- mcpgauge-scan -->", "")
				if p := mdsafetest.Problems(t, md, commentWant()); len(p) > 0 {
					t.Errorf("%s:\n%s\nproblems:\n%s", what, md, strings.Join(p, "\n"))
				}
				if c.args != nil && !strings.Contains(mdsafetest.Visible(mdsafetest.Render(t, md)), "careless @everyone ![x](https://evil.example/p.png)") {
					t.Errorf("%s does not show the hostile name as text:\n%s", what, md)
				}
			}
		})
	}
}
