package registry

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// --- PulseMCP v0beta -------------------------------------------------------

// PulseMCP reads PulseMCP's public v0beta API (GET /v0beta/servers with
// offset paging). For PulseMCP's official-API sub-registry use NewOfficial
// with URL https://api.pulsemcp.com and an X-API-Key.
type PulseMCP struct {
	base     string
	pageSize int
	f        *fetcher
}

// NewPulseMCP returns a PulseMCP v0beta source (default base PulseMCPURL).
// Page size defaults to 1000 (the API allows up to 5000).
func NewPulseMCP(cfg Config) *PulseMCP {
	base := strings.TrimRight(firstNonEmpty(cfg.URL, PulseMCPURL), "/")
	ps := cfg.PageSize
	if ps <= 0 || ps > 5000 {
		ps = 1000
	}
	return &PulseMCP{base: base, pageSize: ps, f: newFetcher(SourcePulseMCP, cfg, "X-API-Key")}
}

// Name implements Source.
func (p *PulseMCP) Name() string { return SourcePulseMCP }

// PulseMCPPage is one decoded v0beta page.
type PulseMCPPage struct {
	Servers    []Server
	Next       string
	TotalCount int
}

type rawPulse struct {
	Name                 flexString `json:"name"`
	URL                  flexString `json:"url"`
	ExternalURL          flexString `json:"external_url"`
	ShortDescription     flexString `json:"short_description"`
	SourceCodeURL        flexString `json:"source_code_url"`
	GithubStars          flexString `json:"github_stars"`
	PackageRegistry      flexString `json:"package_registry"`
	PackageName          flexString `json:"package_name"`
	PackageDownloadCount flexString `json:"package_download_count"`
}

// ParsePulseMCP decodes a v0beta /servers response:
// {"servers":[{name,url,external_url,short_description,source_code_url,
// github_stars,package_registry,package_name,package_download_count}],
// "next":"...","total_count":N}.
func ParsePulseMCP(data []byte) (PulseMCPPage, error) {
	var raw struct {
		Servers    *[]rawPulse `json:"servers"`
		Next       flexString  `json:"next"`
		TotalCount flexString  `json:"total_count"`
	}
	if err := json.Unmarshal(StripBOM(data), &raw); err != nil {
		return PulseMCPPage{}, fmt.Errorf("decode pulsemcp page: %w", err)
	}
	if raw.Servers == nil {
		return PulseMCPPage{}, errors.New(`pulsemcp page has no "servers" array`)
	}
	page := PulseMCPPage{Next: string(raw.Next), TotalCount: -1}
	if n, err := strconv.Atoi(string(raw.TotalCount)); err == nil {
		page.TotalCount = n
	}
	for i, r := range *raw.Servers {
		name := slugFromURL(string(r.URL))
		if name == "" {
			name = strings.TrimSpace(string(r.Name))
		}
		if name == "" {
			return page, fmt.Errorf("pulsemcp server %d has neither name nor url", i)
		}
		s := Server{
			Name:        name,
			Title:       string(r.Name),
			Description: string(r.ShortDescription),
			WebsiteURL:  firstNonEmpty(string(r.ExternalURL), string(r.URL)),
			Repository:  Repository{URL: string(r.SourceCodeURL)},
			Status:      StatusActive,
			Sources:     []Listing{{Source: SourcePulseMCP, Name: string(r.Name), ID: string(r.URL)}},
		}
		if reg, id := strings.ToLower(string(r.PackageRegistry)), string(r.PackageName); reg != "" && id != "" {
			s.Packages = []Package{{RegistryType: reg, Identifier: id, Transport: Transport{Type: "stdio"}}}
		}
		page.Servers = append(page.Servers, s)
	}
	return page, nil
}

