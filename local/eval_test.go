package local

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/config"
	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/eval/evaltest"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/errkind"
)

// unopened is a target whose tools file does not exist: a run that opens
// it fails with "read --tools-json", so a test can tell it stopped before.
func unopened(t *testing.T) Target {
	return Target{ToolsJSON: filepath.Join(t.TempDir(), "never-read.json")}
}

// wantUsage checks err is a usage error that starts with prefix ("" for no error).
func wantUsage(t *testing.T, err error, prefix string) {
	t.Helper()
	if prefix == "" {
		if err != nil {
			t.Errorf("unexpected error %v", err)
		}
		return
	}
	if err == nil || errkind.Of(err) != errkind.Usage || !strings.HasPrefix(err.Error(), prefix) {
		t.Errorf("got %v (kind %v), want a usage error starting %q", err, errkind.Of(err), prefix)
	}
}

func TestEvalOptionsValidate(t *testing.T) {
	t.Parallel()
	good := config.EvalConfig{Model: "openai/gpt-test", Concurrency: 4}
	for _, c := range []struct {
		name   string
		edit   func(o *EvalOptions)
		prefix string
	}{
		{"ok", func(*EvalOptions) {}, ""},
		{"no gate", func(o *EvalOptions) { o.MinAccuracy = -1 }, ""},
		{"gate 100", func(o *EvalOptions) { o.MinAccuracy = 100 }, ""},
		{"gate above 100", func(o *EvalOptions) { o.MinAccuracy = 100.5 }, "--min-accuracy: "},
		{"empty model", func(o *EvalOptions) { o.Model.Model = "" }, "--model: "},
		{"provider without model", func(o *EvalOptions) { o.Model.Model = "openrouter/" }, "--model: "},
		{"empty model offline", func(o *EvalOptions) { o.Model.Model, o.Offline = "", true }, ""},
		{"concurrency 0", func(o *EvalOptions) { o.Model.Concurrency = 0 }, "--concurrency: "},
		{"negative pace", func(o *EvalOptions) { o.Model.Pace = -1 }, "--pace: "},
		{"negative max cost", func(o *EvalOptions) { o.Model.MaxCost = -0.5 }, "--max-cost: "},
		{"no target", func(o *EvalOptions) { o.Target = Target{} }, "give a TARGET"},
		{"target and tools json", func(o *EvalOptions) { o.Target.Arg = "." }, "--tools-json reads a saved file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			o := EvalOptions{EvalCommon: EvalCommon{Target: unopened(t), Model: good}}
			c.edit(&o)
			wantUsage(t, o.Validate(), c.prefix)
		})
	}
}

func TestEvalInitOptionsValidate(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name    string
		perTool int
		model   string
		prefix  string
	}{
		{"ok", 4, "openai/gpt-test", ""},
		{"no cases per tool", 0, "openai/gpt-test", "--cases-per-tool "},
		{"negative cases per tool", -2, "openai/gpt-test", "--cases-per-tool "},
		{"empty model", 4, "", "--model: "},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			o := EvalInitOptions{EvalCommon: EvalCommon{Target: unopened(t), Model: config.EvalConfig{Model: c.model, Concurrency: 1}}, PerTool: c.perTool}
			wantUsage(t, o.Validate(), c.prefix)
		})
	}
}

func TestSuitePaths(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "server.py")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name         string
		suite        Suite
		target       string
		cases, cache string
		explicit     bool
	}{
		{"directory target", Suite{}, dir, filepath.Join(dir, eval.CasesFilename), eval.DefaultCachePath(filepath.Join(dir, eval.CasesFilename)), false},
		{"file target", Suite{}, file, filepath.Join(dir, eval.CasesFilename), eval.DefaultCachePath(filepath.Join(dir, eval.CasesFilename)), false},
		{"URL target", Suite{}, "https://example.com/mcp", filepath.Join(wd, eval.CasesFilename), eval.DefaultCachePath(filepath.Join(wd, eval.CasesFilename)), false},
		{"no target", Suite{}, "", filepath.Join(wd, eval.CasesFilename), eval.DefaultCachePath(filepath.Join(wd, eval.CasesFilename)), false},
		{"explicit cases", Suite{Cases: "x/c.yaml"}, dir, "x/c.yaml", eval.DefaultCachePath("x/c.yaml"), true},
		{"explicit both", Suite{Cases: "x/c.yaml", Cache: "y/r.jsonl"}, dir, "x/c.yaml", "y/r.jsonl", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cases, cache, explicit := c.suite.paths(c.target)
			if cases != c.cases || cache != c.cache || explicit != c.explicit {
				t.Errorf("got %q %q %v, want %q %q %v", cases, cache, explicit, c.cases, c.cache, c.explicit)
			}
		})
	}
}

