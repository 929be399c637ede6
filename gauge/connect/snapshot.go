package connect

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// List names used in Snapshot.Pages and ListIssue.List.
const (
	ListTools     = "tools"
	ListResources = "resources"
	ListTemplates = "resource_templates"
	ListPrompts   = "prompts"
)

// Issue kinds recorded while walking lists.
const (
	IssueCursorCycle   = "cursor_cycle"
	IssueDuplicateName = "duplicate_name"
	IssuePageLimit     = "page_limit"
	IssueError         = "error"
	IssueBadItem       = "bad_item"
	IssueUndeclared    = "undeclared_capability"
	IssueTooLarge      = "too_large"
)

// Snapshot reads server info, capabilities, and every list the server
// declares (tools, resources, resource templates, prompts), each walked
// page by page to its end. It asks nothing beyond listing. tools/list is
// tried even without a tools capability (toolgauge lints what it gets);
// tools found that way carry an undeclared_capability issue.
//
// Pagination problems (a cursor seen before, duplicate names, the page cap,
// an error mid-walk) are recorded in Snapshot.Issues and the partial lists
// are kept. The error is non-nil only when ctx itself ends; the partial
// snapshot is returned with it.
//
// Items are decoded from the raw JSON the server sent (kept by the
// connection tap), not from the SDK's types: unknown fields survive in
// Raw, and tools the SDK would drop as invalid are still seen and linted.
// When the SDK answers a repeated call from its TTL cache (stateless era),
// the raw page recorded the first time is used.
func (s *Session) Snapshot(ctx context.Context) (*model.Snapshot, error) {
	if s == nil || s.Client == nil {
		return nil, errors.New("snapshot: no live session")
	}
	s.snapMu.Lock()
	defer s.snapMu.Unlock()
	snap := &model.Snapshot{
		Target: s.Target.Display,
		Era:    s.Era,
		Pages:  map[string]int{},
		Server: s.serverInfo(),
	}
	snap.Capabilities = s.capabilities()
	w := walker{s: s, snap: snap}
	defer func() { s.listErr = w.failure() }()
	if snap.HasCapability("tools") {
		w.walk(ctx, ListTools, methodToolsList, "tools", w.addTool)
	} else {
		w.undeclaredTools(ctx)
	}
	if snap.HasCapability("resources") {
		w.walk(ctx, ListResources, methodResourcesList, "resources", w.addResource)
		w.walk(ctx, ListTemplates, methodTemplatesList, "resourceTemplates", w.addTemplate)
	}
	if snap.HasCapability("prompts") {
		w.walk(ctx, ListPrompts, methodPromptsList, "prompts", w.addPrompt)
	}
	if err := ctx.Err(); err != nil {
		return snap, fmt.Errorf("snapshot: %w", err)
	}
	return snap, nil
}

// ListError says why the last Snapshot's listing is incomplete, or nil
// when every list was read to its end. The tools list must complete (a
// JSON-RPC error, a malformed page, a tool that cannot be read or a cap
// all count); the other lists fail it only through a transport failure
// (the server died, flooded stdout or stopped answering) or a cap.
func (s *Session) ListError() *ListError {
	if s == nil {
		return nil
	}
	s.snapMu.Lock()
	defer s.snapMu.Unlock()
	return s.listErr
}

func (s *Session) serverInfo() model.ServerInfo {
	info := model.ServerInfo{ProtocolVersion: s.ProtocolVersion}
	if s.Init == nil {
		return info
	}
	info.Instructions = s.Init.Instructions
	if si := s.Init.ServerInfo; si != nil {
		info.Name, info.Title, info.Version = si.Name, si.Title, si.Version
	}
	return info
}

// capabilities returns the capabilities object as the server sent it, or
// the SDK's view when the raw reply is missing.
func (s *Session) capabilities() map[string]any {
	if len(s.InitRaw) > 0 {
		var top map[string]json.RawMessage
		if json.Unmarshal(s.InitRaw, &top) == nil {
			if raw, ok := top["capabilities"]; ok {
				if v, err := model.DecodeJSON(raw); err == nil {
					if m, ok := v.(map[string]any); ok {
						return m
					}
				}
			}
		}
	}
	if s.Init == nil || s.Init.Capabilities == nil {
		return nil
	}
	b, err := json.Marshal(s.Init.Capabilities)
	if err != nil {
		return nil
	}
	v, err := model.DecodeJSON(b)
	if err != nil {
		return nil
	}
	m, _ := v.(map[string]any)
	return m
}

