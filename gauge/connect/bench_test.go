package connect

import (
	"context"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/testutil/fixtures"
)

// BenchmarkDialSnapshotClose measures one whole scan connection: start a
// stdio server, dial (auto era), read the full snapshot, close.
func BenchmarkDialSnapshotClose(b *testing.B) {
	for _, name := range []string{"careful", "stateless", "many-tools"} {
		b.Run(name, func(b *testing.B) {
			bin := fixtures.Build(b, name)
			tg := &Target{Transport: TransportStdio, Command: bin, Display: name}
			b.ResetTimer()
			for range b.N {
				s, err := Dial(context.Background(), tg, Options{})
				if err != nil {
					b.Fatal(err)
				}
				snap, err := s.Snapshot(context.Background())
				if err != nil || len(snap.Tools) == 0 {
					b.Fatalf("snapshot: %v", err)
				}
				_ = s.Close()
			}
		})
	}
}

// BenchmarkDecodeLine measures the stdout filter on one tools/list-sized
// response line and on one noise line.
func BenchmarkDecodeLine(b *testing.B) {
	resp := []byte(`{"jsonrpc":"2.0","id":7,"result":{"tools":[{"name":"a","description":"Does a.","inputSchema":{"type":"object","properties":{"q":{"type":"string"}}}}]}}`)
	noise := []byte(`2026-11-29T23:59:59Z INFO server listening on stdio`)
	b.Run("response", func(b *testing.B) {
		for range b.N {
			if _, ok := decodeLine(resp); !ok {
				b.Fatal("not decoded")
			}
		}
	})
	b.Run("noise", func(b *testing.B) {
		for range b.N {
			if _, ok := decodeLine(noise); ok {
				b.Fatal("noise decoded")
			}
		}
	})
}
