package compliance

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Protocol revisions, names and error codes the tests send and expect.

// Protocol revisions probed by the version-negotiation test.
const (
	latestRevision = "2026-07-28"
	// bogusRevision is a version no server supports.
	bogusRevision = "1900-01-01"
)

// legacyRevisions are the initialize-era revisions, oldest first.
func legacyRevisions() []string {
	return []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"}
}

// JSON-RPC and MCP error codes the tests expect.
const (
	codeMethodNotFound             = -32601
	codeInvalidParams              = -32602
	codeUnsupportedProtocolVersion = -32022
)

// rpcCode extracts a JSON-RPC error code from an SDK error.
func rpcCode(err error) (int64, bool) {
	var we *jsonrpc.Error
	if errors.As(err, &we) {
		return we.Code, true
	}
	return 0, false
}

// nonexistentToolName is quality-gate's probe name.
func nonexistentToolName() string {
	return fmt.Sprintf("__mcptest_nonexistent_tool_%d", time.Now().UnixMilli())
}

// callUnknownTool calls a tool named [nonexistentToolName] on the main
// session (tools-call-02, spec-tools-01) and returns its name and what the
// server answered. A non-nil stop ends the test: there is no session, or
// the call failed because the test's deadline passed.
func callUnknownTool(ctx context.Context, e *Env) (name string, res *mcp.CallToolResult, stop *Result, err error) {
	c := e.client()
	if c == nil {
		r := errored("no session")
		return "", nil, &r, nil
	}
	name = nonexistentToolName()
	res, err = c.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: map[string]any{}})
	if err != nil && ctx.Err() != nil {
		r := errored("calling %s: %v", name, err)
		return name, nil, &r, nil
	}
	return name, res, nil, err
}
