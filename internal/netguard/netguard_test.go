package netguard

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestCheckAddr(t *testing.T) {
	t.Parallel()
	def := New(nil)
	allowTen := New([]netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")})
	cases := []struct {
		addr  string
		p     *Policy
		class string // "" = allowed
	}{
		{"127.0.0.1", def, "loopback"},
		{"127.1.2.3", def, "loopback"},
		{"::1", def, "loopback"},
		{"::ffff:127.0.0.1", def, "loopback"},
		{"169.254.169.254", def, "link-local"},
		{"fe80::1", def, "link-local"},
		{"10.1.2.3", def, "private"},
		{"172.16.0.1", def, "private"},
		{"192.168.1.1", def, "private"},
		{"fd00::1", def, "private"},
		{"100.64.0.1", def, "shared (carrier-grade NAT)"},
		{"0.0.0.0", def, "unspecified"},
		{"::", def, "unspecified"},
		{"224.0.0.1", def, "multicast"},
		{"255.255.255.255", def, "reserved"},
		{"64:ff9b::7f00:1", def, "loopback"},     // NAT64 of 127.0.0.1
		{"2002:a9fe:a9fe::1", def, "link-local"}, // 6to4 of 169.254.169.254
		{"8.8.8.8", def, ""},
		{"2606:4700::1111", def, ""},
		{"10.1.2.3", allowTen, ""},
		{"192.168.1.1", allowTen, "private"},
	}
	for _, c := range cases {
		err := c.p.CheckAddr(netip.MustParseAddr(c.addr))
		if c.class == "" {
			if err != nil {
				t.Errorf("%s: refused (%v), want allowed", c.addr, err)
			}
			continue
		}
		var re *RefusedError
		if !errors.As(err, &re) {
			t.Errorf("%s: %v, want a refusal (%s)", c.addr, err, c.class)
			continue
		}
		if re.Range != c.class || !strings.Contains(err.Error(), Marker) {
			t.Errorf("%s: refused as %q (%v), want %q", c.addr, re.Range, err, c.class)
		}
	}
}

func TestOwnInterfaceAddressRefused(t *testing.T) {
	t.Parallel()
	p := New(nil)
	for a := range p.self {
		if err := p.CheckAddr(a); err == nil {
			t.Errorf("%s is an address of this host but is allowed", a)
		}
	}
}

func TestParsePrefixes(t *testing.T) {
	t.Parallel()
	got, err := ParsePrefixes([]string{"10.0.0.0/8", " 127.0.0.1 ", "", "fd00::/8"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"10.0.0.0/8", "127.0.0.1/32", "fd00::/8"}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i].String() != want[i] {
			t.Errorf("prefix %d: %s, want %s", i, got[i], want[i])
		}
	}
	if _, err := ParsePrefixes([]string{"10.0.0.0/33"}); err == nil {
		t.Error("10.0.0.0/33 parsed")
	}
	if _, err := ParsePrefixes([]string{"metadata.internal"}); err == nil {
		t.Error("a host name parsed as a range")
	}
}

// guardedClient is an http.Client that dials through g.
func guardedClient(g *Guard) *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	g.Apply(tr)
	return &http.Client{Transport: g.RoundTripper(tr), CheckRedirect: g.CheckRedirect}
}

