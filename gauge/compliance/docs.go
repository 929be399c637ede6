package compliance

import (
	"embed"
	"strings"
)

// docFiles holds every test's doc: docs/<test ID>.md, Markdown saying what
// the test checks, why, how to fix a failure and, for quality-gate's tests,
// what differs from mcp-quality-gate 0.1.2.
//
//go:embed docs/*.md
var docFiles embed.FS

// docOf returns the doc of the test with this ID, "" when it has none.
func docOf(id string) string {
	b, err := docFiles.ReadFile("docs/" + id + ".md")
	if err != nil {
		return ""
	}
	return strings.TrimRight(string(b), "\n")
}
