package lint

import (
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/qualitygate"
)

// qgTFixture loads a toolgauge fixture snapshot from ../shared.
func qgTFixture(t testing.TB, server string) *model.Snapshot {
	t.Helper()
	snap, err := model.ParseToolsJSON(shareddata.Read(t, "data", "toolgauge-fixtures", server, "tools-list.json"))
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

func qgTTools(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Tool)
	}
	return out
}

func TestQG001ParamDescriptions(t *testing.T) {
	t.Parallel()
	secTTable(t, "QG001", []secTCase{
		{"none described", `{"name":"a","description":"A tool.","inputSchema":{"type":"object","properties":{"x":{},"y":{"description":""}}}}`, 1, "2 of 2 parameters"},
		{"4 of 5 described is enough", `{"name":"a","inputSchema":{"type":"object","properties":{"a":{"description":"d"},"b":{"description":"d"},"c":{"description":"d"},"d":{"description":"d"},"e":{}}}}`, 0, ""},
		{"3 of 4 is not", `{"name":"a","inputSchema":{"type":"object","properties":{"a":{"description":"d"},"b":{"description":"d"},"c":{"description":"d"},"e":{}}}}`, 1, "`e`"},
		{"no parameters", `{"name":"a","inputSchema":{"type":"object"}}`, 0, ""},
		{"non-ASCII description counts", `{"name":"a","inputSchema":{"type":"object","properties":{"a":{"description":"Größe"}}}}`, 0, ""},
	})
}

func TestQG002And003Length(t *testing.T) {
	t.Parallel()
	secTTable(t, "QG002", []secTCase{
		{"short", secTDesc("Search."), 1, "7 characters"},
		{"empty is not short", secTDesc(""), 0, ""},
		{"19 UTF-16 units", secTDesc("😀😀😀😀😀😀😀😀😀é"), 1, "19 characters"},
		{"20 UTF-16 units", secTDesc("😀😀😀😀😀😀😀😀😀😀"), 0, ""},
		{"raw length, not trimmed", secTDesc("   Search it.       "), 0, ""},
	})
	secTTable(t, "QG003", []secTCase{
		{"verbose", secTDesc(strings.Repeat("word ", 101)), 1, "505 characters"},
		{"500 is fine", secTDesc(strings.Repeat("x", 500)), 0, ""},
	})
}

func TestQG004Deprecated(t *testing.T) {
	t.Parallel()
	secTTable(t, "QG004", []secTCase{
		{"deprecated", secTDesc("DEPRECATED: use read_text_file."), 1, "deprecated or obsolete"},
		{"obsolete", secTDesc("Obsolete; kept for old clients."), 1, ""},
		{"undeprecated word", secTDesc("Reads undeprecated settings."), 0, ""},
		{"deprecation noun", secTDesc("Reports deprecation warnings in the build."), 0, ""},
	})
}

