package lint

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSRF011Instructions(t *testing.T) {
	t.Parallel()
	tools := []string{`{"name":"get_account","description":"Gets an account."}`, `{"name":"create_order","description":"Creates an order.","inputSchema":{"type":"object","properties":{"account_id":{"type":"string"}}}}`}
	cases := []struct {
		name, ins string
		n11       int
		mention   string
	}{
		{"clean", "Call `get_account` before `create_order`. Pass the account_id you got.", 0, ""},
		{"stale tool", "Always call `get_customer` before create_order.", 1, "get_customer"},
		{"function style", "Use lookupCustomer() to find people, then the search_orders tool.", 2, "lookupCustomer"},
		{"identifiers not used as tools", "Dates are ISO-8601; the `status` field is open or closed; see README.md and created_at.", 0, ""},
		{"file name skipped", "Use `config.yaml` to configure.", 0, ""},
		{"constants and parentheticals skipped", "Size is controlled by `GZIP_MAX_FETCH_SIZE` (default 10MB) and max_bytes (see docs).", 0, ""},
		{"tools word", "The lookup_person tool finds people.", 1, "lookup_person"},
		{"whitespace only", " \n\t ", 0, ""},
		{"empty is absent", "", 0, ""},
		{"non-ASCII", "Utilisez `get_account` d’abord, puis créez la commande — 注文を作成。", 0, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			snap := secTSnap(t, tools...)
			snap.Server.Instructions = tc.ins
			f11 := secTRun(t, "SRF011", snap)
			if len(f11) != tc.n11 {
				t.Fatalf("SRF011 = %d, want %d: %+v", len(f11), tc.n11, f11)
			}
			if tc.mention != "" && !strings.Contains(f11[0].Message, tc.mention) {
				t.Errorf("message %q does not mention %q", f11[0].Message, tc.mention)
			}
			for _, f := range f11 {
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
