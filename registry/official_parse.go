package registry

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"time"
)

// Shape names the historical form of an official-registry record.
type Shape string

// The three historical record shapes, plus bare server.json objects.
const (
	// ShapeWrapped is the current shape (API since 2025-09-29):
	// {"server":{...}, "_meta":{"io.modelcontextprotocol.registry/official":{status,...}}}.
	ShapeWrapped Shape = "wrapped"
	// ShapeFlatCamel is the 2025-09-16 shape: one flat camelCase server
	// object with top-level status and _meta.official.{serverId,versionId,...}.
	ShapeFlatCamel Shape = "flat-camel"
	// ShapeFlatSnake is the original 2025-07-09 shape: flat, snake_case
	// fields, _meta.official.{id,published_at,updated_at,is_latest}.
	ShapeFlatSnake Shape = "flat-snake"
	// ShapeBare is a server.json with no registry metadata (the seed list).
	ShapeBare Shape = "bare"
)

const officialMetaKey = "io.modelcontextprotocol.registry/official"

// Document is the result of parsing one official-registry JSON document: an
// API page ({"servers":[...],"metadata":{...}}), a top-level array of
// records (a crawl dump) or one record.
type Document struct {
	Servers []Server
	// NextCursor is metadata.nextCursor (or the early next_cursor); empty
	// when absent.
	NextCursor string
	// Count is metadata.count when present, else -1.
	Count int
	// IsPage reports whether the document was an API page envelope.
	IsPage bool
	// Shapes counts records by shape.
	Shapes map[Shape]int
}

// rawOfficialMeta is the registry's own metadata in any of its versions.
type rawOfficialMeta struct {
	Status          string   `json:"status"`
	StatusMessage   string   `json:"statusMessage"`
	StatusChangedAt flexTime `json:"statusChangedAt"`
	PublishedAt     flexTime `json:"publishedAt"`
	UpdatedAt       flexTime `json:"updatedAt"`
	IsLatest        flexBool `json:"isLatest"`
	ServerID        string   `json:"serverId"`
	VersionID       string   `json:"versionId"`
	// 2025-07-09 shape
	ID               string   `json:"id"`
	PublishedAtSnake flexTime `json:"published_at"`
	UpdatedAtSnake   flexTime `json:"updated_at"`
	IsLatestSnake    flexBool `json:"is_latest"`
}

type rawMeta struct {
	Official *rawOfficialMeta `json:"io.modelcontextprotocol.registry/official"`
}

type rawRepository struct {
	URL       flexString `json:"url"`
	Source    flexString `json:"source"`
	ID        flexString `json:"id"`
	Subfolder flexString `json:"subfolder"`
}

// rawInput covers Input, Argument and KeyValueInput in both casings.
type rawInput struct {
	Type            flexString          `json:"type"`
	Name            flexString          `json:"name"`
	ValueHint       flexString          `json:"valueHint"`
	ValueHintSnake  flexString          `json:"value_hint"`
	Description     flexString          `json:"description"`
	Format          flexString          `json:"format"`
	Value           flexString          `json:"value"`
	Default         flexString          `json:"default"`
	Placeholder     flexString          `json:"placeholder"`
	Choices         flexStrings         `json:"choices"`
	IsRequired      flexBool            `json:"isRequired"`
	IsRequiredSnake flexBool            `json:"is_required"`
	IsSecret        flexBool            `json:"isSecret"`
	IsSecretSnake   flexBool            `json:"is_secret"`
	IsRepeated      flexBool            `json:"isRepeated"`
	IsRepeatedSnake flexBool            `json:"is_repeated"`
	Variables       map[string]rawInput `json:"variables"`
}

type rawTransport struct {
	Type    flexString `json:"type"`
	URL     flexString `json:"url"`
	Headers []rawInput `json:"headers"`
}

