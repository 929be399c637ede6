// Package precision measures how often the default profile's findings are
// right. It reads a corpus of real servers' captured lists
// (testdata/precision/<server>.json, written by bench/precision) and the
// hand-made labels beside them (labels.yaml), lints every server, matches
// each finding at warning or error to its label, and computes precision per
// rule and recall per labelled defect class.
package precision

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// CaptureFormat is the version stamp of a capture file.
const CaptureFormat = "mcpgauge-precision-capture/v1"

// Capture is one server's lists as bench/precision captured them over stdio
// through gauge/connect: what the scanner saw, kept raw.
type Capture struct {
	Format string `json:"format"`
	// Server is the corpus name (the file's base name).
	Server string `json:"server"`
	// Package and Version name the npm release that was installed.
	Package string `json:"package"`
	Version string `json:"version"`
	// CapturedAt is the UTC date of the capture (YYYY-MM-DD).
	CapturedAt string `json:"captured_at"`
	// Args are the arguments the server was started with.
	Args []string `json:"args,omitempty"`
	// Env is the environment the server was given beyond a fresh HOME:
	// credentials are placeholders ("placeholder", *.invalid hosts) for
	// servers that refuse to start without them; none is real.
	Env map[string]string `json:"env,omitempty"`
	// Note says anything else about how the server was started.
	Note string `json:"note,omitempty"`

	Info         model.ServerInfo  `json:"server_info"`
	Capabilities map[string]any    `json:"capabilities,omitempty"`
	Tools        []json.RawMessage `json:"tools"`
	Resources    []json.RawMessage `json:"resources,omitempty"`
	Templates    []json.RawMessage `json:"resource_templates,omitempty"`
	Prompts      []json.RawMessage `json:"prompts,omitempty"`
	// Issues are the list-walk problems the snapshot recorded.
	Issues []model.ListIssue `json:"issues,omitempty"`
}

// FromSnapshot records snap as a capture (the identity fields are the
// caller's to fill).
func FromSnapshot(snap *model.Snapshot) Capture {
	c := Capture{Format: CaptureFormat, Info: snap.Server, Capabilities: snap.Capabilities, Issues: snap.Issues}
	for _, t := range snap.Tools {
		c.Tools = append(c.Tools, t.Raw)
	}
	for _, r := range snap.Resources {
		c.Resources = append(c.Resources, r.Raw)
	}
	for _, r := range snap.Templates {
		c.Templates = append(c.Templates, r.Raw)
	}
	for _, p := range snap.Prompts {
		c.Prompts = append(c.Prompts, p.Raw)
	}
	if c.Tools == nil {
		c.Tools = []json.RawMessage{}
	}
	return c
}

// Snapshot rebuilds the snapshot the scanner saw, decoding every item from
// its raw JSON as gauge/connect does.
func (c *Capture) Snapshot() (*model.Snapshot, error) {
	snap := &model.Snapshot{
		Target: "npm:" + c.Package + "@" + c.Version, Server: c.Info, Era: model.EraHandshake,
		Capabilities: c.Capabilities, Pages: map[string]int{}, Issues: c.Issues,
	}
	for i, raw := range c.Tools {
		t, err := model.ToolFromWire(raw)
		if err != nil {
			return nil, fmt.Errorf("%s: tool #%d: %w", c.Server, i, err)
		}
		snap.Tools = append(snap.Tools, t)
	}
	for i, raw := range c.Resources {
		r, err := model.ResourceFromWire(raw)
		if err != nil {
			return nil, fmt.Errorf("%s: resource #%d: %w", c.Server, i, err)
		}
		snap.Resources = append(snap.Resources, r)
	}
	for i, raw := range c.Templates {
		r, err := model.TemplateFromWire(raw)
		if err != nil {
			return nil, fmt.Errorf("%s: resource template #%d: %w", c.Server, i, err)
		}
		snap.Templates = append(snap.Templates, r)
	}
	for i, raw := range c.Prompts {
		p, err := model.PromptFromWire(raw)
		if err != nil {
			return nil, fmt.Errorf("%s: prompt #%d (%q): %w", c.Server, i, p.Name, err)
		}
		snap.Prompts = append(snap.Prompts, p)
	}
	for name, n := range map[string]int{"tools": len(c.Tools), "resources": len(c.Resources),
		"resource_templates": len(c.Templates), "prompts": len(c.Prompts)} {
		if n > 0 {
			snap.Pages[name] = 1
		}
	}
	return snap, nil
}

// Marshal encodes a capture as the corpus stores it: indented, one item per
// line block, ending in a newline.
func (c *Capture) Marshal() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(c); err != nil {
		return nil, fmt.Errorf("encode capture %s: %w", c.Server, err)
	}
	return buf.Bytes(), nil
}

// LoadCorpus reads every capture file (*.json) in dir, sorted by server name.
func LoadCorpus(dir string) ([]Capture, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	sort.Strings(paths)
	var out []Capture
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("corpus: %w", err)
		}
		var c Capture
		if err := json.Unmarshal(data, &c); err != nil {
			return nil, fmt.Errorf("corpus %s: %w", filepath.Base(p), err)
		}
		if c.Format != CaptureFormat {
			return nil, fmt.Errorf("corpus %s: format %q, want %q", filepath.Base(p), c.Format, CaptureFormat)
		}
		if want := strings.TrimSuffix(filepath.Base(p), ".json"); c.Server != want {
			return nil, fmt.Errorf("corpus %s: server %q does not match the file name", filepath.Base(p), c.Server)
		}
		out = append(out, c)
	}
	return out, nil
}
