package eval_test

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/eval"
	"github.com/mcpgauge/mcpgauge/gauge/eval/backend"
	fixtures "github.com/mcpgauge/mcpgauge/gauge/eval/evaltest"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

func TestConfusablePairsMatchTheFixtureSuites(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		server string
		want   []string
	}{
		{"goodserver", []string{"search_users/get_user_profile", "search_users/search_organizations"}},
		{"badserver", []string{"search_users/search_orgs", "ticket/delete_all_tickets", "ticket/ticket2", "ticket2/delete_all_tickets"}},
	} {
		snap, suite, _ := loadFixture(t, tc.server)
		var got []string
		for _, p := range eval.ConfusablePairs(snap.Tools, eval.MaxPairs) {
			got = append(got, snap.Tools[p.I].Name+"/"+snap.Tools[p.J].Name)
		}
		t.Logf("%s pairs in order: %v", tc.server, got)
		sorted := append([]string(nil), got...)
		sort.Strings(sorted)
		if strings.Join(sorted, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%s: pairs %v, want %v", tc.server, sorted, tc.want)
		}
		// Every pair the upstream suite wrote sibling cases for is one we find.
		for _, c := range suite.Cases {
			if c.Kind != eval.Sibling {
				continue
			}
			found := false
			for _, g := range got {
				if g == c.Expected+"/"+c.Rival || g == c.Rival+"/"+c.Expected {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: sibling case %s targets a pair we do not draft", tc.server, c.ID)
			}
		}
	}
}

func TestParseDraftReply(t *testing.T) {
	t.Parallel()
	cases := []struct {
		reply string
		ok    bool
		n     int
	}{
		{`{"prompts": ["find the user called jane please", "who is jane doe anyway"]}`, true, 2},
		{"Sure! ```json\n{\"prompts\": [\"line one\nsplit across lines\", \"ok ok ok\"]}\n```", true, 2},
		{`[ "a list", "not an object" ]`, false, 0},
		{`no json here`, false, 0},
		{`{"prompts": ["too short", 5, "three words here", "three   words  here"]}`, true, 1},
		{`{"prompts": ["unterminated]}`, false, 0},
	}
	for _, c := range cases {
		m, err := eval.ParseDraftReply(c.reply)
		if (err == nil) != c.ok {
			t.Errorf("%q: err=%v, want ok=%v", c.reply, err, c.ok)
			continue
		}
		if err == nil {
			if n := len(eval.DraftPrompts(m, "prompts", 4)); n != c.n {
				t.Errorf("%q: %d prompts kept, want %d", c.reply, n, c.n)
			}
		}
	}
}

// draftServer answers drafting calls over the OpenAI wire format with
// canned JSON, as a cooperative model would.
func TestDraftWritesSuiteAndReusesCache(t *testing.T) {
	t.Parallel()
	snap, _, _ := loadFixture(t, "badserver")
	calls := 0
	srv := httptest.NewServer(fixtures.TextReplies(func(user string) string {
		calls++
		switch {
		case strings.Contains(user, "easy to confuse"):
			return `{"a": ["please handle this first thing for me", "another request for the first one"], "b": ["and this belongs to the second tool", "second tool request number two"]}`
		case strings.Contains(user, "none of these tools can satisfy"):
			return `{"prompts": ["book me a flight to Lisbon tomorrow", "what is the weather in Paris today"]}`
		case strings.Contains(user, "name: run\n"):
			return `not json at all`
		default:
			return "```json\n{\"prompts\": [\"I need something done right now\", \"could you sort this out for me\", \"help me with this task please\", \"one more thing to ask you\", \"a fifth prompt is too many\"]}\n```"
		}
	}))
	defer srv.Close()
	spec, _ := backend.Resolve("openai/test-model", srv.URL, func(string) string { return "k" })
	b, _ := backend.New(spec, backend.Options{Timeout: 10 * time.Second})
	dir := t.TempDir()
	cache, _ := eval.OpenFileCache(filepath.Join(dir, eval.CacheDirName, "responses.jsonl"))
	d := &eval.Drafter{Backend: b, Cache: cache, Model: "openai/test-model"}
	draft, err := d.Draft(context.Background(), snap)
	if err != nil {
		t.Fatal(err)
	}
	counts := draft.Suite.Counts()
	if counts[eval.Positive] != 9*4 || counts[eval.Sibling] != 4*4 || counts[eval.Abstain] != 2 {
		t.Errorf("counts = %v, want 36 positive (run skipped), 16 sibling, 2 abstain", counts)
	}
	if len(draft.Skipped) != 1 || draft.Skipped[0] != "prompts for run" {
		t.Errorf("skipped = %v", draft.Skipped)
	}
	if draft.Suite.Cases[0].ID != "search-p1" || draft.Suite.ToolDigest != model.ToolgaugeDigest(snap.Tools) || draft.Suite.GeneratedWith != "openai/test-model" {
		t.Errorf("first case %+v, digest %s", draft.Suite.Cases[0], draft.Suite.ToolDigest)
	}
	firstCalls := calls
	path := filepath.Join(dir, eval.CasesFilename)
	if err := eval.WriteSuite(path, draft.Suite, false); err != nil {
		t.Fatal(err)
	}
	if err := eval.WriteSuite(path, draft.Suite, false); err == nil {
		t.Error("writing over an existing case file without force should fail")
	}
	back, err := eval.LoadSuite(path)
	if err != nil || len(back.Cases) != len(draft.Suite.Cases) {
		t.Fatalf("reload: %v", err)
	}
	// Again: usable replies come from the cache, the unusable one is asked again.
	draft2, err := d.Draft(context.Background(), snap)
	if err != nil {
		t.Fatal(err)
	}
	if calls != firstCalls+1 || draft2.Cached != draft.Calls-1 {
		t.Errorf("second draft made %d calls (cached %d), want exactly 1 (the unusable reply)", calls-firstCalls, draft2.Cached)
	}
	data, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(data), "# ") {
		t.Error("case file lacks its header")
	}
}
