package compliance_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofrs/flock"
	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
)

// suiteVersion is the official conformance suite the differential test
// pins (npm @modelcontextprotocol/conformance).
const suiteVersion = "0.1.16"

// suiteDirEnv names a directory where the suite is (or is to be)
// installed: <dir>/node_modules/@modelcontextprotocol/conformance. .ci/run
// installs it there before the tests; without it the test installs it
// under the system's temporary directory, never into the repository.
const suiteDirEnv = "MCPGAUGE_TEST_CONFORMANCE_SUITE_DIR"

// suitePair is one requirement both tools test: the suite's check and our
// test. when, if set, says on which servers the pair is the same
// requirement (given our report).
type suitePair struct {
	check, ours string
	when        func(res map[string]compliance.TestResult) bool
}

// suitePairs are the requirements both the suite and mcpgauge test.
func suitePairs() []suitePair {
	return []suitePair{
		{check: "server-initialize", ours: "lifecycle-init-01"},
		{check: "ping", ours: "spec-ping-01"},
		{check: "logging-set-level", ours: "spec-logging-01"},
		{check: "tools-list", ours: "tools-list-01"},
		{check: "resources-list", ours: "resources-list-01"},
		{check: "prompts-list", ours: "prompts-list-01"},
		{check: "localhost-host-rebinding-rejected", ours: "spec-origin-01"},
		// What the server answers to completion/complete: we judge it
		// when the server does not declare completions (spec-caps-02
		// probes it then), the suite always.
		{check: "completion-complete", ours: "spec-caps-02", when: func(res map[string]compliance.TestResult) bool {
			return strings.Contains(strings.Join(res["spec-caps-02"].Details, "\n"), "completion/complete")
		}},
		// What the server answers to a tool it does not have: the suite's
		// tools-call-error calls test_error_handling, which only its own
		// everything-server lists.
		{check: "tools-call-error", ours: "spec-tools-01"},
	}
}

// knownSuiteError is a disagreement where the suite is wrong, with the
// spec text that decides it.
type knownSuiteError struct {
	fixture, check, why string
}

// knownSuiteErrors are the disagreements the test expects: each must
// occur (a stale entry fails the test, as the suite's own
// --expected-failures baselines do).
func knownSuiteErrors() []knownSuiteError {
	const undeclaredCompletions = "fails a capability the server never declared: the spec (2025-11-25 server/utilities/completion#capabilities) says \"Servers that support completions MUST declare the completions capability\", and capability negotiation (basic/lifecycle) makes an undeclared capability unsupported, so -32601 is the right answer"
	const missingToolError = "calls test_error_handling, a tool only the suite's own everything-server has (a fixture-only check): the server answered the unknown tool with JSON-RPC error -32602, which is what 2025-11-25 server/tools#error-handling asks (\"Protocol Errors: … Unknown tools\")"
	const missingToolIsError = "passes an isError result for a tool the server does not have: 2025-11-25 server/tools#error-handling makes an unknown tool a protocol error (JSON-RPC -32602), and isError is for errors of a tool that ran (\"Tool Execution Errors\")"
	const hostNotOrigin = "passes a server that does not check Origin: its rebinding check sends a foreign Host and a foreign Origin together, and the go-sdk refuses the Host; 2025-11-25 basic/transports#security-warning says \"Servers MUST validate the Origin header on all incoming connections\" and \"If the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden\", which spec-origin-01 checks with the Host left as it is"
	const optionalDescription = "fails an item with no description: in the 2025-11-25 schema (schema.ts) Tool and Prompt declare \"description?: string\", an optional field, so a list without it is valid (mcpgauge's lint rules grade descriptions as design, not compliance)"
	return []knownSuiteError{
		{"careless", "tools-list", optionalDescription},
		{"careless", "prompts-list", optionalDescription},
		{"careful", "localhost-host-rebinding-rejected", hostNotOrigin},
		{"offline-backend", "localhost-host-rebinding-rejected", hostNotOrigin},
		{"careless", "localhost-host-rebinding-rejected", hostNotOrigin},
		{"careful", "completion-complete", undeclaredCompletions},
		{"careful -origin", "completion-complete", undeclaredCompletions},
		{"offline-backend", "completion-complete", undeclaredCompletions},
		{"careful", "tools-call-error", missingToolError},
		{"careful -origin", "tools-call-error", missingToolError},
		{"offline-backend", "tools-call-error", missingToolIsError},
		{"careless", "tools-call-error", missingToolError},
		{"careless", "completion-complete", undeclaredCompletions},
	}
}

