package compliance

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// Need is a kind of session a test asks for. Every test of the catalogue
// declares its needs; the plan says how each is met.
type Need string

// The needs a test can declare.
const (
	// NeedMain is the main, already open session or the snapshot read on it.
	NeedMain Need = "main"
	// NeedRaw is a channel for JSON-RPC requests the SDK will not send
	// (an undeclared method, an invalid cursor, a removed method).
	NeedRaw Need = "raw"
	// NeedIdentity is a listing under another client identity.
	NeedIdentity Need = "identity"
	// NeedRevisions is a request under other protocol revisions than the
	// main session's (version negotiation).
	NeedRevisions Need = "revisions"
)

// Mode is how deep the compliance tests probe.
type Mode string

// The two modes.
const (
	// ModeDefault opens as few server processes as the protocol allows.
	ModeDefault Mode = "default"
	// ModeDeep also offers every protocol revision in a session of its own
	// (one initialize per legacy revision), in parallel.
	ModeDeep Mode = "deep"
)

// ParseMode reads a --compliance value (case-insensitive); "" is the default.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(strings.ToLower(strings.TrimSpace(s))); m {
	case "", ModeDefault:
		return ModeDefault, nil
	case ModeDeep:
		return ModeDeep, nil
	}
	return "", fmt.Errorf("invalid --compliance value %q: want default or deep", s)
}

// Via is how the plan meets a need: the session a test used. A result's
// Session field joins the Via values of the test's needs with "+".
type Via string

// The ways a need is met.
const (
	// ViaMain is the main session (or its snapshot).
	ViaMain Via = "main"
	// ViaMainWire is raw requests on the main session's own connection,
	// beside the SDK's traffic (stdio: the tap sits on the pipe).
	ViaMainWire Via = "main-wire"
	// ViaProbe is one raw connection beside the main session, shared by the
	// tests that need it (HTTP, where a connection starts no process).
	ViaProbe Via = "probe"
	// ViaMainMeta is the main connection with another client identity or
	// protocol revision in each request's _meta (the stateless era).
	ViaMainMeta Via = "main-meta"
	// ViaIdentity is one extra session under the second client identity;
	// over stdio it is the only extra server process of a default plan. Its
	// initialize offers a bogus revision, which is the negotiation probe.
	ViaIdentity Via = "identity"
	// ViaPerRevision is one session per offered revision, in parallel
	// (deep mode).
	ViaPerRevision Via = "per-revision"
)

// planRule is one row of the planning table: the first row that matches a
// need, era, transport and mode says how the need is met.
type planRule struct {
	need  Need
	era   model.Era // "" matches any era
	stdio int       // 0 any transport, 1 stdio only, -1 HTTP only
	mode  Mode      // "" matches either mode
	via   Via
}

// planTable is the planner: few rows, read top to bottom.
func planTable() []planRule {
	return []planRule{
		{need: NeedMain, via: ViaMain},
		{need: NeedRaw, stdio: 1, via: ViaMainWire},
		{need: NeedRaw, stdio: -1, via: ViaProbe},
		{need: NeedRevisions, mode: ModeDeep, via: ViaPerRevision},
		{need: NeedRevisions, era: model.EraStateless, via: ViaMainMeta},
		{need: NeedRevisions, era: model.EraHandshake, via: ViaIdentity},
		{need: NeedIdentity, era: model.EraStateless, via: ViaMainMeta},
		{need: NeedIdentity, era: model.EraHandshake, via: ViaIdentity},
	}
}

// Plan says how each need is met for one server: its era (of the main
// session), its transport and the mode.
type Plan struct {
	Mode  Mode
	Era   model.Era
	Stdio bool
}

// Via returns how the plan meets a need.
func (p Plan) Via(n Need) Via {
	era := p.Era
	if era == "" {
		era = model.EraHandshake
	}
	for _, r := range planTable() {
		if r.need != n || (r.era != "" && r.era != era) || (r.mode != "" && r.mode != p.mode()) {
			continue
		}
		if (r.stdio == 1 && !p.Stdio) || (r.stdio == -1 && p.Stdio) {
			continue
		}
		return r.via
	}
	return ViaMain
}

func (p Plan) mode() Mode {
	if p.Mode == "" {
		return ModeDefault
	}
	return p.Mode
}

// Session names the sessions a test with these needs uses, joined by "+"
// in need order, each once ("main" for a test that declares none).
func (p Plan) Session(needs []Need) string {
	if len(needs) == 0 {
		return string(ViaMain)
	}
	var vias []string
	for _, n := range needs {
		if v := string(p.Via(n)); !slices.Contains(vias, v) {
			vias = append(vias, v)
		}
	}
	return strings.Join(vias, "+")
}

// Starts predicts how many server processes a run of tests starts over
// stdio, the main session's included, when every session opens at the
// first try: 1 for the main session, one per extra client identity when
// the plan needs an identity session, and one per offered revision in deep
// mode. (An identity session whose server refuses the bogus revision and
// then the main one on the same connection costs one more.) Over HTTP the
// server runs already: 0.
func (p Plan) Starts(tests []Test, identities int) int {
	if !p.Stdio {
		return 0
	}
	vias := map[Via]bool{}
	for _, t := range tests {
		for _, n := range t.Needs {
			vias[p.Via(n)] = true
		}
	}
	n := 1
	if vias[ViaIdentity] {
		n += max(identities-1, 1)
	}
	if vias[ViaPerRevision] {
		n += len(deepOffers())
	}
	return n
}

// deepOffers are the revisions deep mode offers, each in its own session:
// every legacy revision, the stateless one and the bogus one.
func deepOffers() []string {
	return append(legacyRevisions(), latestRevision, bogusRevision)
}

// ViaDoc says in a sentence what each way of meeting a need is, for the
// generated docs.
func ViaDoc() []struct{ Via, Doc string } {
	return []struct{ Via, Doc string }{
		{string(ViaMain), "the main session (the one the scan lists with) or the snapshot read on it"},
		{string(ViaMainWire), "raw JSON-RPC requests on the main session's own stdio connection, beside the SDK's; no new process"},
		{string(ViaProbe), "one raw connection beside the main session, shared by every test that needs one (HTTP: a connection, not a process)"},
		{string(ViaMainMeta), "the main connection (stdio) or single requests (HTTP), with another client identity or revision in each request's `_meta`; no new process"},
		{string(ViaIdentity), "one extra session per other client identity; its initialize offers the bogus revision, so it also carries the negotiation probe (stdio: the one extra server process of a default scan)"},
		{string(ViaPerRevision), "`--compliance deep` only: one session per offered revision, opened in parallel"},
	}
}

// SessionTable says, for each era and transport, which sessions a test
// with these needs uses in the default and the deep mode.
func SessionTable(needs []Need) []struct{ Era, Transport, Default, Deep string } {
	var out []struct{ Era, Transport, Default, Deep string }
	for _, era := range []model.Era{model.EraStateless, model.EraHandshake} {
		name := "stateless (2026-07-28)"
		if era == model.EraHandshake {
			name = "initialize"
		}
		for _, stdio := range []bool{true, false} {
			tr := "HTTP"
			if stdio {
				tr = "stdio"
			}
			d := Plan{Era: era, Stdio: stdio}.Session(needs)
			deep := Plan{Era: era, Stdio: stdio, Mode: ModeDeep}.Session(needs)
			out = append(out, struct{ Era, Transport, Default, Deep string }{name, tr, d, deep})
		}
	}
	return out
}
