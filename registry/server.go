package registry

import (
	"net/url"
	"slices"
	"strings"
	"time"
)

// Status is an entry's lifecycle status as the registry reports it.
type Status string

// Known statuses. Registries may send others (real data holds "beta"); they
// are kept verbatim and treated like active.
const (
	StatusActive     Status = "active"
	StatusDeprecated Status = "deprecated"
	StatusDeleted    Status = "deleted"
)

// Rules that decided an entry's IsLatest (Server.LatestRule).
const (
	// LatestBySemver: every version of the name is strict semver; the
	// highest one is latest (ties broken by publish time).
	LatestBySemver = "semver"
	// LatestByPublishTime: at least one version is not semver; the most
	// recently published one is latest.
	LatestByPublishTime = "published-at"
	// LatestOnlyVersion: the name has one version in the input.
	LatestOnlyVersion = "only-version"
)

// Server is one version of one MCP server as a registry lists it, in one
// shape for every source. It travels inside job messages, so its JSON form is
// a contract: add fields, never rename them.
type Server struct {
	Name        string     `json:"name"`
	Version     string     `json:"version"`
	Title       string     `json:"title,omitempty"`
	Description string     `json:"description,omitempty"`
	Repository  Repository `json:"repository,omitzero"`
	WebsiteURL  string     `json:"websiteUrl,omitempty"`
	// Schema is the server.json $schema the entry was published with.
	Schema string `json:"schema,omitempty"`

	Status          Status    `json:"status"`
	StatusMessage   string    `json:"statusMessage,omitempty"`
	StatusChangedAt time.Time `json:"statusChangedAt,omitzero"`
	// Deprecated is set by Normalise for entries whose status is deprecated.
	Deprecated  bool      `json:"deprecated,omitempty"`
	PublishedAt time.Time `json:"publishedAt,omitzero"`
	UpdatedAt   time.Time `json:"updatedAt,omitzero"`

	// RegistryLatest is the registry's own isLatest flag, kept for
	// comparison; it is not refreshed on older rows, so do not trust it.
	RegistryLatest bool `json:"registryLatest,omitempty"`
	// IsLatest and LatestRule are decided by Normalise.
	IsLatest   bool   `json:"isLatest,omitempty"`
	LatestRule string `json:"latestRule,omitempty"`

	Packages []Package `json:"packages,omitempty"`
	Remotes  []Remote  `json:"remotes,omitempty"`

	// Sources lists every registry listing that named this entry.
	Sources []Listing `json:"sources,omitempty"`

	// ListedAs is set on an entry Claim split off its name: the name its
	// source listed it under (Name is then QualifiedName of it).
	ListedAs string `json:"listedAs,omitempty"`
	// Conflicts lists the other sources' disagreeing listings of this
	// entry's name (on the owner's entries), or the owner's listing (on a
	// split-off entry); see Claim.
	Conflicts []Conflict `json:"conflicts,omitempty"`
}

// Repository is where the server's source lives.
type Repository struct {
	URL       string `json:"url,omitempty"`
	Source    string `json:"source,omitempty"`
	ID        string `json:"id,omitempty"`
	Subfolder string `json:"subfolder,omitempty"`
}

// Listing records one registry that listed an entry, under which name.
type Listing struct {
	Source  string `json:"source"`
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
	// ID is the source's own identifier, when it has one (Glama id, Smithery
	// qualified name, official versionId in the 2025-09 shape).
	ID string `json:"id,omitempty"`
}

// Package is one installable form of a server.
type Package struct {
	// RegistryType is npm, pypi, oci, nuget, mcpb, cargo, ...
	RegistryType    string `json:"registryType"`
	RegistryBaseURL string `json:"registryBaseUrl,omitempty"`
	Identifier      string `json:"identifier"`
	Version         string `json:"version,omitempty"`
	FileSHA256      string `json:"fileSha256,omitempty"`
	// RuntimeHint is npx, uvx, docker, dnx, bun, ...
	RuntimeHint string    `json:"runtimeHint,omitempty"`
	Transport   Transport `json:"transport"`
	// RuntimeArguments go to the runtime (npx, docker run), PackageArguments
	// to the server itself.
	RuntimeArguments     []Input `json:"runtimeArguments,omitempty"`
	PackageArguments     []Input `json:"packageArguments,omitempty"`
	EnvironmentVariables []Input `json:"environmentVariables,omitempty"`
}