type rawPackage struct {
	RegistryType          flexString    `json:"registryType"`
	RegistryTypeSnake     flexString    `json:"registry_type"`
	RegistryName          flexString    `json:"registry_name"` // pre-release seeds
	RegistryBaseURL       flexString    `json:"registryBaseUrl"`
	RegistryBaseURLSnake  flexString    `json:"registry_base_url"`
	Identifier            flexString    `json:"identifier"`
	Name                  flexString    `json:"name"` // pre-release seeds
	Version               flexString    `json:"version"`
	FileSHA256            flexString    `json:"fileSha256"`
	FileSHA256Snake       flexString    `json:"file_sha256"`
	RuntimeHint           flexString    `json:"runtimeHint"`
	RuntimeHintSnake      flexString    `json:"runtime_hint"`
	Transport             *rawTransport `json:"transport"`
	RuntimeArguments      []rawInput    `json:"runtimeArguments"`
	RuntimeArgumentsSnake []rawInput    `json:"runtime_arguments"`
	PackageArguments      []rawInput    `json:"packageArguments"`
	PackageArgumentsSnake []rawInput    `json:"package_arguments"`
	EnvVars               []rawInput    `json:"environmentVariables"`
	EnvVarsSnake          []rawInput    `json:"environment_variables"`
}

type rawRemote struct {
	Type          flexString          `json:"type"`
	TransportType flexString          `json:"transport_type"`
	URL           flexString          `json:"url"`
	Headers       []rawInput          `json:"headers"`
	Variables     map[string]rawInput `json:"variables"`
}

// rawServer is a server.json in any schema version, plus the flat shapes'
// top-level status and _meta.
type rawServer struct {
	Schema          flexString     `json:"$schema"`
	Name            flexString     `json:"name"`
	Title           flexString     `json:"title"`
	Description     flexString     `json:"description"`
	Version         flexString     `json:"version"`
	Repository      *rawRepository `json:"repository"`
	WebsiteURL      flexString     `json:"websiteUrl"`
	WebsiteURLSnake flexString     `json:"website_url"`
	Status          flexString     `json:"status"`
	Packages        []rawPackage   `json:"packages"`
	Remotes         []rawRemote    `json:"remotes"`
	Meta            *rawMeta       `json:"_meta"`
}

// rawRecord is one record in any shape: wrapped records fill Server and the
// outer Meta; flat records fill the embedded rawServer.
type rawRecord struct {
	rawServer
	Server *rawServer `json:"server"`
}

type rawPageMeta struct {
	NextCursor      flexString `json:"nextCursor"`
	NextCursorSnake flexString `json:"next_cursor"`
	Count           *int       `json:"count"`
}

type rawDoc struct {
	rawRecord
	Servers  *[]rawRecord `json:"servers"`
	Metadata *rawPageMeta `json:"metadata"`
	// Very early pages put next_cursor at the top level.
	NextCursorTop flexString `json:"next_cursor"`
}

// ParseOfficial parses one official-registry JSON document in any of the
// three historical shapes (see Shape): an API page, a top-level array of
// records as crawl dumps store them, or a single record. A leading BOM is
// stripped. source names the listing recorded in each Server's Sources.
// Errors say which record failed and why.
func ParseOfficial(data []byte, source string) (Document, error) {
	data = bytes.TrimSpace(StripBOM(data))
	doc := Document{Count: -1, Shapes: map[Shape]int{}}
	if len(data) == 0 {
		return doc, errors.New("empty document")
	}
	var records []rawRecord
	switch data[0] {
	case '[':
		var err error
		if records, err = decodeRecords(data); err != nil {
			return doc, err
		}
	case '{':
		var d rawDoc
		if err := json.Unmarshal(data, &d); err != nil {
			return doc, fmt.Errorf("decode document: %w", err)
		}
		switch {
		case d.Servers != nil:
			doc.IsPage = true
			records = *d.Servers
			if d.Metadata != nil {
				doc.NextCursor = string(d.Metadata.NextCursor)
				if doc.NextCursor == "" {
					doc.NextCursor = string(d.Metadata.NextCursorSnake)
				}
				if d.Metadata.Count != nil {
					doc.Count = *d.Metadata.Count
				}
			}
			if doc.NextCursor == "" {
				doc.NextCursor = string(d.NextCursorTop)
			}
		case d.Server != nil || d.Name != "":
			records = []rawRecord{d.rawRecord}
		default:
			return doc, errors.New(`document has neither a "servers" array nor a server object`)
		}
	default:
		return doc, fmt.Errorf("document starts with %q; want a JSON object or array", data[0])
	}
	doc.Servers = make([]Server, 0, len(records))
	for i := range records {
		s, shape, err := records[i].normalise(source)
		if err != nil {
			return doc, fmt.Errorf("record %d: %w", i, err)
		}
		doc.Shapes[shape]++
		doc.Servers = append(doc.Servers, s)
	}
	return doc, nil
}

