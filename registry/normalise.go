package registry

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strings"

	"github.com/Masterminds/semver/v3"
)

// NormaliseOptions tunes Normalise.
type NormaliseOptions struct {
	// KeepDeleted keeps entries whose status is deleted (tombstones for an
	// incremental sync). They never take part in the latest decision.
	KeepDeleted bool
	// LatestOnly keeps only the latest version of each name (IsLatest),
	// which drops every deleted entry too.
	LatestOnly bool
	// OfficialOwnsVerified gives every name in a verified namespace to
	// the official registry even when the input holds none of its entries
	// (set it on an incremental pull that includes the official registry:
	// see Claim).
	OfficialOwnsVerified bool
}

// NormaliseReport counts what Normalise did.
type NormaliseReport struct {
	In         int `json:"in"`
	Out        int `json:"out"`
	Deleted    int `json:"deleted"`
	Deprecated int `json:"deprecated"`
	Names      int `json:"names"`
	// LatestBy counts names by the rule that decided their latest version.
	LatestBy map[string]int `json:"latestBy"`
	// RegistryDisagrees counts names whose registry-flagged latest version
	// (isLatest) differs from ours, including names with no flagged version.
	RegistryDisagrees int `json:"registryDisagrees"`
	// NonSemver counts entries whose version is not strict semver.
	NonSemver int `json:"nonSemver"`
	// Conflicts counts listings split off their name by Claim: another
	// source's entry with a different launch, or a version the name's
	// owner does not list.
	Conflicts int `json:"conflicts"`
}

// Normalise returns the entries with deleted ones dropped (unless
// opt.KeepDeleted), deprecated ones flagged, exact duplicates merged, the
// identity rules applied (see Claim), and IsLatest and LatestRule decided
// per name: by semver when every live version of the name is strict semver,
// otherwise by publish time; with opt.LatestOnly only the latest entries are
// returned. The order of the input is kept. The input is not modified.
//
// The same name@version read twice from one source (a page read twice)
// keeps the later-updated record. Across sources no listing replaces
// another's: see Claim for which source owns a name and what becomes of the
// other sources' listings of it.
func Normalise(in []Server, opt NormaliseOptions) ([]Server, NormaliseReport) {
	rep := NormaliseReport{In: len(in), LatestBy: map[string]int{}}
	out := make([]Server, 0, len(in))
	seen := make(map[string]int, len(in))
	listings := newListingSets(len(in))
	for _, s := range in {
		s.Deprecated = s.Status == StatusDeprecated
		s.IsLatest, s.LatestRule = false, ""
		s.Conflicts = slices.Clone(s.Conflicts)
		key := listingSource(s) + "\x00" + s.Key()
		if i, ok := seen[key]; ok {
			// The same name@version twice from one source (a page read
			// twice): keep the later-updated record, remember both listings.
			merged := listings.merge(i, out[i].Sources, s.Sources)
			if s.UpdatedAt.After(out[i].UpdatedAt) {
				out[i] = s
			}
			out[i].Sources = merged
			continue
		}
		seen[key] = len(out)
		s.Sources = listings.merge(len(out), nil, s.Sources)
		out = append(out, s)
	}
	out, rep.Conflicts = Claim(out, opt.OfficialOwnsVerified)
	kept := out[:0]
	for _, s := range out {
		if s.Status == StatusDeleted {
			rep.Deleted++
			if !opt.KeepDeleted {
				continue
			}
		}
		kept = append(kept, s)
	}
	clear(out[len(kept):])
	out = kept
	groups := map[string][]int{}
	var names []string
	versions := make([]*semver.Version, len(out))
	for i, s := range out {
		if s.Deprecated {
			rep.Deprecated++
		}
		if v, err := semver.StrictNewVersion(s.Version); err == nil {
			versions[i] = v
		} else {
			rep.NonSemver++
		}
		if s.Status == StatusDeleted {
			continue
		}
		if _, ok := groups[s.Name]; !ok {
			names = append(names, s.Name)
		}
		groups[s.Name] = append(groups[s.Name], i)
	}
	rep.Names = len(names)
	for _, name := range names {
		idx := groups[name]
		best, rule := pickLatest(out, versions, idx)
		rep.LatestBy[rule]++
		for _, i := range idx {
			out[i].LatestRule = rule
		}
		out[best].IsLatest = true
		if !out[best].RegistryLatest {
			rep.RegistryDisagrees++
		}
	}
	if opt.LatestOnly {
		kept := out[:0]
		for _, s := range out {
			if s.IsLatest {
				kept = append(kept, s)
			}
		}
		clear(out[len(kept):]) // let the older versions' data go
		out = kept
	}
	rep.Out = len(out)
	return out, rep
}

