package compliance

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestRunFiltersPanicsAndDeadlines(t *testing.T) {
	t.Parallel()
	block := make(chan struct{})
	defer close(block)
	tests := []Test{
		{ID: "a", Run: func(context.Context, *Env) Result { return pass("ok") }},
		{ID: "b", Run: func(context.Context, *Env) Result { return fail("bad") }},
		{ID: "c", Run: func(context.Context, *Env) Result { panic("boom") }},
		{ID: "d", Run: func(ctx context.Context, _ *Env) Result {
			<-ctx.Done() // obeys its deadline
			return fail("ctx: %v", ctx.Err())
		}},
		{ID: "e", Run: func(context.Context, *Env) Result {
			<-block // ignores its deadline entirely
			return pass("late")
		}},
		{ID: "f", Run: func(context.Context, *Env) Result { return pass("filtered out") }},
		{ID: "g"},
		{ID: "h", Run: func(context.Context, *Env) Result { return notTestable("backend unreachable") }},
	}
	// Quick tests get a generous deadline (no timing dependence); the two
	// blocking ones a short one, so they time out.
	quick := Run(context.Background(), &Env{}, RunOptions{Tests: tests, Timeout: time.Hour, Skip: []string{" f , x", "d", "e"}})
	slow := Run(context.Background(), &Env{}, RunOptions{Tests: tests, Timeout: 50 * time.Millisecond, Only: []string{"d", "e"}})
	rep := quick
	for i := range rep.Results {
		if id := rep.Results[i].ID; id == "d" || id == "e" {
			rep.Results[i] = slow.Results[i]
		}
	}
	rep.Summary = Summarise(rep.Results)
	want := map[string]struct {
		status Status
		msg    string
	}{
		"a": {StatusPass, "ok"},
		"b": {StatusFail, "bad"},
		"c": {StatusError, "test panicked: boom"},
		"d": {StatusError, "Test timed out after 50 ms"},
		"e": {StatusError, "Test timed out after 50 ms"},
		"f": {StatusSkip, "skipped by filter"},
		"g": {StatusError, "test has no Run function"},
		"h": {StatusNotTestable, "backend unreachable"},
	}
	if len(rep.Results) != len(tests) {
		t.Fatalf("got %d results, want %d", len(rep.Results), len(tests))
	}
	for i, r := range rep.Results {
		if r.ID != tests[i].ID {
			t.Errorf("result %d is %s, want %s (order kept)", i, r.ID, tests[i].ID)
		}
		w := want[r.ID]
		if r.Status != w.status || r.Message != w.msg {
			t.Errorf("%s: %s %q, want %s %q", r.ID, r.Status, r.Message, w.status, w.msg)
		}
	}
	// Not testable is neither a failure nor ran.
	wantSum := Summary{Total: 8, Passed: 1, Failed: 1, Skipped: 1, Errors: 4, NotTestable: 1, Ran: 6}
	if rep.Summary != wantSum {
		t.Errorf("summary %+v, want %+v", rep.Summary, wantSum)
	}
}

func TestRunOnly(t *testing.T) {
	t.Parallel()
	var ran []string
	mk := func(id string) Test {
		return Test{ID: id, Run: func(context.Context, *Env) Result { ran = append(ran, id); return pass("") }}
	}
	rep := Run(context.Background(), &Env{}, RunOptions{Tests: []Test{mk("a"), mk("b"), mk("c")}, Only: []string{"c,a"}})
	if !slices.Equal(ran, []string{"a", "c"}) {
		t.Errorf("ran %v, want [a c]", ran)
	}
	if rep.Results[1].Status != StatusSkip || rep.Results[1].Message != "skipped by filter" {
		t.Errorf("b: %+v, want skipped by filter", rep.Results[1])
	}
}

func TestRunCancelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep := Run(ctx, &Env{}, RunOptions{Tests: []Test{{ID: "a", Run: func(context.Context, *Env) Result { return pass("") }}}})
	if rep.Results[0].Status != StatusError || !strings.Contains(rep.Results[0].Message, "cancelled") {
		t.Errorf("got %+v, want a cancelled error", rep.Results[0])
	}
}

