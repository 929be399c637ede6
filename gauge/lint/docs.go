package lint

import (
	"embed"
	"strings"
)

// ruleDocs holds every rule's doc page, one Markdown file per rule named
// after its ID in lower case (mcp040.md beside mcp040.go).
//
//go:embed *.md
var ruleDocs embed.FS

// docFor returns the Markdown doc page of the rule with this ID, or "" when
// the rule has none (TestEveryRuleHasItsFiles fails then).
func docFor(id string) string {
	b, err := ruleDocs.ReadFile(strings.ToLower(id) + ".md")
	if err != nil {
		return ""
	}
	return string(b)
}
