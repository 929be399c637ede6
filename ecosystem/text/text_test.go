package text

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/schema"
)

const evil = "evil\x1b[31mred\u202e"

func report(name string, at1 int) schema.EcosystemReport {
	return schema.EcosystemReport{SweepID: "s1", Name: name, Version: "1\r", JobID: "j", Seed: 7, PoolServers: 2, PoolTools: 9,
		Search: schema.Recall{At1: at1, At5: 4, Total: 4}, Distractors: 3, Drawn: []string{evil}, Model: "m",
		InPool:   &schema.Ratio{Correct: 1, Total: 4},
		Captures: []schema.EcosystemCapture{{Method: schema.MethodSearch, Server: evil, Tool: "t", Victim: "v", Count: 1, Total: 4}}}
}

// TestWrite: the table, the detail of a single server and the empty
// store's hint; no control character from a report reaches the output.
func TestWrite(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		reps   []schema.EcosystemReport
		limit  int
		detail bool
		want   []string
		absent []string
	}{
		{"empty", nil, 0, false, []string{"no ecosystem reports yet"}, nil},
		{"table", []schema.EcosystemReport{report("a", 1), report("b", 2), report("c", 3)}, 2, false,
			[]string{"Ecosystem pass of sweep s1 (seed 7): pool of 2 servers, 9 tools", "The 2 servers hardest to find, of 3:", "Over 3 servers' 12 prompts", "SERVER"},
			[]string{"distractors:"}},
		{"one server in detail", []schema.EcosystemReport{report("a", 1)}, 0, true,
			[]string{"a@1\\r (scan j, 4 selection cases)", "captures 25% of the prompts meant for v", "m with 1 distractors", "distractors: evil"},
			[]string{"Over "}},
	} {
		var b bytes.Buffer
		if err := Write(&b, tc.reps, tc.limit, tc.detail); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output lacks %q:\n%s", tc.name, w, out)
			}
		}
		for _, a := range tc.absent {
			if strings.Contains(out, a) {
				t.Errorf("%s: output has %q:\n%s", tc.name, a, out)
			}
		}
		if strings.ContainsAny(out, "\x1b\r\u202e") {
			t.Errorf("%s: a control character reached the output: %q", tc.name, out)
		}
	}
}

// TestJSON: the first limit reports, and [] (not null) for none.
func TestJSON(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	if err := JSON(&b, nil, 0); err != nil || strings.TrimSpace(b.String()) != "[]" {
		t.Errorf("no reports: %q, %v; want []", b.String(), err)
	}
	b.Reset()
	if err := JSON(&b, []schema.EcosystemReport{report("a", 1), report("b", 2)}, 1); err != nil {
		t.Fatal(err)
	}
	var got []schema.EcosystemReport
	if err := json.Unmarshal(b.Bytes(), &got); err != nil || len(got) != 1 || got[0].Name != "a" {
		t.Errorf("limit 1: %v, %v", got, err)
	}
}
