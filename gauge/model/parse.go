package model

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// ToolFromWire builds a Tool from one element of a tools/list result.
func ToolFromWire(raw json.RawMessage) (Tool, error) {
	var w struct {
		Name         string          `json:"name"`
		Title        *string         `json:"title"`
		Description  *string         `json:"description"`
		InputSchema  json.RawMessage `json:"inputSchema"`
		OutputSchema json.RawMessage `json:"outputSchema"`
		Annotations  json.RawMessage `json:"annotations"`
	}
	if err := json.Unmarshal(raw, &w); err != nil {
		return Tool{}, fmt.Errorf("tool: %w", err)
	}
	t := Tool{Name: w.Name, Raw: append(json.RawMessage(nil), raw...), InputSchema: map[string]any{}}
	if w.Title != nil {
		t.Title = Normalise(*w.Title)
	}
	if w.Description != nil {
		t.HasDescriptionField = true
		t.RawDescription = *w.Description
		t.Description = Normalise(*w.Description)
	}
	if len(w.InputSchema) > 0 && !bytes.Equal(bytes.TrimSpace(w.InputSchema), []byte("null")) {
		v, err := DecodeJSON(w.InputSchema)
		if err != nil {
			return Tool{}, fmt.Errorf("tool %q inputSchema: %w", w.Name, err)
		}
		if m, ok := v.(map[string]any); ok {
			t.InputSchema = m
			t.HasInputSchema = true
		}
		t.RawInputSchema = append(json.RawMessage(nil), w.InputSchema...)
		t.ParamOrder = propertyOrder(w.InputSchema)
	}
	if len(w.OutputSchema) > 0 && !bytes.Equal(bytes.TrimSpace(w.OutputSchema), []byte("null")) {
		v, err := DecodeJSON(w.OutputSchema)
		if err != nil {
			return Tool{}, fmt.Errorf("tool %q outputSchema: %w", w.Name, err)
		}
		if m, ok := v.(map[string]any); ok {
			t.OutputSchema = m
		}
	}
	if len(w.Annotations) > 0 && !bytes.Equal(bytes.TrimSpace(w.Annotations), []byte("null")) {
		var a Annotations
		if err := json.Unmarshal(w.Annotations, &a); err != nil {
			return Tool{}, fmt.Errorf("tool %q annotations: %w", w.Name, err)
		}
		t.Annotations = &a
	}
	return t, nil
}

// propertyOrder returns the keys of schema.properties in document order.
func propertyOrder(schema json.RawMessage) []string {
	var top map[string]json.RawMessage
	if json.Unmarshal(schema, &top) != nil {
		return nil
	}
	props, ok := top["properties"]
	if !ok {
		return nil
	}
	keys, _ := ObjectKeys(props)
	return keys
}

// ObjectKeys returns the keys of a JSON object in document order.
func ObjectKeys(obj json.RawMessage) ([]string, error) {
	dec := json.NewDecoder(bytes.NewReader(obj))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fmt.Errorf("not an object")
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		k, _ := tok.(string)
		keys = append(keys, k)
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
	}
	return keys, nil
}

// Params returns inputSchema.properties when it is an object, else an empty map.
func (t *Tool) Params() map[string]any {
	if p, ok := t.InputSchema["properties"].(map[string]any); ok {
		return p
	}
	return map[string]any{}
}

