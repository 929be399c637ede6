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

// Options say how Run starts the embedded server.
type Options struct {
	// Dir is where the server stores (under Dir/nats).
	Dir string
	// Listen opens a loopback client port (Port, 0 = any), for tests that
	// run a process connecting by URL.
	Listen bool
	Port   int
	// Bare skips natsbus.Setup: the server is as before any coordinator ran.
	Bare bool
	// ScanDeadline sets the workers' AckWait in Setup (0 = the default).
	ScanDeadline time.Duration
}

// Server is a running test server and a connection to it.
type Server struct {
	*natsbus.Embedded
	Conn *nats.Conn
	JS   jetstream.JetStream
	// Stop closes the connection and shuts the server down; it also runs
	// when the test ends, and a second call does nothing.
	Stop func()
}

// Run starts an embedded server as opts say, connects to it and, unless
// opts.Bare, sets it up as a coordinator would.
func Run(tb testing.TB, opts Options) *Server {
	tb.Helper()
	ns, err := natsbus.StartEmbedded(natsbus.EmbeddedOptions{Dir: filepath.Join(opts.Dir, "nats"), Listen: opts.Listen, Port: opts.Port})
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
	if !opts.Bare {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := natsbus.Setup(ctx, js, opts.ScanDeadline); err != nil {
			tb.Fatal(err)
		}
	}
	return &Server{Embedded: ns, Conn: nc, JS: js, Stop: stop}
}

// Start runs an embedded server storing under dir/nats, connects to it and
// sets it up (scanDeadline sets the workers' AckWait; 0 = the default). The
// returned stop closes the connection and shuts the server down; it also
// runs when the test ends, and a second call does nothing. Stop it before
// starting another server on the same dir (a restarted process).
func Start(tb testing.TB, dir string, scanDeadline time.Duration) (*nats.Conn, jetstream.JetStream, func()) {
	tb.Helper()
	s := Run(tb, Options{Dir: dir, ScanDeadline: scanDeadline})
	return s.Conn, s.JS, s.Stop
}
