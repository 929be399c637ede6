package compliance

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// specBase is the root of the specification site; a revision and a page follow.
const specBase = "https://modelcontextprotocol.io/specification/"

// qgRevision is the revision quality-gate's spec_ref URLs point at.
const qgRevision = "2025-11-25"

func specURL(revision, page string) string { return specBase + revision + "/" + page }

// qualityGateTests are mcp-quality-gate's 17 compliance tests, in its order
// (lifecycle 3, tools 7, resources 4, prompts 3), with its IDs, names,
// categories and severities.
func qualityGateTests() []Test {
	lifecycle := specURL(qgRevision, "basic/lifecycle")
	tools := specURL(qgRevision, "server/tools")
	resources := specURL(qgRevision, "server/resources")
	prompts := specURL(qgRevision, "server/prompts")
	qg := func(id, name, cat string, sev Severity, ref string, run func(context.Context, *Env) Result) Test {
		return Test{ID: id, Name: name, Category: cat, Severity: sev, SpecRef: ref, Origin: OriginQualityGate, Doc: docOf(id), Run: run}
	}
	tests := []Test{
		qg("lifecycle-init-01", "Server reports name and version", CategoryLifecycle, Critical, lifecycle, runLifecycleInit01),
		qg("lifecycle-init-02", "Server reports capabilities", CategoryLifecycle, Critical, lifecycle, runLifecycleInit02),
		qg("lifecycle-init-03", "Server responds to ping", CategoryLifecycle, High, specURL(qgRevision, "basic/utilities/ping"), runLifecycleInit03),
		qg("tools-list-01", "Server lists tools without error", CategoryTools, Critical, tools, runToolsList01),
		qg("tools-list-02", "Tool definitions have required fields", CategoryTools, Critical, tools, runToolsList02),
		qg("tools-list-03", "Tool names follow naming convention", CategoryTools, Medium, tools, runToolsList03),
		qg("tools-list-04", "Tool inputSchema has type object", CategoryTools, High, tools, runToolsList04),
		qg("tools-call-01", "Can call a listed tool", CategoryTools, Critical, tools, runToolsCall01),
		qg("tools-call-02", "Calling nonexistent tool returns error", CategoryTools, High, tools, runToolsCall02),
		qg("tools-call-03", "Tool descriptions are present", CategoryTools, Medium, tools, runToolsCall03),
		qg("resources-list-01", "Server lists resources without error", CategoryResources, Critical, resources, runResourcesList01),
		qg("resources-list-02", "Resource definitions have required fields", CategoryResources, Critical, resources, runResourcesList02),
		qg("resources-list-03", "Resource descriptions are present", CategoryResources, Medium, resources, runResourcesList03),
		qg("resources-read-01", "Can read a listed resource", CategoryResources, Critical, resources, runResourcesRead01),
		qg("prompts-list-01", "Server lists prompts without error", CategoryPrompts, Critical, prompts, runPromptsList01),
		qg("prompts-list-02", "Prompt definitions have required fields", CategoryPrompts, Critical, prompts, runPromptsList02),
		qg("prompts-get-01", "Can get a listed prompt", CategoryPrompts, Critical, prompts, runPromptsGet01),
	}
	tests[7].Invokes = true // tools-call-01
	return tests
}

// --- lifecycle ---

func runLifecycleInit01(_ context.Context, e *Env) Result {
	name, version := serverNameVersion(e)
	if name == "" {
		return fail("Server did not report a name")
	}
	if version == "" {
		return fail("Server %q did not report a version", name)
	}
	return pass("Server: %s v%s", name, version)
}

func serverNameVersion(e *Env) (string, string) {
	if e.Snapshot != nil && (e.Snapshot.Server.Name != "" || e.Snapshot.Server.Version != "") {
		return e.Snapshot.Server.Name, e.Snapshot.Server.Version
	}
	if e.Session != nil && e.Session.Init != nil && e.Session.Init.ServerInfo != nil {
		return e.Session.Init.ServerInfo.Name, e.Session.Init.ServerInfo.Version
	}
	return "", ""
}