// walker walks lists into one snapshot.
type walker struct {
	s    *Session
	snap *model.Snapshot
	seen map[string]bool // names (or URIs) seen in the current list
	page int
	list string

	bytes int64      // list result bytes read in this snapshot
	fail  *ListError // the first failure that makes the listing incomplete
	stop  bool       // a cap was hit: read no further list
}

// failed records the first failure that leaves the listing incomplete.
func (w *walker) failed(kind, phase, detail string) {
	if w.fail != nil {
		return
	}
	items := len(w.snap.Tools)
	switch w.list {
	case ListResources:
		items = len(w.snap.Resources)
	case ListTemplates:
		items = len(w.snap.Templates)
	case ListPrompts:
		items = len(w.snap.Prompts)
	}
	w.fail = &ListError{Kind: kind, Phase: phase, Detail: detail, Items: items}
	if kind == ListTooLarge {
		w.stop = true
	}
}

// failure completes the first failure with the bytes read and stderr.
func (w *walker) failure() *ListError {
	if w.fail == nil {
		return nil
	}
	w.fail.BytesRead = w.bytes
	if w.s.proc != nil {
		w.fail.Stderr = w.s.proc.stderrTail(stderrInMessage)
	}
	return w.fail
}

func (w *walker) issue(kind, detail, subject string) {
	w.snap.Issues = append(w.snap.Issues, model.ListIssue{List: w.list, Kind: kind, Detail: detail, Page: w.page, Subject: subject})
}

// walk reads every page of one list. itemsKey is the result field that
// holds the items; add files one item.
func (w *walker) walk(ctx context.Context, list, method, itemsKey string, add func(json.RawMessage, int)) {
	w.list, w.page, w.seen = list, 0, map[string]bool{}
	cursors := map[string]bool{"": true}
	cursor := ""
	tools := list == ListTools
	for {
		if w.stop {
			return
		}
		if ctx.Err() != nil {
			w.issue(IssueError, fmt.Sprintf("%s stopped: %v", method, ctx.Err()), "")
			w.failed(ListTimeout, fmt.Sprintf("%s page %d", method, w.page+1), fmt.Sprintf("stopped: %v", ctx.Err()))
			return
		}
		if w.page >= w.s.opts.MaxPages {
			w.issue(IssuePageLimit, fmt.Sprintf("%s still had a next cursor after %d pages; stopped", method, w.page), "")
			w.failed(ListTooLarge, fmt.Sprintf("%s page %d", method, w.page+1), fmt.Sprintf("still had a next cursor after %d pages (cap %d)", w.page, w.s.opts.MaxPages))
			return
		}
		w.page++
		phase := fmt.Sprintf("%s page %d", method, w.page)
		result, err := w.s.listPage(ctx, method, cursor)
		if err != nil {
			detail := w.s.callError(err)
			w.issue(IssueError, fmt.Sprintf("%s: %s", phase, detail), "")
			detail, _, _ = strings.Cut(detail, "; stderr: ") // ListError adds stderr itself
			// A JSON-RPC error is the server's answer: for tools it leaves the
			// scored list incomplete; for the other lists it is a finding.
			if kind, rpc := w.s.failKind(err); tools || !rpc {
				w.failed(kind, phase, detail)
				if w.fail != nil && w.fail.Phase == phase && w.fail.Err == nil {
					w.fail.Err = err
					if w.s.tripper != nil {
						if terr := w.s.tripper.transportErr(); terr != nil {
							w.fail.Err = errors.Join(terr, err)
						}
					}
				}
			}
			return
		}
		w.bytes += int64(len(result))
		w.snap.Pages[list] = w.page
		if w.bytes > w.s.opts.MaxListBytes {
			detail := fmt.Sprintf("the lists' results reached %d bytes, over the cap of %d", w.bytes, w.s.opts.MaxListBytes)
			w.issue(IssueTooLarge, phase+": "+detail, "")
			w.failed(ListTooLarge, phase, detail)
			return
		}
		protocol := func(detail string) {
			w.issue(IssueError, phase+": "+detail, "")
			if tools {
				w.failed(ListProtocolError, phase, detail)
			}
		}
		var top map[string]json.RawMessage
		if err := json.Unmarshal(result, &top); err != nil || top == nil {
			protocol("result is not a JSON object")
			return
		}
		var items []json.RawMessage
		if raw, ok := top[itemsKey]; ok && !isNull(raw) {
			if err := json.Unmarshal(raw, &items); err != nil {
				protocol(fmt.Sprintf("%q is not a list", itemsKey))
				return
			}
		} else {
			protocol(fmt.Sprintf("result has no %q list", itemsKey))
		}
		if tools && len(w.snap.Tools)+len(items) > w.s.opts.MaxTools {
			detail := fmt.Sprintf("more than %d tools (the cap)", w.s.opts.MaxTools)
			w.issue(IssueTooLarge, phase+": "+detail, "")
			w.failed(ListTooLarge, phase, detail)
			return
		}
		for i, it := range items {
			add(it, i)
		}
		next := ""
		if raw, ok := top["nextCursor"]; ok && !isNull(raw) {
			if err := json.Unmarshal(raw, &next); err != nil {
				protocol(fmt.Sprintf("nextCursor is not a string: %s", clip(string(raw), 80)))
				return
			}
		}
		if next == "" {
			return
		}
		if cursors[next] {
			w.issue(IssueCursorCycle, fmt.Sprintf("%s page %d returned cursor %q, seen before; stopped", method, w.page, clip(next, 80)), next)
			return
		}
		cursors[next] = true
		cursor = next
	}
}

