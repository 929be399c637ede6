package precision

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

var (
	update       = flag.Bool("update", false, "rewrite docs/precision.md and internal/precision/measured.json from the corpus")
	skeleton     = flag.String("skeleton", "", "write label skeletons for unlabelled findings to this file")
	listCaught   = flag.Bool("list-caught", false, "log every labelled danger without caught: true that a rule now finds")
	listUncaught = flag.Bool("list-uncaught", false, "log every labelled danger (corpus and audits) that no default rule of its class finds")
)

// minServers is the corpus size the corpus has reached (issue 21 asks for
// 100); it only grows.
const minServers = 154

// Issue 21's bars, one switch per bar the rules of the day may not meet yet.
// While a switch is false its bar logs each shortfall and skips that bar
// alone (every other assertion runs); set it to true once the rules meet
// the bar. Precision over all servers is always held. See docs/precision.md.
const (
	// freshPrecisionEnforced holds WarningBar on the fresh servers.
	freshPrecisionEnforced = true
	// securityPrecisionEnforced holds SecurityFamilyBar on the security
	// family and SecurityErrorBar on security rules at error.
	securityPrecisionEnforced = true
	// rulePrecisionEnforced holds each default rule at warning or error to
	// its bar (RuleStat.Bar).
	rulePrecisionEnforced = true
	// recallBarsEnforced holds RecallBar overall and ClassRecallBar per
	// class with at least ClassRecallMin dangers.
	recallBarsEnforced = true
	// rankingGapEnforced holds TierGap between the best and worst tiers.
	rankingGapEnforced = true
	// topQuarterEnforced keeps worst-tier servers out of the top quarter.
	topQuarterEnforced = true
)

// grandfathered are the packages of the corpus before issue 21's audit-space
// rule: they stay whatever their hash. No package may be added here.
var grandfathered = []string{
	"@playwright/mcp", "chrome-devtools-mcp", "@modelcontextprotocol/server-puppeteer", "@executeautomation/playwright-mcp-server",
	"@modelcontextprotocol/server-postgres", "mongodb-mcp-server", "@cyanheads/git-mcp-server", "@modelcontextprotocol/server-github",
	"@zereight/mcp-gitlab", "@modelcontextprotocol/server-filesystem", "@wonderwhy-er/desktop-commander", "mcp-server-kubernetes",
	"kubernetes-mcp-server", "argocd-mcp", "@google-cloud/cloud-run-mcp", "tavily-mcp", "firecrawl-mcp", "exa-mcp-server",
	"@brave/brave-search-mcp-server", "@upstash/context7-mcp", "@modelcontextprotocol/server-memory", "@modelcontextprotocol/server-everything",
	"@modelcontextprotocol/server-sequential-thinking", "mcp-hello-world", "@notionhq/notion-mcp-server", "@drawio/mcp", "figma-developer-mcp",
	"@circleci/mcp-server-circleci", "@modelcontextprotocol/server-slack", "@antv/mcp-server-chart", "mcp-mermaid", "@openbnb/mcp-server-airbnb",
	"@eslint/mcp", "@negokaz/excel-mcp-server", "mcp-fetch-server", "@modelcontextprotocol/server-google-maps", "time-mcp",
	"@kimtaeyoon83/mcp-server-youtube-transcript",
}

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