// suiteCheck is one check of the suite's checks.json.
type suiteCheck struct {
	ID           string `json:"id"`
	Status       string `json:"status"`
	ErrorMessage string `json:"errorMessage"`
}

// suiteEntry returns the suite's entry script and the node flags it needs,
// installing the suite when it is absent, or skips the test with one line
// saying why it cannot run here.
func suiteEntry(t *testing.T) (string, []string) {
	t.Helper()
	out, err := exec.Command("node", "--version").Output()
	if err != nil {
		t.Skipf("official conformance suite not run: no node (%v)", err)
	}
	major, minor := nodeVersion(strings.TrimSpace(string(out)))
	if major < 20 || (major == 20 && minor < 6) {
		t.Skipf("official conformance suite not run: node %s is older than 20.6 (module.register)", strings.TrimSpace(string(out)))
	}
	dir := filepath.Clean(os.Getenv(suiteDirEnv)) // a trailing "/" would put the lock inside
	if os.Getenv(suiteDirEnv) == "" {
		dir = filepath.Join(os.TempDir(), "mcpgauge-conformance-suite", suiteVersion)
	}
	entry := filepath.Join(dir, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js")
	if _, err := os.Stat(filepath.Join(dir, suiteComplete)); err != nil {
		if err := installSuite(dir); err != nil {
			t.Skipf("official conformance suite not run: %.300v", err)
		}
	}
	var flags []string
	if major < 22 {
		// fs.globSync arrived in Node 22; the suite imports it by name.
		reg, err := filepath.Abs(filepath.Join("testdata", "conformance", "register.mjs"))
		if err != nil {
			t.Fatal(err)
		}
		flags = []string{"--import", reg}
	}
	return entry, flags
}

// suiteComplete is the file an install of the suite writes last: a
// directory without it (an install cut short, or two installs racing into
// one directory) is installed again, not trusted.
const suiteComplete = ".mcpgauge-suite-complete"

// installSuite installs the suite into a fresh directory beside dir, marks
// it complete and moves it into place, so dir is either absent, a whole
// install, or an older partial one that the next run replaces.
func installSuite(dir string) error {
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return fmt.Errorf("prepare the suite's directory: %w", err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), filepath.Base(dir)+".partial-")
	if err != nil {
		return fmt.Errorf("prepare the suite's directory: %w", err)
	}
	defer os.RemoveAll(tmp)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "npm", "install", "--prefix", tmp, "--no-audit", "--no-fund", "--ignore-scripts", "--fetch-retries=1",
		"@modelcontextprotocol/conformance@"+suiteVersion)
	if b, err := cmd.CombinedOutput(); err != nil {
		why := strings.TrimSpace(string(b))
		for _, l := range strings.Split(why, "\n") {
			if strings.HasPrefix(l, "npm error") && !strings.Contains(l, "complete log") {
				why = l
				break
			}
		}
		return fmt.Errorf("npm install @modelcontextprotocol/conformance@%s: %w: %s", suiteVersion, err, why)
	}
	if err := os.WriteFile(filepath.Join(tmp, suiteComplete), []byte(suiteVersion+"\n"), 0o644); err != nil {
		return fmt.Errorf("mark the suite's install complete: %w", err)
	}
	if err := os.Chmod(tmp, 0o755); err != nil { // MkdirTemp makes it 0700
		return fmt.Errorf("open the suite's directory: %w", err)
	}
	// The swap holds a lock beside dir (shared with .ci/run's flock), so a
	// run that finds dir partial cannot delete a whole install another run
	// has just moved into place.
	lock := flock.New(dir + ".lock")
	ok, err := lock.TryLockContext(ctx, 100*time.Millisecond)
	if err != nil {
		return fmt.Errorf("lock the suite's directory: %w", err)
	}
	if !ok {
		return fmt.Errorf("lock the suite's directory: %s is held by another run", dir+".lock")
	}
	defer lock.Unlock()
	if _, err := os.Stat(filepath.Join(dir, suiteComplete)); err == nil {
		return nil // another run finished first; its install is whole
	}
	if err := os.RemoveAll(dir); err != nil { // a partial install, never marked
		return fmt.Errorf("remove a partial install of the suite: %w", err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		return fmt.Errorf("move the suite's install into place: %w", err)
	}
	return nil
}

