package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/precision"
)

// tool is a listed tool's name and description, for building captures.
type tool struct{ name, desc string }

// twinCapture builds a capture of server listing tools (each with an input
// schema, as real tools have).
func twinCapture(t *testing.T, server string, tools ...tool) *precision.Capture {
	t.Helper()
	c := &precision.Capture{Format: precision.CaptureFormat, Server: server, Package: "pkg-" + server, Version: "1.0.0", Tools: []json.RawMessage{}}
	for _, tl := range tools {
		raw, err := json.Marshal(map[string]any{"name": tl.name, "description": tl.desc,
			"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"q": map[string]any{"type": "string"}}}})
		if err != nil {
			t.Fatal(err)
		}
		c.Tools = append(c.Tools, raw)
	}
	return c
}

// writeTwinCapture stores c at path, as the capture tool writes it.
func writeTwinCapture(t *testing.T, path string, c *precision.Capture) {
	t.Helper()
	b, err := c.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Descriptions of an earlier calculator server, and texts unlike them.
var (
	calcTools = []tool{
		{"add", "Add two numbers and return their sum."},
		{"subtract", "Subtract the second number from the first and return the difference."},
		{"multiply", "Multiply two numbers and return their product."},
		{"divide", "Divide the first number by the second; fails on division by zero."},
	}
	colors  = "Convert colors between hex, RGB, and HSL formats"
	evalDoc = "Evaluate a mathematical expression and return the result"
	// long is a description longer than twinPrefix, where difflib's
	// autojunk heuristic applies (200 characters and more).
	long = strings.Repeat("Search the component library for components matching a query. Returns the name, the package and a short summary of each match, ordered by relevance. Use get_component_details for the full documentation of one component, with its props, events and examples.", 2)
)

func TestTwinFigures(t *testing.T) {
	t.Parallel()
	renamed := make([]tool, len(calcTools))
	forked := make([]tool, len(calcTools))
	for i, tl := range calcTools {
		renamed[i] = tool{"calc_" + tl.name + "_numbers", tl.desc}
		forked[i] = tool{tl.name, fmt.Sprintf("Operation %d of a pocket calculator, reimplemented.", i)}
	}
	tooMany := []tool{}
	for i := range twinMaxDescriptions + 50 {
		tooMany = append(tooMany, tool{fmt.Sprintf("t%d", i), fmt.Sprintf("%d unrelated text", i)})
	}
	tooMany[twinMaxDescriptions+10].desc = calcTools[0].desc
	cases := []struct {
		name  string
		prior map[string]*precision.Capture // path → capture, compared in path order
		new   []tool
		// Wanted figures: name share and description ratio (to 1e-9), the
		// files that gave them, and the twin verdict.
		share, desc         float64
		sharePath, descPath string
		twinOf              string
	}{
		{
			name:  "a renamed twin is caught by its description",
			prior: map[string]*precision.Capture{"a/calc.json": twinCapture(t, "calc", calcTools...)},
			new:   renamed,
			share: 0, desc: 1, descPath: "a/calc.json", twinOf: "a/calc.json",
		},
		{
			name:  "a fork with the same names is caught by the name share",
			prior: map[string]*precision.Capture{"a/calc.json": twinCapture(t, "calc", calcTools...)},
			new:   append(slices.Clone(forked), tool{"sqrt", "Square root of a number."}),
			share: 0.8, sharePath: "a/calc.json", desc: -1, twinOf: "a/calc.json",
		},
		{
			name: "two generic names in common are fewer than three tools",
			prior: map[string]*precision.Capture{"a/ui.json": twinCapture(t, "ui",
				tool{"search_components", "Find Material components by keyword."},
				tool{"get_component_details", "Props and slots of one Material component."})},
			new: []tool{
				{"search_components", "Look up Ant Design widgets whose name fits a pattern."},
				{"get_component_details", "Return the API table of a single Ant Design widget."}},
			share: 1, sharePath: "a/ui.json", desc: -1, twinOf: "",
		},
		{
			name: "an empty first description is skipped, not matched with an empty one",
			prior: map[string]*precision.Capture{"a/x.json": twinCapture(t, "x",
				tool{"ping", ""}, tool{"echo", "   "}, tool{"evaluate", evalDoc})},
			new:   []tool{{"health", ""}, {"noop", " \n"}, {"convert", colors}},
			share: 0, desc: 0.3076923076923077, descPath: "a/x.json", twinOf: "",
		},
		{
			name:  "no description at all gives no description figure",
			prior: map[string]*precision.Capture{"a/x.json": twinCapture(t, "x", tool{"ping", ""}, tool{"pong", ""})},
			new:   []tool{{"health", ""}, {"status", ""}},
			share: 0, desc: 0, twinOf: "",
		},
		{
			name:  "the ratio is Python's, autojunk included, on the first 300 characters",
			prior: map[string]*precision.Capture{"a/lib.json": twinCapture(t, "lib", tool{"search", long})},
			new:   []tool{{"find", strings.ReplaceAll(long, "component", "widget")}},
			share: 0, desc: 0.43666666666666665, descPath: "a/lib.json", twinOf: "",
		},
		{
			name:  "only the first 300 characters count",
			prior: map[string]*precision.Capture{"a/lib.json": twinCapture(t, "lib", tool{"search", long[:300] + "and then something else entirely"})},
			new:   []tool{{"find", long}},
			share: 0, desc: 1, descPath: "a/lib.json", twinOf: "a/lib.json",
		},
		{
			name: "the best earlier capture wins",
			prior: map[string]*precision.Capture{
				"a/far.json":  twinCapture(t, "far", tool{"add", evalDoc}, tool{"other", "Nothing alike at all."}),
				"b/near.json": twinCapture(t, "near", tool{"add", calcTools[0].desc}, tool{"subtract", "x"}, tool{"multiply", "y"})},
			new:   calcTools,
			share: 0.75, sharePath: "b/near.json", desc: 1, descPath: "b/near.json", twinOf: "b/near.json",
		},
		{
			name:  "at most 200 descriptions of an earlier capture are compared",
			prior: map[string]*precision.Capture{"a/many.json": twinCapture(t, "many", tooMany...)},
			new:   []tool{calcTools[0]},
			share: 0, desc: -1, twinOf: "",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var prior []priorCapture
			for _, path := range slices.Sorted(maps.Keys(c.prior)) {
				prior = append(prior, slimCapture(path, c.prior[path]))
			}
			f := compareTwins(twinCapture(t, "new", c.new...), prior)
			if math.Abs(f.NameShare-c.share) > 1e-9 || f.NamePath != c.sharePath {
				t.Errorf("names %v (%q), want %v (%q)", f.NameShare, f.NamePath, c.share, c.sharePath)
			}
			// desc -1: any ratio up to the twin threshold.
			if c.desc < 0 {
				if f.Description > twinDescription {
					t.Errorf("first description %v (%q), want at most %v", f.Description, f.DescriptionPath, twinDescription)
				}
			} else if math.Abs(f.Description-c.desc) > 1e-9 || f.DescriptionPath != c.descPath {
				t.Errorf("first description %v (%q), want %v (%q)", f.Description, f.DescriptionPath, c.desc, c.descPath)
			}
			if got := f.twinOf(); got != c.twinOf {
				t.Errorf("twin of %q, want %q (%s)", got, c.twinOf, f)
			}
		})
	}
}

func TestTwinLoadSkips(t *testing.T) {
	t.Parallel()
	good, err := twinCapture(t, "calc", calcTools...).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, file, content string
		want                []string // the names loaded; nil: skipped
	}{
		{"a capture", "calc.json", string(good), []string{"add", "subtract", "multiply", "divide"}},
		{"a capture in a subdirectory", "audit/x/calc.json", string(good), []string{"add", "subtract", "multiply", "divide"}},
		{"not JSON", "broken.json", `{"format": "mcpgauge-precision-capture/v1", "tools": [{"name": "add"`, nil},
		{"a JSON list", "list.json", `[{"name": "add"}]`, nil},
		{"tools that are no list", "object.json", `{"server": "x", "tools": {"add": "Add."}}`, nil},
		{"a server that is no string", "server.json", `{"server": 7, "tools": [{"name": "add"}]}`, nil},
		{"a server that is no string, after the tools", "server2.json", `{"tools": [{"name": "add"}], "server": 7}`, nil},
		{"cut off after the tools", "cut.json", `{"tools": [{"name": "add", "description": "Add."}], "resources": [{"uri": "x"`, nil},
		{"no tool", "empty.json", `{"format": "mcpgauge-precision-capture/v1", "server": "x", "tools": []}`, nil},
		{"no tools key", "report.json", `{"findings": [{"name": "add"}]}`, nil},
		{"a file that is not .json", "calc.yaml", string(good), nil},
		{"odd tools are passed over", "odd.json", `{"tools": [7, {"name": 3}, {"name": "add", "description": ["x"]}, {"name": "add"}, {"name": "sub", "description": "Subtract."}], "resources": [{"uri": "x"}]}`, []string{"add", "sub"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			path := filepath.Join(dir, c.file)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(c.content), 0o644); err != nil {
				t.Fatal(err)
			}
			prior, err := loadPriorCaptures([]string{dir})
			if err != nil {
				t.Fatal(err)
			}
			if c.want == nil {
				if len(prior) != 0 {
					t.Fatalf("loaded %+v, want the file skipped", prior)
				}
				return
			}
			if len(prior) != 1 || prior[0].Path != path || !slices.Equal(prior[0].Names, c.want) {
				t.Fatalf("loaded %+v, want %s with names %q", prior, path, c.want)
			}
		})
	}
}

