package registry

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Docker reads the Docker MCP catalog: one YAML document
// ({version, name, displayName, registry: {<name>: tile}}), fetched from
// cfg.URL (default DockerCatalogURL) or read from a local path or file://
// URL.
type Docker struct {
	loc string
	f   *fetcher
}

// NewDocker returns a Docker catalog source.
func NewDocker(cfg Config) *Docker {
	d := &Docker{loc: firstNonEmpty(cfg.URL, DockerCatalogURL), f: newFetcher(SourceDocker, cfg, "Authorization")}
	d.f.accept = "application/yaml, application/x-yaml, text/yaml, */*"
	return d
}

// Name implements Source.
func (d *Docker) Name() string { return SourceDocker }

type dockerTile struct {
	Description string `yaml:"description"`
	Title       string `yaml:"title"`
	Type        string `yaml:"type"`
	Image       string `yaml:"image"`
	DateAdded   string `yaml:"dateAdded"`
	Source      string `yaml:"source"`
	Upstream    string `yaml:"upstream"`
	Remote      struct {
		TransportType string            `yaml:"transport_type"`
		URL           string            `yaml:"url"`
		Headers       map[string]string `yaml:"headers"`
	} `yaml:"remote"`
	Secrets []struct {
		Name        string `yaml:"name"`
		Env         string `yaml:"env"`
		Example     string `yaml:"example"`
		Description string `yaml:"description"`
		Required    *bool  `yaml:"required"`
	} `yaml:"secrets"`
	Env []struct {
		Name  string `yaml:"name"`
		Value string `yaml:"value"`
	} `yaml:"env"`
	Command []string `yaml:"command"`
	Config  []struct {
		Name        string    `yaml:"name"`
		Description string    `yaml:"description"`
		Required    []string  `yaml:"required"`
		Properties  yaml.Node `yaml:"properties"`
	} `yaml:"config"`
	OAuth struct {
		Providers []struct {
			Provider string `yaml:"provider"`
			Secret   string `yaml:"secret"`
			Env      string `yaml:"env"`
		} `yaml:"providers"`
	} `yaml:"oauth"`
}

// dockerTemplate matches {{server.param}} references in catalog values.
var dockerTemplate = regexp.MustCompile(`\{\{\s*([^}]*?)\s*\}\}`)

// ParseDockerCatalog decodes a Docker MCP catalog YAML (or JSON) document.
// Container tiles become OCI packages (secrets become required secret
// environment variables; env values that reference a required config
// parameter become required variables); remote tiles become remotes, and
// OAuth providers become a required secret. Entries come out sorted by name.
func ParseDockerCatalog(data []byte) ([]Server, error) {
	var doc struct {
		Version  any                   `yaml:"version"`
		Registry map[string]dockerTile `yaml:"registry"`
	}
	if err := yaml.Unmarshal(StripBOM(data), &doc); err != nil {
		return nil, fmt.Errorf("decode docker catalog: %w", err)
	}
	if doc.Registry == nil {
		return nil, errors.New(`docker catalog has no "registry" map`)
	}
	names := slices.Sorted(maps.Keys(doc.Registry))
	out := make([]Server, 0, len(names))
	for _, name := range names {
		t := doc.Registry[name]
		s := Server{
			Name:        name,
			Title:       t.Title,
			Description: t.Description,
			Repository:  Repository{URL: firstNonEmpty(t.Upstream, t.Source)},
			Status:      StatusActive,
			Sources:     []Listing{{Source: SourceDocker, Name: name}},
		}
		if at, err := ParseTime(t.DateAdded); err == nil {
			s.PublishedAt = at
		}
		required := map[string]bool{}
		for _, c := range t.Config {
			for _, r := range c.Required {
				required[r] = true
				required[c.Name+"."+r] = true
			}
		}
		var env []Input
		for _, sec := range t.Secrets {
			req := true
			if sec.Required != nil {
				req = *sec.Required
			}
			env = append(env, Input{Name: firstNonEmpty(sec.Env, sec.Name), Description: sec.Description, Placeholder: sec.Example, IsRequired: req, IsSecret: true})
		}
		for _, e := range t.Env {
			in := Input{Name: e.Name}
			if m := dockerTemplate.FindStringSubmatch(e.Value); m != nil {
				param := m[1]
				in.IsRequired = required[param] || required[lastDotElem(param)]
				in.Description = "from config parameter " + param
			} else {
				in.Value = e.Value
			}
			env = append(env, in)
		}
		for _, o := range t.OAuth.Providers {
			env = append(env, Input{Name: firstNonEmpty(o.Env, o.Secret, strings.ToUpper(o.Provider)+"_OAUTH_TOKEN"), Description: "OAuth (" + o.Provider + ")", IsRequired: true, IsSecret: true})
		}
		switch {
		case t.Remote.URL != "":
			r := Remote{Type: cmp.Or(t.Remote.TransportType, "streamable-http"), URL: t.Remote.URL}
			for _, h := range slices.Sorted(maps.Keys(t.Remote.Headers)) {
				v := t.Remote.Headers[h]
				templated := strings.Contains(v, "{{") || strings.Contains(v, "${")
				in := Input{Name: h, IsRequired: templated, IsSecret: templated}
				if !templated {
					in.Value = v
				}
				r.Headers = append(r.Headers, in)
			}
			if len(t.OAuth.Providers) > 0 {
				r.Headers = append(r.Headers, Input{Name: "Authorization", Description: "OAuth bearer token", IsRequired: true, IsSecret: true})
			}
			s.Remotes = []Remote{r}
		case t.Image != "":
			id, version := CanonicalOCI("", t.Image, "")
			pkg := Package{RegistryType: "oci", Identifier: id, Version: version, RuntimeHint: "docker", Transport: Transport{Type: "stdio"}, EnvironmentVariables: env}
			for _, c := range t.Command {
				pkg.PackageArguments = append(pkg.PackageArguments, Input{Type: "positional", Value: c})
			}
			s.Packages = []Package{pkg}
		}
		s.Version = "latest"
		if len(s.Packages) == 1 && s.Packages[0].Version != "" {
			s.Version = s.Packages[0].Version
		}
		s.Sources[0].Version = s.Version
		out = append(out, s)
	}
	return out, nil
}

func lastDotElem(s string) string {
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return s[i+1:]
	}
	return s
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// Pull implements Source. The catalog is one page.
func (d *Docker) Pull(ctx context.Context, q Query, fn func(Server) error) error {
	var data []byte
	var err error
	u, perr := url.Parse(d.loc)
	switch {
	case perr == nil && (u.Scheme == "http" || u.Scheme == "https"):
		data, err = d.f.get(ctx, d.loc, 1, "")
		if err != nil {
			return err
		}
	default:
		path := strings.TrimPrefix(d.loc, "file://")
		data, err = os.ReadFile(path)
		if err != nil {
			return &SourceError{Source: d.Name(), Page: 1, Err: err}
		}
	}
	servers, err := ParseDockerCatalog(data)
	if err != nil {
		return &SourceError{Source: d.Name(), Page: 1, Err: fmt.Errorf("malformed catalog: %w", err)}
	}
	lc := &limitCounter{limit: q.Limit, fn: fn}
	for _, s := range servers {
		if !matchesLocal(s, q) {
			continue
		}
		if err := lc.send(s); err != nil {
			return endErr(err)
		}
	}
	if q.Progress != nil {
		q.Progress(Progress{Source: d.Name(), Page: 1, Entries: lc.n, Total: len(servers)})
	}
	return nil
}
