package compliance

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// specVersion01 is mcpgauge's spec-version-01: the version negotiation matrix is consistent.
func specVersion01() Test {
	return Test{
		ID:       "spec-version-01",
		Name:     "Protocol version negotiation is honest",
		Category: CategoryLifecycle,
		Severity: High,
		SpecRef:  specURL(specRevision, "basic/lifecycle#version-negotiation"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedMain, NeedRevisions},
		Invokes:  false,
		Revision: 2,
		Run:      runSpecVersion01,
	}
}

func runSpecVersion01(ctx context.Context, e *Env) Result {
	if e.DialRaw == nil {
		return errored("no raw dialer for this target")
	}
	p := e.plan()
	var probes []probe
	var note string
	switch p.Via(NeedRevisions) {
	case ViaPerRevision:
		// Deep: every revision in a session of its own (opened, in
		// parallel, before this test's deadline).
		e.deepOnce.Do(func() { e.deep = e.deepProbes(ctx) })
		probes = e.deep
		note = "plan: deep (every revision offered in a session of its own)"
	case ViaIdentity:
		// Initialize era: the main session's own offer, its
		// server/discover, and the bogus revision the identity session
		// offered.
		probes = e.mainRows(ctx)
		_, bogus := e.views(ctx)
		if bogus == nil {
			bogus = &probe{Offered: bogusRevision, Method: "initialize", Err: errors.New("the identity session did not start")}
			if e.identities != nil && len(e.identities.views) > 1 && e.identities.views[1].startErr != nil {
				return errored("%v", e.identities.views[1].startErr)
			}
		}
		probes = append(probes, *bogus)
		note = "plan: default (the main session's offer and the identity session's bogus offer; --compliance deep offers every revision)"
	default:
		// Stateless era: the main session's server/discover and a request
		// carrying a revision no server supports, on the main connection.
		probes = e.mainRows(ctx)
		note = "plan: default (server/discover on the main connection; --compliance deep also offers every initialize revision)"
		if lp, _ := e.legacyProbe(ctx); lp != nil && e.streamableHTTP() {
			// Over HTTP a session costs no server start: the newest
			// initialize revision server/discover lists is offered too,
			// and the session goes on past its initialize (it also
			// carries the era's own requests for spec-ping-01 and
			// spec-logging-01).
			probes = append(probes, *lp)
			note = fmt.Sprintf("plan: default (server/discover on the main connection; over HTTP also initialize at %s, the newest initialize revision it lists, and requests after it; --compliance deep offers every revision)", lp.Offered)
		}
	}
	if ctx.Err() != nil {
		return errored("version probes did not finish: %v", ctx.Err())
	}
	if p.Via(NeedRevisions) == ViaMainMeta {
		return judgeStatelessNegotiation(probes, e.protocolVersion()).with(note)
	}
	return judgeNegotiation(probes).with(note)
}

// judgeStatelessNegotiation judges the default plan's rows in the
// stateless era: the main session's server/discover and a request at a
// revision no server supports. Only what those rows prove can fail: the
// initialize revisions a server lists are offered in deep mode only.
func judgeStatelessNegotiation(probes []probe, negotiated string) Result {
	details := make([]string, 0, len(probes)+3)
	for _, p := range probes {
		details = append(details, p.String())
	}
	discover, bogus := probes[0], probes[1]
	if discover.Err != nil || discover.RPC != nil {
		return errored("server/discover did not answer on the main connection").with(details...)
	}
	var bad []string
	if !slices.Contains(discover.Listed, negotiated) {
		bad = append(bad, fmt.Sprintf("the session negotiated %s, but server/discover's supportedVersions %v does not list it", negotiated, discover.Listed))
	}
	for _, p := range probes[2:] {
		switch {
		case p.Refused != "":
			bad = append(bad, fmt.Sprintf("server/discover lists %s and initialize accepts it, but refuses the next request at %s: %s", p.Offered, p.Offered, p.Refused))
		case p.Err == nil && (p.RPC != nil || p.Answered != p.Offered):
			bad = append(bad, fmt.Sprintf("lists %s as supported (server/discover supportedVersions) but did not accept it on initialize (%s)", p.Offered, p))
		}
	}
	switch {
	case bogus.Err != nil:
		details = append(details, fmt.Sprintf("note: no answer to a request at %s: %v", bogusStatelessRevision, bogus.Err))
	case bogus.RPC == nil:
		details = append(details, fmt.Sprintf("note: a request at %s, a revision no server supports, was answered instead of refused with -32022", bogusStatelessRevision))
	default:
		for _, v := range supportedFromError(bogus.RPC) {
			if !slices.Contains(discover.Listed, v) {
				details = append(details, fmt.Sprintf("note: the refusal of %s lists %s as supported, but server/discover does not", bogusStatelessRevision, v))
			}
		}
	}
	var legacy []string
	for _, v := range discover.Listed {
		if slices.Contains(legacyRevisions(), v) {
			legacy = append(legacy, v)
		}
	}
	if len(legacy) > 0 {
		details = append(details, fmt.Sprintf("era: both (server/discover also lists initialize revisions %s; not offered in the default plan)", strings.Join(legacy, ", ")))
	} else {
		details = append(details, fmt.Sprintf("era: stateless only (%s); server/discover lists no initialize revision", latestRevision))
	}
	if len(bad) > 0 {
		return fail("version negotiation is inconsistent: %s", strings.Join(bad, "; ")).with(details...)
	}
	return pass("supports %s", strings.Join(discover.Listed, ", ")).with(details...)
}