func (r *rawRecord) normalise(source string) (Server, Shape, error) {
	var (
		rs    *rawServer
		shape Shape
		meta  *rawOfficialMeta
	)
	if r.Server != nil {
		rs, shape = r.Server, ShapeWrapped
		if r.Meta != nil {
			meta = r.Meta.Official
		}
	} else {
		rs = &r.rawServer
		if rs.Meta != nil {
			meta = rs.Meta.Official
		}
		switch {
		case meta == nil && rs.Status == "":
			shape = ShapeBare
		case rs.isSnake(meta):
			shape = ShapeFlatSnake
		default:
			shape = ShapeFlatCamel
		}
	}
	if rs.Name == "" {
		return Server{}, shape, errors.New("server has no name")
	}
	s := Server{
		Name:        strings.TrimSpace(string(rs.Name)),
		Version:     strings.TrimSpace(string(rs.Version)),
		Title:       string(rs.Title),
		Description: string(rs.Description),
		WebsiteURL:  firstNonEmpty(string(rs.WebsiteURL), string(rs.WebsiteURLSnake)),
		Schema:      string(rs.Schema),
		Status:      Status(strings.ToLower(strings.TrimSpace(string(rs.Status)))),
	}
	if rs.Repository != nil {
		s.Repository = Repository{
			URL:       string(rs.Repository.URL),
			Source:    string(rs.Repository.Source),
			ID:        string(rs.Repository.ID),
			Subfolder: string(rs.Repository.Subfolder),
		}
	}
	listing := Listing{Source: source, Name: s.Name, Version: s.Version}
	if meta != nil {
		if meta.Status != "" {
			s.Status = Status(strings.ToLower(strings.TrimSpace(meta.Status)))
		}
		s.StatusMessage = meta.StatusMessage
		s.StatusChangedAt = meta.StatusChangedAt.Time
		s.PublishedAt = firstTime(meta.PublishedAt, meta.PublishedAtSnake)
		s.UpdatedAt = firstTime(meta.UpdatedAt, meta.UpdatedAtSnake)
		s.RegistryLatest = bool(meta.IsLatest || meta.IsLatestSnake)
		listing.ID = firstNonEmpty(meta.VersionID, meta.ID)
	}
	if s.Status == "" {
		s.Status = StatusActive
	}
	for _, p := range rs.Packages {
		s.Packages = append(s.Packages, p.normalise())
	}
	for _, rm := range rs.Remotes {
		s.Remotes = append(s.Remotes, Remote{
			Type:      strings.ToLower(firstNonEmpty(string(rm.Type), string(rm.TransportType))),
			URL:       strings.TrimSpace(string(rm.URL)),
			Headers:   inputs(rm.Headers),
			Variables: inputMap(rm.Variables),
		})
	}
	s.Sources = []Listing{listing}
	return s, shape, nil
}

