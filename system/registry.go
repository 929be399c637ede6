package system

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/registry"
)

// PullOptions configure one registry read (registry pull and stats).
type PullOptions struct {
	// Source is the spec: official, file://PATH, pulsemcp, smithery,
	// glama or docker.
	Source string
	// URL overrides the source's base URL.
	URL string
	// APIKey wins over Keys; APIKeyHeader is the header it is sent in.
	APIKey, APIKeyHeader string
	Keys                 RegistryKeys
	// Latest keeps only the latest versions; IncludeDeleted keeps
	// tombstones.
	Latest, IncludeDeleted bool
	// UpdatedSince (RFC 3339, "" for none) reads only entries updated
	// strictly after it.
	UpdatedSince string
	// Limit stops after this many entries (0: all).
	Limit int
	// Timeout bounds the whole pull; Rate is the requests per second.
	Timeout time.Duration
	Rate    float64
	Version string
	// Stderr receives the progress line when Terminal is set.
	Stderr   io.Writer
	Terminal bool
}

// Validate checks the numbers, the time and the source's settings.
func (o PullOptions) Validate() error {
	_, _, err := o.open()
	return err
}

// open checks the options and opens the source with its query.
func (o PullOptions) open() (registry.Source, registry.Query, error) {
	var q registry.Query
	switch {
	case o.Limit < 0:
		return nil, q, usage(fmt.Errorf("--limit must be 0 or more, got %d", o.Limit))
	case o.Rate <= 0:
		return nil, q, usage(fmt.Errorf("--rate must be positive, got %v", o.Rate))
	case o.Timeout <= 0:
		return nil, q, usage(fmt.Errorf("--timeout must be positive, got %v", o.Timeout))
	}
	if o.UpdatedSince != "" {
		t, err := registry.ParseTime(o.UpdatedSince)
		if err != nil {
			return nil, q, usage(fmt.Errorf("--updated-since: %w", err))
		}
		q.UpdatedSince = t
	}
	src, err := registry.Open(registry.Settings{Source: o.Source, URL: o.URL, APIKey: o.APIKey, APIKeyHeader: o.APIKeyHeader,
		Keys: o.Keys, RequestsPerSecond: o.Rate, UserAgent: userAgent(o.Version)})
	if err != nil {
		return nil, q, usage(err)
	}
	q.Latest, q.IncludeDeleted, q.Limit = o.Latest, o.IncludeDeleted, o.Limit
	return src, q, nil
}

// PullRegistry reads the source, showing progress on a terminal, and
// normalises what it read, even when the pull failed part-way: then the
// result's Err says so (a usage error for a local file, else
// unreachable) and its entries are those read before the failure. The
// returned error is a bad option; nothing was read.
func PullRegistry(ctx context.Context, o PullOptions) (Pulled, error) {
	src, q, err := o.open()
	if err != nil {
		return registry.Pulled{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	res := registry.Pulled{Source: src.Name()}
	q.Progress = func(p registry.Progress) {
		res.Pages = p.Page
		if o.Terminal {
			total := ""
			if p.Total >= 0 {
				total = fmt.Sprintf(" of %d", p.Total)
			}
			fmt.Fprintf(o.Stderr, "\r%s: page %d, %d entries%s ", p.Source, p.Page, p.Entries, total)
		}
	}
	var raw []registry.Server
	pullErr := src.Pull(ctx, q, func(s registry.Server) error {
		raw = append(raw, s)
		return ctx.Err() // SIGTERM stops a pull at the next entry
	})
	if o.Terminal && res.Pages > 0 {
		fmt.Fprintln(o.Stderr)
	}
	res.Entries, res.Report = registry.Normalise(raw, registry.NormaliseOptions{KeepDeleted: o.IncludeDeleted, LatestOnly: o.Latest})
	if pullErr != nil {
		err := fmt.Errorf("%w (kept the %d entries read before the failure)", pullErr, len(res.Entries))
		if strings.HasPrefix(res.Source, "file:") {
			res.Err = usage(err)
		} else {
			res.Err = unreachable(err)
		}
	}
	return res, nil
}

// Pulled is what PullRegistry read, normalised.
type Pulled = registry.Pulled