// Pull implements Source: offset paging until an empty page, no next link,
// or total_count reached.
func (p *PulseMCP) Pull(ctx context.Context, q Query, fn func(Server) error) error {
	lc := &limitCounter{limit: q.Limit, fn: fn}
	offset := 0
	for page := 1; ; page++ {
		v := url.Values{}
		v.Set("count_per_page", strconv.Itoa(p.pageSize))
		v.Set("offset", strconv.Itoa(offset))
		if q.Search != "" {
			v.Set("query", q.Search)
		}
		cursor := "offset=" + strconv.Itoa(offset)
		body, err := p.f.get(ctx, p.base+"/v0beta/servers?"+v.Encode(), page, cursor)
		if err != nil {
			return err
		}
		pg, err := ParsePulseMCP(body)
		if err != nil {
			return &SourceError{Source: p.Name(), Page: page, Cursor: cursor, Err: fmt.Errorf("malformed page: %w", err)}
		}
		for _, s := range pg.Servers {
			if !matchesLocal(s, q) {
				continue
			}
			if err := lc.send(s); err != nil {
				return endErr(err)
			}
		}
		offset += len(pg.Servers)
		if q.Progress != nil {
			q.Progress(Progress{Source: p.Name(), Page: page, Entries: lc.n, Total: pg.TotalCount})
		}
		if len(pg.Servers) == 0 || pg.Next == "" || (pg.TotalCount >= 0 && offset >= pg.TotalCount) {
			return nil
		}
	}
}

// slugFromURL returns the last path element of a PulseMCP server page URL.
func slugFromURL(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Path == "" {
		return ""
	}
	return lastPathElem(strings.TrimRight(u.Path, "/"))
}

// --- Smithery --------------------------------------------------------------

// Smithery reads the Smithery registry API (GET /servers, page/pageSize
// paging, Bearer API key).
type Smithery struct {
	base     string
	pageSize int
	f        *fetcher
}

// NewSmithery returns a Smithery source (default base SmitheryURL).
func NewSmithery(cfg Config) *Smithery {
	ps := cfg.PageSize
	if ps <= 0 || ps > 100 {
		ps = 100
	}
	return &Smithery{
		base:     strings.TrimRight(firstNonEmpty(cfg.URL, SmitheryURL), "/"),
		pageSize: ps,
		f:        newFetcher(SourceSmithery, cfg, "Authorization"),
	}
}

// Name implements Source.
func (s *Smithery) Name() string { return SourceSmithery }

// SmitheryPage is one decoded Smithery page.
type SmitheryPage struct {
	Servers     []Server
	CurrentPage int
	TotalPages  int
	TotalCount  int
}

type rawSmithery struct {
	ID            flexString `json:"id"`
	QualifiedName flexString `json:"qualifiedName"`
	DisplayName   flexString `json:"displayName"`
	Description   flexString `json:"description"`
	Homepage      flexString `json:"homepage"`
	Remote        flexBool   `json:"remote"`
	IsDeployed    flexBool   `json:"isDeployed"`
	DeploymentURL flexString `json:"deploymentUrl"`
	CreatedAt     flexTime   `json:"createdAt"`
}

// SmitheryRemoteBase is where Smithery hosts deployed servers; a deployed
// server without a deploymentUrl is reached at <base>/<qualifiedName>/mcp
// with an "Authorization: Bearer <smithery key>" header.
const SmitheryRemoteBase = "https://server.smithery.ai"

// ParseSmithery decodes a Smithery /servers response:
// {"servers":[{qualifiedName,displayName,description,homepage,remote,
// isDeployed,createdAt,...}],"pagination":{currentPage,pageSize,totalPages,totalCount}}.
// Deployed servers get a streamable-http remote that needs the user's
// Smithery key (a secret header), as their official-registry mirrors do.
func ParseSmithery(data []byte) (SmitheryPage, error) {
	var raw struct {
		Servers    *[]rawSmithery `json:"servers"`
		Pagination struct {
			CurrentPage flexString `json:"currentPage"`
			TotalPages  flexString `json:"totalPages"`
			TotalCount  flexString `json:"totalCount"`
		} `json:"pagination"`
	}
	if err := json.Unmarshal(StripBOM(data), &raw); err != nil {
		return SmitheryPage{}, fmt.Errorf("decode smithery page: %w", err)
	}
	if raw.Servers == nil {
		return SmitheryPage{}, errors.New(`smithery page has no "servers" array`)
	}
	atoi := func(f flexString) int {
		n, err := strconv.Atoi(string(f))
		if err != nil {
			return -1
		}
		return n
	}
	page := SmitheryPage{CurrentPage: atoi(raw.Pagination.CurrentPage), TotalPages: atoi(raw.Pagination.TotalPages), TotalCount: atoi(raw.Pagination.TotalCount)}
	for i, r := range *raw.Servers {
		qn := strings.TrimSpace(string(r.QualifiedName))
		if qn == "" {
			return page, fmt.Errorf("smithery server %d has no qualifiedName", i)
		}
		s := Server{
			Name:        qn,
			Title:       string(r.DisplayName),
			Description: string(r.Description),
			WebsiteURL:  string(r.Homepage),
			Status:      StatusActive,
			PublishedAt: r.CreatedAt.Time,
			Sources:     []Listing{{Source: SourceSmithery, Name: qn, ID: string(r.ID)}},
		}
		if r.Remote || r.IsDeployed || r.DeploymentURL != "" {
			u := string(r.DeploymentURL)
			if u == "" {
				u = SmitheryRemoteBase + "/" + qn + "/mcp"
			}
			s.Remotes = []Remote{{
				Type: "streamable-http",
				URL:  u,
				Headers: []Input{{
					Name: "Authorization", Value: "Bearer {smithery_api_key}",
					IsRequired: true, IsSecret: true,
					Description: "Bearer token for Smithery authentication",
				}},
			}}
		}
		page.Servers = append(page.Servers, s)
	}
	return page, nil
}