// isSnake reports whether a flat record uses the 2025-07-09 snake_case names.
func (rs *rawServer) isSnake(meta *rawOfficialMeta) bool {
	if meta != nil && (meta.ID != "" || !meta.PublishedAtSnake.IsZero()) {
		return true
	}
	if rs.WebsiteURLSnake != "" {
		return true
	}
	for _, p := range rs.Packages {
		if p.RegistryTypeSnake != "" || p.EnvVarsSnake != nil || p.PackageArgumentsSnake != nil {
			return true
		}
	}
	return false
}

func (p *rawPackage) normalise() Package {
	out := Package{
		RegistryType:         strings.ToLower(firstNonEmpty(string(p.RegistryType), string(p.RegistryTypeSnake), string(p.RegistryName))),
		RegistryBaseURL:      firstNonEmpty(string(p.RegistryBaseURL), string(p.RegistryBaseURLSnake)),
		Identifier:           strings.TrimSpace(firstNonEmpty(string(p.Identifier), string(p.Name))),
		Version:              strings.TrimSpace(string(p.Version)),
		FileSHA256:           firstNonEmpty(string(p.FileSHA256), string(p.FileSHA256Snake)),
		RuntimeHint:          firstNonEmpty(string(p.RuntimeHint), string(p.RuntimeHintSnake)),
		RuntimeArguments:     inputs(append(p.RuntimeArguments, p.RuntimeArgumentsSnake...)),
		PackageArguments:     inputs(append(p.PackageArguments, p.PackageArgumentsSnake...)),
		EnvironmentVariables: inputs(append(p.EnvVars, p.EnvVarsSnake...)),
	}
	if p.Transport != nil {
		out.Transport = Transport{
			Type:    strings.ToLower(string(p.Transport.Type)),
			URL:     string(p.Transport.URL),
			Headers: inputs(p.Transport.Headers),
		}
	}
	if out.RegistryType == "oci" || out.RegistryType == "docker" {
		out.RegistryType = "oci"
		out.Identifier, out.Version = CanonicalOCI(out.RegistryBaseURL, out.Identifier, out.Version)
		out.RegistryBaseURL = ""
	}
	if out.RegistryType == "mcpb" && out.Version != "" && strings.Contains(out.Identifier, out.Version) {
		// The download URL pins the version; the registry dropped the
		// separate field when it made it optional (2025-10-11).
		out.Version = ""
	}
	if out.Transport.Type == "" {
		// The 2025-07-09 schema had no transport; such packages are stdio.
		out.Transport.Type = "stdio"
	}
	return out
}

func inputs(raw []rawInput) []Input {
	if len(raw) == 0 {
		return nil
	}
	out := make([]Input, len(raw))
	for i := range raw {
		out[i] = raw[i].normalise()
	}
	return out
}

func inputMap(raw map[string]rawInput) map[string]Input {
	if len(raw) == 0 {
		return nil
	}
	out := make(map[string]Input, len(raw))
	for k, v := range raw {
		out[k] = v.normalise()
	}
	return out
}

