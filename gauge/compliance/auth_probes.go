package compliance

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// What a server behind OAuth publishes before any credential: the 401's
// WWW-Authenticate challenge, its RFC 9728 protected-resource metadata and
// the RFC 8414 (or OpenID Connect) metadata of each authorization server
// it names. Everything is read with unauthenticated GETs through the
// target's guard; no client is registered and no credential is sent.

// maxAuthServers bounds the authorization servers read per scan.
const maxAuthServers = 3

// authFacts is what the auth probes read, once per Env.
type authFacts struct {
	// status is the HTTP status of the unauthenticated opening request.
	status int
	// challenge is the WWW-Authenticate header of a 401 ("" if none).
	challenge string
	// resourceMetadata is the challenge's resource_metadata parameter.
	resourceMetadata string
	// prmURL is where the protected-resource metadata was read (pointer or
	// well-known), prm its fields, prmErr why it could not be read (each
	// URL tried, when none worked).
	prmURL string
	prm    map[string]json.RawMessage
	prmErr string
	// servers are the authorization servers the metadata names.
	servers []asFacts
	err     error
}

// asFacts is one authorization server's metadata as read.
type asFacts struct {
	issuer string
	url    string
	meta   map[string]json.RawMessage
	err    string
}

// challenged reports whether the server asked for authorization.
func (f *authFacts) challenged() bool {
	return f != nil && f.err == nil && f.status == http.StatusUnauthorized
}

// authOnly returns the verdict for a test that needs a 401, or nil.
func (e *Env) authOnly(ctx context.Context) (*authFacts, *Result) {
	if r := e.httpOnly(); r != nil {
		return nil, r
	}
	f := e.authFacts(ctx)
	switch {
	case f.err != nil:
		r := errored("unauthenticated %v", f.err)
		return nil, &r
	case !f.challenged():
		r := skip("the server answered an unauthenticated request with HTTP %d, not 401: it does not ask for authorization", f.status)
		return nil, &r
	}
	return f, nil
}

// authFacts reads what the server publishes for OAuth, once.
func (e *Env) authFacts(ctx context.Context) *authFacts {
	e.authOnce.Do(func() { e.auth = e.readAuth(ctx) })
	return e.auth
}

func (e *Env) readAuth(ctx context.Context) *authFacts {
	f := &authFacts{}
	method, params, header := e.openingRequest()
	a, _, err := e.send(ctx, method, params, header, nil)
	if err != nil {
		f.err = fmt.Errorf("%s: %w", method, err)
		return f
	}
	f.status = a.Status
	if a.Status != http.StatusUnauthorized {
		return f
	}
	f.challenge = strings.Join(a.Header.Values("WWW-Authenticate"), ", ")
	f.resourceMetadata = challengeParam(f.challenge, "resource_metadata")
	var tried []string
	candidates := []string{}
	if f.resourceMetadata != "" {
		candidates = append(candidates, f.resourceMetadata)
	}
	candidates = append(candidates, wellKnownURLs(e.Target.URL, "oauth-protected-resource", false)...)
	for _, u := range candidates {
		meta, err := e.getJSON(ctx, u)
		if err != nil {
			tried = append(tried, fmt.Sprintf("%s: %v", u, err))
			continue
		}
		f.prmURL, f.prm = u, meta
		break
	}
	if f.prm == nil {
		f.prmErr = strings.Join(tried, "; ")
		return f
	}
	var servers []string
	_ = json.Unmarshal(f.prm["authorization_servers"], &servers)
	for i, issuer := range servers {
		if i >= maxAuthServers {
			break
		}
		as := asFacts{issuer: issuer}
		var errs []string
		for _, u := range append(wellKnownURLs(issuer, "oauth-authorization-server", false), wellKnownURLs(issuer, "openid-configuration", true)...) {
			meta, err := e.getJSON(ctx, u)
			if err != nil {
				errs = append(errs, fmt.Sprintf("%s: %v", u, err))
				continue
			}
			as.url, as.meta = u, meta
			break
		}
		if as.meta == nil {
			as.err = strings.Join(errs, "; ")
		}
		f.servers = append(f.servers, as)
	}
	return f
}

