package lint

import (
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// Risk classes: what a call to a tool can do, so a user sees at a glance
// which tools read, which change or destroy things, which send data to
// third parties and which run code. The board and the scan JSON show one
// per tool.
const (
	// RiskRead reads and changes nothing.
	RiskRead = "read"
	// RiskWrite creates or changes state.
	RiskWrite = "write"
	// RiskDestructive deletes, overwrites or cancels.
	RiskDestructive = "destructive"
	// RiskSendsOut sends the user's data to someone else (mail, messages,
	// uploads, publishing).
	RiskSendsOut = "sends-data-out"
	// RiskExecute runs shell commands, code, SQL or another agent.
	RiskExecute = "execute"
)

// riskSendVerbs are name words of a tool that sends data to a third party.
var riskSendVerbs = map[string]bool{
	"send": true, "email": true, "mail": true, "publish": true, "upload": true, "share": true, "notify": true,
	"tweet": true, "webhook": true, "forward": true, "post": true, "sms": true, "broadcast": true, "invite": true,
}

// ToolRisks returns each tool's risk class, in server order, read with the
// default profile's readers: an execution surface SEC011 reports at
// warning (the model supplies what runs and the tool runs it) is execute,
// and a name that only looks like one (bash_read_file) is not; a tool marked destructive, or that reads as destroying data
// (MCP040's reading, a delete mode, an overwriting flag), destructive; one
// whose name sends mail, messages or uploads, sends-data-out; one marked
// read-only or named and described as a read, read; anything else write.
func ToolRisks(snap *model.Snapshot) []string {
	ctx := NewContext(snap)
	tools := tgTools(ctx)
	facts := secTools(ctx)
	out := make([]string, len(tools))
	for i := range tools {
		out[i] = toolRisk(&tools[i], facts[i])
	}
	return out
}

func toolRisk(t *tgTool, facts secTool) string {
	a := t.t.Annotations
	readOnly := a != nil && a.ReadOnlyHint != nil && *a.ReadOnlyHint
	if s := secExecutionSurface(t.t, facts); s.real {
		return RiskExecute
	}
	if said, arbitrary := secSelfDeclaredUnsafe(facts.words, t.t.RawDescription); said != "" && arbitrary {
		return RiskExecute
	}
	if a != nil && a.DestructiveHint != nil && *a.DestructiveHint && !readOnly {
		return RiskDestructive
	}
	if !readOnly && (tgReadsLikeDeletion(t) && !preciseReadNamed(t) || preciseDescribesDestruction(t) != "") {
		return RiskDestructive
	}
	for _, w := range facts.words {
		if riskSendVerbs[strings.ToLower(w)] {
			return RiskSendsOut
		}
	}
	if secSendsOut(t.t, facts) {
		return RiskSendsOut // SEC015's and SEC016's reading: deploy_app(dist_path), a base URL override
	}
	if readOnly || preciseReadNamed(t) || tgReadsLikeQuery(t) && !tgReadsLikeDeletion(t) {
		return RiskRead
	}
	return RiskWrite
}
