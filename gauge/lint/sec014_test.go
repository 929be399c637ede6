package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// sec014LongSnapshot is a tool whose deleteKey description repeats a
// denied secret-kind mention ("not secret key. ") to n bytes: every
// repetition is a hit of secSecretKindTalk, so reading the whole text
// before each hit made SEC014 quadratic (22 s at 64 KB before round 24's
// mend).
func sec014LongSnapshot(tb testing.TB, unit string, n int) *model.Snapshot {
	tb.Helper()
	desc := strings.Repeat(unit, n/len(unit))
	raw := fmt.Sprintf(`{"name":"create_snapshot","description":"Creates a snapshot.","inputSchema":{"type":"object","properties":{"deleteKey":{"type":"string","description":%q}}}}`, desc)
	tl, err := model.ToolFromWire([]byte(raw))
	if err != nil {
		tb.Fatal(err)
	}
	return &model.Snapshot{Tools: []model.Tool{tl}}
}

func sec014Rules() []Rule {
	for _, r := range ownRules() {
		if r.ID == "SEC014" {
			return []Rule{r}
		}
	}
	return nil
}

// TestSEC014DenialReadsABoundedWindow: the denial and lead readings look
// only at a bounded tail before each mention, whatever lies before it.
func TestSEC014DenialReadsABoundedWindow(t *testing.T) {
	t.Parallel()
	for _, unit := range []string{"not secret key. ", "not secret key ", "secret key "} {
		desc := strings.Repeat(unit, 20000)
		at := len(desc) - len("secret key ")
		if w := secNegationWindow(desc, at); at-w > 64 {
			t.Errorf("%q: denial window reads %d bytes back, want at most 64", unit, at-w)
		}
		if lead, ok := secSentenceLead(desc, at, 3); ok && len(lead) > 3 {
			t.Errorf("%q: lead of %d words accepted", unit, len(lead))
		}
	}
	// The window still holds the denial six words back, and the lead
	// stops at the sentence.
	desc := "keys. never pass it as a plain secret key"
	at := strings.LastIndex(desc, "secret key")
	if !secSecretDeniedAt(desc, at) {
		t.Errorf("denial six words back not read")
	}
	if lead, ok := secSentenceLead(desc, at, 3); ok {
		t.Errorf("lead %q accepted, want more than three words", lead)
	}
	if lead, ok := secSentenceLead("Keys. The secret key", 10, 3); !ok || strings.Join(lead, " ") != "The" {
		t.Errorf("lead = %q, %v; want [The], true", lead, ok)
	}
}

// TestSEC014LongDescriptionIsLinear runs the 256 KB description that took
// over five minutes before the mend; go test's timeout bounds it.
func TestSEC014LongDescriptionIsLinear(t *testing.T) {
	t.Parallel()
	for _, unit := range []string{"not secret key. ", "not secret key ", "Secret key "} {
		RunRules(sec014LongSnapshot(t, unit, 256<<10), Config{}, sec014Rules())
	}
}

func BenchmarkSEC014LongDeniedDescription(b *testing.B) {
	snap := sec014LongSnapshot(b, "not secret key. ", 64<<10)
	rules := sec014Rules()
	for b.Loop() {
		RunRules(snap, Config{}, rules)
	}
}