func TestQG005IdenticalSchemas(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		tools []string
		want  []string
	}{
		{"key order ignored", []string{
			`{"name":"a","description":` + qgTTwin + `,"inputSchema":{"type":"object","properties":{"x":{"type":"string"},"y":{"type":"integer"}},"required":["x","y"]}}`,
			`{"name":"b","description":` + qgTTwin + `,"inputSchema":{"type":"object","required":["y","x"],"properties":{"y":{"type":"integer"},"x":{"type":"string"}}}}`,
		}, []string{"b"}},
		{"parameterless tools are not duplicates", []string{
			`{"name":"a","inputSchema":{"type":"object"}}`, `{"name":"b","inputSchema":{"type":"object","properties":{}}}`,
		}, nil},
		{"different required", []string{
			`{"name":"a","inputSchema":{"type":"object","properties":{"x":{"type":"string"}},"required":["x"]}}`,
			`{"name":"b","inputSchema":{"type":"object","properties":{"x":{"type":"string"}}}}`,
		}, nil},
		{"group of three", []string{
			`{"name":"a","description":` + qgTTwin + `,"inputSchema":{"type":"object","properties":{"q":{"type":"string"}}}}`,
			`{"name":"b","description":` + qgTTwin + `,"inputSchema":{"type":"object","properties":{"q":{"type":"string"}}}}`,
			`{"name":"c","description":` + qgTTwin + `,"inputSchema":{"type":"object","properties":{"q":{"type":"string"}}}}`,
		}, []string{"b", "c"}},
		// Default profile: only true twins. Real phrasing from the
		// filesystem server (read_file is the deprecated twin of
		// read_text_file) and from brave-search and filesystem (different
		// operations that happen to take the same arguments).
		{"twin by name", []string{
			`{"name":"read_text_file","description":"Read the complete contents of a file from the file system as text.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}`,
			`{"name":"read_file","description":"Read the complete contents of a file as text. DEPRECATED: Use read_text_file instead.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}`,
		}, []string{"read_file"}},
		{"different operations on a path", []string{
			`{"name":"list_directory","description":"Get a detailed listing of all files and directories in a specified path.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}`,
			`{"name":"read_media_file","description":"Read an image or audio file. Returns the base64 encoded data and MIME type.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}`,
		}, nil},
		{"opposite verbs", []string{
			`{"name":"get_pod","description":"Get the Kubernetes pod in the current namespace with the provided name.","inputSchema":{"type":"object","properties":{"name":{"type":"string"}}}}`,
			`{"name":"delete_pod","description":"Delete the Kubernetes pod in the current namespace with the provided name.","inputSchema":{"type":"object","properties":{"name":{"type":"string"}}}}`,
		}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			fs := secTRun(t, "QG005", secTSnap(t, tc.tools...))
			if d := cmp.Diff(tc.want, qgTTools(fs)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
			for _, f := range fs {
				if len(f.Related) == 0 {
					t.Errorf("finding on %s has no related tools", f.Tool)
				}
			}
		})
	}
}

func TestQG006RequiredWithDefault(t *testing.T) {
	t.Parallel()
	secTTable(t, "QG006", []secTCase{
		{"required default", `{"name":"a","inputSchema":{"type":"object","properties":{"limit":{"type":"integer","default":10}},"required":["limit"]}}`, 1, "default 10"},
		{"null default counts", `{"name":"a","inputSchema":{"type":"object","properties":{"x":{"default":null}},"required":["x"]}}`, 1, "default null"},
		{"optional default", `{"name":"a","inputSchema":{"type":"object","properties":{"limit":{"type":"integer","default":10}}}}`, 0, ""},
	})
}

func TestQG007And008ParityRulesAreOffByDefault(t *testing.T) {
	t.Parallel()
	snap := secTSnap(t, `{"name":"send_envelope","description":"Lists the env of the envelope.","inputSchema":{"type":"object","properties":{"code":{}}}}`)
	for _, id := range []string{"QG007", "QG008"} {
		r, _ := RuleByID(id)
		if r.Default != Off {
			t.Errorf("%s default = %v, want off", id, r.Default)
		}
		if fs := RunRules(snap, Config{}, []Rule{r}); len(fs) != 0 {
			t.Errorf("%s ran while off: %+v", id, fs)
		}
		fs := RunRules(snap, Config{Rules: map[string]Severity{id: Error}}, []Rule{r})
		if len(fs) != 1 || fs[0].Severity != Error {
			t.Errorf("%s enabled: %+v, want one error (quality-gate matches envelope and a `code` param)", id, fs)
		}
	}
}

