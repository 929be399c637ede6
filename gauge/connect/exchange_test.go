package connect_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/internal/netguard"
)

// TestSendUsesTheGuard: connect.Send, which every compliance probe of
// public metadata uses (OAuth metadata, server cards, Origin checks),
// dials through the target's guard: a policy that refuses loopback refuses
// the request; one that allows it lets it through.
func TestSendUsesTheGuard(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"resource":"x"}`))
	}))
	t.Cleanup(srv.Close)
	for _, c := range []struct {
		name    string
		guard   *netguard.Guard
		refused bool
	}{
		{"no guard (a URL the user typed)", nil, false},
		{"loopback allowed", &netguard.Guard{Policy: netguard.New(netguard.Loopback())}, false},
		{"public only", &netguard.Guard{Policy: netguard.New(nil)}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			target := &connect.Target{Transport: connect.TransportHTTP, URL: srv.URL + "/mcp", Guard: c.guard}
			a, err := connect.Send(context.Background(), target, connect.Options{}, connect.Exchange{Method: http.MethodGet, URL: srv.URL + "/.well-known/oauth-protected-resource"})
			switch {
			case c.refused && !netguard.IsRefused(err):
				t.Errorf("err = %v, want a netguard refusal", err)
			case !c.refused && (err != nil || a.Status != 200 || !strings.Contains(string(a.Body), "resource")):
				t.Errorf("answer %+v, err %v; want 200 with the document", a, err)
			}
		})
	}
}

// TestReadSSE: events are split at blank lines, data lines joined, id and
// retry kept, comments skipped, and the last event kept without a trailing
// blank line.
func TestReadSSE(t *testing.T) {
	t.Parallel()
	in := ": comment\nid: 7\ndata:\n\nevent: message\ndata: {\"a\":\ndata: 1}\n\nretry: 3000\nid: 8\ndata: tail"
	var got []connect.SSEEvent
	if err := connect.ReadSSE(strings.NewReader(in), func(ev connect.SSEEvent) bool { got = append(got, ev); return true }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0].ID != "7" || got[0].Data != "" || got[1].Event != "message" || got[1].Data != "{\"a\":\n1}" ||
		!got[2].HasRetry || got[2].Retry != "3000" || got[2].Data != "tail" {
		t.Errorf("events %+v", got)
	}
	n := 0
	_ = connect.ReadSSE(strings.NewReader(in), func(connect.SSEEvent) bool { n++; return false })
	if n != 1 {
		t.Errorf("reading went on after the callback said stop: %d events", n)
	}
}
