package compliance

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// toolCall is one tool the invoking tests chose, and what calling it gave.
type toolCall struct {
	Tool string
	// NotCalled says why the tool was not called ("" if it was).
	NotCalled string
	Args      map[string]any
	Result    *mcp.CallToolResult
	// Err is a protocol or transport error from the call.
	Err error
	// NeedsClient is set when Err says the tool needs a client capability
	// (sampling, elicitation, …) that mcpgauge does not offer: calling it
	// cannot work, so it is not counted as a failure.
	NeedsClient string
	// OutputSchema is the tool's declared outputSchema (raw), if any.
	OutputSchema json.RawMessage
}

// callSet is the outcome of calling the tools the CallMode allows, made once
// per Env and shared by tools-call-01 and the structured-output test.
type callSet struct {
	// skipReason is set when no call was attempted at all.
	skipReason string
	calls      []toolCall
}

// notes renders one line per chosen tool.
func (cs *callSet) notes() []string {
	var out []string
	for _, c := range cs.calls {
		switch {
		case c.NotCalled != "":
			out = append(out, fmt.Sprintf("%s: not called: %s", c.Tool, c.NotCalled))
		case c.NeedsClient != "":
			out = append(out, fmt.Sprintf("%s: not applicable: %s", c.Tool, c.NeedsClient))
		case c.Err != nil:
			out = append(out, fmt.Sprintf("%s: error: %v", c.Tool, c.Err))
		case c.Result != nil && c.Result.IsError:
			out = append(out, fmt.Sprintf("%s: returned isError: %s", c.Tool, firstText(c.Result)))
		default:
			out = append(out, fmt.Sprintf("%s: ok", c.Tool))
		}
	}
	return out
}

func firstText(r *mcp.CallToolResult) string {
	for _, c := range r.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			s := t.Text
			if len(s) > 160 {
				s = s[:160] + "…"
			}
			return s
		}
	}
	return "(no text content)"
}

// Skip reasons of the invoking tests.
const (
	reasonCallsOff   = "calling real tools is off; use --call-tools readonly|all"
	reasonNoReadOnly = "no tool is annotated readOnlyHint: true; use --call-tools all to call the others"
)

// readOnly reports whether the tool is annotated readOnlyHint: true.
func readOnly(t *model.Tool) bool {
	return t.Annotations != nil && t.Annotations.ReadOnlyHint != nil && *t.Annotations.ReadOnlyHint
}

// toolCalls calls, once per Env, every tool the CallMode allows, in list
// order, with generated schema-valid arguments. Later callers get the same
// set.
func (e *Env) toolCalls(ctx context.Context) *callSet {
	e.callsMu.Lock()
	defer e.callsMu.Unlock()
	if e.calls != nil {
		return e.calls
	}
	cs := &callSet{}
	e.calls = cs
	switch {
	case e.CallTools == CallNone || e.CallTools == "":
		cs.skipReason = reasonCallsOff
		return cs
	case e.Snapshot == nil || len(e.Snapshot.Tools) == 0 || !e.capability("tools"):
		cs.skipReason = "Server lists no tools"
		return cs
	case e.client() == nil:
		cs.skipReason = "no session"
		return cs
	}
	var chosen []*model.Tool
	seen := map[string]bool{}
	for i := range e.Snapshot.Tools {
		t := &e.Snapshot.Tools[i]
		if seen[t.Name] {
			continue // a name listed twice (broken pagination) is called once
		}
		seen[t.Name] = true
		if e.CallTools == CallAll || readOnly(t) {
			chosen = append(chosen, t)
		}
	}
	if len(chosen) == 0 {
		cs.skipReason = reasonNoReadOnly
		return cs
	}
	for _, t := range chosen {
		c := toolCall{Tool: t.Name}
		if t.OutputSchema != nil {
			if raw, err := json.Marshal(t.OutputSchema); err == nil {
				c.OutputSchema = raw
			}
		}
		if ctx.Err() != nil {
			c.NotCalled = "the test deadline was reached first"
			cs.calls = append(cs.calls, c)
			continue
		}
		args, err := GenerateArgs(t.RawInputSchema)
		if err != nil {
			c.NotCalled = "no schema-valid arguments: " + err.Error()
			cs.calls = append(cs.calls, c)
			continue
		}
		c.Args = args
		cctx, cancel := context.WithTimeout(ctx, e.Timeout)
		c.Result, c.Err = e.client().CallTool(cctx, &mcp.CallToolParams{Name: t.Name, Arguments: args})
		cancel()
		c.NeedsClient = needsClientCapability(c.Err)
		cs.calls = append(cs.calls, c)
	}
	return cs
}

// codeMissingClientCapabilities is the 2026-07-28 error for a request that
// needs a client capability the client did not declare.
const codeMissingClientCapabilities = -32021

// needsClientCapability explains an error caused by the server needing a
// client capability mcpgauge does not declare (it declares no sampling or
// elicitation), or returns "".
func needsClientCapability(err error) string {
	if err == nil {
		return ""
	}
	if code, ok := rpcCode(err); ok && code == codeMissingClientCapabilities {
		return "the tool needs a client capability mcpgauge does not declare (-32021): " + err.Error()
	}
	msg := err.Error()
	for _, sign := range []string{"client does not support", "not declared by client"} {
		if strings.Contains(msg, sign) {
			return "the tool asks for a client capability mcpgauge does not declare: " + msg
		}
	}
	return ""
}
