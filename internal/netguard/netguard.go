// Package netguard decides which network addresses a scan driven by a
// registry entry may reach, and paces the requests sent to each remote
// host.
//
// A registry lists URLs; a hostile entry lists http://169.254.169.254/,
// http://127.0.0.1:9091/metrics or a name that resolves to a private
// address. The [Policy] refuses, by default, every address that is not a
// public unicast address of some other host: loopback, private (RFC 1918,
// fc00::/7), link-local (169.254.0.0/16, fe80::/10, so cloud metadata),
// shared address space (100.64.0.0/10), unspecified, multicast, broadcast,
// benchmarking, documentation and reserved ranges, and every address of
// this host's own interfaces. The operator may allow named ranges.
//
// The check runs on the address actually dialled (a net.Dialer Control
// hook), after DNS resolution, so it holds for redirects, reconnects and
// names that resolve differently on each lookup. [Hosts] caps the
// concurrent scans and the request rate per remote host.
package netguard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// Marker starts every refusal's message, so a refusal that reaches a
// caller only as text (through a library that flattens errors) can still
// be told apart.
const Marker = "netguard: refused"

// RefusedError is a connection the policy refused.
type RefusedError struct {
	// Host is the name or address asked for ("" when only the dialled
	// address is known).
	Host string
	// Addr is the refused address.
	Addr netip.Addr
	// Range names the refused class, e.g. "loopback" or "link-local".
	Range string
	// Why, when set, is the refusal of something that is not an address
	// (a dial target that is no IP address, a URL with no host), after
	// Marker; Addr and Range are then unset.
	Why string
}

func (e *RefusedError) Error() string {
	if e.Why != "" {
		return Marker + " " + e.Why
	}
	what := e.Addr.String()
	if e.Host != "" && e.Host != what {
		what = e.Host + " (" + what + ")"
	}
	return fmt.Sprintf("%s to connect to %s: a %s address; registry endpoints may reach public addresses only (an operator can allow a range with --allow-remote-cidr)", Marker, what, e.Range)
}

// IsRefused reports whether err is or wraps a *RefusedError.
func IsRefused(err error) bool {
	var re *RefusedError
	return errors.As(err, &re)
}

// A named class of refused addresses.
type class struct {
	name     string
	prefixes []netip.Prefix
}

// refused lists the classes refused by default. IPv4-mapped IPv6
// addresses are unmapped before the check.
var refused = func() []class {
	p := func(ss ...string) []netip.Prefix {
		out := make([]netip.Prefix, len(ss))
		for i, s := range ss {
			out[i] = netip.MustParsePrefix(s)
		}
		return out
	}
	return []class{
		{"loopback", p("127.0.0.0/8", "::1/128")},
		{"unspecified", p("0.0.0.0/8", "::/128")},
		{"link-local", p("169.254.0.0/16", "fe80::/10")},
		{"private", p("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7")},
		{"shared (carrier-grade NAT)", p("100.64.0.0/10")},
		{"multicast", p("224.0.0.0/4", "ff00::/8")},
		{"reserved", p("240.0.0.0/4", "192.0.0.0/24", "2001:db8::/32", "192.0.2.0/24",
			"198.51.100.0/24", "203.0.113.0/24", "198.18.0.0/15", "100::/64", "64:ff9b:1::/48")},
	}
}()

// Policy is the address policy. Its zero value is not usable; use New.
type Policy struct {
	allow []netip.Prefix
	self  map[netip.Addr]bool
}

// New returns the default policy with the given ranges allowed. The
// addresses of this host's interfaces are read once, here.
func New(allow []netip.Prefix) *Policy {
	p := &Policy{allow: append([]netip.Prefix(nil), allow...), self: map[netip.Addr]bool{}}
	if addrs, err := net.InterfaceAddrs(); err == nil {
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok {
				if ip, ok := netip.AddrFromSlice(n.IP); ok {
					p.self[ip.Unmap()] = true
				}
			}
		}
	}
	return p
}

