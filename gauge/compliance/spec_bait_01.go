package compliance

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// specBait01 is mcpgauge's spec-bait-01: every client identity is shown the same tools.
func specBait01() Test {
	return Test{
		ID:         "spec-bait-01",
		Name:       "Same tools for every client identity",
		Category:   CategorySecurity,
		Severity:   Critical,
		SpecRef:    specURL(specRevision, "server/tools#security-considerations"),
		Origin:     OriginMCPGauge,
		Needs:      []Need{NeedMain, NeedIdentity},
		Capability: "tools",
		Invokes:    false,
		Revision:   1,
		Run:        runSpecBait01,
	}
}

func runSpecBait01(ctx context.Context, e *Env) Result {
	if e.DialRaw == nil {
		return errored("no dialer for this target")
	}
	ids := e.Identities
	if len(ids) < 2 {
		return skip("needs two client identities")
	}
	views, _ := e.views(ctx)
	for _, v := range views {
		if v.startErr != nil {
			return errored("%v", v.startErr)
		}
		if v.err != nil {
			// A listing that broke off differs from the others for our
			// reasons, not the server's choice of audience.
			return errored("%v", v.err)
		}
	}
	return compareViews(views)
}

// compareViews compares the tools every identity was shown. Views listed
// on the same revision are compared whole; across revisions only what a
// revision does not change (name, description, input schema), and the
// result says so.
func compareViews(views []toolView) Result {
	type digested struct {
		toolView
		digest string
		tools  map[string]string
	}
	base := views[0]
	var partial []string
	for _, v := range views[1:] {
		if v.revision != base.revision {
			partial = append(partial, fmt.Sprintf("%q was listed on %s, %q on %s", base.client, base.revision, v.client, v.revision))
		}
	}
	digest := func(v toolView) digested {
		d := digested{toolView: v, tools: map[string]string{}}
		if len(partial) == 0 {
			d.digest = model.ServerSHA256(v.tools)
			for i := range v.tools {
				d.tools[v.tools[i].Name] = model.ToolSHA256(&v.tools[i])
			}
			return d
		}
		var all []string
		for i := range v.tools {
			h := revisionFreeDigest(&v.tools[i])
			d.tools[v.tools[i].Name] = h
			all = append(all, v.tools[i].Name+"\x00"+h)
		}
		d.digest = strings.Join(all, "\x01")
		return d
	}
	ds := make([]digested, len(views))
	for i, v := range views {
		ds[i] = digest(v)
	}
	b := ds[0]
	var diffs []string
	differ := map[string]bool{}
	for _, v := range ds[1:] {
		if v.digest == b.digest {
			continue
		}
		names := map[string]bool{}
		for n := range b.tools {
			names[n] = true
		}
		for n := range v.tools {
			names[n] = true
		}
		sorted := make([]string, 0, len(names))
		for n := range names {
			sorted = append(sorted, n)
		}
		sort.Strings(sorted)
		for _, n := range sorted {
			x, inA := b.tools[n]
			y, inB := v.tools[n]
			if !inA || !inB || x != y {
				differ[n] = true
			}
			switch {
			case inA && !inB:
				diffs = append(diffs, fmt.Sprintf("%s: listed for %q, hidden from %q", n, b.client, v.client))
			case !inA && inB:
				diffs = append(diffs, fmt.Sprintf("%s: listed for %q, hidden from %q", n, v.client, b.client))
			case x != y:
				diffs = append(diffs, fmt.Sprintf("%s: definition differs between %q and %q", n, b.client, v.client))
			}
		}
		if len(diffs) == 0 {
			diffs = append(diffs, fmt.Sprintf("tool order or set digest differs between %q and %q", b.client, v.client))
		}
	}
	var scope []string
	if len(partial) > 0 {
		scope = append(scope, fmt.Sprintf("compared tool names, descriptions and input schemas only (what a protocol revision does not change): %s", strings.Join(partial, "; ")))
	}
	if len(diffs) > 0 {
		if len(differ) == 0 {
			return fail("Server shows different tools to different clients (same tools, in another order)").with(append(diffs, scope...)...)
		}
		names := make([]string, 0, len(differ))
		for n := range differ {
			names = append(names, n)
		}
		sort.Strings(names)
		return fail("Server shows different tools to different clients: %s", nameList(names, 8)).with(append(diffs, scope...)...)
	}
	clients := make([]string, len(views))
	for i, v := range views {
		clients[i] = v.client
	}
	return pass("identical tools (%d) for clients %s", len(b.tools), strings.Join(clients, ", ")).with(scope...)
}

// revisionFreeDigest hashes what a protocol revision does not change in a
// tool: its name, description and input schema (re-encoded, so key order
// does not count).
func revisionFreeDigest(t *model.Tool) string {
	var schema any
	_ = json.Unmarshal(t.RawInputSchema, &schema)
	b, _ := json.Marshal(struct {
		Name        string `json:"name"`
		Description string `json:"description"`
		Schema      any    `json:"inputSchema"`
	}{t.Name, t.RawDescription, schema})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
