package compliance

import (
	"context"
	"encoding/json"
	"fmt"
)

// specLog01 is mcpgauge's spec-log-01: a 2026-07-28 server sends no
// notifications/message in answer to a request whose _meta does not ask
// for a log level.
func specLog01() Test {
	return Test{
		ID:       "spec-log-01",
		Name:     "No log messages unless the request asks for them",
		Category: CategoryProtocol,
		Severity: Medium,
		SpecRef:  specURL(latestRevision, "server/utilities/logging"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecLog01,
	}
}

func runSpecLog01(ctx context.Context, e *Env) Result {
	if r := e.httpOnly(); r != nil {
		return *r
	}
	if r := e.statelessOnly("log messages only on request"); r != nil {
		return *r
	}
	methods := []string{"server/discover"}
	for _, c := range []struct{ cap, method string }{{"tools", "tools/list"}, {"resources", "resources/list"}, {"prompts", "prompts/list"}} {
		if e.capability(c.cap) {
			methods = append(methods, c.method)
		}
	}
	var bad []string
	for _, m := range methods {
		params, h := e.statelessRequest(m, nil)
		a, id, err := e.send(ctx, m, params, h, nil)
		if err != nil {
			return errored("%s: %v", m, err)
		}
		for _, msg := range responseTo(a, id).Others {
			var n struct {
				Method string `json:"method"`
			}
			if json.Unmarshal(msg, &n) == nil && n.Method == "notifications/message" {
				bad = append(bad, fmt.Sprintf("%s: notifications/message %s", m, clip(string(msg))))
			}
		}
	}
	if len(bad) > 0 {
		return fail("%d log messages came with answers to requests that asked for none", len(bad)).with(bad...)
	}
	return pass("no log message with %d requests that asked for none", len(methods))
}
