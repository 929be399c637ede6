package connect

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestWireCall: requests sent beside the SDK's on the main stdio session
// get their own answers, the SDK's session keeps working, and the
// snapshot's raw pages are not disturbed.
func TestWireCall(t *testing.T) {
	t.Parallel()
	for _, proto := range []string{"", "2025-11-25"} {
		t.Run("careful/"+proto, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			s, err := Dial(ctx, fixtureTarget(t, "careful"), Options{ProtocolVersion: proto})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if !s.CanWire() {
				t.Fatal("a stdio session cannot carry wire calls")
			}
			if proto != "" && s.OfferedVersion() != proto {
				t.Errorf("offered %q, want %q", s.OfferedVersion(), proto)
			}
			if proto == "" && s.Era == "stateless" && s.OfferedVersion() != "" {
				t.Errorf("a stateless session offered initialize %q", s.OfferedVersion())
			}
			var meta map[string]any
			if s.ProtocolVersion >= StatelessVersion {
				meta = map[string]any{"_meta": map[string]any{
					"io.modelcontextprotocol/protocolVersion":    s.ProtocolVersion,
					"io.modelcontextprotocol/clientInfo":         map[string]any{"name": "wire", "version": "0"},
					"io.modelcontextprotocol/clientCapabilities": map[string]any{},
				}}
			}
			_, rpcErr, err := s.WireCall(ctx, "mcpgauge/nonexistent", meta)
			if err != nil || rpcErr == nil || rpcErr.Code != -32601 {
				t.Errorf("undeclared method on the wire: %v %+v; want -32601", err, rpcErr)
			}
			params := map[string]any{"cursor": "not-a-cursor"}
			if meta != nil {
				params["_meta"] = meta["_meta"]
			}
			_, rpcErr, err = s.WireCall(ctx, "tools/list", params)
			if err != nil || rpcErr == nil {
				t.Errorf("invalid cursor on the wire: %v %+v; want an error reply", err, rpcErr)
			}
			res, rpcErr, err := s.WireCall(ctx, "tools/list", meta)
			if err != nil || rpcErr != nil || !strings.Contains(string(res), "search_books") {
				t.Fatalf("tools/list on the wire: %s %v %v", res, rpcErr, err)
			}
			var tl struct {
				Tools []json.RawMessage `json:"tools"`
			}
			if json.Unmarshal(res, &tl) != nil || len(tl.Tools) == 0 {
				t.Errorf("wire tools/list result %s", res)
			}
			// The SDK session still works after the wire calls.
			snap, err := s.Snapshot(ctx)
			if err != nil || len(snap.Tools) != len(tl.Tools) {
				t.Fatalf("snapshot after wire calls: %v, %d tools, want %d", err, len(snap.Tools), len(tl.Tools))
			}
		})
	}
}

func TestWireCallNeedsStdio(t *testing.T) {
	t.Parallel()
	var s *Session
	if _, _, err := s.WireCall(context.Background(), "ping", nil); !errors.Is(err, ErrNoWire) {
		t.Errorf("nil session: %v, want ErrNoWire", err)
	}
	if (&Session{}).CanWire() {
		t.Error("a session with no connection can wire")
	}
}
