package evaltest

import (
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/ci"
)

// MCPGaugeComment is toolgauge's comment as mcpgauge's ci words it: the
// same table and confusions, headed and credited as mcpgauge, with the
// line that says toolgauge health is a compatibility score.
func MCPGaugeComment(toolgauge string) string {
	head, rest, _ := strings.Cut(toolgauge, "\n\n")
	target, rest, _ := strings.Cut(rest, "\n\n")
	head = strings.Replace(head, "mcp-toolgauge health:", "mcpgauge ci · toolgauge health:", 1)
	rest = strings.Replace(rest, "<sub>Measured by [mcp-toolgauge]("+ci.RepoURL+").</sub>",
		"<sub>Measured by [mcpgauge]("+ci.MCPGaugeURL+") ci, which reproduces [mcp-toolgauge]("+ci.RepoURL+")'s health exactly.</sub>", 1)
	return head + "\n\n" + target + "\n\n" + ci.CompatLine + "\n\n" + rest
}
