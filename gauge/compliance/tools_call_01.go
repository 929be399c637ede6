package compliance

import (
	"context"
	"fmt"
	"strings"
)

// toolsCall01 is mcp-quality-gate's tools-call-01: real tools answer schema-valid calls without a protocol error.
func toolsCall01() Test {
	return Test{
		ID:         "tools-call-01",
		Name:       "Can call a listed tool",
		Category:   CategoryTools,
		Severity:   Critical,
		SpecRef:    specURL(qgRevision, "server/tools"),
		Origin:     OriginQualityGate,
		Needs:      []Need{NeedMain},
		Capability: "tools",
		Invokes:    true,
		Revision:   2,
		Run:        runToolsCall01,
	}
}

func runToolsCall01(ctx context.Context, e *Env) Result {
	tools, r := snapshotTools(e)
	if r != nil {
		return *r
	}
	_ = tools
	cs := e.toolCalls(ctx)
	if cs.skipReason != "" {
		return skip("%s", cs.skipReason).with(cs.notes()...)
	}
	var thrown, isError, ok, env []string
	for _, c := range cs.calls {
		switch {
		case c.NotCalled != "", c.NeedsClient != "":
		case c.Err != nil:
			if cause, yes := environmentCause(c.Err); yes {
				env = append(env, fmt.Sprintf("%s (%s)", c.Tool, cause))
				continue
			}
			thrown = append(thrown, fmt.Sprintf("%s: %v", c.Tool, c.Err))
		case c.Result != nil && c.Result.IsError:
			isError = append(isError, c.Tool)
		default:
			ok = append(ok, c.Tool)
		}
	}
	called := len(thrown) + len(isError) + len(ok) + len(env)
	details := cs.notes()
	if len(env) > 0 && len(thrown) == 0 && len(isError)+len(ok) == 0 {
		// Every call that got anywhere failed on a backend the sandbox
		// cannot reach or holds no credentials for: how the server handles
		// a call could not be observed.
		return notTestable("%d tool call(s) failed on a backend the scan cannot reach or has no credentials for: %s", len(env), strings.Join(env, ", ")).with(details...)
	}
	if called == 0 {
		return skip("no tool could be called with schema-valid arguments and the client capabilities mcpgauge offers").with(details...)
	}
	if len(thrown) > 0 {
		return fail("%d of %d tool call(s) failed with a protocol or transport error", len(thrown), called).with(details...)
	}
	msg := fmt.Sprintf("Called %d tool(s) without a protocol error", called-len(env))
	if len(env) > 0 {
		msg += fmt.Sprintf(" (%d more failed on a backend the scan cannot reach or has no credentials for: %s)", len(env), strings.Join(env, ", "))
	}
	if len(isError) > 0 {
		msg += fmt.Sprintf(" (%d returned isError: %s)", len(isError), strings.Join(isError, ", "))
	}
	return pass("%s", msg).with(details...)
}
