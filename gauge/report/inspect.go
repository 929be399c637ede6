package report

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/termsafe"
)

// InspectSchemaVersion identifies the inspect JSON document shape.
const InspectSchemaVersion = model.InspectSchemaVersion

// Digests are the identity hashes of a snapshot's tool surface.
type Digests struct {
	// Toolgauge is mcp-toolgauge's 16-hex digest (case files, eval cache keys).
	Toolgauge string
	// Server is mcpgauge's sha256 over the sorted per-tool digests.
	Server string
	// Tools maps tool name to its sha256.
	Tools map[string]string
}

// ComputeDigests hashes a snapshot's tools.
func ComputeDigests(snap *model.Snapshot) Digests {
	d := Digests{Toolgauge: model.ToolgaugeDigest(snap.Tools), Server: model.ServerSHA256(snap.Tools), Tools: map[string]string{}}
	for i := range snap.Tools {
		d.Tools[snap.Tools[i].Name] = model.ToolSHA256(&snap.Tools[i])
	}
	return d
}

// InspectDoc is the inspect JSON document: toolgauge's InspectResult
// (server, target, tools as ToolSpec) plus mcpgauge's additions.
// tokens maps tool name to its BPE token size (may be nil).
func InspectDoc(snap *model.Snapshot, tokens map[string]int) map[string]any {
	d := ComputeDigests(snap)
	tools := make([]any, len(snap.Tools))
	toolDigests := map[string]any{}
	for i := range snap.Tools {
		tools[i] = snap.Tools[i].SpecMap()
		toolDigests[snap.Tools[i].Name] = d.Tools[snap.Tools[i].Name]
	}
	server := snap.Server.Map()
	if snap.Server.Title != "" {
		server["title"] = snap.Server.Title
	}
	doc := map[string]any{
		"schema_version": InspectSchemaVersion,
		"server":         server,
		"target":         snap.Target,
		"tools":          tools,
		"era":            string(snap.Era),
		"digests": map[string]any{
			"toolgauge": d.Toolgauge,
			"sha256":    d.Server,
			"tools":     toolDigests,
		},
	}
	if wire, ok := wireTools(snap.Tools); ok {
		doc["wire_tools"] = wire
	}
	if snap.Capabilities != nil {
		doc["capabilities"] = snap.Capabilities
	}
	if len(snap.Resources) > 0 {
		doc["resources"] = toAny(snap.Resources)
	}
	if len(snap.Templates) > 0 {
		doc["resource_templates"] = toAny(snap.Templates)
	}
	if len(snap.Prompts) > 0 {
		doc["prompts"] = toAny(snap.Prompts)
	}
	if len(snap.Issues) > 0 {
		doc["list_issues"] = toAny(snap.Issues)
	}
	if tokens != nil {
		tm := map[string]any{}
		total := 0
		for k, v := range tokens {
			tm[k] = v
			total += v
		}
		doc["tokens"] = map[string]any{"encoding": "o200k_base", "tools": tm, "total": total}
	}
	return doc
}

// wireTools is each tool as the server sent it (its raw JSON text), so
// that lint --tools-json can read an inspect document back without the
// losses of the normalised view; ok is false when a tool has no raw form.
func wireTools(tools []model.Tool) ([]any, bool) {
	out := make([]any, len(tools))
	for i := range tools {
		if len(tools[i].Raw) == 0 {
			return nil, false
		}
		out[i] = string(tools[i].Raw)
	}
	return out, true
}