// undeclaredTools asks for tools even though the server did not declare
// the capability, as toolgauge's client does (it lints what it gets). A
// refusal is the expected answer and records nothing; tools that do come
// back are kept, with an undeclared_capability issue.
func (w *walker) undeclaredTools(ctx context.Context) {
	probe := walker{s: w.s, snap: &model.Snapshot{Pages: map[string]int{}}}
	probe.walk(ctx, ListTools, methodToolsList, "tools", probe.addTool)
	w.bytes += probe.bytes
	if len(probe.snap.Tools) == 0 {
		// A refusal is the expected answer; a server that died, flooded or
		// hung on the probe did not give a complete listing.
		flood := w.s.aborted() != nil
		if f := probe.fail; f != nil && (f.Kind != ListProtocolError || flood) {
			w.fail, w.stop = f, probe.stop
		}
		return
	}
	w.fail, w.stop = probe.fail, probe.stop
	w.snap.Tools = probe.snap.Tools
	w.snap.Pages[ListTools] = probe.snap.Pages[ListTools]
	w.snap.Issues = append(w.snap.Issues, model.ListIssue{List: ListTools, Kind: IssueUndeclared,
		Detail: fmt.Sprintf("tools/list answered with %d tools although the server declares no tools capability", len(probe.snap.Tools))})
	w.snap.Issues = append(w.snap.Issues, probe.snap.Issues...)
}

