package compliance

import (
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// How each capability is exercised, shared by spec-caps-01 (declared
// capabilities work) and spec-caps-02 (undeclared ones are not served).

// capProbe is how a capability is exercised.
type capProbe struct {
	Cap    string
	Method string
	Params map[string]any
	// ListKey is the array a list result must carry ("" for none).
	ListKey string
}

// capProbes returns the probe per capability for this server; a capability
// it cannot exercise has an empty Method.
func (e *Env) capProbes() []capProbe {
	probes := []capProbe{
		{Cap: "tools", Method: "tools/list", ListKey: "tools"},
		{Cap: "resources", Method: "resources/list", ListKey: "resources"},
		{Cap: "prompts", Method: "prompts/list", ListKey: "prompts"},
	}
	if e.era() != model.EraStateless {
		probes = append(probes, capProbe{Cap: "logging", Method: "logging/setLevel", Params: map[string]any{"level": "error"}})
	}
	probes = append(probes, e.completionProbe())
	return probes
}

// completionProbe builds a completion/complete request for a listed prompt
// argument or resource template variable, or a made-up prompt when none.
func (e *Env) completionProbe() capProbe {
	p := capProbe{Cap: "completions", Method: "completion/complete"}
	if e.Snapshot != nil {
		for _, pr := range e.Snapshot.Prompts {
			if len(pr.Arguments) > 0 {
				p.Params = map[string]any{
					"ref":      map[string]any{"type": "ref/prompt", "name": pr.Name},
					"argument": map[string]any{"name": pr.Arguments[0].Name, "value": ""},
				}
				return p
			}
		}
		for _, t := range e.Snapshot.Templates {
			if i := strings.Index(t.URITemplate, "{"); i >= 0 {
				if j := strings.Index(t.URITemplate[i:], "}"); j > 1 {
					name := strings.TrimLeft(t.URITemplate[i+1:i+j], "+#./;?&")
					if k := strings.IndexAny(name, ",:*"); k >= 0 {
						name = name[:k]
					}
					p.Params = map[string]any{
						"ref":      map[string]any{"type": "ref/resource", "uri": t.URITemplate},
						"argument": map[string]any{"name": name, "value": ""},
					}
					return p
				}
			}
		}
	}
	p.Params = map[string]any{
		"ref":      map[string]any{"type": "ref/prompt", "name": "mcpgauge_probe"},
		"argument": map[string]any{"name": "x", "value": ""},
	}
	p.ListKey = "-" // marks a made-up reference
	return p
}