func runLifecycleInit02(_ context.Context, e *Env) Result {
	keys, ok := e.capabilityKeys()
	if !ok {
		return fail("Server did not report a capabilities object")
	}
	if len(keys) == 0 {
		return pass("Capabilities: none")
	}
	return pass("Capabilities: %s", strings.Join(keys, ", "))
}

func runLifecycleInit03(ctx context.Context, e *Env) Result {
	if e.era() == model.EraStateless {
		return skip("ping was removed in protocol revision %s (negotiated %s)", latestRevision, e.protocolVersion())
	}
	c := e.client()
	if c == nil {
		return errored("no session")
	}
	if err := c.Ping(ctx, nil); err != nil {
		return fail("Ping failed: %v", err)
	}
	return pass("Server responded to ping")
}

// --- tools ---

// noToolsCap is quality-gate's skip reason for a server without tools.
const noToolsCap = "Server does not declare the tools capability"

func runToolsList01(ctx context.Context, e *Env) Result {
	if !e.capability("tools") {
		return skip(noToolsCap)
	}
	c := e.client()
	if c == nil {
		return errored("no session")
	}
	res, err := c.ListTools(ctx, nil)
	if err != nil {
		return fail("tools/list failed: %v", err)
	}
	return pass("Server listed %d tool(s) on the first page", len(res.Tools))
}

// snapshotList returns the snapshot's items of one list (tools, resources
// or prompts; the list is named like its capability) for the structural
// tests, or a non-nil result (skip or error) when there is nothing to check.
func snapshotList[T any](e *Env, list string, items func(*model.Snapshot) []T) ([]T, *Result) {
	var r Result
	if !e.capability(list) {
		r = skip("Server does not declare the %s capability", list)
	} else if e.Snapshot == nil {
		r = errored("no snapshot")
	} else if got := items(e.Snapshot); len(got) > 0 {
		return got, nil
	} else if issue := listError(e.Snapshot, list); issue != "" {
		r = errored("%s/list failed: %s", list, issue)
	} else {
		r = skip("Server lists no %s", list)
	}
	return nil, &r
}

func snapshotTools(e *Env) ([]model.Tool, *Result) {
	return snapshotList(e, connect.ListTools, func(s *model.Snapshot) []model.Tool { return s.Tools })
}

// listError returns the detail of a list error recorded while the snapshot
// was read, or "".
func listError(s *model.Snapshot, list string) string {
	for _, is := range s.Issues {
		if is.List == list && is.Kind == connect.IssueError {
			return is.Detail
		}
	}
	return ""
}

func runToolsList02(_ context.Context, e *Env) Result {
	tools, r := snapshotTools(e)
	if r != nil {
		return *r
	}
	var bad []string
	for i, t := range tools {
		switch {
		case t.Name == "":
			bad = append(bad, fmt.Sprintf("tool #%d has no name", i+1))
		case !t.HasInputSchema:
			bad = append(bad, fmt.Sprintf("%s: no inputSchema", t.Name))
		}
	}
	if len(bad) > 0 {
		return fail("%d tool(s) lack required fields", len(bad)).with(bad...)
	}
	return pass("All %d tool(s) have a name and an inputSchema", len(tools))
}

// qgToolName is quality-gate's naming convention (the 2025-11-25 SHOULD).
func qgToolName() *regexp.Regexp { return regexp.MustCompile(`^[a-zA-Z0-9_.-]{1,128}$`) }

func runToolsList03(_ context.Context, e *Env) Result {
	tools, r := snapshotTools(e)
	if r != nil {
		return *r
	}
	re := qgToolName()
	var bad []string
	for _, t := range tools {
		if !re.MatchString(t.Name) {
			bad = append(bad, fmt.Sprintf("%q", t.Name))
		}
	}
	if len(bad) > 0 {
		return fail("%d tool name(s) do not match ^[a-zA-Z0-9_.-]{1,128}$", len(bad)).with(bad...)
	}
	return pass("All %d tool name(s) follow the naming convention", len(tools))
}