// TestCorpusAuditSpace holds every server of servers.yaml and of the
// captures, but the grandfathered ones, to the audit-space rule, so three
// quarters of the npm package space stay unseen for independent audits.
func TestCorpusAuditSpace(t *testing.T) {
	t.Parallel()
	corpus, _, root := loadAll(t)
	old := map[string]bool{}
	for _, p := range grandfathered {
		old[p] = true
	}
	data, err := os.ReadFile(filepath.Join(root, "bench", "precision", "servers.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var listed []struct {
		Name    string `yaml:"name"`
		Package string `yaml:"package"`
	}
	if err := yaml.Unmarshal(data, &listed); err != nil {
		t.Fatal(err)
	}
	pkgs := map[string]string{}
	for _, s := range listed {
		pkgs[s.Package] = "servers.yaml entry " + s.Name
	}
	for _, c := range corpus {
		pkgs[c.Package] = "capture " + c.Server
	}
	for _, p := range []string{"@modelcontextprotocol/server-everything", "exa-mcp-server", "@stripe/mcp"} {
		if !CorpusQuarter(p) {
			t.Errorf("%s hashes outside the audit space; the hash is wrong", p)
		}
	}
	if CorpusQuarter("@playwright/mcp") {
		t.Error("@playwright/mcp hashes inside the audit space; the hash is wrong")
	}
	for p, where := range pkgs {
		if !old[p] && !CorpusQuarter(p) {
			t.Errorf("%s: package %s is outside the audit space (sha256(%q + name) must start with 0-3): leave it for independent audits", where, p, SpaceSalt)
		}
	}
}

// TestEligibleScriptAgrees runs bench/precision/eligible.sh, the filter a
// person uses to pick candidates, on packages on both sides of the rule and
// checks it keeps exactly those CorpusQuarter keeps.
func TestEligibleScriptAgrees(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	names := append([]string{"@stripe/mcp", "exa-mcp-server", "hostinger-api-mcp", "a", "@scope/x y"}, grandfathered...)
	cmd := exec.Command("sh", filepath.Join(root, "bench", "precision", "eligible.sh"))
	cmd.Stdin = strings.NewReader(strings.Join(names, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("eligible.sh: %v", err)
	}
	var want []string
	for _, n := range names {
		if CorpusQuarter(n) {
			want = append(want, n)
		}
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if strings.Join(got, "|") != strings.Join(want, "|") || len(want) == 0 || len(want) == len(names) {
		t.Errorf("eligible.sh kept %q, CorpusQuarter keeps %q", got, want)
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
	logUncaught(t, res)
	if *listCaught {
		for _, p := range res.NewlyCaught {
			t.Logf("NEWLY CAUGHT %s", p)
		}
	}
	if len(res.NewlyCaught) > 0 {
		t.Logf("%d labelled dangers without caught: true are found (mark them caught to hold them), e.g. %s", len(res.NewlyCaught), res.NewlyCaught[0])
	}
	t.Run("labelled", func(t *testing.T) {
		t.Parallel()
		for _, p := range res.Unlabelled {
			t.Errorf("re-judge the corpus: %s", p)
		}
	})
	t.Run("true findings and caught dangers kept", func(t *testing.T) {
		t.Parallel()
		for _, p := range res.LostTrue {
			t.Errorf("true finding lost: %s", p)
		}
		for _, p := range res.Missed {
			t.Errorf("danger missed: %s", p)
		}
	})
	k := res.Ranking()
	all, fresh := res.Recall()
	t.Logf("recall of labelled dangers: %s; on fresh servers %s", ratioText(all), ratioText(fresh))
	t.Logf("tiers: best %d (mean %.1f), middle %d (mean %.1f), worst %d (mean %.1f); gap %.1f", k.Count[TierBest], k.Mean[TierBest],
		k.Count[TierMiddle], k.Mean[TierMiddle], k.Count[TierWorst], k.Mean[TierWorst], k.Gap())
	var rules, classes []string
	for _, s := range res.Rules {
		if s.Below() {
			p, _ := s.Precision()
			rules = append(rules, fmt.Sprintf("%s (%s, %s) precision %.1f%% (%d true, %d false) is below %.0f%%", s.ID, s.Family, s.Severity, 100*p, s.True, s.False, 100*s.Bar()))
		}
	}
	for _, c := range res.Classes {
		if r, _ := c.Recall(); c.Dangers >= ClassRecallMin && r < ClassRecallBar {
			classes = append(classes, fmt.Sprintf("class %s recall %.1f%% (%d of %d) is below %.0f%%", c.Class, 100*r, c.Caught, c.Dangers, 100*ClassRecallBar))
		}
	}
	var worstUp []string
	if len(k.WorstInTopQuarter) > 0 {
		worstUp = []string{fmt.Sprintf("worst-tier servers rank in the top quarter (top %d): %s", k.TopQuarter, strings.Join(k.WorstInTopQuarter, ", "))}
	}
	for _, b := range []struct {
		name, switchName string
		on               bool
		gaps             []string
	}{
		{"precision all servers", "", true, below("precision on all servers", Tally{res.True, res.False}, WarningBar)},
		{"precision fresh servers", "freshPrecisionEnforced", freshPrecisionEnforced, below("precision on fresh servers", res.Fresh, WarningBar)},
		{"precision security family", "securityPrecisionEnforced", securityPrecisionEnforced, below("precision of the security family", res.Security, SecurityFamilyBar)},
		{"precision security at error", "securityPrecisionEnforced", securityPrecisionEnforced, below("precision of security rules at error", res.SecurityError, SecurityErrorBar)},
		{"precision per rule", "rulePrecisionEnforced", rulePrecisionEnforced, rules},
		{"recall overall", "recallBarsEnforced", recallBarsEnforced, below("recall of labelled dangers", all, RecallBar)},
		{"recall per class", "recallBarsEnforced", recallBarsEnforced, classes},
		{"ranking gap", "rankingGapEnforced", rankingGapEnforced, gapShortfall(k)},
		{"ranking top quarter", "topQuarterEnforced", topQuarterEnforced, worstUp},
	} {
		t.Run("bar "+b.name, func(t *testing.T) {
			t.Parallel()
			enforce(t, b.on, b.switchName, b.gaps)
		})
	}
	t.Run("tiers labelled", func(t *testing.T) {
		t.Parallel()
		for _, s := range res.Servers {
			if s.Judged && s.Tier == "" {
				t.Errorf("%s has no tier: label it best, middle or worst", s.Name)
			}
		}
		if k.Count[TierBest] == 0 || k.Count[TierWorst] == 0 {
			t.Errorf("the ranking check needs best and worst servers (best %d, worst %d)", k.Count[TierBest], k.Count[TierWorst])
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

// enforce fails on each gap when on is true; otherwise it logs the gaps and
// skips the calling bar alone, naming the switch.
func enforce(t *testing.T, on bool, name string, gaps []string) {
	t.Helper()
	for _, g := range gaps {
		if on {
			t.Error(g)
		} else {
			t.Log("SHORTFALL: " + g)
		}
	}
	if !on && len(gaps) > 0 {
		t.Skipf("NOT ENFORCED (%s = false in precision_test.go): %d shortfalls against issue 21's bar: %s", name, len(gaps), strings.Join(gaps, "; "))
	}
}

// below is the shortfall of t against bar ("" when it meets the bar or
// nothing was measured).
func below(what string, t Tally, bar float64) []string {
	if p, ok := t.Precision(); ok && p < bar {
		return []string{fmt.Sprintf("%s %.1f%% (%d of %d) is below %.0f%%", what, 100*p, t.True, t.True+t.False, 100*bar)}
	}
	return nil
}

func gapShortfall(k Ranking) []string {
	if k.Gap() < TierGap {
		return []string{fmt.Sprintf("the best tier's mean score %.1f is only %.1f above the worst's %.1f (want %d)", k.Mean[TierBest], k.Gap(), k.Mean[TierWorst], TierGap)}
	}
	return nil
}

func ratioText(t Tally) string {
	p, _ := t.Precision()
	return fmt.Sprintf("%.1f%% (%d of %d)", 100*p, t.True, t.True+t.False)
}

// writeSkeleton writes the corpus's skeleton (see buildSkeleton) to path
// and its review lines to path.review.jsonl.
func writeSkeleton(t *testing.T, corpus []Capture, labels *Labels, path string) {
	t.Helper()
	sk, err := buildSkeleton(corpus, labels, "")
	if err != nil {
		t.Fatal(err)
	}
	writeSkeletonFiles(t, path, sk.yaml, sk.review)
}

// writeSkeletonFiles writes a skeleton to path and its review lines, one
// JSON object a line, to path.review.jsonl.
func writeSkeletonFiles(t *testing.T, path, yaml string, review []string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path+".review.jsonl", []byte(strings.Join(review, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// labelSkeleton is the label skeleton of one set of captures: yaml holds a
// server entry for each server with unlabelled findings, to go under the
// servers: key of its labels.yaml, and review one JSON line for every
// finding at warning or error (labelled or not) with its tool's text.
type labelSkeleton struct {
	yaml   string
	review []string
}

// buildSkeleton lists every unlabelled finding as a YAML label to fill in,
// and every finding at warning or error (labelled or not) with its tool's
// description as a review line, for reading while judging. A non-empty
// audit names the audit in each review line.
func buildSkeleton(corpus []Capture, labels *Labels, audit string) (labelSkeleton, error) {
	var b strings.Builder
	var review []string
	cfg := DefaultConfig()
	for i := range corpus {
		c := &corpus[i]
		snap, err := c.Snapshot()
		if err != nil {
			return labelSkeleton{}, err
		}
		known := map[string]bool{}
		if sl := labels.Servers[c.Server]; sl != nil {
			for _, l := range sl.Findings {
				known[l.Key()] = true
			}
		}
		var lines []string
		// A label stands for every finding with its key (messages are not
		// part of it), so two findings of one rule on one tool, such as
		// SEC012's read-only and destructive contradictions, get one line
		// that quotes both messages; two lines would be labelled twice.
		lineOf := map[string]int{}
		for _, f := range lint.Run(snap, cfg) {
			if !Judged(f.Severity) {
				continue
			}
			labelled := known[FindingKey(f)]
			if i, ok := lineOf[FindingKey(f)]; ok && !labelled {
				lines[i] += fmt.Sprintf(" | also %s: %s", f.Severity, strings.ReplaceAll(f.Message, "\n", " "))
				continue
			}
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
			l += fmt.Sprintf(", true: ?, tuned: false, reason: \"\"}  # %s: %s", f.Severity, strings.ReplaceAll(f.Message, "\n", " "))
			if !labelled {
				lineOf[FindingKey(f)] = len(lines)
				lines = append(lines, l)
			}
			rev := map[string]any{"server": c.Server, "rule": f.Rule, "severity": f.Severity.String(), "tool": f.Tool, "param": f.Parameter,
				"entity": f.Entity, "related": f.Related, "message": f.Message, "labelled": labelled}
			if audit != "" {
				rev["audit"] = audit
			}
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
	return labelSkeleton{yaml: b.String(), review: review}, nil
}

func quoteAll(s []string) string {
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, ", ")
}

// logUncaught logs, under -list-uncaught, every danger of res that no
// default rule of its class finds.
func logUncaught(t *testing.T, res *Result) {
	t.Helper()
	if !*listUncaught {
		return
	}
	for _, p := range res.Uncaught {
		t.Logf("UNCAUGHT %s", p)
	}
}
