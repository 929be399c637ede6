// Package model holds the data every part of the gauge engine shares: a
// snapshot of one MCP server (its info, tools, resources, templates and
// prompts) in a normalised form, plus the byte-exact encodings that keep us
// compatible with mcp-toolgauge (Python-style canonical JSON, the 16-character
// tool digest) and our own sha256 digests.
package model

import (
	"encoding/json"
)

// Era says which generation of the MCP protocol a connection used.
type Era string

const (
	// EraStateless is the 2026-07-28 revision: no initialize, server/discover.
	EraStateless Era = "stateless"
	// EraHandshake covers the initialize/initialized revisions 2024-11-05 to 2025-11-25.
	EraHandshake Era = "handshake"
)

// Annotations are a tool's behaviour hints. A nil pointer means the server
// said nothing, which differs from an explicit false.
type Annotations struct {
	Title           *string `json:"title,omitempty"`
	ReadOnlyHint    *bool   `json:"readOnlyHint,omitempty"`
	DestructiveHint *bool   `json:"destructiveHint,omitempty"`
	IdempotentHint  *bool   `json:"idempotentHint,omitempty"`
	OpenWorldHint   *bool   `json:"openWorldHint,omitempty"`
}

// Tool is one tool as the server listed it, with toolgauge's normalisation
// applied to its title and description (see Normalise). Schemas are decoded
// with json.Number so number text survives re-encoding.
type Tool struct {
	Name string
	// Title is the normalised top-level title; "" means none.
	Title string
	// Description is the normalised description; "" means none.
	Description string
	// RawDescription is the description exactly as sent ("" if absent).
	RawDescription string
	// HasDescriptionField is true when the server sent a description key
	// (possibly empty).
	HasDescriptionField bool
	// InputSchema is the decoded inputSchema, or an empty map when absent.
	InputSchema map[string]any
	// HasInputSchema is false when the server sent no inputSchema (or null).
	HasInputSchema bool
	// ParamOrder lists inputSchema.properties keys in the order the server sent them.
	ParamOrder []string
	// RawInputSchema is the inputSchema bytes as received (nil if absent).
	RawInputSchema json.RawMessage
	// OutputSchema is the decoded outputSchema, nil when absent.
	OutputSchema map[string]any
	// Annotations is nil when absent.
	Annotations *Annotations
	// Raw is the whole tool object as received.
	Raw json.RawMessage
}

// Resource is one entry of resources/list.
type Resource struct {
	URI         string          `json:"uri"`
	Name        string          `json:"name"`
	Title       string          `json:"title,omitempty"`
	Description string          `json:"description,omitempty"`
	MIMEType    string          `json:"mimeType,omitempty"`
	Raw         json.RawMessage `json:"-"`
}

// ResourceTemplate is one entry of resources/templates/list.
type ResourceTemplate struct {
	URITemplate string          `json:"uriTemplate"`
	Name        string          `json:"name"`
	Title       string          `json:"title,omitempty"`
	Description string          `json:"description,omitempty"`
	MIMEType    string          `json:"mimeType,omitempty"`
	Raw         json.RawMessage `json:"-"`
}

// PromptArgument is one declared argument of a prompt.
type PromptArgument struct {
	Name        string `json:"name"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	Required    bool   `json:"required,omitempty"`
}

// Prompt is one entry of prompts/list.
type Prompt struct {
	Name        string           `json:"name"`
	Title       string           `json:"title,omitempty"`
	Description string           `json:"description,omitempty"`
	Arguments   []PromptArgument `json:"arguments,omitempty"`
	Raw         json.RawMessage  `json:"-"`
}

// ServerInfo is what the server said about itself.
type ServerInfo struct {
	Name            string `json:"name"`
	Title           string `json:"title,omitempty"`
	Version         string `json:"version"`
	ProtocolVersion string `json:"protocol_version"`
	// Instructions is kept exactly as sent (not normalised).
	Instructions string `json:"instructions,omitempty"`
}

// Map is the server as mcp-toolgauge's JSON documents show it: name,
// version, protocol_version, and instructions when there are any.
func (s ServerInfo) Map() map[string]any {
	m := map[string]any{"name": s.Name, "version": s.Version, "protocol_version": s.ProtocolVersion}
	if s.Instructions != "" {
		m["instructions"] = s.Instructions
	}
	return m
}

// ListIssue records something wrong seen while walking a paginated list:
// a cursor cycle, a duplicate name, an error mid-walk.
type ListIssue struct {
	List    string `json:"list"` // tools, resources, resource_templates, prompts
	Kind    string `json:"kind"` // cursor_cycle, duplicate_name, error, page_limit
	Detail  string `json:"detail"`
	Page    int    `json:"page"`
	Subject string `json:"subject,omitempty"`
}

// Snapshot is everything read from one server in one connection.
type Snapshot struct {
	// Target is a readable description of how the server was reached
	// (shell-quoted command line, or URL).
	Target string
	Server ServerInfo
	Era    Era
	// Capabilities is the server capabilities object as received (nil if none).
	Capabilities map[string]any
	Tools        []Tool
	Resources    []Resource
	Templates    []ResourceTemplate
	Prompts      []Prompt
	// Pages counts list pages read per list name.
	Pages map[string]int
	// Issues lists pagination problems found while walking lists.
	Issues []ListIssue
}

// HasCapability reports whether the named top-level capability is present and non-null.
func (s *Snapshot) HasCapability(name string) bool {
	if s == nil || s.Capabilities == nil {
		return false
	}
	v, ok := s.Capabilities[name]
	return ok && v != nil
}

// Hints renders the read-only, destructive and idempotent hints as
// toolgauge's inspect does ("R d -"): upper case for true, lower case for
// false, '-' when the server said nothing.
func (t *Tool) Hints() string {
	a := t.Annotations
	if a == nil {
		return "- - -"
	}
	return hint('R', a.ReadOnlyHint) + " " + hint('D', a.DestructiveHint) + " " + hint('I', a.IdempotentHint)
}

func hint(letter byte, v *bool) string {
	switch {
	case v == nil:
		return "-"
	case *v:
		return string(letter)
	default:
		return string(letter + 'a' - 'A')
	}
}