func TestTwinLoadAsSlim(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tools := append(slices.Clone(calcTools), tool{"add", "A second add, named twice."}, tool{"search", long}, tool{"blank", ""})
	for i := range twinMaxDescriptions {
		tools = append(tools, tool{fmt.Sprintf("t%d", i), fmt.Sprintf("Tool %d.", i)})
	}
	c := twinCapture(t, "big", tools...)
	c.Resources = []json.RawMessage{json.RawMessage(`{"uri": "file:///x", "name": "x", "description": "not a tool"}`)}
	c.Capabilities = map[string]any{"tools": map[string]any{"listChanged": true}}
	path := filepath.Join(dir, "big.json")
	writeTwinCapture(t, path, c)
	// A second directory that overlaps the first loads no file twice.
	prior, err := loadPriorCaptures([]string{dir, filepath.Join(dir, ".")})
	if err != nil {
		t.Fatal(err)
	}
	want := slimCapture(path, c)
	if len(prior) != 1 || prior[0].Path != want.Path || !slices.Equal(prior[0].Names, want.Names) || !slices.Equal(prior[0].Descriptions, want.Descriptions) {
		t.Fatalf("loaded %+v,\nwant %+v", prior, want)
	}
	d := want.Descriptions
	if len(want.Names) != len(tools)-1 || len(d) != twinMaxDescriptions || d[len(calcTools)+1] != long[:twinPrefix] || slices.Contains(d, "") {
		t.Fatalf("kept %d names and %d descriptions (%q), want %d names, %d descriptions with the long one cut to %d characters and no empty one",
			len(want.Names), len(d), d[:len(calcTools)+3], len(tools)-1, twinMaxDescriptions, twinPrefix)
	}
}