// ParamNames returns the parameter names in server order (falling back to
// sorted order when the order is unknown).
func (t *Tool) ParamNames() []string {
	params := t.Params()
	if len(t.ParamOrder) == len(params) {
		return t.ParamOrder
	}
	names := make([]string, 0, len(params))
	for k := range params {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// Required returns inputSchema.required as strings when it is a list.
func (t *Tool) Required() []string {
	list, ok := t.InputSchema["required"].([]any)
	if !ok {
		return nil
	}
	out := make([]string, 0, len(list))
	for _, v := range list {
		out = append(out, fmt.Sprint(v))
	}
	return out
}

// SpecMap is the tool as toolgauge's ToolSpec dumps it: snake_case keys,
// normalised title and description, None fields dropped.
func (t *Tool) SpecMap() map[string]any {
	m := map[string]any{"name": t.Name, "input_schema": t.InputSchema}
	if t.Title != "" {
		m["title"] = t.Title
	}
	if t.Description != "" {
		m["description"] = t.Description
	}
	if t.OutputSchema != nil {
		m["output_schema"] = t.OutputSchema
	}
	if a := t.Annotations; a != nil {
		am := map[string]any{}
		if a.Title != nil {
			am["title"] = *a.Title
		}
		put := func(k string, v *bool) {
			if v != nil {
				am[k] = *v
			}
		}
		put("read_only_hint", a.ReadOnlyHint)
		put("destructive_hint", a.DestructiveHint)
		put("idempotent_hint", a.IdempotentHint)
		put("open_world_hint", a.OpenWorldHint)
		m["annotations"] = am
	}
	return m
}

// ToolgaugeDigest is mcp-toolgauge's 16-hex tool digest: each tool's compact
// canonical SpecMap, sorted, joined by "\n", sha256, first 16 hex characters.
func ToolgaugeDigest(tools []Tool) string {
	lines := make([]string, len(tools))
	for i := range tools {
		lines[i] = string(MustCanonical(tools[i].SpecMap(), Compact))
	}
	sort.Strings(lines)
	sum := sha256.Sum256([]byte(strings.Join(lines, "\n")))
	return hex.EncodeToString(sum[:])[:16]
}

// WireMap is the tool's identity as sent on the wire (raw description, not
// normalised): name, title, description, inputSchema, outputSchema, annotations.
func (t *Tool) WireMap() map[string]any {
	m := map[string]any{"name": t.Name}
	var w map[string]any
	if v, err := DecodeJSON(t.Raw); err == nil {
		w, _ = v.(map[string]any)
	}
	for _, k := range []string{"title", "description", "inputSchema", "outputSchema", "annotations"} {
		if v, ok := w[k]; ok && v != nil {
			m[k] = v
		}
	}
	for _, k := range []string{"inputSchema", "outputSchema"} {
		if s, ok := m[k].(map[string]any); ok {
			m[k] = sortRequired(s)
		}
	}
	return m
}

// sortRequired returns schema with every "required" list (at any depth)
// sorted. required is a set: a server that lists it in map order must not
// look like a changed server on every scan.
func sortRequired(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			if list, ok := e.([]any); ok && k == "required" && allStrings(list) {
				sorted := append([]any(nil), list...)
				sort.Slice(sorted, func(i, j int) bool { return sorted[i].(string) < sorted[j].(string) })
				out[k] = sorted
				continue
			}
			out[k] = sortRequired(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = sortRequired(e)
		}
		return out
	}
	return v
}

func allStrings(list []any) bool {
	for _, e := range list {
		if _, ok := e.(string); !ok {
			return false
		}
	}
	return true
}

// ToolSHA256 is mcpgauge's per-tool digest: the full sha256 (hex) of the
// compact canonical JSON of WireMap. Any change to what a model sees about
// the tool changes it; key order, whitespace and the order of "required"
// lists do not.
func ToolSHA256(t *Tool) string {
	sum := sha256.Sum256(MustCanonical(t.WireMap(), Compact))
	return hex.EncodeToString(sum[:])
}

// ServerSHA256 is mcpgauge's server-level tool digest: sha256 over the sorted
// per-tool digests joined by "\n". It ignores tool order.
func ServerSHA256(tools []Tool) string {
	ds := make([]string, len(tools))
	for i := range tools {
		ds[i] = ToolSHA256(&tools[i])
	}
	sort.Strings(ds)
	sum := sha256.Sum256([]byte(strings.Join(ds, "\n")))
	return hex.EncodeToString(sum[:])
}

// InspectSchemaVersion identifies the `mcpgauge inspect --json` document.
// Its "tools" are in toolgauge's snake_case spec form (normalised text,
// sorted keys); its "wire_tools" keep each tool exactly as the server sent
// it, which is what ParseToolsJSON reads back.
const InspectSchemaVersion = "mcpgauge.inspect/v1"

// ParseToolsJSON reads a saved tools/list result ({"tools": [...]}), the
// toolgauge fixture shape (which adds serverInfo, protocolVersion and
// instructions), a bare array of tools, or mcpgauge's own inspect --json
// document (through its wire_tools), into a Snapshot. Tools in the spec form
// inspect shows (input_schema, read_only_hint) are refused with a clear
// error: linting them as wire tools would miss every schema.
func ParseToolsJSON(data []byte) (*Snapshot, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, fmt.Errorf("tools json: empty input")
	}
	var doc struct {
		ServerInfo      *ServerInfo        `json:"serverInfo"`
		ProtocolVersion string             `json:"protocolVersion"`
		Instructions    string             `json:"instructions"`
		Tools           []json.RawMessage  `json:"tools"`
		SchemaVersion   string             `json:"schema_version"`
		WireTools       []string           `json:"wire_tools"`
		Era             Era                `json:"era"`
		Capabilities    map[string]any     `json:"capabilities"`
		Resources       []Resource         `json:"resources"`
		Templates       []ResourceTemplate `json:"resource_templates"`
		Prompts         []Prompt           `json:"prompts"`
		Server          *struct {
			Name            string `json:"name"`
			Title           string `json:"title"`
			Version         string `json:"version"`
			ProtocolVersion string `json:"protocol_version"`
			Instructions    string `json:"instructions"`
		} `json:"server"`
		Result *struct {
			Tools []json.RawMessage `json:"tools"`
		} `json:"result"`
	}
	snap := &Snapshot{Target: "tools-json", Pages: map[string]int{"tools": 1}}
	var rawTools []json.RawMessage
	if trimmed[0] == '[' {
		if err := json.Unmarshal(trimmed, &rawTools); err != nil {
			return nil, fmt.Errorf("tools json: %w", err)
		}
	} else {
		if err := json.Unmarshal(trimmed, &doc); err != nil {
			return nil, fmt.Errorf("tools json: %w", err)
		}
		rawTools = doc.Tools
		if doc.SchemaVersion == InspectSchemaVersion {
			if doc.WireTools == nil || len(doc.WireTools) != len(doc.Tools) {
				return nil, fmt.Errorf("tools json: this inspect --json document has no \"wire_tools\" (it comes from an older mcpgauge); its \"tools\" are a normalised view, not what the server sent: re-run inspect --json with this version or save the server's tools/list result")
			}
			rawTools = make([]json.RawMessage, len(doc.WireTools))
			for i, w := range doc.WireTools {
				rawTools[i] = json.RawMessage(w)
			}
			if doc.Server != nil {
				doc.ServerInfo = &ServerInfo{Name: doc.Server.Name, Title: doc.Server.Title, Version: doc.Server.Version}
				doc.ProtocolVersion = doc.Server.ProtocolVersion
				doc.Instructions = doc.Server.Instructions
			}
		}
		if rawTools == nil && doc.Result != nil {
			rawTools = doc.Result.Tools
		}
		if rawTools == nil {
			return nil, fmt.Errorf("tools json: no \"tools\" array found (expected a tools/list result, a JSON-RPC response, or an array of tools)")
		}
		if doc.ServerInfo != nil {
			snap.Server.Name = doc.ServerInfo.Name
			snap.Server.Title = doc.ServerInfo.Title
			snap.Server.Version = doc.ServerInfo.Version
		}
		snap.Server.ProtocolVersion = doc.ProtocolVersion
		snap.Server.Instructions = doc.Instructions
	}
	for i, raw := range rawTools {
		if err := refuseSpecForm(raw); err != nil {
			return nil, fmt.Errorf("tools json: tool #%d: %w", i, err)
		}
		t, err := ToolFromWire(raw)
		if err != nil {
			return nil, fmt.Errorf("tools json: tool #%d: %w", i, err)
		}
		snap.Tools = append(snap.Tools, t)
	}
	snap.Capabilities = map[string]any{"tools": map[string]any{}}
	if doc.SchemaVersion == InspectSchemaVersion {
		// The inspect document also carries the other lists and what the
		// server declared.
		snap.Era, snap.Resources, snap.Templates, snap.Prompts = doc.Era, doc.Resources, doc.Templates, doc.Prompts
		if doc.Capabilities != nil {
			snap.Capabilities = doc.Capabilities
		}
	}
	return snap, nil
}

