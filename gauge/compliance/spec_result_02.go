package compliance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// specResult02 is mcpgauge's spec-result-02: in 2026-07-28 results SHOULD
// name the server in _meta (io.modelcontextprotocol/serverInfo).
func specResult02() Test {
	return Test{
		ID:       "spec-result-02",
		Name:     "Results name the server in _meta",
		Category: CategoryProtocol,
		Severity: Low,
		SpecRef:  specURL(latestRevision, "basic"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecResult02,
	}
}

func runSpecResult02(ctx context.Context, e *Env) Result {
	return e.withResultProbes(ctx, "serverInfo in result _meta", func(ps []resultProbe, notes []string) Result {
		var bad []string
		for _, p := range ps {
			var meta map[string]json.RawMessage
			_ = json.Unmarshal(p.result["_meta"], &meta)
			var info struct {
				Name string `json:"name"`
			}
			raw, ok := meta[mcp.MetaKeyServerInfo]
			switch {
			case !ok:
				bad = append(bad, p.method+": no "+mcp.MetaKeyServerInfo+" in _meta")
			case json.Unmarshal(raw, &info) != nil || info.Name == "":
				bad = append(bad, fmt.Sprintf("%s: %s is not an Implementation with a name: %s", p.method, mcp.MetaKeyServerInfo, clip(string(raw))))
			}
		}
		if len(bad) > 0 {
			return fail("%d of %d results do not name the server in _meta (a SHOULD)", len(bad), len(ps)).with(append(bad, notes...)...)
		}
		return pass("all %d results carry %s in _meta", len(ps), mcp.MetaKeyServerInfo).with(notes...)
	})
}