func TestTwinLoadMissingDir(t *testing.T) {
	t.Parallel()
	_, err := loadPriorCaptures([]string{filepath.Join(t.TempDir(), "none")})
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("loadPriorCaptures(missing dir) = %v, want an error wrapping fs.ErrNotExist", err)
	}
}

func TestTwinOwnFileExcluded(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	out := filepath.Join(root, "audit", "new")
	own := filepath.Join(out, "calc.json")
	// The output directory holds this server's own earlier capture, and
	// another directory a server that is no twin of it.
	writeTwinCapture(t, own, twinCapture(t, "calc", calcTools...))
	writeTwinCapture(t, filepath.Join(root, "precision", "ui.json"), twinCapture(t, "ui", tool{"search", evalDoc}))
	// The same directory named relative to the working directory, as
	// -out and -twins may be given.
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(wd, own)
	if err != nil {
		t.Fatal(err)
	}
	prior, err := loadPriorCaptures([]string{filepath.Join(root, "precision"), filepath.Join(root, "audit")})
	if err != nil {
		t.Fatal(err)
	}
	c := twinCapture(t, "calc", calcTools...)
	cases := []struct {
		name   string
		prior  []priorCapture
		twinOf string
	}{
		{"every earlier capture", prior, own},
		{"without the own file", withoutFile(prior, own), ""},
		{"without the own file named relatively", withoutFile(prior, rel), ""},
		{"without another file", withoutFile(prior, filepath.Join(out, "other.json")), own},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := compareTwins(c, tc.prior)
			if got := f.twinOf(); got != tc.twinOf {
				t.Fatalf("twin of %q, want %q (%s)", got, tc.twinOf, f)
			}
		})
	}
}