// getJSON GETs a JSON object through the target's client (and guard).
func (e *Env) getJSON(ctx context.Context, u string) (map[string]json.RawMessage, error) {
	return e.getJSONAccept(ctx, u, "application/json")
}

// wellKnownURLs are the well-known locations of a metadata document for
// the resource or issuer u: RFC 8414/9728 insert the well-known segment
// between host and path (path form first, then the root); OpenID Connect
// appends it to the issuer (suffix).
func wellKnownURLs(u, name string, suffix bool) []string {
	pu, err := url.Parse(u)
	if err != nil || pu.Host == "" {
		return nil
	}
	path := strings.TrimSuffix(pu.Path, "/")
	base := pu.Scheme + "://" + pu.Host
	if suffix {
		out := []string{base + path + "/.well-known/" + name}
		if path != "" {
			out = append(out, base+"/.well-known/"+name+path)
		}
		return out
	}
	if path == "" {
		return []string{base + "/.well-known/" + name}
	}
	return []string{base + "/.well-known/" + name + path, base + "/.well-known/" + name}
}

// challengeParam returns one auth-param of a WWW-Authenticate value
// (quoted or token form), or "".
func challengeParam(challenge, name string) string {
	rest := challenge
	for {
		i := strings.Index(strings.ToLower(rest), strings.ToLower(name)+"=")
		if i < 0 {
			return ""
		}
		if i > 0 && !strings.ContainsRune(" ,\t", rune(rest[i-1])) {
			rest = rest[i+len(name)+1:]
			continue
		}
		v := rest[i+len(name)+1:]
		if strings.HasPrefix(v, `"`) {
			if end := strings.IndexByte(v[1:], '"'); end >= 0 {
				return v[1 : end+1]
			}
			return ""
		}
		if end := strings.IndexAny(v, " ,\t"); end >= 0 {
			return v[:end]
		}
		return v
	}
}

// jsonString reads one string field of a metadata document.
func jsonString(m map[string]json.RawMessage, key string) string {
	var s string
	_ = json.Unmarshal(m[key], &s)
	return s
}

// jsonStrings reads one string-array field of a metadata document.
func jsonStrings(m map[string]json.RawMessage, key string) []string {
	var s []string
	_ = json.Unmarshal(m[key], &s)
	return s
}

// secureEndpoint reports whether an endpoint URL is HTTPS, or HTTP on a
// loopback host (allowed for local development).
func secureEndpoint(u string) bool {
	pu, err := url.Parse(u)
	if err != nil || pu.Host == "" {
		return false
	}
	if pu.Scheme == "https" {
		return true
	}
	if pu.Scheme != "http" {
		return false
	}
	host := pu.Hostname()
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// withServers judges each authorization server whose metadata was read; a
// server whose metadata could not be read is a failure of spec-auth-03
// only, and "not testable" here.
func withServers(f *authFacts, judge func(as asFacts) (bad []string, good []string)) Result {
	if f.prm == nil {
		return notTestable("no protected-resource metadata could be read, so no authorization server is known")
	}
	var bad, good, notes []string
	judged := 0
	for _, as := range f.servers {
		if as.meta == nil {
			notes = append(notes, fmt.Sprintf("%s: metadata not read (%s)", as.issuer, clip(as.err)))
			continue
		}
		judged++
		b, g := judge(as)
		bad, good = append(bad, b...), append(good, g...)
	}
	if judged == 0 {
		return notTestable("no authorization server's metadata could be read").with(notes...)
	}
	if len(bad) > 0 {
		return fail("%s", bad[0]).with(append(append(bad[1:], good...), notes...)...)
	}
	return pass("%s", strings.Join(good, "; ")).with(notes...)
}