func (r *rawInput) normalise() Input {
	in := Input{
		Type:        strings.ToLower(string(r.Type)),
		Name:        string(r.Name),
		ValueHint:   firstNonEmpty(string(r.ValueHint), string(r.ValueHintSnake)),
		Description: string(r.Description),
		Format:      strings.ToLower(string(r.Format)),
		Value:       string(r.Value),
		Default:     string(r.Default),
		Placeholder: string(r.Placeholder),
		IsRequired:  bool(r.IsRequired || r.IsRequiredSnake),
		IsSecret:    bool(r.IsSecret || r.IsSecretSnake),
		IsRepeated:  bool(r.IsRepeated || r.IsRepeatedSnake),
		Variables:   inputMap(r.Variables),
	}
	if len(r.Choices) > 0 {
		in.Choices = []string(r.Choices)
	}
	return in
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

func firstTime(ts ...flexTime) (t time.Time) {
	for _, v := range ts {
		if !v.IsZero() {
			return v.Time
		}
	}
	return t
}

// CanonicalOCI returns the full image reference host/path:tag for an OCI
// package, and its tag. Before the 2025-10-11 schema the registry stored
// {registryBaseUrl: "https://docker.io", identifier: "owner/img",
// version: "1.2.3"}; since then {identifier: "docker.io/owner/img:1.2.3"}
// (and the registry migrated old rows). Both become
// "docker.io/owner/img:1.2.3", "1.2.3". A reference with no registry host
// gets the base URL's host, else docker.io.
func CanonicalOCI(baseURL, identifier, version string) (string, string) {
	id := strings.TrimSpace(identifier)
	if id == "" {
		return "", version
	}
	first, _, hasSlash := strings.Cut(id, "/")
	hasHost := hasSlash && (strings.ContainsAny(first, ".:") || first == "localhost")
	if !hasHost {
		host := ""
		if baseURL != "" {
			if u, err := url.Parse(baseURL); err == nil {
				host = u.Host
			}
		}
		if host == "" || host == "registry-1.docker.io" || host == "index.docker.io" {
			host = "docker.io"
		}
		id = host + "/" + id
	}
	// Digests: "img@sha256:…" is the valid form; the registry's migration
	// also wrote "img:sha256:…" from {version: "sha256:…"}.
	id = strings.Replace(id, ":sha256:", "@sha256:", 1)
	if !strings.Contains(id, "@") && strings.HasPrefix(version, "sha256:") {
		id += "@" + version
	}
	if _, digest, ok := strings.Cut(id, "@"); ok {
		return id, digest
	}
	last := lastPathElem(id)
	if i := strings.LastIndexByte(last, ':'); i >= 0 {
		return id, last[i+1:]
	}
	if version != "" && version != "latest" {
		return id + ":" + version, version
	}
	return id, ""
}

// parallelMin is the array length from which records are decoded in
// parallel (a crawl dump has thousands; an API page has at most 100).
const parallelMin = 256

// decodeRecords decodes a top-level JSON array of records. Large arrays are
// split at their top-level commas and the records decoded on all CPUs; the
// result and the errors are the same as a single json.Unmarshal, except that
// an error names the record.
func decodeRecords(data []byte) ([]rawRecord, error) {
	elems, ok := splitArray(data)
	if !ok || len(elems) < parallelMin {
		var records []rawRecord
		if err := json.Unmarshal(data, &records); err != nil {
			return nil, fmt.Errorf("decode record array: %w", err)
		}
		return records, nil
	}
	records := make([]rawRecord, len(elems))
	errs := make([]error, len(elems))
	workers := min(runtime.GOMAXPROCS(0), 8)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(elems); i += workers {
				errs[i] = json.Unmarshal(elems[i], &records[i])
			}
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("decode record array: record %d: %w", i, err)
		}
	}
	return records, nil
}

// splitArray returns the elements of a JSON array, found by tracking
// nesting and strings. It does not validate them (json.Unmarshal does);
// ok is false when the structure is not a well-formed array, so the caller
// falls back to decoding the whole document and reports its error.
func splitArray(data []byte) (elems [][]byte, ok bool) {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '[' {
		return nil, false
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == ']' {
		return nil, skipSpace(data, i+1) == len(data)
	}
	for i < len(data) {
		start, depth := i, 0
	value:
		for ; i < len(data); i++ {
			switch data[i] {
			case '"':
				for i++; i < len(data) && data[i] != '"'; i++ {
					if data[i] == '\\' {
						i++
					}
				}
			case '{', '[':
				depth++
			case '}', ']':
				if depth == 0 {
					break value
				}
				depth--
			case ',':
				if depth == 0 {
					break value
				}
			}
		}
		if i >= len(data) || depth != 0 {
			return nil, false
		}
		elems = append(elems, bytes.TrimSpace(data[start:i]))
		if data[i] == ']' {
			return elems, skipSpace(data, i+1) == len(data)
		}
		i = skipSpace(data, i+1) // past the comma
	}
	return nil, false
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}