func TestTwinFiguresString(t *testing.T) {
	t.Parallel()
	cases := []struct {
		f    twinFigures
		want string
	}{
		{twinFigures{Tools: 4, NameShare: 0.25, NamePath: "testdata/audit/x/calc.json", Description: 0.2199, DescriptionPath: "testdata/precision/ui.json"},
			"names 0.25 (testdata/audit/x/calc.json), first description 0.22 (testdata/precision/ui.json)"},
		{twinFigures{Tools: 1}, "names 0.00 (none), first description 0.00 (none)"},
	}
	for _, c := range cases {
		if got := c.f.String(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
	}
}

// TestTwinCheckRun holds a run's twin decision: a twin is refused unless
// -allow-twin names it, a capture written earlier in the run counts as an
// earlier capture, the server's own file does not, and without -twins
// nothing is checked.
func TestTwinCheckRun(t *testing.T) {
	t.Parallel()
	renamed := []tool{{"plus", calcTools[0].desc}, {"minus", calcTools[1].desc}}
	cases := []struct {
		name    string
		dirs    bool               // -twins given
		allow   bool               // -allow-twin names the server
		first   *precision.Capture // written earlier in the run, at first.json
		file    string             // where the new capture goes
		twin    bool               // refused as a twin
		allowed bool               // the line says the twin was let through
	}{
		{name: "a renamed twin of an earlier capture", dirs: true, file: "new.json", twin: true},
		{name: "the same, named by -allow-twin", dirs: true, allow: true, file: "new.json", allowed: true},
		{name: "a twin of a capture written earlier in the run", dirs: true,
			first: twinCapture(t, "first", tool{"search", long}), file: "new.json", twin: true},
		{name: "its own earlier file is no twin", dirs: true, first: twinCapture(t, "first", tool{"search", long}), file: "first.json"},
		{name: "without -twins", file: "new.json"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			earlier := filepath.Join(dir, "earlier")
			writeTwinCapture(t, filepath.Join(earlier, "calc.json"), twinCapture(t, "calc", calcTools...))
			tw := &twinCheck{Allow: map[string]bool{}}
			if tc.dirs {
				tw.Dirs = []string{earlier}
			}
			if tc.allow {
				tw.Allow["new"] = true
			}
			if err := tw.load(); err != nil {
				t.Fatal(err)
			}
			c := twinCapture(t, "new", renamed...)
			if tc.first != nil {
				tw.written(filepath.Join(dir, "first.json"), tc.first)
				c = twinCapture(t, "new", tool{"find", long})
			}
			line, err := tw.check("new", filepath.Join(dir, tc.file), c)
			if got := errors.Is(err, errTwin); got != tc.twin {
				t.Fatalf("check: %v (line %q), want refused as a twin: %v", err, line, tc.twin)
			}
			if err == nil && tc.twin == false && tc.dirs == (line == "") {
				t.Fatalf("line %q with -twins %v: want the figures exactly when -twins is given", line, tc.dirs)
			}
			if got := strings.Contains(line, "allowed by -allow-twin"); got != tc.allowed {
				t.Fatalf("line %q, want the twin allowed: %v", line, tc.allowed)
			}
		})
	}
}