// pickLatest chooses the latest of the entries at idx (all one name).
// semv holds the parsed strict semver of each entry of all (nil if not
// semver).
func pickLatest(all []Server, semv []*semver.Version, idx []int) (int, string) {
	if len(idx) == 1 {
		return idx[0], LatestOnlyVersion
	}
	allSemver := true
	for _, i := range idx {
		if semv[i] == nil {
			allSemver = false
			break
		}
	}
	best := 0
	if allSemver {
		for k := 1; k < len(idx); k++ {
			c := semv[idx[k]].Compare(semv[idx[best]])
			if c > 0 || (c == 0 && all[idx[k]].PublishedAt.After(all[idx[best]].PublishedAt)) {
				best = k
			}
		}
		return idx[best], LatestBySemver
	}
	for k := 1; k < len(idx); k++ {
		a, b := all[idx[k]], all[idx[best]]
		// Later publish time wins; equal (or unknown) times fall back to
		// the later position in the input, which is newest-last for every
		// registry dump we have seen.
		if !a.PublishedAt.Before(b.PublishedAt) {
			best = k
		}
	}
	return idx[best], LatestByPublishTime
}

// listingSets merges listings into numbered lists (the entries of
// Normalise, the targets of Dedupe) without scanning them: one set of
// (list, listing) pairs over every list keeps both linear in their input,
// however many listings one entry or target gathers.
type listingSets map[listingOf]struct{}

type listingOf struct {
	list int
	l    Listing
}

func newListingSets(n int) listingSets { return make(listingSets, n) }

// merge appends to dst, list i's listings so far, each of src it lacks.
func (m listingSets) merge(i int, dst, src []Listing) []Listing {
	for _, l := range src {
		k := listingOf{i, l}
		if _, ok := m[k]; ok {
			continue
		}
		m[k] = struct{}{}
		dst = append(dst, l)
	}
	return dst
}

// Target is one thing to scan: the entries that launch the same package
// version (or remote endpoint), merged. Server is the representative entry
// (the first listed, preferring the official registry); its Sources holds
// every listing of every merged entry.
type Target struct {
	// ID is the scan identity shared by the merged entries (Server.ScanID).
	ID     string `json:"id"`
	Server Server `json:"server"`
	// Names lists the distinct name@version keys merged here.
	Names []string `json:"names"`
	// Members are those entries, one per key of Names, in the same order:
	// every one is scanned by this target and gets its row (an alias).
	Members []Member `json:"members"`
	Plan    Plan     `json:"plan"`
}

// Member is one entry merged into a Target: its name, version, the
// registries that list it and its conflicts.
type Member struct {
	Name      string     `json:"name"`
	Version   string     `json:"version"`
	Sources   []string   `json:"sources,omitempty"`
	Conflicts []Conflict `json:"conflicts,omitempty"`
}

func memberOf(s Server) Member {
	return Member{Name: s.Name, Version: s.Version, Sources: s.SourceNames(), Conflicts: s.Conflicts}
}

// Dedupe merges entries whose default plan has the same scan identity (the
// same package identifier and version, or the same remote URL), listed under
// several names or registries, into one Target each, in first-seen order.
// A listing whose package has no version (aggregators such as PulseMCP give
// none) refers to the current release: it joins the target of the latest
// entry (IsLatest) with the same package, when there is one.
//
// Entries merge only when they launch the same way (see launchKey): an
// entry that reuses another server's package with its own registry,
// environment, arguments or headers gets a target of its own, so one
// entry's plan never stands in for another's (a hostile entry listed first
// would otherwise run under its plan and hide the other's row). Such a
// target's ID is the scan identity plus a hash of its launch.
//
// It is linear in the entries (sets, not scans of a target's names and
// listings), so a hostile registry listing one package under 300,000 names
// cannot stall planning.
func Dedupe(in []Server) []Target {
	out, _ := DedupeContext(context.Background(), in)
	return out
}

// dedupeCheckEvery is how many entries DedupeContext handles between
// looks at its context.
const dedupeCheckEvery = 1024

