package compliance_test

import (
	"context"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/compliance"
	"github.com/mcpgauge/mcpgauge/gauge/connect"
)

// BenchmarkCatalogue runs the whole catalogue (default options: no tool
// calls) against a fixture server, including the main dial and snapshot.
// The spec tests start fresh server processes (version probes, raw probes,
// two identities), so this measures process starts as much as protocol work.
func BenchmarkCatalogue(b *testing.B) {
	for _, name := range []string{"careful", "loop-pagination"} {
		b.Run(name, func(b *testing.B) {
			target, _ := stdioFixtureTB(b, name)
			for b.Loop() {
				ctx, cancel := context.WithTimeout(context.Background(), scanTimeout)
				co := connect.Options{Timeout: 30 * time.Second}
				sess, err := connect.Dial(ctx, target, co)
				if err != nil {
					b.Fatal(err)
				}
				snap, err := sess.Snapshot(ctx)
				if err != nil {
					b.Fatal(err)
				}
				env := compliance.NewEnv(target, sess, snap, compliance.Options{Connect: co})
				rep := compliance.Run(ctx, env, compliance.RunOptions{})
				_ = sess.Close()
				cancel()
				if rep.Summary.Errors > 0 {
					b.Fatalf("errors: %+v", rep.Summary)
				}
			}
		})
	}
}
