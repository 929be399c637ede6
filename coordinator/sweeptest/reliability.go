package sweeptest

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// ReliabilityEnv names the file (JSON lines) fault tests append their
// figures to; unset, Record writes nothing. docs/reliability.md is
// generated from it by coordinator/sweeptest/reltable.
const ReliabilityEnv = "MCPGAUGE_RELIABILITY_OUT"

// Row is one fault test's figures for the reliability table.
type Row struct {
	// Fault is what the test did to the system; Test names the test.
	Fault string `json:"fault"`
	Test  string `json:"test"`
	// Planned jobs; Stored results (one per job); Lost jobs with no
	// stored result; Duplicated results stored more than once.
	Planned    int `json:"planned"`
	Stored     int `json:"stored"`
	Lost       int `json:"lost"`
	Duplicated int `json:"duplicated"`
	// Message is what the operator was told (empty: nothing); Clear says
	// whether it names the fault and what to do.
	Message string `json:"message"`
	Clear   bool   `json:"clear"`
}

// Record appends r to the file named by ReliabilityEnv, if set. Rows are
// written once the test has passed its own assertions (call it last).
func Record(tb testing.TB, r Row) {
	tb.Helper()
	path := os.Getenv(ReliabilityEnv)
	if path == "" || tb.Failed() {
		return
	}
	if r.Test == "" {
		r.Test = tb.Name()
	}
	b, err := json.Marshal(r)
	if err != nil {
		tb.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		tb.Fatalf("%s: %v", ReliabilityEnv, err)
	}
	defer f.Close()
	if _, err := f.Write(append(b, '\n')); err != nil {
		tb.Fatalf("%s: %v", ReliabilityEnv, err)
	}
}

// ReadRows reads the rows of a JSON-lines file, the last row of each test
// winning, sorted by fault.
func ReadRows(path string) ([]Row, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	byTest := map[string]Row{}
	for i, line := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var r Row
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, i+1, err)
		}
		byTest[r.Test] = r
	}
	rows := make([]Row, 0, len(byTest))
	for _, r := range byTest {
		rows = append(rows, r)
	}
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].Fault != rows[j].Fault {
			return rows[i].Fault < rows[j].Fault
		}
		return rows[i].Test < rows[j].Test
	})
	return rows, nil
}

// Table renders rows as a Markdown table.
func Table(rows []Row) string {
	var b strings.Builder
	b.WriteString("| Fault | Planned | Stored | Lost | Duplicated | Operator told | Test |\n")
	b.WriteString("|---|---:|---:|---:|---:|---|---|\n")
	for _, r := range rows {
		told := "nothing"
		if r.Lost == 0 && r.Duplicated == 0 {
			told = "nothing (none needed)"
		}
		if r.Message != "" {
			told = "clear: " + r.Message
			if !r.Clear {
				told = "unclear: " + r.Message
			}
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %s | `%s` |\n", cell(r.Fault), r.Planned, r.Stored, r.Lost, r.Duplicated,
			clip(cell(told), 160), cell(r.Test))
	}
	return b.String()
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// tempDir matches a test's temporary directory in a message.
var tempDir = regexp.MustCompile(`/tmp/Test[^/\s]*/[0-9]+`)

func cell(s string) string {
	s = tempDir.ReplaceAllString(s, "$$DIR")
	return strings.NewReplacer("|", `\|`, "\n", " ", "\r", " ").Replace(s)
}
