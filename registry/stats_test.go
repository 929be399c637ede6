package registry

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// readmeRow is one row of the counts table in shared/data/registry/README.md.
type readmeRow struct {
	versions, names, npm, pypi, oci, mcpb, nuget, remote, neither,
	npmStdio, noReqEnv, noReqSecretEnv, noEnv int
}

func rowOf(st Stats) readmeRow {
	return readmeRow{
		st.Entries, st.Names, st.PackageTypes["npm"], st.PackageTypes["pypi"], st.PackageTypes["oci"],
		st.PackageTypes["mcpb"], st.PackageTypes["nuget"], st.Remote, st.Neither,
		st.NPMStdio, st.NPMStdioNoRequiredEnv, st.NPMStdioNoRequiredOrSecretEnv, st.NPMStdioNoEnv,
	}
}

// The README's counts, reproduced from the raw files. "latest" there means
// the registry's isLatest flag; the same counts also come out for our own
// latest decision (checked separately below).
func TestStatsMatchReadme(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file        string
		all, latest readmeRow
	}{
		{crawlDec,
			readmeRow{2794, 1108, 979, 517, 375, 99, 45, 1000, 79, 971, 654, 574, 437},
			readmeRow{1108, 1108, 355, 168, 86, 31, 11, 486, 40, 350, 230, 199, 167}},
		{crawlCamel,
			readmeRow{789, 461, 263, 113, 55, 30, 22, 339, 28, 260, 179, 160, 124},
			readmeRow{461, 461, 131, 57, 25, 11, 7, 231, 16, 129, 81, 70, 57}},
		{crawlSnake,
			readmeRow{548, 347, 174, 70, 29, 19, 18, 247, 18, 171, 103, 90, 73},
			readmeRow{347, 347, 106, 36, 16, 10, 5, 181, 7, 104, 60, 51, 39}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			doc := loadDoc(t, tc.file)
			var regLatest []Server
			for _, s := range doc.Servers {
				if s.RegistryLatest {
					regLatest = append(regLatest, s)
				}
			}
			if got := rowOf(ComputeStats(doc.Servers)); got != tc.all {
				t.Errorf("all versions:\n got %+v\nwant %+v", got, tc.all)
			}
			if got := rowOf(ComputeStats(regLatest)); got != tc.latest {
				t.Errorf("isLatest:\n got %+v\nwant %+v", got, tc.latest)
			}
			out, _ := Normalise(doc.Servers, NormaliseOptions{})
			rep := ComputeStatsReport(out)
			if got := rowOf(rep.Latest); got != tc.latest {
				t.Errorf("our latest:\n got %+v\nwant %+v", got, tc.latest)
			}
		})
	}
	t.Run("seed", func(t *testing.T) {
		t.Parallel()
		st := ComputeStats(loadDoc(t, seedFile).Servers)
		want := readmeRow{358, 358, 149, 121, 88, 0, 0, 1, 0, 149, 149, 149, 68}
		if got := rowOf(st); got != want {
			t.Errorf("seed:\n got %+v\nwant %+v", got, want)
		}
	})
}