// listPage sends one list request through the SDK (so the stateless era
// gets its _meta) with the per-call deadline, and returns the raw result.
func (s *Session) listPage(ctx context.Context, method, cursor string) (json.RawMessage, error) {
	cctx, cancel := context.WithTimeout(ctx, s.opts.Timeout)
	defer cancel()
	s.tap.lastReply(method) // forget any older reply
	var typed any
	var err error
	switch method {
	case methodToolsList:
		typed, err = s.Client.ListTools(cctx, &mcp.ListToolsParams{Cursor: cursor})
	case methodResourcesList:
		typed, err = s.Client.ListResources(cctx, &mcp.ListResourcesParams{Cursor: cursor})
	case methodTemplatesList:
		typed, err = s.Client.ListResourceTemplates(cctx, &mcp.ListResourceTemplatesParams{Cursor: cursor})
	case methodPromptsList:
		typed, err = s.Client.ListPrompts(cctx, &mcp.ListPromptsParams{Cursor: cursor})
	default:
		return nil, fmt.Errorf("not a list method: %s", method)
	}
	raw, ok := s.tap.lastReply(method)
	if ok && raw.Error == nil && raw.Err == nil && len(raw.Result) > 0 {
		// The wire result wins even when the SDK could not decode it.
		return raw.Result, nil
	}
	if ok && raw.Error != nil {
		return nil, &replyError{code: raw.Error.Code, message: raw.Error.Message}
	}
	if err != nil {
		if cctx.Err() == context.DeadlineExceeded && ctx.Err() == nil {
			return nil, fmt.Errorf("no answer within %s: %w", s.opts.Timeout, context.DeadlineExceeded)
		}
		return nil, err
	}
	if !ok {
		// Served from the SDK's TTL cache: use the page as it came the
		// first time.
		if page, ok := s.tap.page(method, cursor); ok {
			return page, nil
		}
	}
	return json.Marshal(typed)
}

func (w *walker) dup(key string) {
	if w.seen[key] {
		w.issue(IssueDuplicateName, fmt.Sprintf("%q listed more than once", key), key)
		return
	}
	w.seen[key] = true
}

func (w *walker) addTool(raw json.RawMessage, i int) {
	t, err := model.ToolFromWire(raw)
	if err != nil {
		// Keep the tool without the part that broke (annotations of the
		// wrong type, say), and say so.
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) != nil || m == nil {
			detail := fmt.Sprintf("item %d is not a JSON object: %s", i, clip(string(raw), 80))
			w.issue(IssueBadItem, detail, "")
			w.failed(ListProtocolError, fmt.Sprintf("%s page %d", methodToolsList, w.page), "a tool the scanner cannot read: "+detail)
			return
		}
		delete(m, "annotations")
		stripped, _ := json.Marshal(m)
		t2, err2 := model.ToolFromWire(stripped)
		if err2 != nil {
			detail := fmt.Sprintf("item %d: %v", i, err)
			w.issue(IssueBadItem, detail, "")
			w.failed(ListProtocolError, fmt.Sprintf("%s page %d", methodToolsList, w.page), "a tool the scanner cannot read: "+detail)
			return
		}
		t2.Raw = append(json.RawMessage(nil), raw...)
		t = t2
		w.issue(IssueBadItem, fmt.Sprintf("tool %q: %v (kept without annotations)", t.Name, err), t.Name)
	}
	w.dup(t.Name)
	w.snap.Tools = append(w.snap.Tools, t)
}

// notObject records an item that is not a JSON object.
func (w *walker) notObject(raw json.RawMessage, i int) {
	w.issue(IssueBadItem, fmt.Sprintf("item %d is not a JSON object: %s", i, clip(string(raw), 80)), "")
}

func (w *walker) addResource(raw json.RawMessage, i int) {
	r, err := model.ResourceFromWire(raw)
	if err != nil {
		w.notObject(raw, i)
		return
	}
	w.dup(r.URI)
	w.snap.Resources = append(w.snap.Resources, r)
}

func (w *walker) addTemplate(raw json.RawMessage, i int) {
	r, err := model.TemplateFromWire(raw)
	if err != nil {
		w.notObject(raw, i)
		return
	}
	w.dup(r.URITemplate)
	w.snap.Templates = append(w.snap.Templates, r)
}

func (w *walker) addPrompt(raw json.RawMessage, i int) {
	p, err := model.PromptFromWire(raw)
	if errors.Is(err, model.ErrNotObject) {
		w.notObject(raw, i)
		return
	}
	if err != nil {
		w.issue(IssueBadItem, fmt.Sprintf("prompt %q: arguments is not a list of objects", p.Name), p.Name)
	}
	w.dup(p.Name)
	w.snap.Prompts = append(w.snap.Prompts, p)
}

func isNull(raw json.RawMessage) bool {
	return len(bytes.TrimSpace(raw)) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null"))
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