// Transport is how a package speaks MCP once started. Type is stdio,
// streamable-http or sse; URL (which may hold {var} templates) and Headers
// apply to the HTTP types.
type Transport struct {
	Type    string  `json:"type"`
	URL     string  `json:"url,omitempty"`
	Headers []Input `json:"headers,omitempty"`
}

// Remote is a hosted endpoint of a server.
type Remote struct {
	// Type is streamable-http or sse.
	Type    string  `json:"type"`
	URL     string  `json:"url"`
	Headers []Input `json:"headers,omitempty"`
	// Variables fill {name} templates in URL.
	Variables map[string]Input `json:"variables,omitempty"`
}

// Input is a value the user supplies: an environment variable, a header, a
// runtime or package argument, or a template variable. Which fields apply
// depends on the use: arguments have Type (positional or named), ValueHint
// and IsRepeated; environment variables and headers have Name.
type Input struct {
	Type        string           `json:"type,omitempty"`
	Name        string           `json:"name,omitempty"`
	ValueHint   string           `json:"valueHint,omitempty"`
	Description string           `json:"description,omitempty"`
	Format      string           `json:"format,omitempty"`
	Value       string           `json:"value,omitempty"`
	Default     string           `json:"default,omitempty"`
	Placeholder string           `json:"placeholder,omitempty"`
	Choices     []string         `json:"choices,omitempty"`
	IsRequired  bool             `json:"isRequired,omitempty"`
	IsSecret    bool             `json:"isSecret,omitempty"`
	IsRepeated  bool             `json:"isRepeated,omitempty"`
	Variables   map[string]Input `json:"variables,omitempty"`
}

// Key is the entry's stable identity inside one registry: name@version.
func (s Server) Key() string { return s.Name + "@" + s.Version }

// SourceNames lists the registries the entry came from, each once, in the
// order they were merged (nil when there are none).
func (s Server) SourceNames() []string {
	var out []string
	for _, l := range s.Sources {
		if !slices.Contains(out, l.Source) {
			out = append(out, l.Source)
		}
	}
	return out
}

// ScanID is the package-level scan identity used to dedupe entries that
// launch the same thing: for example npm:@scope/pkg@1.2.3,
// pypi:mcp-server-x@0.4.0, oci:ghcr.io/o/img:1.0, remote:https://host/mcp,
// and server:name@version for entries with nothing to launch. It is the
// ScanID of the default plan (see PlanFor).
func (s Server) ScanID() string { return PlanFor(s, PlanOptions{}).ScanID }

// packageScanID is the scan identity of one package.
func packageScanID(p Package) string {
	typ := strings.ToLower(p.RegistryType)
	switch typ {
	case "oci":
		id, _ := CanonicalOCI(p.RegistryBaseURL, p.Identifier, p.Version)
		return "oci:" + id
	case "mcpb":
		return "mcpb:" + p.Identifier
	}
	v := p.Version
	if v == "" {
		v = "latest"
	}
	return typ + ":" + p.Identifier + "@" + v
}

// remoteScanID is the scan identity of a remote endpoint: scheme and host
// lower-cased, trailing slash removed.
func remoteScanID(rawURL string) string {
	return "remote:" + normaliseURL(rawURL)
}

func normaliseURL(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" {
		return strings.TrimRight(strings.TrimSpace(raw), "/")
	}
	u.Scheme = strings.ToLower(u.Scheme)
	u.Host = strings.ToLower(u.Host)
	u.Path = strings.TrimRight(u.Path, "/")
	u.Fragment = ""
	return u.String()
}

func lastPathElem(s string) string {
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		return s[i+1:]
	}
	return s
}
