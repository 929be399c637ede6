package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/ci"
	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/eval/evaltest"
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

// runEvalCI runs the CLI with eval and ci attached (whether or not
// commands.go lists them yet) and returns exit code, stdout, stderr.
func runEvalCI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	root := newRootCmd()
	have := map[string]bool{}
	for _, c := range root.Commands() {
		have[c.Name()] = true
	}
	if !have["eval"] {
		root.AddCommand(newEvalCmd())
	}
	if !have["ci"] {
		root.AddCommand(newCiCmd())
	}
	var out, errb bytes.Buffer
	root.SetArgs(args)
	root.SetOut(&out)
	root.SetErr(&errb)
	err := root.ExecuteContext(context.Background())
	code := exitOK
	if err != nil {
		code = exitFor(err)
		errb.WriteString(err.Error())
	}
	return code, out.String(), errb.String()
}

// fixtureSuite copies a fixture's suite and recorded answers into a temp
// directory laid out as a user's repo would be.
func fixtureSuite(t *testing.T, server string) (dir, tools, cases string) {
	t.Helper()
	dir = t.TempDir()
	cases = filepath.Join(dir, "mcp-toolgauge-cases.yaml")
	if err := os.WriteFile(cases, shareddata.Read(t, "data", "toolgauge-fixtures", server, "cases.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(dir, ".mcp-toolgauge-cache", "responses.jsonl")
	if err := os.MkdirAll(filepath.Dir(cache), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cache, shareddata.Read(t, "data", "toolgauge-fixtures", server, "responses.jsonl"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, shareddata.Path(t, "data", "toolgauge-fixtures", server, "tools-list.json"), cases
}

func TestEvalCLIReplay(t *testing.T) {
	shareddata.Require(t) // skips once, here, without ../shared
	for _, c := range []struct {
		server                 string
		correct, total, cached int
		minAccCode             int
	}{{"goodserver", 37, 40, 43, exitOK}, {"badserver", 31, 56, 59, exitThreshold}} {
		t.Run(c.server, func(t *testing.T) {
			dir, tools, cases := fixtureSuite(t, c.server)
			before, _ := os.ReadFile(filepath.Join(dir, ".mcp-toolgauge-cache", "responses.jsonl"))
			// Not --offline: the complete cache means no model is ever asked
			// (there is no network here, so any call would fail with exit 3).
			code, out, errOut := runEvalCI(t, "eval", "--no-config", "--tools-json", tools, "--cases", cases, "--json", "--min-accuracy", "60")
			if code != c.minAccCode {
				t.Fatalf("exit %d, want %d; stderr: %s", code, c.minAccCode, errOut)
			}
			var res struct {
				CachedCount int `json:"cached_count"`
				CalledCount int `json:"called_count"`
				Scores      struct {
					SelectionCorrect int `json:"selection_correct"`
					SelectionTotal   int `json:"selection_total"`
				} `json:"scores"`
				Mcpgauge struct {
					Findability struct {
						RecallAt5 struct{ Total int } `json:"recall_at_5"`
					} `json:"findability"`
				} `json:"mcpgauge"`
			}
			if err := json.Unmarshal([]byte(out), &res); err != nil {
				t.Fatalf("eval --json is not JSON: %v\n%s", err, out)
			}
			if res.CachedCount != c.cached || res.CalledCount != 0 || res.Scores.SelectionCorrect != c.correct || res.Scores.SelectionTotal != c.total {
				t.Errorf("got %+v", res)
			}
			if res.Mcpgauge.Findability.RecallAt5.Total != c.total {
				t.Errorf("findability covers %d cases, want %d", res.Mcpgauge.Findability.RecallAt5.Total, c.total)
			}
			after, _ := os.ReadFile(filepath.Join(dir, ".mcp-toolgauge-cache", "responses.jsonl"))
			if !bytes.Equal(before, after) {
				t.Error("a full replay must not write to the cache")
			}
			// The terminal report.
			code, out, _ = runEvalCI(t, "eval", "--no-config", "--tools-json", tools, "--cases", cases, "--offline")
			if code != exitOK || !strings.Contains(out, "Selection accuracy") || !strings.Contains(out, "from cache   free") {
				t.Errorf("terminal report (exit %d):\n%s", code, out)
			}
		})
	}
}

func TestEvalCLIOfflineMissAndMissingSuite(t *testing.T) {
	dir, tools, cases := fixtureSuite(t, "goodserver")
	code, _, errOut := runEvalCI(t, "eval", "--no-config", "--tools-json", tools, "--cases", cases, "--offline", "--model", "openai/another-model")
	if code != exitUsage || !strings.Contains(errOut, "no recorded answer") {
		t.Errorf("offline miss: exit %d, stderr %s", code, errOut)
	}
	code, _, errOut = runEvalCI(t, "eval", "--no-config", "--tools-json", tools, "--cases", filepath.Join(dir, "nope.yaml"), "--offline")
	if code != exitUsage || !strings.Contains(errOut, "--init") {
		t.Errorf("missing suite: exit %d, stderr %s", code, errOut)
	}
}

func TestEvalCLIInit(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		reply := `{"prompts": ["please help me with this one thing", "another reasonable request here", "a third request for this tool", "a fourth way to ask for it"]}`
		if strings.Contains(string(body), "easy to confuse") {
			reply = `{"a": ["this one goes to the first tool", "also for the first tool please"], "b": ["this one goes to the second tool", "also for the second tool please"]}`
		}
		resp := map[string]any{
			"id": "chatcmpl-x", "object": "chat.completion", "created": 1700000000, "model": "m",
			"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": reply}, "finish_reason": "stop"}},
			"usage":   map[string]any{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(model.MustCanonical(resp, model.Compact))
	}))
	defer srv.Close()
	dir := t.TempDir()
	cases := filepath.Join(dir, "cases.yaml")
	tools := shareddata.Path(t, "data", "toolgauge-fixtures", "goodserver", "tools-list.json")
	args := []string{"eval", "--no-config", "--tools-json", tools, "--cases", cases, "--init", "--model", "openai/stub", "--base-url", srv.URL}
	code, out, errOut := runEvalCI(t, args...)
	if code != exitOK || !strings.Contains(out, "32 positive, 8 sibling, 3 abstain") {
		t.Fatalf("init: exit %d\n%s\n%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, ".mcp-toolgauge-cache", "responses.jsonl")); err != nil {
		t.Errorf("drafting replies were not cached: %v", err)
	}
	if code, _, errOut = runEvalCI(t, args...); code != exitUsage || !strings.Contains(errOut, "--force") {
		t.Errorf("second --init without --force: exit %d, %s", code, errOut)
	}
	if code, out, _ = runEvalCI(t, append(args, "--force")...); code != exitOK || !strings.Contains(out, "from cache") {
		t.Errorf("--init --force: exit %d\n%s", code, out)
	}
}

func TestCiCLIGolden(t *testing.T) {
	shareddata.Require(t) // skips once, here, without ../shared
	for _, c := range []struct {
		server string
		code   int
	}{{"goodserver", exitOK}, {"badserver", exitThreshold}} {
		t.Run(c.server, func(t *testing.T) {
			dir, tools, cases := fixtureSuite(t, c.server)
			var exp struct {
				Health   map[string]any  `json:"health"`
				Badge    json.RawMessage `json:"badge"`
				Markdown string          `json:"pr_comment_markdown_no_baseline"`
			}
			if err := json.Unmarshal(shareddata.Read(t, "data", "toolgauge-fixtures", c.server, "expected.json"), &exp); err != nil {
				t.Fatal(err)
			}
			badge, md, hist := filepath.Join(dir, "badge.json"), filepath.Join(dir, "comment.md"), filepath.Join(dir, "hist", "h.json")
			code, out, errOut := runEvalCI(t, "ci", "--no-config", "--tools-json", tools, "--cases", cases, "--json",
				"--badge", badge, "--markdown", md, "--history", hist, "--history-label", "abc123", "--min-score", "50")
			if code != c.code {
				t.Fatalf("exit %d, want %d; stderr %s", code, c.code, errOut)
			}
			var rep map[string]any
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatalf("ci --json: %v", err)
			}
			if got, want := string(model.MustCanonical(rep["health"], model.Compact)), string(model.MustCanonical(exp.Health, model.Compact)); got != want {
				t.Errorf("health %s, want %s", got, want)
			}
			wantBadge, _ := model.DecodeJSON(exp.Badge)
			wantBadge.(map[string]any)["label"] = ci.BadgeLabel // toolgauge's number and colour, mcpgauge's label
			if got, _ := os.ReadFile(badge); string(got) != string(model.MustCanonical(wantBadge, model.Indent2))+"\n" {
				t.Errorf("badge file:\n%s", got)
			}
			gotMD, _ := os.ReadFile(md)
			wantMD := evaltest.MCPGaugeComment(strings.Replace(exp.Markdown, "python server.py", tools, 1)) + "\n"
			if string(gotMD) != wantMD {
				t.Errorf("markdown:\n%s\nwant\n%s", gotMD, wantMD)
			}
			// The history point was written even when the gate failed.
			h, err := os.ReadFile(hist)
			if err != nil || !strings.Contains(string(h), `"label": "abc123"`) {
				t.Errorf("history not written before the gate: %v\n%s", err, h)
			}
			if pts, _ := rep["history"].([]any); len(pts) != 1 {
				t.Errorf("report embeds %d history points, want 1", len(pts))
			}
			// A second run against this report as baseline shows unchanged deltas.
			basePath := filepath.Join(dir, "base.json")
			if err := os.WriteFile(basePath, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, _ = runEvalCI(t, "ci", "--no-config", "--tools-json", tools, "--cases", cases, "--markdown", "-", "--baseline", basePath)
			if code != exitOK || !strings.Contains(out, "| | score | vs base |") || !strings.Contains(out, "| Lint |") {
				t.Errorf("markdown with baseline (exit %d):\n%s", code, out)
			}
		})
	}
}

func TestCiCLILintOnlyAndBadHistory(t *testing.T) {
	dir := t.TempDir()
	tools := shareddata.Path(t, "data", "toolgauge-fixtures", "goodserver", "tools-list.json")
	t.Chdir(dir)
	code, out, errOut := runEvalCI(t, "ci", "--no-config", "--tools-json", tools)
	if code != exitOK || !strings.Contains(out, "no eval suite (lint only)") || !strings.Contains(out, "Health       100 / 100") {
		t.Errorf("lint-only ci: exit %d\n%s\n%s", code, out, errOut)
	}
	bad := filepath.Join(dir, "h.json")
	if err := os.WriteFile(bad, []byte("{oops"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, _ = runEvalCI(t, "ci", "--no-config", "--tools-json", tools, "--history", bad); code != exitUsage {
		t.Errorf("bad history: exit %d, want 2", code)
	}
	if got, _ := os.ReadFile(bad); string(got) != "{oops" {
		t.Error("a bad history file must not be overwritten")
	}
}

func TestEvalCLILiveThenFree(t *testing.T) {
	const mdl = "openrouter/nvidia/nemotron-3.5-lightning:free"
	dir, tools, cases := fixtureSuite(t, "badserver")
	cache := filepath.Join(dir, ".mcp-toolgauge-cache", "responses.jsonl")
	recorded := shareddata.Path(t, "data", "toolgauge-fixtures", "badserver", "responses.jsonl")
	if err := os.Remove(cache); err != nil {
		t.Fatal(err)
	}
	snapData := shareddata.Read(t, "data", "toolgauge-fixtures", "badserver", "tools-list.json")
	snap, err := model.ParseToolsJSON(snapData)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := evaltest.NewReplayServer(recorded, mdl, model.ToolgaugeDigest(snap.Tools))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(rs)
	defer srv.Close()
	t.Setenv("OPENROUTER_API_KEY", "test-key")
	args := []string{"eval", "--no-config", "--tools-json", tools, "--cases", cases, "--model", mdl, "--base-url", srv.URL, "--concurrency", "8", "--json"}
	code, out, errOut := runEvalCI(t, args...)
	if code != exitOK || rs.Calls() != 59 || !strings.Contains(out, `"called_count": 59`) {
		t.Fatalf("live run: exit %d, %d calls\n%s", code, rs.Calls(), errOut)
	}
	code, out, _ = runEvalCI(t, args...)
	if code != exitOK || rs.Calls() != 59 || !strings.Contains(out, `"called_count": 0`) || !strings.Contains(out, `"cached_count": 59`) {
		t.Errorf("second run must be free: exit %d, server calls %d", code, rs.Calls())
	}
	if !strings.Contains(out, `"selection_correct": 31`) {
		t.Error("recorded-then-replayed run lost the golden selection count")
	}
}

// TestEvalCLINoModel: with no API key, or a model server that refuses the
// connection (no network), eval and eval --init fail at the first call
// with one exit code (3, the model backend could not be used) and a
// message naming what to set; neither mentions --offline, which the user
// did not pass.
func TestEvalCLINoModel(t *testing.T) {
	t.Setenv("OPENROUTER_API_KEY", "")
	t.Setenv("LITELLM_API_KEY", "")
	dir := t.TempDir()
	tools := filepath.Join(dir, "tools.json")
	doc := `{"tools":[{"name":"get_weather","description":"Returns the current weather for a city.","inputSchema":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}}]}`
	if err := os.WriteFile(tools, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := filepath.Join(dir, "cases.yaml")
	suite := &eval.Suite{Cases: []eval.Case{{ID: "w1", Kind: eval.Positive, Expected: "get_weather", Prompt: "What is the weather in Oslo?"},
		{ID: "a1", Kind: eval.Abstain, Prompt: "Tell me a short joke about cats."}}}
	if err := eval.WriteSuite(cases, suite, false); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := "http://" + l.Addr().String() + "/v1"
	_ = l.Close()
	for _, c := range []struct {
		name  string
		model []string
		want  []string
	}{
		{"no key", nil, []string{"no API key", "OPENROUTER_API_KEY", "--base-url"}},
		{"refused", []string{"--model", "local-model", "--base-url", refused}, []string{"cannot connect to " + refused, "--base-url"}},
	} {
		for _, mode := range []struct {
			name string
			args []string
		}{
			{"eval", []string{"--cases", cases}},
			{"init", []string{"--cases", filepath.Join(t.TempDir(), "new.yaml"), "--init"}},
		} {
			t.Run(c.name+"/"+mode.name, func(t *testing.T) {
				args := append(append([]string{"eval", "--no-config", "--tools-json", tools}, mode.args...), c.model...)
				code, _, errOut := runEvalCI(t, args...)
				if code != exitConnect {
					t.Errorf("exit %d, want %d (the model backend could not be used)", code, exitConnect)
				}
				for _, s := range c.want {
					if !strings.Contains(errOut, s) {
						t.Errorf("stderr does not say %q:\n%s", s, errOut)
					}
				}
				if strings.Contains(errOut, "--offline") || strings.Contains(errOut, "warning") {
					t.Errorf("stderr mentions --offline or adds a warning to the one error:\n%s", errOut)
				}
			})
		}
	}
}
