package compliance

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// specCard01 is mcpgauge's spec-card-01: a published server card does not
// contradict what the server says at runtime (version, protocol revisions,
// transport), and the test reports which convention the card follows.
func specCard01() Test {
	return Test{
		ID:       "spec-card-01",
		Name:     "A server card agrees with the server",
		Category: CategoryTransport,
		Severity: Low,
		SpecRef:  specURL(latestRevision, "server/discover"),
		Origin:   OriginMCPGauge,
		Needs:    []Need{NeedRaw},
		Invokes:  false,
		Revision: 1,
		Run:      runSpecCard01,
	}
}

// cardMediaType is the server card's media type.
const cardMediaType = "application/mcp-server-card+json"

// cardSource is one place a server card may be published.
type cardSource struct {
	convention string
	url        string
	// catalog: the document is a catalog whose entries point at cards.
	catalog bool
}

// cardSources lists where a card for the server at u may be, newest
// convention first: the reserved <url>/server-card, the MCP and AI
// catalogs, then the older well-known files still seen in the wild.
func cardSources(u string) []cardSource {
	pu, err := url.Parse(u)
	if err != nil || pu.Host == "" {
		return nil
	}
	origin := pu.Scheme + "://" + pu.Host
	return []cardSource{
		{"<url>/server-card (SEP-2127's reserved location)", strings.TrimSuffix(u, "/") + "/server-card", false},
		{"MCP Catalog (/.well-known/mcp/catalog.json)", origin + "/.well-known/mcp/catalog.json", true},
		{"AI Catalog (/.well-known/ai-catalog.json)", origin + "/.well-known/ai-catalog.json", true},
		{"legacy /.well-known/mcp/server-card.json", origin + "/.well-known/mcp/server-card.json", false},
		{"legacy /.well-known/mcp.json", origin + "/.well-known/mcp.json", false},
	}
}

func runSpecCard01(ctx context.Context, e *Env) Result {
	if r := e.httpOnly(); r != nil {
		return *r
	}
	var card map[string]json.RawMessage
	var src cardSource
	for _, s := range cardSources(e.Target.URL) {
		doc, err := e.getJSONAccept(ctx, s.url, cardMediaType+", application/json")
		if err != nil {
			continue
		}
		if s.catalog {
			doc = e.cardFromCatalog(ctx, doc)
			if doc == nil {
				continue
			}
		}
		card, src = doc, s
		break
	}
	if card == nil {
		return skip("no server card is published at <url>/server-card, the MCP or AI catalog, or the older well-known files")
	}
	var bad, notes []string
	notes = append(notes, "convention: "+src.convention+" at "+clip(src.url))
	if e.Snapshot != nil {
		name, version := jsonString(card, "name"), jsonString(card, "version")
		if name != "" {
			notes = append(notes, fmt.Sprintf("card name %q, serverInfo name %q (names differ in form: not judged)", clip(name), clip(e.Snapshot.Server.Name)))
		}
		if version != "" && e.Snapshot.Server.Version != "" && version != e.Snapshot.Server.Version {
			bad = append(bad, fmt.Sprintf("the card says version %q, the server %q", clip(version), clip(e.Snapshot.Server.Version)))
		}
	} else {
		notes = append(notes, "no server/discover without credentials: only the transport is compared")
	}
	remote, listed := cardRemote(card, e.Target.URL)
	if !listed {
		notes = append(notes, "the card lists no remote at this URL")
		return e.cardVerdict(bad, notes)
	}
	if want := "streamable-http"; e.Target.HTTPKind != connect.HTTPSSE && remote.Type != "" && remote.Type != want {
		bad = append(bad, fmt.Sprintf("the card says this URL serves %q; it serves Streamable HTTP", clip(remote.Type)))
	}
	served, complete := e.servedVersions()
	switch {
	case len(remote.Versions) == 0 || len(served) == 0:
	case complete:
		for _, v := range remote.Versions {
			if !slices.Contains(served, v) {
				bad = append(bad, fmt.Sprintf("the card lists protocol revision %s, which the server does not serve (it serves %s)", clip(v), strings.Join(served, ", ")))
			}
		}
	case !slices.Contains(remote.Versions, served[0]):
		bad = append(bad, fmt.Sprintf("the card lists only %s, but the server negotiated %s", strings.Join(remote.Versions, ", "), served[0]))
	}
	return e.cardVerdict(bad, notes)
}

