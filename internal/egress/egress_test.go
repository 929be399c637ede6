package egress

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/netguard"
)

// countingListener is a real TCP listener on loopback that counts the
// connections it accepts (and answers each with "hello").
func countingListener(t *testing.T) (addr string, hits *atomic.Int64) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = l.Close() })
	hits = new(atomic.Int64)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			hits.Add(1)
			_, _ = io.WriteString(c, "hello")
			_ = c.Close()
		}
	}()
	return l.Addr().String(), hits
}

// serve starts a proxy on a Unix socket and returns the socket path.
func serve(t *testing.T, o Options) (string, *Proxy) {
	t.Helper()
	p, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(t.TempDir(), "egress.sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- p.Serve(ctx, l) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return sock, p
}

// raw sends one request over the socket and returns the status code and
// what followed the response header (for a tunnel: the far side's bytes).
func raw(t *testing.T, sock, req string) (int, string) {
	t.Helper()
	c, err := net.Dial("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(20 * time.Second))
	if _, err := io.WriteString(c, req); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	var rest []byte
	if resp.StatusCode == http.StatusOK && strings.HasPrefix(req, "CONNECT") {
		rest, _ = io.ReadAll(br)
	} else {
		rest, _ = io.ReadAll(resp.Body)
	}
	return resp.StatusCode, string(rest)
}

func TestProxyConnect(t *testing.T) {
	t.Parallel()
	registryAddr, registryHits := countingListener(t)
	otherAddr, otherHits := countingListener(t)
	_, port, _ := net.SplitHostPort(registryAddr)
	sock, p := serve(t, Options{Registries: []string{"https://" + registryAddr, "https://localhost:" + port}})
	namedSock, _ := serve(t, Options{Registries: []string{"https://localhost:" + port}, Allow: netguard.Loopback()})

	cases := []struct {
		name, sock, target string
		want               int
		reason             string
		hits               *atomic.Int64
	}{
		// The registry the operator named by its loopback address.
		{"allowed registry", sock, registryAddr, http.StatusOK, "", registryHits},
		// Same address, another port: not a registry.
		{"loopback listener", sock, otherAddr, http.StatusForbidden, "not an allowed registry", otherHits},
		{"other host", sock, "example.com:443", http.StatusForbidden, "not an allowed registry", nil},
		{"metadata", sock, "169.254.169.254:80", http.StatusForbidden, "not an allowed registry", nil},
		// An allowed name that resolves to loopback: netguard refuses it
		// unless the operator allowed the range.
		{"name on loopback", sock, "localhost:" + port, http.StatusForbidden, "loopback", registryHits},
		{"name on allowed loopback", namedSock, "localhost:" + port, http.StatusOK, "", registryHits},
	}
	for _, c := range cases {
		// Sequential: the cases share the listeners' counters.
		var before int64
		if c.hits != nil {
			before = c.hits.Load()
		}
		code, body := raw(t, c.sock, "CONNECT "+c.target+" HTTP/1.1\r\nHost: "+c.target+"\r\n\r\n")
		if code != c.want {
			t.Errorf("%s: CONNECT %s: %d %q, want %d", c.name, c.target, code, body, c.want)
			continue
		}
		if c.want == http.StatusOK && body != "hello" {
			t.Errorf("%s: tunnel carried %q, want the listener's hello", c.name, body)
		}
		if c.reason != "" && !strings.Contains(body, c.reason) {
			t.Errorf("%s: refusal %q does not say %q", c.name, body, c.reason)
		}
		if c.hits != nil {
			got := c.hits.Load() - before
			if c.want == http.StatusOK && got != 1 || c.want != http.StatusOK && got != 0 {
				t.Errorf("%s: listener saw %d connections", c.name, got)
			}
		}
	}
	if n := len(p.Refused()); n != 4 {
		t.Errorf("proxy recorded %d refusals, want 4: %q", n, p.Refused())
	}
}

func TestProxyForward(t *testing.T) {
	t.Parallel()
	var hits atomic.Int64
	reg := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		_, _ = io.WriteString(w, "packument of "+r.URL.Path)
	}))
	defer reg.Close()
	otherAddr, otherHits := countingListener(t)
	sock, _ := serve(t, Options{Registries: []string{reg.URL}})
	cases := []struct {
		name, req string
		want      int
		body      string
	}{
		{"GET registry", "GET " + reg.URL + "/is-number HTTP/1.1\r\nHost: x\r\n\r\n", http.StatusOK, "packument of /is-number"},
		{"POST registry", "POST " + reg.URL + "/-/npm/v1/security/audits HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", http.StatusForbidden, "only CONNECT"},
		{"GET other", "GET http://" + otherAddr + "/ HTTP/1.1\r\nHost: x\r\n\r\n", http.StatusForbidden, "not an allowed registry"},
		{"origin form", "GET / HTTP/1.1\r\nHost: " + otherAddr + "\r\n\r\n", http.StatusForbidden, "only CONNECT"},
	}
	for _, c := range cases {
		code, body := raw(t, sock, c.req)
		if code != c.want || !strings.Contains(body, c.body) {
			t.Errorf("%s: %d %q, want %d with %q", c.name, code, body, c.want, c.body)
		}
	}
	if hits.Load() != 1 {
		t.Errorf("registry saw %d requests, want 1 (the GET)", hits.Load())
	}
	if otherHits.Load() != 0 {
		t.Errorf("the other listener got %d connections", otherHits.Load())
	}
}

func TestNewRefusesBadRegistries(t *testing.T) {
	t.Parallel()
	for _, regs := range [][]string{nil, {"ftp://x"}, {"not a url at all"}, {"https://"}} {
		if _, err := New(Options{Registries: regs}); err == nil {
			t.Errorf("New(%q) accepted", regs)
		}
	}
}