// DedupeContext is Dedupe that stops when ctx ends, returning ctx.Err().
func DedupeContext(ctx context.Context, in []Server) ([]Target, error) {
	var out []Target
	byID := make(map[string]int, len(in))     // scan identity + launch -> target
	scanIDs := make(map[string]bool, len(in)) // scan identities with a target
	latestPkg := map[string]int{}             // package + launch without version -> target of an IsLatest entry
	listings := newListingSets(len(in))
	type nameOf struct {
		target int
		key    string
	}
	names := make(map[nameOf]struct{}, len(in))
	var official []bool // target i has an official listing
	var unversioned []Server
	add := func(i int, s Server, p Plan) {
		t := &out[i]
		// Prefer an official listing as the representative entry.
		swap := !official[i] && hasSource(s.Sources, SourceOfficial)
		official[i] = official[i] || swap
		t.Server.Sources = listings.merge(i, t.Server.Sources, s.Sources)
		if k := (nameOf{i, s.Key()}); !hasKey(names, k) {
			names[k] = struct{}{}
			t.Names = append(t.Names, k.key)
			t.Members = append(t.Members, memberOf(s))
		}
		if swap {
			merged := t.Server.Sources
			t.Server = s
			t.Server.Sources = merged
			t.Plan = p
		}
	}
	newTarget := func(s Server, p Plan, key string) {
		id := p.ScanID
		if scanIDs[id] {
			id += "#" + shortHash(key)
		}
		scanIDs[p.ScanID] = true
		i := len(out)
		byID[key] = i
		names[nameOf{i, s.Key()}] = struct{}{}
		s.Sources = listings.merge(i, nil, s.Sources)
		official = append(official, hasSource(s.Sources, SourceOfficial))
		out = append(out, Target{ID: id, Server: s, Names: []string{s.Key()}, Members: []Member{memberOf(s)}, Plan: p})
	}
	for n, s := range in {
		if n%dedupeCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		p := PlanFor(s, PlanOptions{})
		if p.Package != nil && (p.Package.Version == "" || p.Package.Version == "latest") && p.Kind != KindOCI {
			unversioned = append(unversioned, s)
			continue
		}
		key := p.ScanID + "\x00" + launchKey(p, true)
		if i, ok := byID[key]; ok {
			add(i, s, p)
			continue
		}
		if p.Package != nil && s.IsLatest {
			latestPkg[launchKey(p, false)] = len(out)
		}
		newTarget(s, p, key)
	}
	for n, s := range unversioned {
		if n%dedupeCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		p := PlanFor(s, PlanOptions{})
		if i, ok := latestPkg[launchKey(p, false)]; ok {
			add(i, s, p)
			continue
		}
		key := p.ScanID + "\x00" + launchKey(p, true)
		if i, ok := byID[key]; ok {
			add(i, s, p)
			continue
		}
		newTarget(s, p, key)
	}
	for i := range out {
		slices.SortStableFunc(out[i].Server.Sources, func(a, b Listing) int {
			return cmp.Compare(sourceRank(a.Source), sourceRank(b.Source))
		})
	}
	return out, nil
}

func hasKey[K comparable](m map[K]struct{}, k K) bool {
	_, ok := m[k]
	return ok
}

// launchKey is what a plan runs: kind, package (registry, identifier and,
// when withVersion, version), URL, headers, environment and arguments.
// Two entries share a target only when their launch keys are equal.
func launchKey(p Plan, withVersion bool) string {
	type pkg struct{ Type, Registry, ID, Version, Runtime string }
	var k struct {
		Kind              Kind
		Pkg               *pkg
		URL               string
		Headers, Env      map[string]string
		RuntimeArgs, Args []string
	}
	k.Kind, k.URL, k.Headers, k.Env, k.RuntimeArgs, k.Args = p.Kind, normaliseURL(p.URL), p.Headers, p.Env, p.RuntimeArgs, p.Args
	if q := p.Package; q != nil {
		reg := strings.TrimRight(strings.ToLower(q.RegistryBaseURL), "/")
		switch {
		case reg == "" && q.RegistryType == "npm":
			reg = DefaultNPMRegistry
		case reg == "" && q.RegistryType == "pypi":
			reg = DefaultPyPIIndex
		}
		k.Pkg = &pkg{Type: q.RegistryType, Registry: reg, ID: q.Identifier, Runtime: q.RuntimeHint}
		if withVersion {
			k.Pkg.Version = q.Version
		}
	}
	b, _ := json.Marshal(k) // maps marshal in key order
	return string(b)
}

func shortHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:6])
}

// hasSource reports whether one of ls comes from src exactly: a mirror
// named src@host is another source (see IsAuthority).
func hasSource(ls []Listing, src string) bool {
	for _, l := range ls {
		if l.Source == src {
			return true
		}
	}
	return false
}

func sourceRank(src string) int {
	if src == SourceOfficial || strings.HasPrefix(src, SourceOfficial+"@") {
		return 0
	}
	return 1
}