// TestDialHook: the Control hook refuses a loopback listener by address
// (even through a name), and lets it through once its range is allowed.
func TestDialHook(t *testing.T) {
	t.Parallel()
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		_, _ = io.WriteString(w, "ok")
	}))
	defer srv.Close()
	port := srv.Listener.Addr().(*net.TCPAddr).Port
	urls := []string{srv.URL, "http://localhost:" + strconv.Itoa(port) + "/"}
	for _, u := range urls {
		_, err := guardedClient(&Guard{Policy: New(nil)}).Get(u)
		if !IsRefused(err) {
			t.Errorf("GET %s: %v, want a refusal", u, err)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("refused listener got %d requests", n)
	}
	allowed := &Guard{Policy: New([]netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")})}
	resp, err := guardedClient(allowed).Get(srv.URL)
	if err != nil {
		t.Fatalf("allowed range: %v", err)
	}
	resp.Body.Close()
	if hits.Load() != 1 {
		t.Errorf("allowed listener got %d requests, want 1", hits.Load())
	}
}

// TestRedirectToRefused: an allowed address that redirects to a refused
// one is refused, and the refused listener sees nothing.
func TestRedirectToRefused(t *testing.T) {
	t.Parallel()
	var innerHits atomic.Int64
	inner, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("cannot listen on 127.0.0.2: %v", err)
	}
	innerSrv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		innerHits.Add(1)
		_, _ = io.WriteString(w, "secret")
	})}
	go func() { _ = innerSrv.Serve(inner) }()
	defer innerSrv.Close()
	innerURL := "http://" + inner.Addr().String() + "/latest/meta-data"
	outer := httptest.NewServer(http.RedirectHandler(innerURL, http.StatusFound))
	defer outer.Close()

	g := &Guard{Policy: New([]netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")})}
	_, err = guardedClient(g).Get(outer.URL)
	if !IsRefused(err) {
		t.Fatalf("redirect to %s: %v, want a refusal", innerURL, err)
	}
	// The dial hook alone (no CheckRedirect) refuses it too.
	tr := http.DefaultTransport.(*http.Transport).Clone()
	g.Apply(tr)
	_, err = (&http.Client{Transport: tr}).Get(outer.URL)
	if !IsRefused(err) {
		t.Fatalf("redirect through the dial hook alone: %v, want a refusal", err)
	}
	if n := innerHits.Load(); n != 0 {
		t.Fatalf("refused redirect target got %d requests", n)
	}
}

func TestCheckURL(t *testing.T) {
	t.Parallel()
	p := New(nil)
	ctx := context.Background()
	for _, u := range []string{"http://127.0.0.1:9091/metrics", "http://169.254.169.254/latest/", "http://localhost/", "http://[::1]/", "not a url"} {
		if err := p.CheckURL(ctx, u); !IsRefused(err) {
			t.Errorf("%s: %v, want a refusal", u, err)
		}
	}
	if err := p.CheckURL(ctx, "https://8.8.8.8/mcp"); err != nil {
		t.Errorf("public address refused: %v", err)
	}
}

// TestHostsConcurrency: no more than the cap hold one host at once, and
// another host is not held up by it.
func TestHostsConcurrency(t *testing.T) {
	t.Parallel()
	h := NewHosts(2, 1000)
	ctx := context.Background()
	var cur, peak atomic.Int64
	var wg sync.WaitGroup
	gate := make(chan struct{})
	for range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rel, err := h.Acquire(ctx, "Example.COM")
			if err != nil {
				t.Error(err)
				return
			}
			n := cur.Add(1)
			for {
				p := peak.Load()
				if n <= p || peak.CompareAndSwap(p, n) {
					break
				}
			}
			<-gate
			cur.Add(-1)
			rel()
		}()
	}
	// Another host gets a slot while example.com is full.
	rel, err := h.Acquire(ctx, "other.example")
	if err != nil {
		t.Fatal(err)
	}
	rel()
	close(gate)
	wg.Wait()
	if p := peak.Load(); p > 2 || p < 1 {
		t.Errorf("peak %d scans of one host at once, want at most 2", p)
	}
	cctx, cancel := context.WithCancel(ctx)
	r1, _ := h.Acquire(cctx, "example.com")
	r2, _ := h.Acquire(cctx, "example.com")
	cancel()
	if _, err := h.Acquire(cctx, "example.com"); err == nil {
		t.Error("a third slot was granted past the cap")
	}
	r1()
	r2()
}

// TestPacedRequests: every request waits for its host's rate; with the
// burst spent, a request whose deadline comes before the next token is
// refused at once instead of being sent.
func TestPacedRequests(t *testing.T) {
	t.Parallel()
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hits.Add(1) }))
	defer srv.Close()
	g := &Guard{Policy: New([]netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}), Hosts: NewHosts(1, 0.001)}
	c := guardedClient(g)
	resp, err := c.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
	if _, err := c.Do(req); err == nil || !strings.Contains(err.Error(), "pacing requests") {
		t.Fatalf("second request within the rate: %v, want a pacing refusal", err)
	}
	if n := hits.Load(); n != 1 {
		t.Errorf("server got %d requests, want 1", n)
	}
}

// TestEveryRefusalIsTyped: refusals of things that are not addresses are
// *RefusedError values too, and a message that merely quotes the marker is
// no refusal (before, both were told apart by text only).
func TestEveryRefusalIsTyped(t *testing.T) {
	t.Parallel()
	p := New(nil)
	cases := []struct {
		name string
		err  error
		want bool
	}{
		{"dial target not an address", p.Control("tcp", "not-an-address", nil), true},
		{"URL with no host", p.CheckURL(context.Background(), "http:///mcp"), true},
		{"text that quotes the marker", errors.New("server said: " + Marker + " to connect to x"), false},
	}
	for _, c := range cases {
		var re *RefusedError
		if got := errors.As(c.err, &re); got != c.want || IsRefused(c.err) != c.want {
			t.Errorf("%s: %v typed %v, IsRefused %v; want %v", c.name, c.err, got, IsRefused(c.err), c.want)
		}
		if c.want && !strings.HasPrefix(c.err.Error(), Marker) {
			t.Errorf("%s: message %q does not start with %q", c.name, c.err, Marker)
		}
	}
}
