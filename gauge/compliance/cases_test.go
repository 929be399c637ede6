package compliance_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
)

// The test cases of every compliance test live in
// testdata/cases/<test ID>.txtar, run by TestCases. The archive's comment
// says what the test checks; each file in it is one run against a go-sdk
// fixture server (internal/testutil/fixtures/servers) and is named
//
//	<fixture> [http|http=<flag>] [protocol=<revision>] [calls=readonly|all]
//
// (http serves the fixture over Streamable HTTP on loopback instead of
// stdio, http=<flag> with the fixture flag -<flag> too (http=origin turns
// the go-sdk fixtures' Origin check on; oauth-protected has -broken and
// -dcr); a server that answers 401 is graded as an unauthenticated scan is,
// with compliance.RunUnauthorized; protocol forces a
// revision on the main session, as --protocol does; calls is --call-tools). Every run is made in both session modes, default
// and deep. The lines of a run say what the test must report:
//
//	status: pass|fail|skip|error|not_testable    the status (required)
//	deep status: <status>           the status in deep mode, when it differs
//	                                (deep offers every revision: only a
//	                                revision-specific finding may differ)
//	message: <regexp>               matches the one-line message (RE2)
//	detail: <text>                  a substring of the message and details
//	default detail: <text>          the same, in the default mode only
//	deep detail: <text>             the same, in deep mode only
//
// A test whose file does not name a run that another file names must
// neither fail nor err in it, so each run's failing tests are exactly those
// the files say fail.

// caseRun is one fixture run: the section name of a case file, parsed.
type caseRun struct {
	fixture, protocol string
	// http is "" (stdio), "plain" (-http) or a fixture flag (-http -<flag>).
	http  string
	calls compliance.CallMode
}

func (r caseRun) String() string {
	s := r.fixture
	switch r.http {
	case "":
	case "plain":
		s += " http"
	default:
		s += " http=" + r.http
	}
	if r.protocol != "" {
		s += " protocol=" + r.protocol
	}
	if r.calls != "" {
		s += " calls=" + string(r.calls)
	}
	return s
}