// ParsePrefixes parses operator ranges: CIDR prefixes ("10.0.0.0/8") or
// single addresses ("127.0.0.1", taken as /32 or /128).
func ParsePrefixes(ss []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, s := range ss {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if pf, err := netip.ParsePrefix(s); err == nil {
			out = append(out, pf.Masked())
			continue
		}
		a, err := netip.ParseAddr(s)
		if err != nil {
			return nil, fmt.Errorf("%q is neither a CIDR range nor an IP address", s)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}

// CheckAddr returns a *RefusedError when a may not be dialled.
func (p *Policy) CheckAddr(a netip.Addr) error {
	a = a.Unmap().WithZone("")
	for _, pf := range p.allow {
		if pf.Contains(a) {
			return nil
		}
	}
	if !a.IsValid() {
		return &RefusedError{Addr: a, Range: "invalid"}
	}
	for _, c := range refused {
		for _, pf := range c.prefixes {
			if pf.Contains(a) {
				return &RefusedError{Addr: a, Range: c.name}
			}
		}
	}
	if v4, ok := embeddedV4(a); ok {
		if err := p.CheckAddr(v4); err != nil {
			err.(*RefusedError).Addr = a
			return err
		}
	}
	if a == netip.AddrFrom4([4]byte{255, 255, 255, 255}) {
		return &RefusedError{Addr: a, Range: "broadcast"}
	}
	if p.self[a] {
		return &RefusedError{Addr: a, Range: "this host's own"}
	}
	return nil
}

var (
	nat64  = netip.MustParsePrefix("64:ff9b::/96")
	sixTo4 = netip.MustParsePrefix("2002::/16")
)

// embeddedV4 returns the IPv4 address a NAT64 or 6to4 address carries,
// which a translating gateway would dial.
func embeddedV4(a netip.Addr) (netip.Addr, bool) {
	b := a.As16()
	switch {
	case !a.Is6():
		return netip.Addr{}, false
	case nat64.Contains(a):
		return netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}), true
	case sixTo4.Contains(a):
		return netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]}), true
	}
	return netip.Addr{}, false
}

// Control is a net.Dialer Control hook: it checks the address about to be
// dialled, after resolution, for every connection the dialer makes.
func (p *Policy) Control(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return &RefusedError{Host: address, Why: fmt.Sprintf("to dial %q: not an IP address and port", address)}
	}
	return p.CheckAddr(ap.Addr())
}

// CheckURL resolves rawURL's host and refuses it when any of its
// addresses is refused, so a scan can be refused with a clear reason
// before any traffic. The Control hook still checks every real dial.
func (p *Policy) CheckURL(ctx context.Context, rawURL string) error {
	u, err := url.Parse(rawURL)
	if err != nil || u.Hostname() == "" {
		return &RefusedError{Host: rawURL, Why: fmt.Sprintf("to connect to %q: not a URL with a host", rawURL)}
	}
	host := u.Hostname()
	if a, err := netip.ParseAddr(host); err == nil {
		if err := p.CheckAddr(a); err != nil {
			err.(*RefusedError).Host = host
			return err
		}
		return nil
	}
	addrs, err := net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return fmt.Errorf("resolve %s: %w", host, err)
	}
	for _, a := range addrs {
		if err := p.CheckAddr(a); err != nil {
			err.(*RefusedError).Host = host
			return err
		}
	}
	return nil
}

// Guard applies a Policy (and, optionally, per-host pacing) to HTTP
// clients.
type Guard struct {
	// Policy checks every address dialled and every redirect (required).
	Policy *Policy
	// Hosts, when set, paces each request to its host's rate.
	Hosts *Hosts
}

// Apply makes tr dial through the policy. It also turns off proxies from
// the environment: through a proxy the policy would see only the proxy's
// address, never the target's.
func (g *Guard) Apply(tr *http.Transport) {
	d := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second, Control: g.Policy.Control}
	tr.Proxy = nil
	tr.DialContext = d.DialContext
}

// CheckRedirect is an http.Client CheckRedirect: at most 10 redirects, and
// none to a refused address.
func (g *Guard) CheckRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= 10 {
		return errors.New("stopped after 10 redirects")
	}
	return g.Policy.CheckURL(req.Context(), req.URL.String())
}

// RoundTripper wraps rt so that each request first waits for its host's
// rate (when Hosts is set).
func (g *Guard) RoundTripper(rt http.RoundTripper) http.RoundTripper {
	if g.Hosts == nil {
		return rt
	}
	return pacedTripper{base: rt, hosts: g.Hosts}
}

type pacedTripper struct {
	base  http.RoundTripper
	hosts *Hosts
}

func (p pacedTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	if err := p.hosts.Wait(req.Context(), req.URL.Hostname()); err != nil {
		return nil, err
	}
	return p.base.RoundTrip(req)
}

// Loopback is 127.0.0.0/8 and ::1: the range to allow for endpoints on
// this host (tests, or an operator scanning a registry of local servers).
func Loopback() []netip.Prefix {
	return []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
}