func nodeVersion(v string) (int, int) {
	m := regexp.MustCompile(`^v(\d+)\.(\d+)`).FindStringSubmatch(v)
	if m == nil {
		return 0, 0
	}
	major, _ := strconv.Atoi(m[1])
	minor, _ := strconv.Atoi(m[2])
	return major, minor
}

// runSuite runs every active server scenario of the suite against url and
// returns its checks by ID.
func runSuite(t *testing.T, entry string, flags []string, url string) map[string]suiteCheck {
	t.Helper()
	out := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", append(flags, entry, "server", "--url", url, "-o", out)...)
	cmd.Dir = out
	log, err := cmd.CombinedOutput()
	// The suite exits 1 when a check fails; only missing results matter.
	files, _ := filepath.Glob(filepath.Join(out, "*", "checks.json"))
	if len(files) == 0 {
		t.Fatalf("the suite wrote no checks.json (%v):\n%s", err, log)
	}
	checks := map[string]suiteCheck{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var cs []suiteCheck
		if err := json.Unmarshal(data, &cs); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, c := range cs {
			checks[c.ID] = c
		}
	}
	return checks
}

// suitePassed reads a suite status as a verdict: SUCCESS and WARNING pass,
// FAILURE fails; anything else (INFO, SKIPPED) is no verdict.
func suitePassed(status string) (passed, judged bool) {
	switch status {
	case "SUCCESS", "WARNING":
		return true, true
	case "FAILURE":
		return false, true
	}
	return false, false
}

// TestOfficialSuiteAgreement runs the official conformance suite's server
// scenarios and mcpgauge's compliance tests against the same loopback HTTP
// fixtures and wants the same verdict on every requirement both test,
// except the known suite errors, each decided by the spec text it names.
func TestOfficialSuiteAgreement(t *testing.T) {
	t.Parallel()
	entry, flags := suiteEntry(t)
	type fixture struct {
		name string
		args []string
	}
	known := map[[2]string]string{}
	for _, k := range knownSuiteErrors() {
		known[[2]string{k.fixture, k.check}] = k.why
	}
	var mu sync.Mutex // guards agreed, compared and seen (the fixtures run in parallel)
	var agreed, compared int
	seen := map[[2]string]bool{}
	t.Run("fixtures", func(t *testing.T) {
		for _, fx := range []fixture{{"careful", nil}, {"careful", []string{"-origin"}}, {"offline-backend", nil}, {"careless", nil}} {
			label := strings.Join(append([]string{fx.name}, fx.args...), " ")
			t.Run(label, func(t *testing.T) {
				t.Parallel()
				url := fixtures.StartHTTP(t, fx.name, append([]string{"-http", "127.0.0.1:0"}, fx.args...)...)
				suite := runSuite(t, entry, flags, url)
				tg := &connect.Target{Transport: connect.TransportHTTP, URL: url, Display: url}
				res := byID(scanWith(t, tg, "", compliance.Options{}, compliance.RunOptions{}))
				for _, p := range suitePairs() {
					c, ok := suite[p.check]
					r, ours := res[p.ours]
					suitePass, judged := suitePassed(c.Status)
					if !ok || !ours || !judged || (r.Status != compliance.StatusPass && r.Status != compliance.StatusFail) {
						continue // not tested by both
					}
					if p.when != nil && !p.when(res) {
						continue
					}
					key := [2]string{label, p.check}
					agree := suitePass == (r.Status == compliance.StatusPass)
					why, isKnown := known[key]
					t.Logf("%-34s %-8s | %-18s %-5s | %s", p.check, c.Status, p.ours, r.Status, map[bool]string{true: "agree", false: "DISAGREE"}[agree])
					switch {
					case agree && isKnown:
						t.Errorf("%s: the suite (%s) and %s (%s) agree; drop the stale known suite error", p.check, c.Status, p.ours, r.Status)
					case !agree && !isKnown:
						t.Errorf("%s: the suite says %s (%s), %s says %s (%s)", p.check, c.Status, c.ErrorMessage, p.ours, r.Status, r.Message)
					case !agree:
						t.Logf("  known suite error: %s", why)
					}
					mu.Lock()
					seen[key] = true
					compared++
					if agree {
						agreed++
					}
					mu.Unlock()
				}
			})
		}
	})
	for k := range known {
		if !seen[k] {
			t.Errorf("known suite error %s / %s never compared: the pair is no longer tested by both", k[0], k[1])
		}
	}
	t.Logf("agreement: %d of %d requirements both test; the %d others are known suite errors", agreed, compared, compared-agreed)
	if compared == 0 {
		t.Fatal("no requirement was tested by both")
	}
}