func TestCatalogueIsWellFormed(t *testing.T) {
	t.Parallel()
	cat := Catalogue()
	seen := map[string]bool{}
	idRe := regexp.MustCompile(`^[a-z]+(-[a-z0-9]+)*-\d\d$`)
	qg := 0
	for _, tc := range cat {
		if seen[tc.ID] {
			t.Errorf("duplicate ID %s", tc.ID)
		}
		seen[tc.ID] = true
		if !idRe.MatchString(tc.ID) {
			t.Errorf("%s: ID does not look like family-NN", tc.ID)
		}
		if tc.Name == "" || tc.Category == "" || tc.Doc == "" || tc.Run == nil {
			t.Errorf("%s: missing name, category, doc or Run", tc.ID)
		}
		if !slices.Contains([]Severity{Critical, High, Medium, Low}, tc.Severity) {
			t.Errorf("%s: severity %q", tc.ID, tc.Severity)
		}
		if !strings.HasPrefix(tc.SpecRef, specBase+"20") {
			t.Errorf("%s: spec ref %q is not a revision URL", tc.ID, tc.SpecRef)
		}
		switch tc.Origin {
		case OriginQualityGate:
			qg++
		case OriginMCPGauge:
		default:
			t.Errorf("%s: origin %q", tc.ID, tc.Origin)
		}
	}
	if qg != 17 {
		t.Errorf("%d quality-gate tests, want 17", qg)
	}
	// quality-gate's table (seed-spec B4), in its order.
	wantQG := []struct {
		id, cat string
		sev     Severity
	}{
		{"lifecycle-init-01", "lifecycle", Critical}, {"lifecycle-init-02", "lifecycle", Critical},
		{"lifecycle-init-03", "lifecycle", High}, {"tools-list-01", "tools", Critical},
		{"tools-list-02", "tools", Critical}, {"tools-list-03", "tools", Medium},
		{"tools-list-04", "tools", High}, {"tools-call-01", "tools", Critical},
		{"tools-call-02", "tools", High}, {"tools-call-03", "tools", Medium},
		{"resources-list-01", "resources", Critical}, {"resources-list-02", "resources", Critical},
		{"resources-list-03", "resources", Medium}, {"resources-read-01", "resources", Critical},
		{"prompts-list-01", "prompts", Critical}, {"prompts-list-02", "prompts", Critical},
		{"prompts-get-01", "prompts", Critical},
	}
	for i, w := range wantQG {
		got := cat[i]
		if got.ID != w.id || got.Category != w.cat || got.Severity != w.sev {
			t.Errorf("catalogue[%d] = %s/%s/%s, want %s/%s/%s", i, got.ID, got.Category, got.Severity, w.id, w.cat, w.sev)
		}
	}
	for _, tc := range cat {
		if tc.Invokes != (tc.ID == "tools-call-01" || tc.ID == "spec-output-01") {
			t.Errorf("%s: Invokes = %v", tc.ID, tc.Invokes)
		}
	}
	if _, ok := ByID("spec-bait-01"); !ok {
		t.Error("ByID(spec-bait-01) not found")
	}
}

func TestParseCallMode(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]CallMode{"": CallNone, "none": CallNone, "ReadOnly": CallReadOnly, " all ": CallAll} {
		got, err := ParseCallMode(in)
		if err != nil || got != want {
			t.Errorf("ParseCallMode(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ParseCallMode("some"); err == nil || !strings.Contains(err.Error(), `"some"`) {
		t.Errorf("ParseCallMode(some) error %v, want one naming the value", err)
	}
}

func TestRunCapsDetails(t *testing.T) {
	t.Parallel()
	many := make([]string, MaxDetails+7)
	for i := range many {
		many[i] = "line"
	}
	rep := Run(context.Background(), &Env{}, RunOptions{Tests: []Test{{ID: "a", Run: func(context.Context, *Env) Result {
		return fail("x").with(many...)
	}}}})
	d := rep.Results[0].Details
	if len(d) != MaxDetails+1 || d[MaxDetails] != "… and 7 more" {
		t.Errorf("got %d details ending %q, want %d ending \"… and 7 more\"", len(d), d[len(d)-1], MaxDetails+1)
	}
}

// TestFailsAt: --fail-on's threshold against failed and errored tests.
func TestFailsAt(t *testing.T) {
	t.Parallel()
	rep := Report{Results: []TestResult{
		{ID: "a", Result: Result{Status: StatusPass}, Severity: Critical},
		{ID: "b", Result: Result{Status: StatusSkip}, Severity: Critical},
		{ID: "c", Result: Result{Status: StatusFail}, Severity: Medium},
		{ID: "d", Result: Result{Status: StatusError}, Severity: "odd"},
	}}
	for _, tc := range []struct {
		failOn string
		want   bool
	}{
		{"critical", false}, {"HIGH", false}, {"medium", true}, {"low", true}, {"none", false}, {"off", false},
	} {
		floor, err := ParseFailOn(tc.failOn)
		if err != nil {
			t.Fatal(err)
		}
		if got := rep.FailsAt(floor); got != tc.want {
			t.Errorf("fail-on %s: FailsAt = %v, want %v", tc.failOn, got, tc.want)
		}
	}
	if lowOnly := (Report{Results: []TestResult{{Result: Result{Status: StatusError}, Severity: "odd"}}}); !lowOnly.FailsAt(Low) {
		t.Error("an errored test of an unknown severity should count as low")
	}
	if _, err := ParseFailOn("loud"); err == nil || !strings.Contains(err.Error(), "want critical, high, medium, low or none") {
		t.Errorf("ParseFailOn(loud) = %v", err)
	}
}