// Other December figures in the README (isLatest only).
func TestStatsDecemberTransports(t *testing.T) {
	t.Parallel()
	doc := loadDoc(t, crawlDec)
	var latest []Server
	for _, s := range doc.Servers {
		if s.RegistryLatest {
			latest = append(latest, s)
		}
	}
	st := ComputeStats(latest)
	all := ComputeStats(doc.Servers)
	checks := []struct {
		what      string
		got, want int
	}{
		{"streamable-http remotes", st.RemoteTransports["streamable-http"], 460},
		{"sse remotes", st.RemoteTransports["sse"], 106},
		{"sse-only", st.SSEOnly, 26},
		{"open remotes", st.RemoteOpen, 342},
		{"npm/stdio (all)", all.PackageTransports["npm/stdio"], 971},
		{"npm/streamable-http (all)", all.PackageTransports["npm/streamable-http"], 116},
		{"npm/sse (all)", all.PackageTransports["npm/sse"], 8},
		{"oci/stdio (all)", all.PackageTransports["oci/stdio"], 363},
		{"pypi/stdio (all)", all.PackageTransports["pypi/stdio"], 508},
		{"pypi/streamable-http (all)", all.PackageTransports["pypi/streamable-http"], 11},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: %d, want %d", c.what, c.got, c.want)
		}
	}
	// Plan-based credential-free is stricter than the README's
	// "no required env" (it also reads names like API_KEY as secrets and
	// counts remotes), so it must be positive and each kind bounded by the
	// matching README-style count.
	if st.CredentialFree == 0 || st.CredentialFreeByKind[KindNPMStdio] > st.NPMStdio {
		t.Errorf("credential-free %d, npm-stdio %d of %d", st.CredentialFree, st.CredentialFreeByKind[KindNPMStdio], st.NPMStdio)
	}
	var buf bytes.Buffer
	norm, _ := Normalise(doc.Servers, NormaliseOptions{})
	if err := ComputeStatsReport(norm).WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"package npm", "remote transport sse", "credential-free (plan)"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("stats text lacks %q:\n%s", want, buf.String())
		}
	}
}

// The December figures docs/registry.md quotes for our own rules: the
// latest-version rule per name, the plan kinds, the credential-free plans
// and the scan targets Dedupe makes.
func TestDecemberFiguresInDocs(t *testing.T) {
	t.Parallel()
	doc := loadDoc(t, crawlDec)
	all, rep := Normalise(doc.Servers, NormaliseOptions{})
	latest, _ := Normalise(doc.Servers, NormaliseOptions{LatestOnly: true})
	st := ComputeStatsReport(all)
	npmPlaceholders := 0 // credential-free npm plans that made up a required variable
	for _, s := range latest {
		p := PlanFor(s, PlanOptions{})
		if p.Kind == KindNPMStdio && p.CredentialFree && slices.ContainsFunc(p.Placeholders, func(n string) bool { return strings.HasPrefix(n, "env:") }) {
			npmPlaceholders++
		}
	}
	checks := []struct {
		what      string
		got, want int
	}{
		{"names by semver", rep.LatestBy[LatestBySemver], 406},
		{"names by publish time", rep.LatestBy[LatestByPublishTime], 15},
		{"names with one version", rep.LatestBy[LatestOnlyVersion], 687},
		{"credential-free plans (latest)", st.Latest.CredentialFree, 618},
		{"credential-free npm-stdio", st.Latest.CredentialFreeByKind[KindNPMStdio], 233},
		{"credential-free remote-http", st.Latest.CredentialFreeByKind[KindRemoteHTTP], 205},
		{"credential-free remote-sse", st.Latest.CredentialFreeByKind[KindRemoteSSE], 23},
		{"credential-free pypi", st.Latest.CredentialFreeByKind[KindPyPI], 122},
		{"credential-free oci", st.Latest.CredentialFreeByKind[KindOCI], 35},
		{"credential-free plans (all)", st.All.CredentialFree, 1735},
		{"plans npm-stdio", st.Latest.PlanKinds[KindNPMStdio], 345},
		{"plans remote-http", st.Latest.PlanKinds[KindRemoteHTTP], 447},
		{"plans remote-sse", st.Latest.PlanKinds[KindRemoteSSE], 25},
		{"plans pypi", st.Latest.PlanKinds[KindPyPI], 159},
		{"plans oci", st.Latest.PlanKinds[KindOCI], 50},
		{"plans unsupported", st.Latest.PlanKinds[KindUnsupported], 82},
		{"credential-free npm-stdio with placeholder env", npmPlaceholders, 5},
		{"scan targets (latest)", len(Dedupe(latest)), 1107},
		{"scan targets (all)", len(Dedupe(all)), 2289},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: %d, want %d", c.what, c.got, c.want)
		}
	}
}
