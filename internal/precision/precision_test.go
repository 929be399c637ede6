package precision

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

var (
	update   = flag.Bool("update", false, "rewrite docs/precision.md and internal/precision/measured.json from the corpus")
	skeleton = flag.String("skeleton", "", "write label skeletons for unlabelled findings to this file")
)

// barsEnforced turns rules below the precision bar into failures (it was
// false only while issue 10's default-profile fixes landed).
const barsEnforced = true

// minServers is the corpus size issue 10 asks for.
const minServers = 30

func repoRoot(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root, err := shareddata.FindRepoRoot(wd)
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func loadAll(t *testing.T) ([]Capture, *Labels, string) {
	t.Helper()
	root := repoRoot(t)
	dir := filepath.Join(root, "testdata", "precision")
	corpus, err := LoadCorpus(dir)
	if err != nil {
		t.Fatal(err)
	}
	labels, err := LoadLabels(filepath.Join(dir, "labels.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return corpus, labels, root
}

// TestCorpus checks the captures are what the issue asks for: at least 30
// real npm servers, each with its package, exact version and capture date.
func TestCorpus(t *testing.T) {
	t.Parallel()
	corpus, _, _ := loadAll(t)
	if len(corpus) < minServers {
		t.Errorf("corpus has %d servers, want at least %d", len(corpus), minServers)
	}
	pkgs := map[string]string{}
	for _, c := range corpus {
		if c.Package == "" || c.Version == "" || c.CapturedAt == "" || len(c.Tools) == 0 {
			t.Errorf("%s: package %q version %q captured %q tools %d", c.Server, c.Package, c.Version, c.CapturedAt, len(c.Tools))
		}
		if prev, dup := pkgs[c.Package]; dup {
			t.Errorf("%s and %s capture the same package %s", prev, c.Server, c.Package)
		}
		pkgs[c.Package] = c.Server
		if _, err := c.Snapshot(); err != nil {
			t.Error(err)
		}
	}
}

// TestPrecision lints the corpus with the default profile and holds every
// finding at warning or error to its label.
func TestPrecision(t *testing.T) {
	t.Parallel()
	corpus, labels, root := loadAll(t)
	res, err := Measure(corpus, labels, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if *skeleton != "" {
		writeSkeleton(t, corpus, labels, *skeleton)
	}
	p, _ := res.Precision()
	judged := 0
	for _, s := range res.Servers {
		if s.Judged {
			judged++
		} else {
			t.Logf("not judged yet: %s", s.Name)
		}
	}
	t.Logf("corpus: %d servers, %d judged; %d findings judged (%d unlabelled, %d on servers not judged yet), precision %.1f%%",
		len(res.Servers), judged, res.True+res.False, len(res.Unlabelled), res.Unjudged, 100*p)
	for _, p := range res.StaleFalse {
		t.Logf("stale label (remove it): %s", p)
	}
	for _, p := range res.NewlyCaught {
		t.Logf("%s", p)
	}
	t.Run("labelled", func(t *testing.T) {
		t.Parallel()
		for _, p := range res.Unlabelled {
			t.Errorf("re-judge the corpus: %s", p)
		}
	})
	t.Run("defects", func(t *testing.T) {
		t.Parallel()
		for _, p := range res.LostTrue {
			t.Errorf("true finding lost: %s", p)
		}
		for _, p := range res.Missed {
			t.Errorf("defect missed: %s", p)
		}
	})
	t.Run("bars", func(t *testing.T) {
		t.Parallel()
		var below []string
		for _, s := range res.Rules {
			if s.Below() {
				p, _ := s.Precision()
				below = append(below, fmt.Sprintf("%s (%s, %s) precision %.1f%% (%d true, %d false) is below %.0f%%", s.ID, s.Family, s.Severity, 100*p, s.True, s.False, 100*s.Bar()))
			}
		}
		for _, b := range below {
			if barsEnforced {
				t.Error(b)
			} else {
				t.Log(b)
			}
		}
		if !barsEnforced && len(below) > 0 {
			t.Skipf("NOT ENFORCED YET: %d default rules are below the precision bar while issue 10's default profile is being fixed (listed above)", len(below))
		}
	})
	t.Run("low scores explained", func(t *testing.T) {
		t.Parallel()
		for _, s := range res.Servers {
			if s.Score.Overall < LowScore && s.Note == "" {
				t.Errorf("%s scores %d (below %d): labels.yaml needs a note explaining it", s.Name, s.Score.Overall, LowScore)
			}
		}
	})
	t.Run("docs", func(t *testing.T) {
		t.Parallel()
		docPath := filepath.Join(root, "docs", "precision.md")
		measuredPath := filepath.Join(root, "internal", "precision", "measured.json")
		md, mj := res.Markdown(), res.MeasuredJSON()
		if *update {
			if err := os.WriteFile(docPath, md, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(measuredPath, mj, 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		for path, want := range map[string][]byte{docPath: md, measuredPath: mj} {
			got, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s is stale: run go generate ./...", path)
			}
		}
	})
}

// writeSkeleton lists every unlabelled finding as a YAML label to fill in,
// and every finding at warning or error (labelled or not) with its tool's
// description in path.review.jsonl, for reading while judging.
func writeSkeleton(t *testing.T, corpus []Capture, labels *Labels, path string) {
	t.Helper()
	var b strings.Builder
	var review []string
	cfg := DefaultConfig()
	for i := range corpus {
		c := &corpus[i]
		snap, err := c.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		known := map[string]bool{}
		if sl := labels.Servers[c.Server]; sl != nil {
			for _, l := range sl.Findings {
				known[l.Key()] = true
			}
		}
		var lines []string
		for _, f := range lint.Run(snap, cfg) {
			if !Judged(f.Severity) {
				continue
			}
			labelled := known[FindingKey(f)]
			l := fmt.Sprintf("    - {rule: %s, tool: %q", f.Rule, f.Tool)
			if f.Parameter != "" {
				l += fmt.Sprintf(", param: %q", f.Parameter)
			}
			if f.Entity != "" {
				l += fmt.Sprintf(", entity: %q", f.Entity)
			}
			if len(f.Related) > 0 {
				rel := append([]string(nil), f.Related...)
				sort.Strings(rel)
				l += fmt.Sprintf(", related: [%s]", quoteAll(rel))
			}
			l += fmt.Sprintf(", true: ?, reason: \"\"}  # %s: %s", f.Severity, strings.ReplaceAll(f.Message, "\n", " "))
			if !labelled {
				lines = append(lines, l)
			}
			rev := map[string]any{"server": c.Server, "rule": f.Rule, "severity": f.Severity.String(), "tool": f.Tool, "param": f.Parameter,
				"entity": f.Entity, "related": f.Related, "message": f.Message, "labelled": labelled}
			for _, tl := range snap.Tools {
				if tl.Name == f.Tool {
					rev["description"] = tl.RawDescription
					rev["annotations"] = tl.Annotations
					if f.Parameter != "" {
						rev["param_schema"] = tl.Params()[f.Parameter]
					}
				}
			}
			if rb, err := json.Marshal(rev); err == nil {
				review = append(review, string(rb))
			}
		}
		if len(lines) > 0 {
			fmt.Fprintf(&b, "  %s:\n    findings:\n%s\n", c.Server, strings.Join(lines, "\n"))
		}
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path+".review.jsonl", []byte(strings.Join(review, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func quoteAll(s []string) string {
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, ", ")
}
