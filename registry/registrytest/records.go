package registrytest

import (
	"encoding/json"
	"time"
)

// Entry is one server version a fake registry lists, in the current
// (2025-12-11) shape: a remote at RemoteURL, or an npm stdio package
// Package at PackageVersion (default Version).
type Entry struct {
	Name, Version           string
	RemoteURL               string
	Package, PackageVersion string
	UpdatedAt               time.Time
	Status                  string
}

// Records encodes entries as official-registry records for NewOfficial.
// A zero UpdatedAt is 2026-01-01; a zero Status is active.
func Records(entries ...Entry) []json.RawMessage {
	type remote struct {
		Type string `json:"type"`
		URL  string `json:"url"`
	}
	type pkg struct {
		RegistryType string            `json:"registryType"`
		Identifier   string            `json:"identifier"`
		Version      string            `json:"version"`
		Transport    map[string]string `json:"transport"`
	}
	type server struct {
		Schema      string   `json:"$schema"`
		Name        string   `json:"name"`
		Description string   `json:"description"`
		Version     string   `json:"version"`
		Remotes     []remote `json:"remotes,omitempty"`
		Packages    []pkg    `json:"packages,omitempty"`
	}
	out := make([]json.RawMessage, 0, len(entries))
	for _, e := range entries {
		s := server{Schema: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
			Name: e.Name, Description: "Test server " + e.Name, Version: e.Version}
		if e.Package != "" {
			v := e.PackageVersion
			if v == "" {
				v = e.Version
			}
			s.Packages = []pkg{{RegistryType: "npm", Identifier: e.Package, Version: v, Transport: map[string]string{"type": "stdio"}}}
		} else {
			s.Remotes = []remote{{Type: "streamable-http", URL: e.RemoteURL}}
		}
		at := e.UpdatedAt
		if at.IsZero() {
			at = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		}
		status := e.Status
		if status == "" {
			status = "active"
		}
		b, _ := json.Marshal(map[string]any{"server": s, "_meta": map[string]any{
			"io.modelcontextprotocol.registry/official": map[string]any{"status": status,
				"publishedAt": at.Format(time.RFC3339), "updatedAt": at.Format(time.RFC3339), "isLatest": true}}})
		out = append(out, b)
	}
	return out
}
