package registry

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
)

// Stats counts entries by what they declare and how they would launch.
// Every count is of entries (name@version records), as in the data README
// under shared/data/registry.
type Stats struct {
	Entries int `json:"entries"`
	Names   int `json:"names"`
	// PackageTypes: entries with at least one package of the type.
	PackageTypes map[string]int `json:"packageTypes"`
	// PackageTransports: entries with at least one package of the type
	// and transport, keyed "npm/stdio", "pypi/streamable-http", ...
	PackageTransports map[string]int `json:"packageTransports"`
	// RemoteTransports: entries with at least one remote of the type.
	RemoteTransports map[string]int `json:"remoteTransports"`
	// Remote: entries with at least one remote; Neither: no package and
	// no remote; SSEOnly: remotes that are all SSE.
	Remote  int `json:"remote"`
	Neither int `json:"neither"`
	SSEOnly int `json:"sseOnly"`
	// NPMStdio: entries with an npm package on stdio. The next three count
	// entries where at least one such package has no env var marked
	// isRequired; none marked isRequired or isSecret; no env vars at all.
	NPMStdio                      int `json:"npmStdio"`
	NPMStdioNoRequiredEnv         int `json:"npmStdioNoRequiredEnv"`
	NPMStdioNoRequiredOrSecretEnv int `json:"npmStdioNoRequiredOrSecretEnv"`
	NPMStdioNoEnv                 int `json:"npmStdioNoEnv"`
	// RemoteOpen: entries with a remote that has no required or secret
	// header and no {template} in its URL.
	RemoteOpen int `json:"remoteOpen"`
	// PlanKinds counts the default plan's kind; CredentialFree counts
	// plans that need no secret, split by kind in CredentialFreeByKind.
	PlanKinds            map[Kind]int `json:"planKinds"`
	CredentialFree       int          `json:"credentialFree"`
	CredentialFreeByKind map[Kind]int `json:"credentialFreeByKind"`
}

// StatsReport holds stats for the latest versions (IsLatest, as decided by
// Normalise) and for all versions.
type StatsReport struct {
	Latest Stats `json:"latest"`
	All    Stats `json:"all"`
}

// ComputeStats counts servers.
func ComputeStats(servers []Server) Stats {
	st := Stats{
		PackageTypes:         map[string]int{},
		PackageTransports:    map[string]int{},
		RemoteTransports:     map[string]int{},
		PlanKinds:            map[Kind]int{},
		CredentialFreeByKind: map[Kind]int{},
	}
	names := map[string]bool{}
	for _, s := range servers {
		st.Entries++
		names[s.Name] = true
		types := map[string]bool{}
		ptrans := map[string]bool{}
		var npmStdio, noReq, noReqSec, noEnv bool
		for _, p := range s.Packages {
			typ := p.RegistryType
			types[typ] = true
			tr := p.Transport.Type
			if tr == "" {
				tr = "stdio"
			}
			ptrans[typ+"/"+tr] = true
			if typ != "npm" || tr != "stdio" {
				continue
			}
			npmStdio = true
			req, sec := false, false
			for _, e := range p.EnvironmentVariables {
				req = req || e.IsRequired
				sec = sec || e.IsSecret
			}
			noReq = noReq || !req
			noReqSec = noReqSec || (!req && !sec)
			noEnv = noEnv || len(p.EnvironmentVariables) == 0
		}
		for t := range types {
			st.PackageTypes[t]++
		}
		for t := range ptrans {
			st.PackageTransports[t]++
		}
		rtrans := map[string]bool{}
		open := false
		for _, r := range s.Remotes {
			rtrans[r.Type] = true
			if remoteOpen(r) {
				open = true
			}
		}
		for t := range rtrans {
			st.RemoteTransports[t]++
		}
		if len(s.Remotes) > 0 {
			st.Remote++
			if len(rtrans) == 1 && rtrans["sse"] {
				st.SSEOnly++
			}
		}
		if len(s.Packages) == 0 && len(s.Remotes) == 0 {
			st.Neither++
		}
		if npmStdio {
			st.NPMStdio++
		}
		if noReq {
			st.NPMStdioNoRequiredEnv++
		}
		if noReqSec {
			st.NPMStdioNoRequiredOrSecretEnv++
		}
		if noEnv {
			st.NPMStdioNoEnv++
		}
		if open {
			st.RemoteOpen++
		}
		pl := PlanFor(s, PlanOptions{})
		st.PlanKinds[pl.Kind]++
		if pl.CredentialFree && pl.Kind != KindUnsupported {
			st.CredentialFree++
			st.CredentialFreeByKind[pl.Kind]++
		}
	}
	st.Names = len(names)
	return st
}

