package worker

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/netguard"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func remoteEntry(name, u string, headers map[string]string) (registry.Server, registry.Plan) {
	s := registry.Server{Name: name, Version: "1.0.0", Remotes: []registry.Remote{{Type: "streamable-http", URL: u}}}
	p := registry.PlanFor(s, registry.PlanOptions{})
	if headers != nil {
		p.Headers = headers
	}
	return s, p
}

// TestRemoteRefusedAddresses: with remote scans on, endpoints a registry
// lists on loopback, link-local (cloud metadata) or private addresses are
// unsupported with a reason, and nothing reaches a loopback listener.
func TestRemoteRefusedAddresses(t *testing.T) {
	t.Parallel()
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { hits.Add(1) }))
	defer srv.Close()
	port := srv.Listener.Addr().(*net.TCPAddr).Port
	opts := localOpts(nil)
	opts.AllowRemote = true
	for _, u := range []string{
		srv.URL + "/mcp",
		"http://localhost:" + itoa(port) + "/mcp",
		"http://169.254.169.254/latest/meta-data/",
		"http://10.0.0.1/mcp",
		"http://[::1]:" + itoa(port) + "/mcp",
	} {
		s, p := remoteEntry("test/ssrf", u, nil)
		res := ScanEntry(context.Background(), s, p, opts)
		checkResult(t, res, schema.StatusUnsupported)
		if !strings.Contains(res.Reason, "netguard: refused") {
			t.Errorf("%s: reason %q does not say the address was refused", u, res.Reason)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("a refused loopback endpoint got %d requests", n)
	}
}

// TestRemoteRedirectRefused: an allowed endpoint that redirects to a
// refused address is refused, and the redirect target sees nothing.
func TestRemoteRedirectRefused(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("cannot listen on 127.0.0.2: %v", err)
	}
	var hits atomic.Int64
	inner := &http.Server{Handler: http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hits.Add(1) })}
	go func() { _ = inner.Serve(ln) }()
	defer inner.Close()
	target := "http://" + ln.Addr().String() + "/mcp"
	outer := httptest.NewServer(http.RedirectHandler(target, http.StatusTemporaryRedirect))
	defer outer.Close()

	opts := localOpts(nil)
	opts.AllowRemote = true
	opts.RemoteAllow = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
	s, p := remoteEntry("test/redirect", outer.URL+"/mcp", nil)
	res := ScanEntry(context.Background(), s, p, opts)
	checkResult(t, res, schema.StatusUnsupported)
	if !strings.Contains(res.Reason, "127.0.0.2") {
		t.Errorf("reason %q does not name the refused redirect target", res.Reason)
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("the refused redirect target got %d requests", n)
	}
}

// TestRemotePerHostConcurrency: scans of one host hold one of its slots
// from their first request to their last, so with a cap of 1 no request of
// one scan arrives between the first and last requests of another,
// however many run at once.
func TestRemotePerHostConcurrency(t *testing.T) {
	t.Parallel()
	// The server runs in this process and the arrivals are counted in
	// front of its handler: an earlier harness put a reverse proxy before
	// a fixture process, and the proxy now and then cut a response stream
	// short under load (a race of the harness, not of the scan under test).
	srv := mcp.NewServer(&mcp.Implementation{Name: "polite", Version: "1.0.0"}, nil)
	type echoIn struct {
		Text string `json:"text" jsonschema:"the text to send back"`
	}
	mcp.AddTool(srv, &mcp.Tool{Name: "echo", Description: "Returns the given text unchanged."},
		func(_ context.Context, _ *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
		})
	inner := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
	type span struct{ first, last int64 }
	var mu sync.Mutex
	var seq int64
	spans := map[string]*span{}
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Test-Scan")
		mu.Lock()
		seq++
		sp := spans[id]
		if sp == nil {
			sp = &span{first: seq}
			spans[id] = sp
		}
		sp.last = seq
		mu.Unlock()
		// Arrivals only: a stream's handler may notice the client left
		// after the client has moved on.
		inner.ServeHTTP(w, r)
	}))
	defer front.Close()

	opts := localOpts(nil)
	opts.AllowRemote = true
	opts.RemoteAllow = netguard.Loopback()
	opts.Deadline = 2 * time.Minute
	opts.Hosts = netguard.NewHosts(1, 1000)
	const n = 4
	var wg sync.WaitGroup
	results := make([]schema.Result, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, p := remoteEntry("test/polite-"+itoa(i), front.URL+"/mcp", map[string]string{"X-Test-Scan": itoa(i)})
			results[i] = ScanEntry(context.Background(), s, p, opts)
		}()
	}
	wg.Wait()
	for _, r := range results {
		checkResult(t, r, schema.StatusOK)
	}
	if len(spans) != n {
		t.Fatalf("saw traffic of %d scans, want %d", len(spans), n)
	}
	var list []*span
	for _, sp := range spans {
		list = append(list, sp)
	}
	for i := range list {
		for j := i + 1; j < len(list); j++ {
			a, b := list[i], list[j]
			if a.first < b.last && b.first < a.last {
				t.Errorf("two scans of one host overlapped with a cap of 1: %+v and %+v", *a, *b)
			}
		}
	}
}