func runToolsList04(_ context.Context, e *Env) Result {
	tools, r := snapshotTools(e)
	if r != nil {
		return *r
	}
	var bad []string
	for _, t := range tools {
		if typ, _ := t.InputSchema["type"].(string); typ != "object" {
			bad = append(bad, fmt.Sprintf("%s: inputSchema.type is %s", t.Name, describeType(t.InputSchema["type"])))
		}
	}
	if len(bad) > 0 {
		return fail("%d tool(s) have an inputSchema whose type is not \"object\"", len(bad)).with(bad...)
	}
	return pass("All %d tool(s) have inputSchema.type \"object\"", len(tools))
}

func describeType(v any) string {
	if v == nil {
		return "missing"
	}
	return fmt.Sprintf("%v", v)
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
	var thrown, isError, ok []string
	for _, c := range cs.calls {
		switch {
		case c.NotCalled != "", c.NeedsClient != "":
		case c.Err != nil:
			thrown = append(thrown, fmt.Sprintf("%s: %v", c.Tool, c.Err))
		case c.Result != nil && c.Result.IsError:
			isError = append(isError, c.Tool)
		default:
			ok = append(ok, c.Tool)
		}
	}
	called := len(thrown) + len(isError) + len(ok)
	details := cs.notes()
	if called == 0 {
		return skip("no tool could be called with schema-valid arguments and the client capabilities mcpgauge offers").with(details...)
	}
	if len(thrown) > 0 {
		return fail("%d of %d tool call(s) failed with a protocol or transport error", len(thrown), called).with(details...)
	}
	msg := fmt.Sprintf("Called %d tool(s) without a protocol error", called)
	if len(isError) > 0 {
		msg += fmt.Sprintf(" (%d returned isError: %s)", len(isError), strings.Join(isError, ", "))
	}
	return pass("%s", msg).with(details...)
}

// nonexistentToolName is quality-gate's probe name.
func nonexistentToolName() string {
	return fmt.Sprintf("__mcptest_nonexistent_tool_%d", time.Now().UnixMilli())
}

func runToolsCall02(ctx context.Context, e *Env) Result {
	c := e.client()
	if c == nil {
		return errored("no session")
	}
	name := nonexistentToolName()
	res, err := c.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: map[string]any{}})
	if err != nil {
		if ctx.Err() != nil {
			return errored("calling %s: %v", name, err)
		}
		return pass("Server returned an error for nonexistent tool: %v", err)
	}
	if res != nil && res.IsError {
		return pass("Server returned isError for nonexistent tool")
	}
	return fail("Server returned success for nonexistent tool %s", name)
}

func runToolsCall03(_ context.Context, e *Env) Result {
	tools, r := snapshotTools(e)
	if r != nil {
		return *r
	}
	var bad []string
	for _, t := range tools {
		if t.RawDescription == "" {
			bad = append(bad, t.Name)
		}
	}
	if len(bad) > 0 {
		return fail("%d tool(s) have no description", len(bad)).with(bad...)
	}
	return pass("All %d tool(s) have a description", len(tools))
}

// --- resources ---

const noResourcesCap = "Server does not declare the resources capability"

func runResourcesList01(ctx context.Context, e *Env) Result {
	if !e.capability("resources") {
		return skip(noResourcesCap)
	}
	c := e.client()
	if c == nil {
		return errored("no session")
	}
	res, err := c.ListResources(ctx, nil)
	if err != nil {
		return fail("resources/list failed: %v", err)
	}
	return pass("Server listed %d resource(s) on the first page", len(res.Resources))
}

func snapshotResources(e *Env) ([]model.Resource, *Result) {
	return snapshotList(e, connect.ListResources, func(s *model.Snapshot) []model.Resource { return s.Resources })
}

