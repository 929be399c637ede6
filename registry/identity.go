package registry

import (
	"encoding/json"
	"slices"
	"strings"
)

// Conflict is one disagreement between two sources over a name: Name and
// Version are the other entry as it is stored and scanned (for a split-off
// listing its QualifiedName), Source the registry that listed it.
type Conflict struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
	Source  string `json:"source"`
	// Reason is ConflictLaunch or ConflictVersion.
	Reason string `json:"reason"`
}

// Conflict reasons.
const (
	// ConflictLaunch: the other source lists the same name and version
	// with a different launch (package, registry, URL, arguments, ...).
	ConflictLaunch = "different launch"
	// ConflictVersion: the other source lists a version of the name that
	// the name's owner does not list.
	ConflictVersion = "version not listed by the owner"
)

// MaxConflicts bounds the conflicts recorded on one entry, so a source
// that lists thousands of versions of a name cannot bloat every job of it.
const MaxConflicts = 16

// IsAuthority reports whether source is the official registry itself
// (production, the default URL). Its records win for names in verified
// namespaces (VerifiedNamespace); a sub-registry or mirror serving the
// same API under another host ("official@host") has no such standing.
func IsAuthority(source string) bool { return source == SourceOfficial }

// VerifiedNamespace reports whether name's namespace is one the official
// registry verifies before it accepts a publication: io.github.<owner>/…
// (proven through GitHub) or a reverse-DNS domain such as com.example/…
// (proven through DNS or HTTP). Every name the official registry lists has
// one; aggregators' own names (owner/slug, @scope/slug) do not.
func VerifiedNamespace(name string) bool {
	ns, rest, ok := strings.Cut(name, "/")
	if !ok || rest == "" || strings.Contains(rest, "/") {
		return false
	}
	ns = strings.ToLower(ns)
	if owner, ok := strings.CutPrefix(ns, "io.github."); ok {
		return owner != "" && validLabels(owner)
	}
	labels := strings.Split(ns, ".")
	if len(labels) < 2 || !validLabels(ns) {
		return false
	}
	tld := labels[0]
	if len(tld) < 2 {
		return false
	}
	for _, r := range tld {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// validLabels checks dot-separated DNS labels: letters, digits and
// hyphens, none empty.
func validLabels(s string) bool {
	for _, l := range strings.Split(s, ".") {
		if l == "" {
			return false
		}
		for _, r := range l {
			if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' {
				return false
			}
		}
	}
	return true
}

// QualifiedName is the name a listing split off its name by Claim is
// stored and scanned under: "<source>:<name>". It never equals a name the
// official registry accepts (those have no ':').
func QualifiedName(source, name string) string { return source + ":" + name }

// listingSource is the source of an entry's first listing ("" when none).
func listingSource(s Server) string {
	if len(s.Sources) == 0 {
		return ""
	}
	return s.Sources[0].Source
}

// Claim applies the identity rules to entries already merged per source
// and name@version (Normalise calls it), so that no source's listing
// replaces another's:
//
//   - Each name has one owner source: the official registry
//     (IsAuthority) when it lists the name and the name is in a verified
//     namespace (VerifiedNamespace); otherwise the first source, in input
//     order (the configured order of sources), that lists the name (but
//     see officialOwnsVerified).
//   - Another source's entry with the same version and the same launch
//     (launchKey: package, registry, URL, headers, environment, arguments)
//     only adds its listing to the owner's entry; the owner's record
//     stands.
//   - Any other entry of the name from another source — a different
//     launch, or a version the owner does not list — is split off: it is
//     renamed QualifiedName(source, name) (ListedAs keeps the name), so it
//     is planned, scanned and ranked as a target of its own, and the
//     conflict is recorded on both sides (Conflicts).
//
// Deleted entries count for ownership: a name the official registry
// deleted is not handed to another source. With officialOwnsVerified (an
// incremental pull, where the official registry sends only what changed)
// every name in a verified namespace belongs to the official registry even
// when this pull did not list it, so another source's listing of it is
// split off rather than taking the name. It works in place (in's storage
// is reused) and returns the entries, order kept, and the number split off.
func Claim(in []Server, officialOwnsVerified bool) ([]Server, int) {
	if !officialOwnsVerified && oneSource(in) {
		return in, 0
	}
	owner := map[string]string{} // name → the source that owns it
	for _, s := range in {
		src := listingSource(s)
		if _, seen := owner[s.Name]; !seen {
			owner[s.Name] = src
			if officialOwnsVerified && VerifiedNamespace(s.Name) {
				owner[s.Name] = SourceOfficial
			}
		}
		if IsAuthority(src) && VerifiedNamespace(s.Name) {
			owner[s.Name] = src
		}
	}
	// Owner entries by name@version, for the launch comparison, of the
	// names some other source lists too.
	contested := map[string]bool{}
	for _, s := range in {
		if listingSource(s) != owner[s.Name] {
			contested[s.Name] = true
		}
	}
	if len(contested) == 0 {
		return in, 0
	}
	owned := map[string]int{}
	for i, s := range in {
		if contested[s.Name] && listingSource(s) == owner[s.Name] {
			owned[s.Key()] = i
		}
	}
	var split []int // input indices split off
	drop := make([]bool, len(in))
	for i, s := range in {
		src := listingSource(s)
		if src == owner[s.Name] {
			continue
		}
		if j, ok := owned[s.Key()]; ok && sameLaunch(in[j], s) {
			in[j].Sources = appendNew(in[j].Sources, s.Sources)
			drop[i] = true
			continue
		}
		split = append(split, i)
	}
	ownerEntries := map[string][]int{}
	for _, j := range owned {
		ownerEntries[in[j].Name] = append(ownerEntries[in[j].Name], j)
	}
	for _, i := range split {
		s := &in[i]
		reason := ConflictVersion
		ownerVersion := ""
		if j, ok := owned[s.Key()]; ok {
			reason, ownerVersion = ConflictLaunch, in[j].Version
		}
		src := listingSource(*s)
		q := QualifiedName(src, s.Name)
		// Recorded on every owner entry of the name: the one kept as
		// latest shows it.
		for _, j := range ownerEntries[s.Name] {
			if len(in[j].Conflicts) < MaxConflicts {
				in[j].Conflicts = append(in[j].Conflicts, Conflict{Name: q, Version: s.Version, Source: src, Reason: reason})
			}
		}
		if len(s.Conflicts) < MaxConflicts {
			s.Conflicts = append(s.Conflicts, Conflict{Name: s.Name, Version: ownerVersion, Source: owner[s.Name], Reason: reason})
		}
		s.ListedAs, s.Name = s.Name, q
	}
	// A listing named like another source's split-off one (a name with
	// ':' is never an official one) must not take its name: it is split
	// off in turn, under its own source.
	renamed := map[string]string{} // qualified name -> source that owns it
	for _, i := range split {
		renamed[in[i].Name] = listingSource(in[i])
	}
	for i := range in {
		s := &in[i]
		if owner, ok := renamed[s.Name]; ok && s.ListedAs == "" && !drop[i] && listingSource(*s) != owner {
			src := listingSource(*s)
			s.Conflicts = append(s.Conflicts[:min(len(s.Conflicts), MaxConflicts-1)],
				Conflict{Name: s.Name, Version: s.Version, Source: owner, Reason: ConflictLaunch})
			s.ListedAs, s.Name = s.Name, QualifiedName(src, s.Name)
			split = append(split, i)
		}
	}
	out := in[:0]
	for i, s := range in {
		if !drop[i] {
			out = append(out, s)
		}
	}
	clear(in[len(out):])
	return out, len(split)
}

// sameLaunch reports whether two entries launch the same way.
func sameLaunch(a, b Server) bool {
	pa, pb := PlanFor(a, PlanOptions{}), PlanFor(b, PlanOptions{})
	if pa.Kind == KindUnsupported || pb.Kind == KindUnsupported {
		// No launch to compare: the same only when both declare the
		// same packages and remotes.
		ja, _ := json.Marshal([]any{a.Packages, a.Remotes})
		jb, _ := json.Marshal([]any{b.Packages, b.Remotes})
		return pa.Kind == pb.Kind && string(ja) == string(jb)
	}
	return launchKey(pa, true) == launchKey(pb, true)
}

// appendNew appends the listings of b not in a (a collision's few).
func appendNew(a, b []Listing) []Listing {
	out := slices.Clone(a)
	for _, l := range b {
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// oneSource reports whether every entry comes from the same source (no
// name can then be contested).
func oneSource(in []Server) bool {
	for i := 1; i < len(in); i++ {
		if listingSource(in[i]) != listingSource(in[0]) {
			return false
		}
	}
	return true
}