func TestQG009DestructiveWithoutWarning(t *testing.T) {
	t.Parallel()
	secTTable(t, "QG009", []secTCase{
		{"silent delete", `{"name":"delete_all_tickets","description":"Removes tickets."}`, 1, "delete"},
		{"warns", `{"name":"delete_all_tickets","description":"Deletes every ticket. There is no undo for this operation."}`, 0, ""},
		{"caution like write_file", `{"name":"overwrite_file","description":"Overwrites a file. Use with caution."}`, 0, ""},
		{"destructiveHint true", `{"name":"purgeCache","description":"Empties the cache.","annotations":{"destructiveHint":true}}`, 0, ""},
		{"camelCase name", `{"name":"purgeCache","description":"Empties the cache."}`, 1, "purge"},
		{"not destructive", `{"name":"search_deleted","description":"Finds items."}`, 0, ""},
	})
}

func TestQGCountsAndTokens(t *testing.T) {
	t.Parallel()
	many := func(n int, desc string) *model.Snapshot {
		var raws []string
		for i := range n {
			raws = append(raws, `{"name":"tool_`+strings.Repeat("x", i+1)+`","description":"`+desc+`","inputSchema":{"type":"object"}}`)
		}
		return secTSnap(t, raws...)
	}
	cases := []struct {
		snap          *model.Snapshot
		q10, q11      int
		q12, q13      int
		name, msgPart string
	}{
		{many(20, "Does a thing."), 0, 0, 0, 0, "20 tools", ""},
		{many(21, "Does a thing."), 1, 0, 0, 0, "21 tools", "21 tools"},
		{many(51, "Does a thing."), 0, 1, 0, 0, "51 tools", "51 tools"},
		// "word " repeated is one token each; 2,100 words per tool × 5 tools ≈ 10,500 tokens.
		{many(5, strings.Repeat("word ", 2100)), 0, 0, 1, 0, "10.5k tokens", "o200k tokens"},
		{many(15, strings.Repeat("word ", 2100)), 0, 0, 0, 1, "31k tokens", "critical"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := [4]int{len(secTRun(t, "QG010", tc.snap)), len(secTRun(t, "QG011", tc.snap)), len(secTRun(t, "QG012", tc.snap)), len(secTRun(t, "QG013", tc.snap))}
			if got != [4]int{tc.q10, tc.q11, tc.q12, tc.q13} {
				t.Errorf("QG010..QG013 counts = %v, want %v", got, [4]int{tc.q10, tc.q11, tc.q12, tc.q13})
			}
		})
	}
}

// The per-tool QG rules agree with quality-gate's server-level lists on the
// toolgauge fixtures.
func TestQGAgreesWithAnalyzerOnFixtures(t *testing.T) {
	t.Parallel()
	for _, server := range []string{"goodserver", "badserver"} {
		t.Run(server, func(t *testing.T) {
			t.Parallel()
			snap := qgTFixture(t, server)
			q := qualitygate.AnalyzeQuality(snap.Tools)
			nz := func(s []string) []string {
				if len(s) == 0 {
					return nil
				}
				return s
			}
			if d := cmp.Diff(nz(q.ToolsWithShortDescriptions), qgTTools(secTRun(t, "QG002", snap))); d != "" {
				t.Errorf("QG002 vs short list (-analyzer +rule):\n%s", d)
			}
			if d := cmp.Diff(nz(q.DeprecatedTools), qgTTools(secTRun(t, "QG004", snap))); d != "" {
				t.Errorf("QG004 vs deprecated list:\n%s", d)
			}
			var dupLater []string
			for _, g := range q.DuplicateToolGroups {
				dupLater = append(dupLater, g[1:]...)
			}
			if d := cmp.Diff(dupLater, qgTTools(secTRun(t, "QG005", snap))); d != "" {
				t.Errorf("QG005 vs duplicate groups:\n%s", d)
			}
			qg001 := secTRun(t, "QG001", snap)
			if (q.ParamDescriptionCoverage < 0.8) != (len(qg001) > 0) {
				t.Errorf("QG001 found %d tools but server coverage is %v", len(qg001), q.ParamDescriptionCoverage)
			}
		})
	}
}

// qgTTwin is one description shared by true twins in the QG005 cases.
const qgTTwin = `"Search the staff directory by name and return the matching people."`
