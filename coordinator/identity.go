package coordinator

import (
	"context"
	"slices"
	"time"

	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// alias is another name a job's scan is stored under: an entry that
// launches exactly as the job's does (registry.Target.Members).
type alias struct {
	name, version string
	sources       []string
}

// key is the alias's name@version.
func (a alias) key() string { return a.name + "@" + a.version }

// aliasesOf returns the members of t other than the job's own entry.
func aliasesOf(t registry.Target) []alias {
	var out []alias
	for _, m := range t.Members {
		if m.Name == t.Server.Name && m.Version == t.Server.Version {
			continue
		}
		out = append(out, alias{name: m.Name, version: m.Version, sources: m.Sources})
	}
	return out
}

// coversAliases reports whether a scan key's record was stored under
// every alias of a job too: if not, the job is scanned again rather than
// skipped as unchanged, so a name that newly shares a launch gets its row.
func coversAliases(rec schema.ScanRecord, as []alias) bool {
	for _, a := range as {
		if !slices.Contains(rec.Aliases, a.key()) && !(rec.Name == a.name && rec.Version == a.version) {
			return false
		}
	}
	return true
}

// aliasKeys are the name@version keys of as.
func aliasKeys(as []alias) []string {
	if len(as) == 0 {
		return nil
	}
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.key()
	}
	return out
}

// withAliases returns rs followed by a copy of each result under every
// alias of its job (as the job's tracker recorded them when it was
// planned), so each name sharing the launch gets its own row, page and
// badge from the one scan. A copy's job ID is the alias's own.
func (c *Coordinator) withAliases(rs []schema.Result) []schema.Result {
	out := rs
	for _, r := range rs {
		as := c.jobAliases(r.SweepID, r.JobID)
		for _, a := range as {
			if len(out) == len(rs) {
				out = slices.Clone(rs)
			}
			cp := r
			cp.Name, cp.Version, cp.Sources = a.name, a.version, a.sources
			cp.JobID = schema.JobID(r.SweepID, a.name, a.version)
			out = append(out, cp)
		}
	}
	return out
}

// jobAliases returns the aliases of a planned job of a tracked sweep.
func (c *Coordinator) jobAliases(sweepID, jobID string) []alias {
	t := c.tracker(sweepID)
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if m := t.planned[jobID]; m != nil {
		return m.aliases
	}
	return nil
}

// nameLinks are the links a chunk of targets records in the store: each
// alias tied to the job's entry both ways, and every conflict a member
// carries.
func nameLinks(sweepID string, targets []registry.Target, now time.Time) []store.NameLink {
	var out []store.NameLink
	for _, t := range targets {
		for _, m := range t.Members {
			if m.Name != t.Server.Name || m.Version != t.Server.Version {
				out = append(out,
					store.NameLink{SweepID: sweepID, Name: m.Name, Version: m.Version, Kind: store.LinkAlias,
						OtherName: t.Server.Name, OtherVersion: t.Server.Version, CreatedAt: now},
					store.NameLink{SweepID: sweepID, Name: t.Server.Name, Version: t.Server.Version, Kind: store.LinkAlias,
						OtherName: m.Name, OtherVersion: m.Version, CreatedAt: now})
			}
			for _, cf := range m.Conflicts {
				out = append(out, store.NameLink{SweepID: sweepID, Name: m.Name, Version: m.Version, Kind: store.LinkConflict,
					OtherName: cf.Name, OtherVersion: cf.Version, Source: cf.Source, Reason: cf.Reason, CreatedAt: now})
			}
		}
	}
	return out
}

// recordLinks stores the chunk's name links; a store that refuses them is
// logged (the scans go on: the links only explain the rows).
func (c *Coordinator) recordLinks(ctx context.Context, sweepID string, targets []registry.Target, now time.Time) {
	links := nameLinks(sweepID, targets, now)
	for len(links) > 0 {
		n := min(len(links), 1000)
		if _, err := c.cfg.Store.InsertNameLinks(ctx, links[:n]); err != nil {
			c.cfg.Log.Warn("record name links", "sweep", sweepID, "err", err)
			return
		}
		links = links[n:]
	}
}

// pullsOfficial reports whether the official registry itself is one of
// the sources: on an incremental pull its unchanged names are absent, yet
// still its (registry.Claim).
func (c *Coordinator) pullsOfficial() bool {
	for _, src := range c.cfg.Sources {
		if registry.IsAuthority(src.Name()) {
			return true
		}
	}
	return false
}