func toAny[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// InspectJSON renders InspectDoc canonically with a trailing newline.
func InspectJSON(snap *model.Snapshot, tokens map[string]int) []byte {
	return append(model.MustCanonical(InspectDoc(snap, tokens), model.Indent2), '\n')
}

const descColumn = 45

func shortDesc(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len([]rune(s)) > descColumn {
		return string([]rune(s)[:descColumn-3]) + "..."
	}
	return s
}

// InspectText writes the terminal inspect view: toolgauge's header and tools
// table (with the R D I hint columns), then mcpgauge's extra sections.
func InspectText(w io.Writer, snap *model.Snapshot, tokens map[string]int, verbose bool) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s  protocol %s\n%s\n", ASCII(snap.Server.Name), ASCII(snap.Server.Version), ASCII(snap.Server.ProtocolVersion), ASCII(snap.Target))
	era := string(snap.Era)
	if era == "" {
		era = "unknown"
	}
	fmt.Fprintf(&b, "era %s   capabilities %s\n\n", era, capList(snap.Capabilities))
	if snap.Server.Instructions != "" {
		if verbose {
			b.WriteString("instructions\n")
			for _, l := range Wrap(ASCII(snap.Server.Instructions), 84) {
				b.WriteString("  " + l + "\n")
			}
		} else {
			fmt.Fprintf(&b, "instructions  %s\n", ASCII(shortDesc(snap.Server.Instructions)))
		}
		b.WriteString("\n")
	}
	nameW := len("tool")
	for _, t := range snap.Tools {
		if len(t.Name) > nameW {
			nameW = len(t.Name)
		}
	}
	showTok := tokens != nil
	header := fmt.Sprintf("%-*s  %-*s%6s  R D I", nameW, "tool", descColumn+2, "description", "params")
	if showTok {
		header += "  tokens"
	}
	b.WriteString(header + "\n")
	for i := range snap.Tools {
		t := &snap.Tools[i]
		row := fmt.Sprintf("%-*s  %-*s%6d  %s", nameW, ASCII(termsafe.String(t.Name)), descColumn+2, ASCII(shortDesc(t.Description)), len(t.Params()), t.Hints())
		if showTok {
			row += fmt.Sprintf("  %6d", tokens[t.Name])
		}
		b.WriteString(row + "\n")
		if verbose {
			req := map[string]bool{}
			for _, r := range t.Required() {
				req[r] = true
			}
			for _, p := range t.ParamNames() {
				mark := " "
				if req[p] {
					mark = "*"
				}
				fmt.Fprintf(&b, "    %s %-20s %s\n", mark, ASCII(p), ASCII(shortDesc(paramDesc(t.Params()[p]))))
			}
		}
	}
	for _, sec := range []struct {
		title string
		rows  [][2]string
	}{
		{"resources", resourceRows(snap)},
		{"resource templates", templateRows(snap)},
		{"prompts", promptRows(snap)},
	} {
		if len(sec.rows) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n%s\n", sec.title)
		for _, r := range sec.rows {
			fmt.Fprintf(&b, "  %-40s %s\n", ASCII(r[0]), ASCII(shortDesc(r[1])))
		}
	}
	if len(snap.Issues) > 0 {
		b.WriteString("\nlist issues\n")
		for _, is := range snap.Issues {
			fmt.Fprintf(&b, "  %s %s: %s\n", is.List, is.Kind, ASCII(is.Detail))
		}
	}
	d := ComputeDigests(snap)
	fmt.Fprintf(&b, "\ndigest %s (toolgauge)   sha256 %s\n", d.Toolgauge, d.Server)
	if verbose {
		for _, t := range snap.Tools {
			fmt.Fprintf(&b, "  %-*s %s\n", nameW, ASCII(termsafe.String(t.Name)), d.Tools[t.Name])
		}
	}
	footer := plural(len(snap.Tools), "tool")
	if showTok {
		total := 0
		for _, v := range tokens {
			total += v
		}
		footer += fmt.Sprintf(", %d tokens (o200k)", total)
	}
	if !verbose {
		footer += "   -v for parameter detail"
	}
	b.WriteString("\n" + footer + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func paramDesc(v any) string {
	m, _ := v.(map[string]any)
	if s, ok := m["description"].(string); ok {
		return s
	}
	return "(no description)"
}

func capList(caps map[string]any) string {
	if caps == nil {
		return "none"
	}
	var names []string
	for k, v := range caps {
		if v != nil {
			names = append(names, k)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	sort.Strings(names)
	return ASCII(termsafe.String(strings.Join(names, ",")))
}

func resourceRows(s *model.Snapshot) [][2]string {
	var rows [][2]string
	for _, r := range s.Resources {
		rows = append(rows, [2]string{r.URI, r.Description})
	}
	return rows
}

func templateRows(s *model.Snapshot) [][2]string {
	var rows [][2]string
	for _, r := range s.Templates {
		rows = append(rows, [2]string{r.URITemplate, r.Description})
	}
	return rows
}

func promptRows(s *model.Snapshot) [][2]string {
	var rows [][2]string
	for _, p := range s.Prompts {
		rows = append(rows, [2]string{p.Name, p.Description})
	}
	return rows
}