func runResourcesList02(_ context.Context, e *Env) Result {
	res, r := snapshotResources(e)
	if r != nil {
		return *r
	}
	var bad []string
	for i, x := range res {
		switch {
		case x.URI == "":
			bad = append(bad, fmt.Sprintf("resource #%d (%q) has no uri", i+1, x.Name))
		case x.Name == "":
			bad = append(bad, fmt.Sprintf("%s: no name", x.URI))
		}
	}
	if len(bad) > 0 {
		return fail("%d resource(s) lack required fields", len(bad)).with(bad...)
	}
	return pass("All %d resource(s) have a uri and a name", len(res))
}

func runResourcesList03(_ context.Context, e *Env) Result {
	res, r := snapshotResources(e)
	if r != nil {
		return *r
	}
	var bad []string
	for _, x := range res {
		if x.Description == "" {
			bad = append(bad, x.URI)
		}
	}
	if len(bad) > 0 {
		return fail("%d resource(s) have no description", len(bad)).with(bad...)
	}
	return pass("All %d resource(s) have a description", len(res))
}

func runResourcesRead01(ctx context.Context, e *Env) Result {
	res, r := snapshotResources(e)
	if r != nil {
		return *r
	}
	c := e.client()
	if c == nil {
		return errored("no session")
	}
	uri := res[0].URI
	out, err := c.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		return fail("resources/read %s failed: %v", uri, err)
	}
	if out == nil || len(out.Contents) == 0 {
		return fail("resources/read %s returned no contents", uri)
	}
	return pass("Read %s (%d content block(s))", uri, len(out.Contents))
}

// --- prompts ---

const noPromptsCap = "Server does not declare the prompts capability"

func runPromptsList01(ctx context.Context, e *Env) Result {
	if !e.capability("prompts") {
		return skip(noPromptsCap)
	}
	c := e.client()
	if c == nil {
		return errored("no session")
	}
	res, err := c.ListPrompts(ctx, nil)
	if err != nil {
		return fail("prompts/list failed: %v", err)
	}
	return pass("Server listed %d prompt(s) on the first page", len(res.Prompts))
}

func snapshotPrompts(e *Env) ([]model.Prompt, *Result) {
	return snapshotList(e, connect.ListPrompts, func(s *model.Snapshot) []model.Prompt { return s.Prompts })
}

func runPromptsList02(_ context.Context, e *Env) Result {
	ps, r := snapshotPrompts(e)
	if r != nil {
		return *r
	}
	var bad []string
	for i, p := range ps {
		if p.Name == "" {
			bad = append(bad, fmt.Sprintf("prompt #%d has no name", i+1))
		}
	}
	if len(bad) > 0 {
		return fail("%d prompt(s) lack a name", len(bad)).with(bad...)
	}
	return pass("All %d prompt(s) have a name", len(ps))
}

func runPromptsGet01(ctx context.Context, e *Env) Result {
	ps, r := snapshotPrompts(e)
	if r != nil {
		return *r
	}
	c := e.client()
	if c == nil {
		return errored("no session")
	}
	// quality-gate gets the first prompt. A prompt that fails only because
	// the server wants a client capability mcpgauge does not declare
	// (elicitation, sampling) is not applicable: the next one is tried.
	var skipped []string
	for _, p := range ps {
		args := map[string]string{}
		for _, a := range p.Arguments {
			if a.Required {
				args[a.Name] = "test"
			}
		}
		out, err := c.GetPrompt(ctx, &mcp.GetPromptParams{Name: p.Name, Arguments: args})
		if err != nil {
			if why := needsClientCapability(err); why != "" && ctx.Err() == nil {
				skipped = append(skipped, fmt.Sprintf("%s: not applicable: %s", p.Name, why))
				continue
			}
			return fail("prompts/get %s failed: %v", p.Name, err).with(skipped...)
		}
		if out == nil || len(out.Messages) == 0 {
			return fail("prompts/get %s returned no messages", p.Name).with(skipped...)
		}
		return pass("Got prompt %s (%d message(s))", p.Name, len(out.Messages)).with(skipped...)
	}
	return skip("every listed prompt needs a client capability mcpgauge does not declare").with(skipped...)
}