// Pull implements Source.
func (s *Smithery) Pull(ctx context.Context, q Query, fn func(Server) error) error {
	lc := &limitCounter{limit: q.Limit, fn: fn}
	for page := 1; ; page++ {
		v := url.Values{}
		v.Set("page", strconv.Itoa(page))
		v.Set("pageSize", strconv.Itoa(s.pageSize))
		if q.Search != "" {
			v.Set("q", q.Search)
		}
		cursor := "page=" + strconv.Itoa(page)
		body, err := s.f.get(ctx, s.base+"/servers?"+v.Encode(), page, cursor)
		if err != nil {
			return err
		}
		pg, err := ParseSmithery(body)
		if err != nil {
			return &SourceError{Source: s.Name(), Page: page, Cursor: cursor, Err: fmt.Errorf("malformed page: %w", err)}
		}
		for _, srv := range pg.Servers {
			if !matchesLocal(srv, q) {
				continue
			}
			if err := lc.send(srv); err != nil {
				return endErr(err)
			}
		}
		if q.Progress != nil {
			q.Progress(Progress{Source: s.Name(), Page: page, Entries: lc.n, Total: pg.TotalCount})
		}
		if len(pg.Servers) == 0 || (pg.TotalPages >= 0 && page >= pg.TotalPages) || (pg.TotalPages < 0 && len(pg.Servers) < s.pageSize) {
			return nil
		}
	}
}

// --- Glama -----------------------------------------------------------------

// Glama reads the Glama MCP API (GET /v1/servers, first/after cursor
// paging; an API key is sent as a Bearer token when given).
type Glama struct {
	base     string
	pageSize int
	f        *fetcher
}

// NewGlama returns a Glama source (default base GlamaURL).
func NewGlama(cfg Config) *Glama {
	ps := cfg.PageSize
	if ps <= 0 || ps > 100 {
		ps = 100
	}
	return &Glama{
		base:     strings.TrimRight(firstNonEmpty(cfg.URL, GlamaURL), "/"),
		pageSize: ps,
		f:        newFetcher(SourceGlama, cfg, "Authorization"),
	}
}

// Name implements Source.
func (g *Glama) Name() string { return SourceGlama }

// GlamaPage is one decoded Glama page.
type GlamaPage struct {
	Servers     []Server
	EndCursor   string
	HasNextPage bool
}

type rawGlama struct {
	ID          flexString `json:"id"`
	Name        flexString `json:"name"`
	Namespace   flexString `json:"namespace"`
	Slug        flexString `json:"slug"`
	Description flexString `json:"description"`
	URL         flexString `json:"url"`
	Repository  *struct {
		URL flexString `json:"url"`
	} `json:"repository"`
	Attributes flexStrings `json:"attributes"`
	EnvSchema  *struct {
		Properties map[string]struct {
			Description flexString `json:"description"`
			Default     flexString `json:"default"`
		} `json:"properties"`
		Required flexStrings `json:"required"`
	} `json:"environmentVariablesJsonSchema"`
}