// remoteOpen: no required or secret header and no template in the URL.
func remoteOpen(r Remote) bool {
	if strings.ContainsAny(r.URL, "{}") {
		return false
	}
	for _, h := range r.Headers {
		if h.IsRequired || h.IsSecret {
			return false
		}
	}
	return true
}

// ComputeStatsReport computes stats for all servers and for those with
// IsLatest set.
func ComputeStatsReport(servers []Server) StatsReport {
	var latest []Server
	for _, s := range servers {
		if s.IsLatest {
			latest = append(latest, s)
		}
	}
	return StatsReport{Latest: ComputeStats(latest), All: ComputeStats(servers)}
}

// WriteText prints the report as an aligned table: one row a count, a
// column for the latest versions and one for all versions.
func (r StatsReport) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	row := func(label string, a, b int) {
		fmt.Fprintf(tw, "%s\t%d\t%d\t\n", label, a, b)
	}
	fmt.Fprintf(tw, "%s\t%s\t%s\t\n", "", "latest", "all")
	row("entries", r.Latest.Entries, r.All.Entries)
	row("names", r.Latest.Names, r.All.Names)
	for _, t := range unionKeys(r.Latest.PackageTypes, r.All.PackageTypes) {
		row("package "+t, r.Latest.PackageTypes[t], r.All.PackageTypes[t])
	}
	for _, t := range unionKeys(r.Latest.PackageTransports, r.All.PackageTransports) {
		row("package transport "+t, r.Latest.PackageTransports[t], r.All.PackageTransports[t])
	}
	row("any remote", r.Latest.Remote, r.All.Remote)
	for _, t := range unionKeys(r.Latest.RemoteTransports, r.All.RemoteTransports) {
		row("remote transport "+t, r.Latest.RemoteTransports[t], r.All.RemoteTransports[t])
	}
	row("remote sse only", r.Latest.SSEOnly, r.All.SSEOnly)
	row("neither package nor remote", r.Latest.Neither, r.All.Neither)
	row("npm stdio", r.Latest.NPMStdio, r.All.NPMStdio)
	row("npm stdio, no required env", r.Latest.NPMStdioNoRequiredEnv, r.All.NPMStdioNoRequiredEnv)
	row("npm stdio, no required/secret env", r.Latest.NPMStdioNoRequiredOrSecretEnv, r.All.NPMStdioNoRequiredOrSecretEnv)
	row("npm stdio, no env at all", r.Latest.NPMStdioNoEnv, r.All.NPMStdioNoEnv)
	row("remote, no required/secret header or URL template", r.Latest.RemoteOpen, r.All.RemoteOpen)
	kinds := append(kindOrder(), KindUnsupported)
	for _, k := range kinds {
		row("plan "+string(k), r.Latest.PlanKinds[k], r.All.PlanKinds[k])
	}
	row("credential-free (plan)", r.Latest.CredentialFree, r.All.CredentialFree)
	for _, k := range kindOrder() {
		row("credential-free "+string(k), r.Latest.CredentialFreeByKind[k], r.All.CredentialFreeByKind[k])
	}
	return tw.Flush()
}

func unionKeys(a, b map[string]int) []string {
	var out []string
	for k := range a {
		out = append(out, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}
