package lint

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

func srfTEntities(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Entity)
	}
	return out
}

func TestSRF001To004Resources(t *testing.T) {
	t.Parallel()
	snap := &model.Snapshot{
		Resources: []model.Resource{
			{URI: "file:///docs/readme.md", Name: "readme.md", Description: "The project README.", MIMEType: "text/markdown"},
			{URI: "config://app", Name: "config://app"},
			{URI: "file:///My Documents/a.txt", Name: "A", Description: "d", MIMEType: "text/plain"},
			{URI: "file:///na%C3%AFve.txt", Name: "Naïve", Description: "Ünïcödé name is fine", MIMEType: "text/plain"},
			{URI: "file:///naïve.txt", Name: "B", Description: "d", MIMEType: "text/plain"},
			{URI: "notes/today", Name: "notes/today", Description: "d", MIMEType: "text/plain"},
			{URI: "http://host:80a/x", Name: "C", Description: "d", MIMEType: "text/plain"},
			{URI: "https://[::1]:8080/x?y=1#z", Name: "D", Description: "d", MIMEType: "text/plain"},
			{URI: "x:%zz", Name: "E", Description: "d", MIMEType: "text/plain"},
		},
		Templates: []model.ResourceTemplate{{URITemplate: "db://{table}", Name: "rows"}},
	}
	cases := []struct {
		id   string
		want []string
	}{
		{"SRF001", []string{"resource:config://app", "template:db://{table}"}},
		{"SRF002", []string{"resource:config://app", "template:db://{table}"}},
		{"SRF003", []string{"resource:config://app", "resource:notes/today"}},
		{"SRF004", []string{"resource:file:///My Documents/a.txt", "resource:file:///naïve.txt", "resource:notes/today", "resource:http://host:80a/x", "resource:x:%zz"}},
	}
	for _, tc := range cases {
		t.Run(tc.id, func(t *testing.T) {
			t.Parallel()
			if d := cmp.Diff(tc.want, srfTEntities(secTRun(t, tc.id, snap))); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

func TestSRFURIErrors(t *testing.T) {
	t.Parallel()
	for uri, want := range map[string]string{
		"file:///a b":      "space",
		"naïve:x":          "scheme",
		"file:///naïve":    "non-ASCII",
		"a:b%2":            "hex",
		"a:b#c#d":          "more than one",
		"http://h:x1/":     "port",
		"http://[::1/":     "closing",
		"a:{b}":            "not allowed",
		"":                 "empty",
		"urn:isbn:0451450": "",
		"mailto:a@b.c":     "",
		"http://[::1]:80/": "",
	} {
		got := srfURIError(uri)
		if (want == "") != (got == "") || !strings.Contains(got, want) {
			t.Errorf("srfURIError(%q) = %q, want it to mention %q", uri, got, want)
		}
	}
}

func TestSRF005Templates(t *testing.T) {
	t.Parallel()
	for tmpl, want := range map[string]string{
		"db://tables/{table}/rows{?limit,offset}": "",
		"file:///{+path}":                         "",
		"api://x/{id:3}/{list*}{#frag}":           "",
		"api://ünï/{id}":                          "",
		"{+base}/items/{id}":                      "",
		"db://tables/{table name}":                "variable name",
		"db://tables/{table":                      "never closed",
		"db://tables/table}":                      "unmatched",
		"db://{a{b}}":                             "nested",
		"db://{}":                                 "empty",
		"db://{=x}":                               "reserves",
		"db://{x:0}":                              "prefix modifier",
		"db://{x:10000}":                          "prefix modifier",
		"db://a b/{x}":                            "literal",
		"db://fixed":                              "no {variable}",
		"tables/{t}":                              "scheme",
		"db://{x.}":                               "misplaced",
	} {
		got := srfTemplateError(tmpl)
		if (want == "") != (got == "") || !strings.Contains(got, want) {
			t.Errorf("srfTemplateError(%q) = %q, want it to mention %q", tmpl, got, want)
		}
	}
	snap := &model.Snapshot{Templates: []model.ResourceTemplate{{URITemplate: "db://{ok}", Name: "a"}, {URITemplate: "db://{bad", Name: "b"}}}
	if d := cmp.Diff([]string{"template:db://{bad"}, srfTEntities(secTRun(t, "SRF005", snap))); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestSRF006To008Prompts(t *testing.T) {
	t.Parallel()
	snap := &model.Snapshot{Prompts: []model.Prompt{
		{Name: "greeting", Description: "Greets someone.", Arguments: []model.PromptArgument{{Name: "name", Description: "Who to greet"}}},
		{Name: "review", Arguments: []model.PromptArgument{{Name: "diff", Required: true}, {Name: "style", Description: "  "}, {Name: "diff", Description: "again"}}},
		{Name: "greeting", Description: "Second one."},
	}}
	fs6 := secTRun(t, "SRF006", snap)
	if d := cmp.Diff([]string{"prompt:review"}, srfTEntities(fs6)); d != "" {
		t.Errorf("SRF006 (-want +got):\n%s", d)
	}
	fs7 := secTRun(t, "SRF007", snap)
	var params []string
	for _, f := range fs7 {
		params = append(params, f.Parameter)
	}
	if d := cmp.Diff([]string{"diff", "style"}, params); d != "" {
		t.Errorf("SRF007 params (-want +got):\n%s", d)
	}
	if !strings.Contains(fs7[0].Message, "required") {
		t.Errorf("SRF007 message %q should say the argument is required", fs7[0].Message)
	}
	fs8 := secTRun(t, "SRF008", snap)
	got8 := map[string]bool{}
	for _, f := range fs8 {
		got8[f.Entity+"/"+f.Parameter] = true
	}
	if len(fs8) != 2 || !got8["prompt:greeting/"] || !got8["prompt:review/diff"] {
		t.Errorf("SRF008 = %+v, want the duplicate prompt greeting and the duplicate argument diff", fs8)
	}
}

func TestSRF009To011Instructions(t *testing.T) {
	t.Parallel()
	tools := []string{`{"name":"get_account","description":"Gets an account."}`, `{"name":"create_order","description":"Creates an order.","inputSchema":{"type":"object","properties":{"account_id":{"type":"string"}}}}`}
	cases := []struct {
		name, ins    string
		n9, n10, n11 int
		mention      string
	}{
		{"clean", "Call `get_account` before `create_order`. Pass the account_id you got.", 0, 0, 0, ""},
		{"stale tool", "Always call `get_customer` before create_order.", 0, 0, 1, "get_customer"},
		{"function style", "Use lookupCustomer() to find people, then the search_orders tool.", 0, 0, 2, "lookupCustomer"},
		{"identifiers not used as tools", "Dates are ISO-8601; the `status` field is open or closed; see README.md and created_at.", 0, 0, 0, ""},
		{"file name skipped", "Use `config.yaml` to configure.", 0, 0, 0, ""},
		{"constants and parentheticals skipped", "Size is controlled by `GZIP_MAX_FETCH_SIZE` (default 10MB) and max_bytes (see docs).", 0, 0, 0, ""},
		{"tools word", "The lookup_person tool finds people.", 0, 0, 1, "lookup_person"},
		{"whitespace only", " \n\t ", 0, 1, 0, ""},
		{"empty is absent", "", 0, 0, 0, ""},
		// "word word … word" is one token per word in o200k_base.
		{"too long", strings.TrimSpace(strings.Repeat("word ", 1001)), 1, 0, 0, ""},
		{"1000 tokens is fine", strings.TrimSpace(strings.Repeat("word ", 1000)), 0, 0, 0, ""},
		{"non-ASCII", "Utilisez `get_account` d’abord, puis créez la commande — 注文を作成。", 0, 0, 0, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			snap := secTSnap(t, tools...)
			snap.Server.Instructions = tc.ins
			f9, f10, f11 := secTRun(t, "SRF009", snap), secTRun(t, "SRF010", snap), secTRun(t, "SRF011", snap)
			if len(f9) != tc.n9 || len(f10) != tc.n10 || len(f11) != tc.n11 {
				t.Fatalf("SRF009/010/011 = %d/%d/%d, want %d/%d/%d: %+v", len(f9), len(f10), len(f11), tc.n9, tc.n10, tc.n11, f11)
			}
			if tc.mention != "" && !strings.Contains(f11[0].Message, tc.mention) {
				t.Errorf("message %q does not mention %q", f11[0].Message, tc.mention)
			}
			for _, f := range append(append(f9, f10...), f11...) {
				if f.Entity != "instructions" {
					t.Errorf("finding entity %q, want instructions", f.Entity)
				}
			}
		})
	}
}

// srfWordBefore and srfToolAfter must answer exactly as the whole-string
// regexps they bound, including where (?i) folds the Kelvin sign and the
// long s onto ASCII letters and where a window edge would cut a rune.
func TestSRFWindowsMatchWholeRegexps(t *testing.T) {
	t.Parallel()
	pieces := []string{"call", "calling", "USE", "uses", "invo\u212Aing", "invokes", "u\u017Fe", "the", "via", "with",
		"recall", "runs", "tool", "tools", "TOOL\u017F", "toolbox", "(", " ", "  ", "\t", "\n", "\v", "\u00a0", "\u3000",
		"x", "_", "é", "日本", "`", "-", ".", "\u212A", "\u017F", "9", "lorem ipsum dolor sit amet, ", "Ⅻ   \t "}
	rng := rand.New(rand.NewPCG(3, 4))
	before, after, matched := 0, 0, 0
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		// Also try every byte cut, so windows start and end inside runes.
		for cut := 0; cut <= len(s); cut += 1 + rng.IntN(4) {
			head, tail := s[:cut], s[cut:]
			if got, want := srfWordBefore(head), srfPrevWord.FindStringSubmatch(head); !cmp.Equal(got, want) {
				t.Errorf("srfWordBefore(%q) = %q, want %q", head, got, want)
			} else if want != nil {
				before++
			}
			if got, want := srfToolAfter(tail), srfNextWord.MatchString(tail); got != want {
				t.Errorf("srfToolAfter(%q) = %v, want %v", tail, got, want)
			} else if want {
				after++
			}
			matched++
		}
	}
	if before < 1000 || after < 1000 {
		t.Fatalf("only %d word-before and %d tool-after matches in %d cases; the generator no longer exercises the windows", before, after, matched)
	}
}