func TestEvalErr(t *testing.T) {
	t.Parallel()
	other := errors.New("other")
	for _, c := range []struct {
		name string
		err  error
		want errkind.Kind
	}{
		{"case file", &eval.CaseFileError{Msg: "bad"}, errkind.Usage},
		{"cache miss", fmt.Errorf("run: %w", &eval.CacheMissError{}), errkind.Usage},
		{"draft", &eval.DraftError{Msg: "nothing usable"}, errkind.Usage},
		{"no backend", eval.ErrNoBackend, errkind.Usage},
		{"budget", &eval.BudgetError{Spent: 2, Limit: 1}, errkind.Threshold},
		{"backend", &eval.BackendError{Provider: "openai", Msg: "refused"}, errkind.Unreachable},
		{"cancelled", context.Canceled, errkind.Unreachable},
		{"deadline", fmt.Errorf("call: %w", context.DeadlineExceeded), errkind.Unreachable},
		{"other", other, errkind.Other},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := evalErr(c.err)
			if errkind.Of(got) != c.want || !errors.Is(got, c.err) {
				t.Errorf("kind %v, want %v (wraps the error: %v)", errkind.Of(got), c.want, errors.Is(got, c.err))
			}
		})
	}
}

func TestEvalInitRefusesExistingSuite(t *testing.T) {
	t.Parallel()
	cases := filepath.Join(t.TempDir(), "cases.yaml")
	if err := os.WriteFile(cases, []byte("edited by hand"), 0o644); err != nil {
		t.Fatal(err)
	}
	o := EvalInitOptions{EvalCommon: EvalCommon{Target: unopened(t), Suite: Suite{Cases: cases}, Model: config.EvalConfig{Model: "openai/stub", Concurrency: 1}}, PerTool: 2}
	_, err := EvalInit(context.Background(), o)
	wantUsage(t, err, cases+" already exists")
	if err == nil || !strings.Contains(err.Error(), "--force") {
		t.Errorf("the refusal does not name --force: %v", err)
	}
}

func TestEvalInitDrafts(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(&evaltest.WireStub{})
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	var steps []string
	var warnings bytes.Buffer
	o := EvalInitOptions{
		EvalCommon: EvalCommon{Target: smallTarget(t), Suite: Suite{Cases: filepath.Join(dir, "cases.yaml")},
			Model: config.EvalConfig{Model: "openai/stub", BaseURL: srv.URL + "/v1", Concurrency: 1},
			Warn:  &warnings},
		PerTool: 2, Step: func(l string) { steps = append(steps, l) },
	}
	d, err := EvalInit(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if d.Path != o.Suite.Cases || len(d.Suite.Cases) == 0 || len(steps) == 0 {
		t.Errorf("path %q, %d cases, steps %v", d.Path, len(d.Suite.Cases), steps)
	}
	for _, l := range strings.Split(strings.TrimSpace(warnings.String()), "\n") {
		if l != "" && !strings.HasPrefix(l, "warning: ") {
			t.Errorf("warning line %q", l)
		}
	}
	if _, err := os.Stat(d.Path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("EvalInit wrote the case file itself (the caller writes it): %v", err)
	}
	if _, err := os.Stat(eval.DefaultCachePath(d.Path)); err != nil {
		t.Errorf("the drafting replies were not cached: %v", err)
	}
}

// smallTools is a server with two tools that are easy to tell apart; its
// lint-only health is 97 (one warning).
const smallTools = `{"serverInfo": {"name": "small", "version": "1.0"}, "tools": [
	{"name": "get_weather", "description": "Returns the current weather for a city.", "inputSchema": {"type": "object", "properties": {"city": {"type": "string", "description": "The city name."}}, "required": ["city"]}},
	{"name": "send_email", "description": "Sends an email to one recipient.", "inputSchema": {"type": "object", "properties": {"to": {"type": "string", "description": "The recipient address."}}, "required": ["to"]}}]}`

// smallTarget writes smallTools to a file and returns it as --tools-json.
func smallTarget(t *testing.T) Target {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tools.json")
	if err := os.WriteFile(path, []byte(smallTools), 0o644); err != nil {
		t.Fatal(err)
	}
	return Target{ToolsJSON: path}
}

// smallSnapshot is smallTools parsed.
func smallSnapshot(t *testing.T) *model.Snapshot {
	t.Helper()
	snap, err := model.ParseToolsJSON([]byte(smallTools))
	if err != nil {
		t.Fatal(err)
	}
	return snap
}
