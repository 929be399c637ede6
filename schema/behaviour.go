package schema

import "strings"

// BehaviourVersion names the shape of Behaviour; a reader that does not
// know it ignores the section. v2 added Install and InstallNote (both
// omitted when empty), so a v1 section reads as a v2 one without them.
const BehaviourVersion = "mcpgauge-behaviour/v2"

// BehaviourVersionV1 is the first shape, still read.
const BehaviourVersionV1 = "mcpgauge-behaviour/v1"

// Bounds of a Behaviour section: each list keeps at most MaxBehaviourItems
// entries (Dropped counts the rest) and each string at most
// MaxBehaviourString bytes.
const (
	MaxBehaviourItems  = 64
	MaxBehaviourString = 256
)

// Behaviour is what a server did from its start until it was listed and
// closed (with tool calls off, nothing but start-up and the protocol's own
// requests ran), as the worker saw it from outside the sandbox: every name
// it looked up, every connection it attempted (answered by a sinkhole, so
// nothing reached a real address), the files it left in its home and /tmp,
// and the programs it ran. Everything in it came from the server: hostile
// text, to be escaped wherever it is shown.
type Behaviour struct {
	// Schema is BehaviourVersion.
	Schema string `json:"schema"`
	// Lookups are the DNS names asked for, with the query types.
	Lookups []Lookup `json:"lookups,omitempty"`
	// Connections are the connection attempts and datagrams.
	Connections []Connection `json:"connections,omitempty"`
	// Files are the files the server left in its home or /tmp.
	Files []FileWrite `json:"files,omitempty"`
	// Processes are the programs that ran in the sandbox.
	Processes []ProcessRun `json:"processes,omitempty"`
	// Dropped counts entries left out by the bounds.
	Dropped int `json:"dropped,omitempty"`
	// Unobserved says what could not be watched and why (an empty list:
	// everything was).
	Unobserved []string `json:"unobserved,omitempty"`
	// Install is what the package's install did, watched the same way (a
	// PyPI source distribution's build backend runs its code there; the
	// package manager's own processes are listed too, its own cache
	// writes are not). Nil when no install phase was recorded; then
	// InstallNote says why (an npm install runs with lifecycle scripts
	// off: no package code ran).
	Install     *Behaviour `json:"install,omitempty"`
	InstallNote string     `json:"install_note,omitempty"`
}

// Lookup is one DNS name the server looked up.
type Lookup struct {
	Name  string   `json:"name"`
	Types []string `json:"types,omitempty"`
	Count int      `json:"count"`
}

// Connection is one destination the server sent to.
type Connection struct {
	// Protocol is "tcp" or "udp".
	Protocol string `json:"protocol"`
	// Address and Port are the destination; Host is the name whose lookup
	// answered with Address ("" for a literal address).
	Address string `json:"address"`
	Port    int    `json:"port"`
	Host    string `json:"host,omitempty"`
	// SNI is the TLS server name of the first segment, HTTPHost the Host
	// header of a plain HTTP request.
	SNI      string `json:"sni,omitempty"`
	HTTPHost string `json:"http_host,omitempty"`
	Count    int    `json:"count"`
}

// FileWrite is a file the server created or changed outside its package
// and scratch directories.
type FileWrite struct {
	Path       string `json:"path"`
	Size       int64  `json:"size"`
	Executable bool   `json:"executable,omitempty"`
	Symlink    bool   `json:"symlink,omitempty"`
}

// ProcessRun is a program that ran in the sandbox.
type ProcessRun struct {
	// Path is the executable, Argv0 the name it was given.
	Path  string `json:"path"`
	Argv0 string `json:"argv0,omitempty"`
	Count int    `json:"count"`
	// Written says the executable was written during the run (it lies in
	// the sandbox's home or /tmp): a program fetched or made at start-up.
	Written bool `json:"written,omitempty"`
}

// Empty reports whether b recorded nothing at all.
func (b *Behaviour) Empty() bool {
	return b == nil || len(b.Lookups)+len(b.Connections)+len(b.Files)+len(b.Processes) == 0 && b.Dropped == 0
}

// Hosts lists the names the server looked up or sent to (lookups, SNI,
// HTTP Host), lower-cased, in first-seen order.
func (b *Behaviour) Hosts() []string {
	if b == nil {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	add := func(h string) {
		h = strings.ToLower(h)
		if i := strings.LastIndexByte(h, ':'); i > 0 && !strings.Contains(h[:i], ":") {
			h = h[:i] // an HTTP Host's port
		}
		if h != "" && !seen[h] {
			seen[h] = true
			out = append(out, h)
		}
	}
	for _, l := range b.Lookups {
		add(l.Name)
	}
	for _, c := range b.Connections {
		add(c.Host)
		add(c.SNI)
		add(c.HTTPHost)
	}
	return out
}