// judgeNegotiation turns the probe rows (one per offered version, in
// offer order) into the test result.
func judgeNegotiation(probes []probe) Result {
	details := make([]string, 0, len(probes)+4)
	for _, p := range probes {
		details = append(details, p.String())
	}
	byOffer := map[string]probe{}
	echoed := map[string]bool{}
	answered := 0
	claimed := map[string]string{} // version → where the server listed it
	for _, p := range probes {
		byOffer[p.Offered] = p
		if p.Err == nil {
			answered++
		}
		if p.Method == "initialize" && p.RPC == nil && p.Err == nil && p.Answered == p.Offered && p.Refused == "" {
			echoed[p.Offered] = true
		}
		for _, v := range p.Listed {
			claimed[v] = "server/discover supportedVersions"
		}
		for _, v := range supportedFromError(p.RPC) {
			if _, ok := claimed[v]; !ok {
				claimed[v] = fmt.Sprintf("data.supported of the error to %s", p.Offered)
			}
		}
	}
	if answered == 0 {
		return errored("no version probe got an answer").with(details...)
	}
	legacy := legacyRevisions()
	var bad []string
	bogus := byOffer[bogusRevision]
	if bogus.Err == nil && bogus.RPC == nil && bogus.Answered == bogusRevision {
		bad = append(bad, fmt.Sprintf("echoed the bogus version %s instead of offering one it supports", bogusRevision))
	}
	for _, v := range append(slices.Clone(legacy), bogusRevision) {
		p := byOffer[v]
		if p.Err != nil || p.RPC != nil || p.Answered == "" || p.Answered == v {
			continue
		}
		// The server declined v and offered p.Answered: it must support
		// that (judged only when p.Answered was offered too).
		if _, probed := byOffer[p.Answered]; probed && slices.Contains(legacy, p.Answered) && !echoed[p.Answered] && byOffer[p.Answered].Refused == "" {
			bad = append(bad, fmt.Sprintf("answered %s to an offer of %s, but does not accept %s when offered it (%s)",
				p.Answered, v, p.Answered, byOffer[p.Answered]))
		}
		if !slices.Contains(legacy, p.Answered) {
			details = append(details, fmt.Sprintf("note: answered %s to %s with %q, a revision this test does not know", v, v, p.Answered))
		}
	}
	for _, v := range legacy {
		if p := byOffer[v]; p.Refused != "" {
			bad = append(bad, fmt.Sprintf("accepts %s in initialize, but refuses the next request at %s: %s", v, v, p.Refused))
		}
	}
	for _, v := range legacy {
		where, ok := claimed[v]
		if !ok || echoed[v] || byOffer[v].Refused != "" {
			continue
		}
		p, probed := byOffer[v]
		if !probed || p.Err != nil {
			continue
		}
		bad = append(bad, fmt.Sprintf("lists %s as supported (%s) but did not accept it on initialize (%s)", v, where, p))
	}
	for _, v := range legacy {
		if echoed[v] && len(byOffer[latestRevision].Listed) > 0 && !slices.Contains(byOffer[latestRevision].Listed, v) {
			details = append(details, fmt.Sprintf("note: accepts %s on initialize, but server/discover's supportedVersions does not list it", v))
		}
	}
	// The server speaks initialize when any legacy offer was answered.
	anyLegacy := false
	for _, p := range probes {
		if p.Method == "initialize" && p.Offered != bogusRevision && p.Err == nil && p.RPC == nil && p.Answered != "" {
			anyLegacy = true
		}
	}
	if bogus.Err == nil && bogus.RPC != nil && anyLegacy && bogus.RPC.Code != codeInvalidParams && bogus.RPC.Code != codeUnsupportedProtocolVersion {
		bad = append(bad, fmt.Sprintf("refused the bogus version with error %d; expected a version it supports or -32602 with data.supported", bogus.RPC.Code))
	}
	if bogus.Err != nil && answered > 1 {
		bad = append(bad, fmt.Sprintf("did not answer initialize with the bogus version %s (%v)", bogusRevision, bogus.Err))
	}
	// Facts, not failures.
	modern := byOffer[latestRevision]
	modernOK := modern.Err == nil && modern.RPC == nil && slices.Contains(modern.Listed, latestRevision)
	switch {
	case modernOK && !anyLegacy:
		details = append(details, "era: stateless only (2026-07-28); no initialize revision accepted")
	case modernOK:
		details = append(details, "era: both (server/discover and initialize)")
	case anyLegacy:
		details = append(details, "era: handshake only (initialize); server/discover not supported")
	}
	var ok []string
	for _, v := range legacy {
		if echoed[v] {
			ok = append(ok, v)
		}
	}
	if modernOK {
		ok = append(ok, latestRevision)
	}
	if len(bad) > 0 {
		return fail("version negotiation is inconsistent: %s", strings.Join(bad, "; ")).with(details...)
	}
	if len(ok) == 0 {
		var got []string
		for _, p := range probes {
			if p.Method == "initialize" && p.Offered != bogusRevision && p.Answered != "" && !slices.Contains(got, p.Answered) {
				got = append(got, p.Answered)
			}
		}
		return pass("negotiates %s", strings.Join(got, ", ")).with(details...)
	}
	return pass("supports %s", strings.Join(ok, ", ")).with(details...)
}

// newestLegacy is the newest initialize-era revision in listed ("" when
// none).
func newestLegacy(listed []string) string {
	newest := ""
	for _, v := range listed {
		if slices.Contains(legacyRevisions(), v) && v > newest {
			newest = v
		}
	}
	return newest
}
