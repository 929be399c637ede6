package behaviour_test

// The harness for every behaviour rule's cases. Each rule has a case file,
// testdata/rules/<id>.txtar (bhv001.txtar for BHV001): a txtar archive
// whose comment says what the cases cover, holding per case <case>.json,
// {"behaviour": <a result's behaviour section>, "declared": [hosts]}, and
// <case>.want, one line per finding the rule alone reports on it:
//
//	<severity> [entity=<entity>] [~ <regexp on the message>]
//
// matched one to one; an empty want file says the rule is silent.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/mcpgauge/mcpgauge/gauge/behaviour"
	"github.com/mcpgauge/mcpgauge/schema"
)

type caseInput struct {
	Behaviour *schema.Behaviour `json:"behaviour"`
	Declared  []string          `json:"declared"`
}

type want struct {
	severity, entity string
	re               *regexp.Regexp
}

func parseWant(t *testing.T, name, text string) []want {
	t.Helper()
	var out []want
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var w want
		head, re, hasRE := strings.Cut(line, " ~ ")
		if hasRE {
			w.re = regexp.MustCompile(re)
		}
		f := strings.Fields(head)
		w.severity = f[0]
		for _, kv := range f[1:] {
			v, ok := strings.CutPrefix(kv, "entity=")
			if !ok {
				t.Fatalf("%s: unknown field %q", name, kv)
			}
			w.entity = v
		}
		out = append(out, w)
	}
	return out
}

func TestRuleCases(t *testing.T) {
	t.Parallel()
	for _, r := range behaviour.Catalogue() {
		t.Run(r.ID, func(t *testing.T) {
			t.Parallel()
			ar, err := txtar.ParseFile(filepath.Join("testdata", "rules", strings.ToLower(r.ID)+".txtar"))
			if err != nil {
				t.Fatal(err)
			}
			if strings.TrimSpace(string(ar.Comment)) == "" {
				t.Error("the case file has no comment")
			}
			files := map[string]string{}
			for _, f := range ar.Files {
				files[f.Name] = string(f.Data)
			}
			fired := false
			for name, data := range files {
				c, ok := strings.CutSuffix(name, ".json")
				if !ok {
					continue
				}
				wantText, ok := files[c+".want"]
				if !ok {
					t.Fatalf("%s has no %s.want", name, c)
				}
				var in caseInput
				if err := json.Unmarshal([]byte(data), &in); err != nil || in.Behaviour == nil {
					t.Fatalf("%s: %v", name, err)
				}
				got := r.Check(behaviour.Input{Behaviour: in.Behaviour, Declared: in.Declared})
				ws := parseWant(t, c+".want", wantText)
				fired = fired || len(got) > 0
				if len(got) != len(ws) {
					t.Errorf("%s: %d findings %+v, want %d", c, len(got), got, len(ws))
					continue
				}
				sort.Slice(got, func(i, j int) bool { return got[i].Entity < got[j].Entity })
				sort.Slice(ws, func(i, j int) bool { return ws[i].entity < ws[j].entity })
				for i, w := range ws {
					if w.severity != r.Severity || got[i].Entity != w.entity || (w.re != nil && !w.re.MatchString(got[i].Message)) {
						t.Errorf("%s: finding %+v (severity %s) does not match %+v", c, got[i], r.Severity, w)
					}
				}
			}
			if !fired {
				t.Error("no case where the rule fires")
			}
		})
	}
}

// TestEveryRuleHasItsFiles: each rule has its code file, doc page and
// case file, and nothing else lies there.
func TestEveryRuleHasItsFiles(t *testing.T) {
	t.Parallel()
	ids := map[string]bool{}
	for _, r := range behaviour.Catalogue() {
		id := strings.ToLower(r.ID)
		ids[id] = true
		for _, f := range []string{id + ".go", id + ".md", filepath.Join("testdata", "rules", id+".txtar")} {
			if _, err := os.Stat(f); err != nil {
				t.Errorf("%s: %v", r.ID, err)
			}
		}
		if !strings.HasPrefix(r.Doc, "# "+r.ID+" "+r.Name+"\n") || r.Revision < 1 {
			t.Errorf("%s: doc page or revision missing", r.ID)
		}
	}
	ents, _ := os.ReadDir(filepath.Join("testdata", "rules"))
	for _, e := range ents {
		if !ids[strings.TrimSuffix(e.Name(), ".txtar")] {
			t.Errorf("testdata/rules/%s belongs to no rule", e.Name())
		}
	}
}

// TestCheckSetsFamily: Check's findings carry the rule, its severity and
// the Behaviour family; a scan that was not watched has none.
func TestCheckSetsFamily(t *testing.T) {
	t.Parallel()
	b := &schema.Behaviour{Schema: schema.BehaviourVersion,
		Processes: []schema.ProcessRun{{Path: "/tmp/x", Count: 1, Written: true}}}
	fs := behaviour.Check(b, nil)
	if len(fs) != 1 || fs[0].Rule != "BHV003" || fs[0].Severity != "error" || fs[0].Family != behaviour.Family {
		t.Errorf("Check = %+v", fs)
	}
	if fs := behaviour.Check(nil, []string{"a.example"}); fs != nil {
		t.Errorf("Check(nil) = %+v", fs)
	}
}