func parseRun(name string) (caseRun, error) {
	f := strings.Fields(name)
	if len(f) == 0 {
		return caseRun{}, fmt.Errorf("empty run name")
	}
	r := caseRun{fixture: f[0]}
	for _, opt := range f[1:] {
		k, v, _ := strings.Cut(opt, "=")
		switch {
		case opt == "http":
			r.http = "plain"
		case k == "http" && regexp.MustCompile(`^[a-z]+$`).MatchString(v) && v != "plain":
			r.http = v
		case k == "protocol" && regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`).MatchString(v):
			r.protocol = v
		case k == "calls" && (v == string(compliance.CallReadOnly) || v == string(compliance.CallAll)):
			r.calls = compliance.CallMode(v)
		default:
			return caseRun{}, fmt.Errorf("run %q: option %q: want http, http=<flag>, protocol=<YYYY-MM-DD> or calls=readonly|all", name, opt)
		}
	}
	if r.String() != strings.Join(f, " ") {
		return caseRun{}, fmt.Errorf("run %q: write it as %q", name, r.String())
	}
	return r, nil
}

// target starts the run's fixture: over stdio, or served over Streamable
// HTTP on loopback.
func (r caseRun) target(t *testing.T) (*connect.Target, string) {
	t.Helper()
	if r.http == "" {
		return stdioFixture(t, r.fixture)
	}
	markerPath := filepath.Join(t.TempDir(), "marker")
	args := []string{"-http", "127.0.0.1:0"}
	if r.http != "plain" {
		args = append(args, "-"+r.http)
	}
	url := fixtures.StartHTTPEnv(t, r.fixture, map[string]string{fixtures.MarkerEnv: markerPath}, args...)
	return &connect.Target{Transport: connect.TransportHTTP, URL: url, Display: r.String()}, markerPath
}

// expectation is what one test must report in one run.
type expectation struct {
	status compliance.Status
	// deepStatus, when set, is the status in deep mode.
	deepStatus compliance.Status
	message    []*regexp.Regexp
	details    []string
	byMode     map[compliance.Mode][]string
	caseFile   string
}

// caseSet is every case file, read: test ID → run → expectation.
type caseSet struct {
	runs   []caseRun
	expect map[string]map[caseRun]expectation
}

func readCases(dir string) (caseSet, error) {
	set := caseSet{expect: map[string]map[caseRun]expectation{}}
	files, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		return set, err
	}
	known := map[string]bool{}
	for _, t := range compliance.Catalogue() {
		known[t.ID] = true
	}
	var errs []string
	for _, path := range files {
		id := strings.TrimSuffix(filepath.Base(path), ".txtar")
		if !known[id] {
			errs = append(errs, fmt.Sprintf("%s: no compliance test has the ID %q", path, id))
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return set, err
		}
		ar := txtar.Parse(data)
		if !strings.HasPrefix(string(ar.Comment), id+": ") {
			errs = append(errs, fmt.Sprintf("%s: the comment must start with %q and say what the test checks", path, id+": "))
		}
		if len(ar.Files) == 0 {
			errs = append(errs, fmt.Sprintf("%s: no runs", path))
		}
		set.expect[id] = map[caseRun]expectation{}
		for _, f := range ar.Files {
			run, err := parseRun(f.Name)
			if err == nil {
				_, dup := set.expect[id][run]
				if dup {
					err = fmt.Errorf("run %q twice", f.Name)
				}
			}
			var e expectation
			if err == nil {
				e, err = parseExpectation(string(f.Data))
			}
			if err != nil {
				errs = append(errs, fmt.Sprintf("%s: %v", path, err))
				continue
			}
			e.caseFile = path
			set.expect[id][run] = e
			if !slices.Contains(set.runs, run) {
				set.runs = append(set.runs, run)
			}
		}
	}
	for id := range known {
		if _, ok := set.expect[id]; !ok {
			errs = append(errs, fmt.Sprintf("compliance test %s has no case file %s", id, filepath.Join(dir, id+".txtar")))
		}
	}
	sort.Strings(errs)
	if len(errs) > 0 {
		return set, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return set, nil
}

func parseExpectation(text string) (expectation, error) {
	e := expectation{byMode: map[compliance.Mode][]string{}}
	for line := range strings.SplitSeq(strings.TrimRight(text, "\n"), "\n") {
		key, val, ok := strings.Cut(line, ": ")
		if !ok || strings.TrimSpace(val) == "" {
			return e, fmt.Errorf("line %q: want <key>: <value>", line)
		}
		switch key {
		case "deep status":
			switch st := compliance.Status(val); st {
			case compliance.StatusPass, compliance.StatusFail, compliance.StatusSkip, compliance.StatusError, compliance.StatusNotTestable:
				e.deepStatus = st
			default:
				return e, fmt.Errorf("deep status %q: want pass, fail, skip or error", val)
			}
		case "status":
			switch st := compliance.Status(val); st {
			case compliance.StatusPass, compliance.StatusFail, compliance.StatusSkip, compliance.StatusError, compliance.StatusNotTestable:
				if e.status != "" {
					return e, fmt.Errorf("two status lines")
				}
				e.status = st
			default:
				return e, fmt.Errorf("status %q: want pass, fail, skip, error or not_testable", val)
			}
		case "message":
			re, err := regexp.Compile(val)
			if err != nil {
				return e, fmt.Errorf("message %q: %w", val, err)
			}
			e.message = append(e.message, re)
		case "detail":
			e.details = append(e.details, val)
		case "default detail":
			e.byMode[compliance.ModeDefault] = append(e.byMode[compliance.ModeDefault], val)
		case "deep detail":
			e.byMode[compliance.ModeDeep] = append(e.byMode[compliance.ModeDeep], val)
		default:
			return e, fmt.Errorf("line %q: want status, deep status, message, detail, default detail or deep detail", line)
		}
	}
	if e.status == "" {
		return e, fmt.Errorf("no status line")
	}
	return e, nil
}

// check compares one result with its expectation and returns the misses.
func (e expectation) check(r compliance.TestResult, mode compliance.Mode) []string {
	var miss []string
	want := e.status
	if mode == compliance.ModeDeep && e.deepStatus != "" {
		want = e.deepStatus
	}
	if r.Status != want {
		miss = append(miss, fmt.Sprintf("status %s %q, want %s", r.Status, r.Message, want))
	}
	for _, re := range e.message {
		if !re.MatchString(r.Message) {
			miss = append(miss, fmt.Sprintf("message %q does not match %q", r.Message, re))
		}
	}
	text := r.Message + "\n" + strings.Join(r.Details, "\n")
	for _, d := range append(slices.Clone(e.details), e.byMode[mode]...) {
		if !strings.Contains(text, d) {
			miss = append(miss, fmt.Sprintf("%q not in %q", d, text))
		}
	}
	return miss
}

// toolBodies is what a run must leave in the fixture's marker file beyond
// what any one test says: the tool bodies that ran (sorted) and how often
// the nonexistent-tool probes reached a tool body (only a server that
// accepts unknown tools records them). A run not listed runs none.
func toolBodies() map[string]struct {
	ran    []string
	probes int
} {
	return map[string]struct {
		ran    []string
		probes int
	}{
		"careful protocol=2025-11-25 calls=readonly": {ran: []string{"check_availability", "get_book_details", "search_books"}},
		"careless calls=all":                         {ran: []string{"delete_records", "fetchUrl", "get_data", "get_env", "get_status", "get_user", "get_users", "old_search", "run"}},
		"offline-backend calls=readonly":             {ran: []string{"get_account", "get_quote"}},
		// The hand-rolled server answers unknown tools with success, so
		// tools-call-02 and spec-tools-01 each reach it.
		"loop-pagination": {probes: 2},
	}
}

// TestCaseFilesNameKnownTests: every compliance test has a case file and
// every case file names a test of the catalogue, in the format above.
func TestCaseFilesNameKnownTests(t *testing.T) {
	t.Parallel()
	set, err := readCases(filepath.Join("testdata", "cases"))
	if err != nil {
		t.Fatal(err)
	}
	if len(set.expect) != len(compliance.Catalogue()) {
		t.Errorf("%d case files for %d tests", len(set.expect), len(compliance.Catalogue()))
	}
	for name := range toolBodies() {
		if !slices.ContainsFunc(set.runs, func(r caseRun) bool { return r.String() == name }) {
			t.Errorf("toolBodies names the run %q, which no case file makes", name)
		}
	}
	// The reader rejects what it should.
	for _, bad := range []string{"", "status: maybe", "status: pass\nstatus: fail", "message: (", "detail: x", "status: pass\nwant: x"} {
		if _, err := parseExpectation(bad); err == nil {
			t.Errorf("parseExpectation(%q) accepted it", bad)
		}
	}
	for _, bad := range []string{"careful calls=some", "careful calls=all protocol=2025-11-25", "careful mode=deep", "careful http=TLS", "careful http=plain", "careful protocol=2025-11-25 http"} {
		if _, err := parseRun(bad); err == nil {
			t.Errorf("parseRun(%q) accepted it", bad)
		}
	}
	dir := t.TempDir()
	for name, body := range map[string]string{"no-such-test.txtar": "no-such-test: x\n-- careful --\nstatus: pass\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, err = readCases(dir)
	if err == nil || !strings.Contains(err.Error(), `no compliance test has the ID "no-such-test"`) || !strings.Contains(err.Error(), "spec-bait-01 has no case file") {
		t.Errorf("readCases of a stray file: %v; want it named and every test's missing file named", err)
	}
}

// TestCases runs every fixture run the case files name, once per session
// mode, and checks each test's result against its case file. Beyond the
// files, every result that ran names its session, and the tool bodies that
// ran are those toolBodies lists.
func TestCases(t *testing.T) {
	t.Parallel()
	set, err := readCases(filepath.Join("testdata", "cases"))
	if err != nil {
		t.Fatal(err)
	}
	bodies := toolBodies()
	for _, run := range set.runs {
		for _, mode := range []compliance.Mode{compliance.ModeDefault, compliance.ModeDeep} {
			t.Run(run.String()+"/"+string(mode), func(t *testing.T) {
				t.Parallel()
				target, markerPath := run.target(t)
				rep := scanWith(t, target, run.protocol, compliance.Options{CallTools: run.calls, Mode: mode}, compliance.RunOptions{})
				defer func() {
					if t.Failed() {
						t.Logf("report:\n%s", dump(rep))
					}
				}()
				if len(rep.Results) != len(set.expect) {
					t.Errorf("%d results for %d tests with case files", len(rep.Results), len(set.expect))
				}
				for _, r := range rep.Results {
					e, ok := set.expect[r.ID][run]
					switch {
					case ok:
						for _, m := range e.check(r, mode) {
							t.Errorf("%s (%s): %s", r.ID, e.caseFile, m)
						}
					case r.Status == compliance.StatusFail || r.Status == compliance.StatusError:
						t.Errorf("%s: %s %q; its case file does not name this run, so it must pass or skip", r.ID, r.Status, r.Message)
					}
					if r.Status != compliance.StatusSkip && r.Session == "" {
						t.Errorf("%s: no session recorded", r.ID)
					}
				}
				want := bodies[run.String()]
				var ran []string
				probes := 0
				for _, n := range markerNames(t, markerPath) {
					if strings.HasPrefix(n, "__mcptest_nonexistent_tool_") {
						probes++
						continue
					}
					ran = append(ran, n)
				}
				sort.Strings(ran)
				if probes != want.probes {
					t.Errorf("nonexistent-tool probes reached a tool body %d times, want %d", probes, want.probes)
				}
				if !slices.Equal(ran, want.ran) {
					t.Errorf("tool bodies that ran: %v, want %v", ran, want.ran)
				}
			})
		}
	}
}