// refuseSpecForm rejects a tool written in the snake_case spec form that
// toolgauge's and mcpgauge's inspect --json show: read as a wire tool it
// would have no schema and no annotations.
func refuseSpecForm(raw json.RawMessage) error {
	var keys map[string]json.RawMessage
	if json.Unmarshal(raw, &keys) != nil {
		return nil // ToolFromWire says what is wrong
	}
	for spec, wire := range map[string]string{"input_schema": "inputSchema", "output_schema": "outputSchema"} {
		_, hasSpec := keys[spec]
		_, hasWire := keys[wire]
		if hasSpec && !hasWire {
			return fmt.Errorf("it spells %q, the form inspect --json shows; --tools-json reads tools as a server sends them (%q): pass the inspect document itself, or a saved tools/list result", spec, wire)
		}
	}
	return nil
}

// SchemaTypes returns the type names a JSON Schema declares in its "type"
// keyword, a single name or a list of them; declared is false when the
// keyword is absent or of another shape, so any type is allowed.
func SchemaTypes(schema map[string]any) (types []string, declared bool) {
	switch ty := schema["type"].(type) {
	case string:
		return []string{ty}, true
	case []any:
		for _, x := range ty {
			if s, ok := x.(string); ok {
				types = append(types, s)
			}
		}
		return types, true
	}
	return nil, false
}
