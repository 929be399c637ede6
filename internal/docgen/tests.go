package docgen

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
)

// testPages returns one page per compliance test plus an index.
func testPages() []Page {
	tests := compliance.Catalogue()
	var pages []Page
	var idx strings.Builder
	idx.WriteString(strings.Replace(generatedNote, "rule table", "compliance test table", 1))
	idx.WriteString("# Compliance tests\n\n")
	fmt.Fprintf(&idx, "%d live tests, run in this order by `mcpgauge check` and `mcpgauge scan`. ", len(tests))
	idx.WriteString("Tests skip, rather than fail, when the server did not declare the capability they need. ")
	idx.WriteString("A test whose prerequisite the scanner's environment took away (a backend the sandbox cannot reach or holds no credentials for, the sandbox's process limit) is `not_testable`, with the reason: the official conformance suite's verdict, never a failure and in no score's denominator. ")
	idx.WriteString("Tests marked *invokes* call a real tool and run only with `--call-tools readonly|all`.\n\n")
	idx.WriteString("| ID | name | category | severity | origin | invokes |\n|---|---|---|---|---|---|\n")
	for _, t := range tests {
		inv := ""
		if t.Invokes {
			inv = "yes"
		}
		fmt.Fprintf(&idx, "| [%s](%s.md) | %s | %s | %s | %s | %s |\n", t.ID, t.ID, strings.ReplaceAll(t.Name, "|", "\\|"), t.Category, t.Severity, t.Origin, inv)
		var b strings.Builder
		b.WriteString(strings.Replace(generatedNote, "rule table", "compliance test table", 1))
		fmt.Fprintf(&b, "# %s: %s\n\n", t.ID, t.Name)
		b.WriteString("| | |\n|---|---|\n")
		fmt.Fprintf(&b, "| Category | %s |\n| Severity | %s |\n| Origin | %s |\n| Spec | <%s> |\n| Calls a real tool | %v |\n\n", t.Category, t.Severity, t.Origin, t.SpecRef, t.Invokes)
		doc := strings.TrimSpace(t.Doc)
		if doc == "" {
			doc = "_No further documentation._"
		}
		b.WriteString(doc + "\n\n")
		b.WriteString("## Sessions\n\nWhich session the test uses (its result's `session` field), by the main session's era and the transport; see [the session plan](README.md#sessions).\n\n| era | transport | default | `--compliance deep` |\n|---|---|---|---|\n")
		for _, r := range compliance.SessionTable(t.Needs) {
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", r.Era, r.Transport, r.Default, r.Deep)
		}
		b.WriteString("\n")
		fmt.Fprintf(&b, "Skip it with `mcpgauge check --skip %s`, or in `mcpgauge.yaml`:\n\n```yaml\ncheck:\n  skip: [%s]\n```\n", t.ID, t.ID)
		pages = append(pages, Page{Path: filepath.Join("compliance", t.ID+".md"), Content: []byte(b.String())})
	}
	idx.WriteString("\n## Sessions\n\nEvery test declares the sessions it needs; a small planner (`gauge/compliance/plan.go`) opens as few server processes as the protocol allows and shares them. ")
	idx.WriteString("A default scan of a stdio server starts 1 server process in the stateless era and 2 in the initialize era; `--compliance deep` adds one per offered revision (6), in parallel. ")
	idx.WriteString("Each session has its own budget, opened before the test's own deadline; a slow start is a note in the details, never a failure. Each result's `session` field names what the test used:\n\n")
	for _, v := range compliance.ViaDoc() {
		fmt.Fprintf(&idx, "- `%s`: %s.\n", v.Via, v.Doc)
	}
	pages = append(pages, Page{Path: filepath.Join("compliance", "README.md"), Content: []byte(idx.String())})
	return pages
}
