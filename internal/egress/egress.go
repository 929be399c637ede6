// Package egress is the filtering HTTP proxy a sandboxed package install
// reaches the network through. The install's sandbox has no network of its
// own; the only way out is this proxy (on a Unix socket bound into the
// sandbox), and it opens connections only to the package registries the
// operator allows:
//
//   - CONNECT host:port (HTTPS) and plain GET/HEAD of an absolute http://
//     URL (a mirror served over http) are the only requests served;
//   - host:port must be exactly that of an allowed registry;
//   - the name is resolved here and every address is checked with a
//     netguard policy (no loopback, private, link-local, ... address unless
//     the operator allowed its range, or named the registry by that very IP
//     address); the connection goes to the checked address, so a second
//     lookup cannot change where it goes;
//   - everything else is refused with 403 and a reason, which Log receives.
package egress

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/netguard"
)

// Proxy is the filtering proxy. Build it with New; serve it with Serve.
type Proxy struct {
	allowed map[string]bool     // host:port, lower case
	policy  *netguard.Policy    // checks every resolved address
	log     func(reason string) // refusals
	dialer  net.Dialer          // to the checked address
	lookup  func(context.Context, string) ([]netip.Addr, error)
	mu      sync.Mutex
	refused []string
}

// Options configure a Proxy.
type Options struct {
	// Registries are the base URLs of the allowed registries (http or
	// https); their host:port pairs are the only destinations.
	Registries []string
	// Allow are address ranges a registry name may resolve to beyond
	// public addresses (a mirror on a private network or on loopback).
	Allow []netip.Prefix
	// Log receives one line per refused request (optional).
	Log func(reason string)
}

// New returns a proxy for the given registries.
func New(o Options) (*Proxy, error) {
	p := &Proxy{allowed: map[string]bool{}, log: o.Log,
		dialer: net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}}
	for _, r := range o.Registries {
		hp, err := hostPort(r)
		if err != nil {
			return nil, fmt.Errorf("egress: registry %q: %w", r, err)
		}
		p.allowed[hp] = true
	}
	if len(p.allowed) == 0 {
		return nil, errors.New("egress: no registry allowed")
	}
	p.policy = netguard.New(o.Allow)
	p.lookup = func(ctx context.Context, host string) ([]netip.Addr, error) {
		return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	}
	return p, nil
}

// hostPort is the lower-case host:port of a registry base URL.
func hostPort(raw string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return "", err
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Hostname() == "" {
		return "", errors.New("not an http(s) URL with a host")
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	return net.JoinHostPort(strings.ToLower(u.Hostname()), port), nil
}

// Refused lists the reasons of every request refused so far.
func (p *Proxy) Refused() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.refused...)
}

// Serve serves the proxy on l until l is closed or ctx ends. It returns
// nil when the end was asked for.
func (p *Proxy) Serve(ctx context.Context, l net.Listener) error {
	srv := &http.Server{Handler: p, ReadHeaderTimeout: 30 * time.Second,
		BaseContext: func(net.Listener) context.Context { return ctx }}
	stop := context.AfterFunc(ctx, func() { _ = srv.Close() })
	defer stop()
	err := srv.Serve(l)
	if errors.Is(err, http.ErrServerClosed) || errors.Is(err, net.ErrClosed) || ctx.Err() != nil {
		return nil
	}
	return err
}

// refuse answers 403 with the reason and records it.
func (p *Proxy) refuse(w http.ResponseWriter, format string, args ...any) {
	reason := "egress: refused " + fmt.Sprintf(format, args...)
	p.mu.Lock()
	if len(p.refused) < 100 {
		p.refused = append(p.refused, reason)
	}
	p.mu.Unlock()
	if p.log != nil {
		p.log(reason)
	}
	http.Error(w, reason, http.StatusForbidden)
}

// ServeHTTP implements http.Handler.
func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodConnect:
		p.connect(w, r)
	case r.URL.IsAbs() && (r.Method == http.MethodGet || r.Method == http.MethodHead):
		p.forward(w, r)
	default:
		p.refuse(w, "%s %s: only CONNECT to a registry, or GET/HEAD of a registry's http:// URL, is served", r.Method, clip(r.RequestURI))
	}
}