func (e *Env) cardVerdict(bad, notes []string) Result {
	if len(bad) > 0 {
		return fail("the server card contradicts the server: %s", bad[0]).with(append(bad[1:], notes...)...)
	}
	return pass("the server card agrees with the server").with(notes...)
}

// servedVersions are the revisions the server is known to serve: the
// discover result's supportedVersions in 2026-07-28 (complete), or the one
// the initialize era negotiated (complete false: others may be served too).
func (e *Env) servedVersions() (versions []string, complete bool) {
	if e.era() == model.EraStateless && e.Session != nil && len(e.Session.InitRaw) > 0 {
		var d struct {
			SupportedVersions []string `json:"supportedVersions"`
		}
		if json.Unmarshal(e.Session.InitRaw, &d) == nil && len(d.SupportedVersions) > 0 {
			return d.SupportedVersions, true
		}
	}
	if v := e.protocolVersion(); v != "" && e.Snapshot != nil {
		return []string{v}, false
	}
	return nil, false
}

// cardRemoteInfo is the card's entry for one endpoint.
type cardRemoteInfo struct {
	Type     string   `json:"type"`
	URL      string   `json:"url"`
	Versions []string `json:"supportedProtocolVersions"`
}

// cardRemote finds the card's remote whose URL is u.
func cardRemote(card map[string]json.RawMessage, u string) (cardRemoteInfo, bool) {
	var remotes []cardRemoteInfo
	_ = json.Unmarshal(card["remotes"], &remotes)
	for _, r := range remotes {
		if sameResource(r.URL, u) {
			return r, true
		}
	}
	return cardRemoteInfo{}, false
}

// cardFromCatalog reads a catalog's entries and returns the first server
// card one of them points at (inline data or a url), or nil.
func (e *Env) cardFromCatalog(ctx context.Context, doc map[string]json.RawMessage) map[string]json.RawMessage {
	var entries []struct {
		Type string                     `json:"type"`
		URL  string                     `json:"url"`
		Data map[string]json.RawMessage `json:"data"`
	}
	_ = json.Unmarshal(doc["entries"], &entries)
	for i, en := range entries {
		if i >= maxCatalogEntries || en.Type != cardMediaType {
			continue
		}
		if en.Data != nil {
			return en.Data
		}
		if c, err := e.getJSONAccept(ctx, en.URL, cardMediaType); err == nil {
			if _, ok := cardRemote(c, e.Target.URL); ok {
				return c
			}
		}
	}
	return nil
}

// maxCatalogEntries bounds the catalog entries followed.
const maxCatalogEntries = 5

// getJSONAccept is getJSON with an Accept header of its own.
func (e *Env) getJSONAccept(ctx context.Context, u, accept string) (map[string]json.RawMessage, error) {
	pu, err := url.Parse(u)
	if err != nil || (pu.Scheme != "https" && pu.Scheme != "http") || pu.Host == "" {
		return nil, fmt.Errorf("not an http(s) URL")
	}
	a, err := connect.Send(ctx, e.Target, e.probeOptions(), connect.Exchange{Method: http.MethodGet, URL: u, Header: map[string]string{"Accept": accept}})
	if err != nil {
		return nil, err
	}
	if a.Status != http.StatusOK {
		return nil, fmt.Errorf("HTTP %d", a.Status)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(a.Body, &m); err != nil {
		return nil, fmt.Errorf("not a JSON object: %v", err)
	}
	return m, nil
}
