// Package natstest starts, for tests, the embedded NATS JetStream server
// the project itself runs (natsbus.StartEmbedded), with the streams,
// consumers and buckets natsbus.Setup creates.
package natstest

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/natsbus"
)

// Start runs an embedded server storing under dir/nats, connects to it and
// sets it up (scanDeadline sets the workers' AckWait; 0 = the default). The
// returned stop closes the connection and shuts the server down; it also
// runs when the test ends, and a second call does nothing. Stop it before
// starting another server on the same dir (a restarted process).
func Start(tb testing.TB, dir string, scanDeadline time.Duration) (*nats.Conn, jetstream.JetStream, func()) {
	tb.Helper()
	ns, err := natsbus.StartEmbedded(natsbus.EmbeddedOptions{Dir: filepath.Join(dir, "nats")})
	if err != nil {
		tb.Fatal(err)
	}
	nc, err := ns.Connect("test")
	if err != nil {
		ns.Shutdown()
		tb.Fatal(err)
	}
	var once sync.Once
	stop := func() { once.Do(func() { nc.Close(); ns.Shutdown() }) }
	tb.Cleanup(stop)
	js, err := jetstream.New(nc)
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := natsbus.Setup(ctx, js, scanDeadline); err != nil {
		tb.Fatal(err)
	}
	return nc, js, stop
}