// dial checks host:port against the allowed registries and the policy and
// connects to the first address that passes.
func (p *Proxy) dial(ctx context.Context, hp string) (net.Conn, error) {
	hp = strings.ToLower(hp)
	if !p.allowed[hp] {
		return nil, fmt.Errorf("%s is not an allowed registry", clip(hp))
	}
	host, port, err := net.SplitHostPort(hp)
	if err != nil {
		return nil, err
	}
	pn, err := strconv.ParseUint(port, 10, 16)
	if err != nil {
		return nil, fmt.Errorf("port %q: %w", clip(port), err)
	}
	var addrs []netip.Addr
	literal := false
	if a, err := netip.ParseAddr(host); err == nil {
		// The operator named this registry by its address: that is the
		// operator allowing it.
		addrs, literal = []netip.Addr{a.Unmap()}, true
	} else if addrs, err = p.lookup(ctx, host); err != nil {
		return nil, fmt.Errorf("resolve %s: %w", host, err)
	}
	var errs []error
	for _, a := range addrs {
		a = a.Unmap()
		if err := p.check(a); err != nil && !literal {
			var re *netguard.RefusedError
			if errors.As(err, &re) {
				re.Host = host
			}
			errs = append(errs, err)
			continue
		}
		c, err := p.dialer.DialContext(ctx, "tcp", netip.AddrPortFrom(a, uint16(pn)).String())
		if err == nil {
			return c, nil
		}
		errs = append(errs, err)
	}
	if len(errs) == 0 {
		return nil, fmt.Errorf("%s has no address", host)
	}
	return nil, errors.Join(errs...)
}

// check is the netguard policy for the address a registry name resolved
// to. The "reserved" class
// (documentation and benchmarking ranges) is let through: no service of
// the operator's lives there, and transparent egress proxies answer DNS
// with such addresses (on the build host registry.npmjs.org resolves to
// 203.0.113.80), while the destination name is the operator's, never the
// package's.
func (p *Proxy) check(a netip.Addr) error {
	err := p.policy.CheckAddr(a)
	var re *netguard.RefusedError
	if errors.As(err, &re) && re.Range == "reserved" {
		return nil
	}
	return err
}

// connect serves CONNECT: a tunnel to an allowed registry.
func (p *Proxy) connect(w http.ResponseWriter, r *http.Request) {
	up, err := p.dial(r.Context(), r.Host)
	if err != nil {
		p.refuse(w, "CONNECT %s: %v", clip(r.Host), err)
		return
	}
	defer up.Close()
	hj, ok := w.(http.Hijacker)
	if !ok {
		http.Error(w, "egress: cannot tunnel", http.StatusInternalServerError)
		return
	}
	c, brw, err := hj.Hijack()
	if err != nil {
		return
	}
	defer c.Close()
	if _, err := io.WriteString(c, "HTTP/1.1 200 Connection Established\r\n\r\n"); err != nil {
		return
	}
	done := make(chan struct{}, 2)
	go func() {
		// Bytes the client sent after its CONNECT request sit in brw.
		_, _ = io.Copy(up, brw.Reader)
		if tc, ok := up.(*net.TCPConn); ok {
			_ = tc.CloseWrite()
		}
		done <- struct{}{}
	}()
	go func() {
		_, _ = io.Copy(c, up)
		done <- struct{}{}
	}()
	select {
	case <-done:
	case <-r.Context().Done():
	}
}

// forward serves GET/HEAD of an http:// registry URL.
func (p *Proxy) forward(w http.ResponseWriter, r *http.Request) {
	if r.URL.Scheme != "http" {
		p.refuse(w, "%s %s: only http:// URLs are forwarded (https goes through CONNECT)", r.Method, clip(r.URL.String()))
		return
	}
	hp := r.URL.Host
	if r.URL.Port() == "" {
		hp = net.JoinHostPort(r.URL.Hostname(), "80")
	}
	if !p.allowed[strings.ToLower(hp)] {
		p.refuse(w, "%s %s: %s is not an allowed registry", r.Method, clip(r.URL.String()), clip(hp))
		return
	}
	var (
		dmu     sync.Mutex
		dialErr error
	)
	tr := &http.Transport{
		Proxy: nil,
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			c, err := p.dial(ctx, hp)
			dmu.Lock()
			dialErr = err
			dmu.Unlock()
			return c, err
		},
		DisableKeepAlives:     true,
		ResponseHeaderTimeout: 2 * time.Minute,
	}
	defer tr.CloseIdleConnections()
	out, err := http.NewRequestWithContext(r.Context(), r.Method, r.URL.String(), nil)
	if err != nil {
		p.refuse(w, "%s %s: %v", r.Method, clip(r.URL.String()), err)
		return
	}
	for _, h := range []string{"Accept", "Accept-Encoding", "User-Agent", "If-None-Match", "If-Modified-Since", "Npm-Command", "Npm-Session", "Npm-Scope"} {
		if v := r.Header.Values(h); len(v) > 0 {
			out.Header[h] = v
		}
	}
	resp, err := tr.RoundTrip(out)
	if err != nil {
		dmu.Lock()
		derr := dialErr
		dmu.Unlock()
		if derr != nil {
			p.refuse(w, "%s %s: %v", r.Method, clip(r.URL.String()), derr)
			return
		}
		http.Error(w, "egress: "+err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	for k, v := range resp.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(resp.StatusCode)
	_, _ = io.Copy(w, resp.Body)
}

// clip shortens request text for a log line and escapes control
// characters (the text comes from the sandbox).
func clip(s string) string {
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}