// ParseGlama decodes a Glama /v1/servers response:
// {"servers":[{id,name,namespace,slug,description,attributes,
// environmentVariablesJsonSchema,repository:{url},url,...}],
// "pageInfo":{endCursor,hasNextPage,...}}. Glama gives no package or remote
// to launch, so its entries plan as unsupported unless deduplicated with a
// listing from another registry; their declared environment variables are
// kept on a placeholder package of type "glama" so credential needs show.
func ParseGlama(data []byte) (GlamaPage, error) {
	var raw struct {
		Servers  *[]rawGlama `json:"servers"`
		PageInfo struct {
			EndCursor   flexString `json:"endCursor"`
			HasNextPage flexBool   `json:"hasNextPage"`
		} `json:"pageInfo"`
	}
	if err := json.Unmarshal(StripBOM(data), &raw); err != nil {
		return GlamaPage{}, fmt.Errorf("decode glama page: %w", err)
	}
	if raw.Servers == nil {
		return GlamaPage{}, errors.New(`glama page has no "servers" array`)
	}
	page := GlamaPage{EndCursor: string(raw.PageInfo.EndCursor), HasNextPage: bool(raw.PageInfo.HasNextPage)}
	for i, r := range *raw.Servers {
		name := strings.Trim(string(r.Namespace)+"/"+string(r.Slug), "/")
		if name == "" {
			name = strings.TrimSpace(string(r.Name))
		}
		if name == "" {
			return page, fmt.Errorf("glama server %d has no namespace, slug or name", i)
		}
		s := Server{
			Name:        name,
			Title:       string(r.Name),
			Description: string(r.Description),
			WebsiteURL:  string(r.URL),
			Status:      StatusActive,
			Sources:     []Listing{{Source: SourceGlama, Name: name, ID: string(r.ID)}},
		}
		if r.Repository != nil {
			s.Repository = Repository{URL: string(r.Repository.URL)}
		}
		if r.EnvSchema != nil && len(r.EnvSchema.Properties) > 0 {
			pkg := Package{RegistryType: "glama", Identifier: name, Transport: Transport{Type: "stdio"}}
			for _, k := range sortedKeys(r.EnvSchema.Properties) {
				prop := r.EnvSchema.Properties[k]
				pkg.EnvironmentVariables = append(pkg.EnvironmentVariables, Input{
					Name: k, Description: string(prop.Description), Default: string(prop.Default),
					IsRequired: containsString(r.EnvSchema.Required, k),
				})
			}
			s.Packages = []Package{pkg}
		}
		page.Servers = append(page.Servers, s)
	}
	return page, nil
}

// Pull implements Source; it fails on a repeated cursor.
func (g *Glama) Pull(ctx context.Context, q Query, fn func(Server) error) error {
	lc := &limitCounter{limit: q.Limit, fn: fn}
	seen := map[string]bool{}
	after := ""
	for page := 1; ; page++ {
		v := url.Values{}
		v.Set("first", strconv.Itoa(g.pageSize))
		if after != "" {
			v.Set("after", after)
		}
		if q.Search != "" {
			v.Set("query", q.Search)
		}
		body, err := g.f.get(ctx, g.base+"/v1/servers?"+v.Encode(), page, after)
		if err != nil {
			return err
		}
		pg, err := ParseGlama(body)
		if err != nil {
			return &SourceError{Source: g.Name(), Page: page, Cursor: after, Err: fmt.Errorf("malformed page: %w", err)}
		}
		for _, s := range pg.Servers {
			if !matchesLocal(s, q) {
				continue
			}
			if err := lc.send(s); err != nil {
				return endErr(err)
			}
		}
		if q.Progress != nil {
			q.Progress(Progress{Source: g.Name(), Page: page, Entries: lc.n, Total: -1})
		}
		if !pg.HasNextPage || pg.EndCursor == "" || len(pg.Servers) == 0 {
			return nil
		}
		if seen[pg.EndCursor] || pg.EndCursor == after {
			return &SourceError{Source: g.Name(), Page: page, Cursor: after,
				Err: fmt.Errorf("cursor loop: endCursor %q was already requested", pg.EndCursor)}
		}
		seen[pg.EndCursor] = true
		after = pg.EndCursor
	}
}

func containsString(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
