package compliance

// Catalogue returns every compliance test, one line per test, in run
// order: quality-gate's 17 in its order, then mcpgauge's spec tests. It
// builds a fresh table on each call.
//
// Everything about a test is named after its ID: its row and code in
// <id>.go (dashes as underscores), its doc in docs/<id>.md and its cases in
// testdata/cases/<id>.txtar.
func Catalogue() []Test {
	tests := []Test{
		lifecycleInit01(),
		lifecycleInit02(),
		lifecycleInit03(),
		toolsList01(),
		toolsList02(),
		toolsList03(),
		toolsList04(),
		toolsCall01(),
		toolsCall02(),
		toolsCall03(),
		resourcesList01(),
		resourcesList02(),
		resourcesList03(),
		resourcesRead01(),
		promptsList01(),
		promptsList02(),
		promptsGet01(),
		specVersion01(),
		specPing01(),
		specMethod01(),
		specCaps01(),
		specCaps02(),
		specTools01(),
		specSchema01(),
		specSchema02(),
		specOutput01(),
		specStdio01(),
		specPagination01(),
		specPagination02(),
		specBait01(),
		specOrigin01(),
		specVersion02(),
		specResult01(),
		specResult02(),
		specCache01(),
		specSession01(),
		specHeaders01(),
		specLog01(),
		specResources01(),
		specTemplates01(),
		specTools02(),
		specLogging01(),
		specSSE01(),
		specSSE02(),
		specCard01(),
		specAuth01(),
		specAuth02(),
		specAuth03(),
		specAuth04(),
		specAuth05(),
		specAuth06(),
	}
	for i := range tests {
		tests[i].Doc = docOf(tests[i].ID)
	}
	return tests
}

// ByID returns the catalogue entry with the given ID.
func ByID(id string) (Test, bool) {
	for _, t := range Catalogue() {
		if t.ID == id {
			return t, true
		}
	}
	return Test{}, false
}

// specBase is the root of the specification site; a revision and a page follow.
const specBase = "https://modelcontextprotocol.io/specification/"

// qgRevision is the revision quality-gate's spec_ref URLs point at.
const qgRevision = "2025-11-25"

// specRevision is the revision mcpgauge's own tests' spec_ref URLs point at.
const specRevision = "2025-11-25"

func specURL(revision, page string) string { return specBase + revision + "/" + page }
