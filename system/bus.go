package system

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/internal/ctxsleep"
	"github.com/mcpgauge/mcpgauge/natsbus"
)

// Back-off of the NATS connection and bind retries: the first retry after
// FirstRetry, doubling up to MaxRetry.
const (
	FirstRetry = time.Second
	MaxRetry   = 30 * time.Second
)

// bus is one process's way to NATS: a connection (to a URL, or to an
// embedded server it started) and JetStream on it.
type bus struct {
	nc       *nats.Conn
	js       jetstream.JetStream
	embedded *natsbus.Embedded
	// url and auth are how a dialled bus was reached ("" when embedded),
	// for the process's further connections.
	url  string
	auth NATSAuth
}

// NATSAuth is how a process authenticates to NATS and checks its TLS
// (natsbus.Auth): files, never secrets themselves.
type NATSAuth = natsbus.Auth

// connect opens another connection to b's server, named name.
func (b *bus) connect(name string) (*nats.Conn, error) {
	if b.embedded != nil {
		return b.embedded.Connect(name)
	}
	return natsbus.ConnectAuth(b.url, name, b.auth)
}

// close releases the connection, then any embedded server.
func (b *bus) close() {
	if b == nil {
		return
	}
	if b.nc != nil {
		b.nc.Close()
	}
	if b.embedded != nil {
		b.embedded.Shutdown()
	}
}

// health is what /healthz reports: unhealthy until the process has
// connected to NATS, then while the connection is down.
type health struct{ nc atomic.Pointer[nats.Conn] }

func (h *health) check() error {
	nc := h.nc.Load()
	if nc == nil {
		return errors.New("NATS not reachable yet")
	}
	if !nc.IsConnected() {
		return errors.New("not connected to NATS")
	}
	return nil
}

// startEmbedded starts an in-process NATS server under dataDir/nats and
// connects to it.
func startEmbedded(dataDir, name string) (*bus, error) {
	ns, err := natsbus.StartEmbedded(natsbus.EmbeddedOptions{Dir: filepath.Join(dataDir, "nats")})
	if err != nil {
		return nil, err
	}
	nc, err := ns.Connect(name)
	if err != nil {
		ns.Shutdown()
		return nil, err
	}
	return newBus(nc, ns)
}

func newBus(nc *nats.Conn, ns *natsbus.Embedded) (*bus, error) {
	b := &bus{nc: nc, embedded: ns}
	js, err := jetstream.New(nc)
	if err != nil {
		b.close()
		return nil, unreachable(fmt.Errorf("JetStream: %w", err))
	}
	b.js = js
	return b, nil
}

// dial connects to url, retrying until ctx ends: the first failure is
// logged at once, then each retry after a pause that doubles from
// FirstRetry to MaxRetry, so an operator sees within a second that NATS
// is unreachable and how long until the next try. Once connected the
// client reconnects by itself (natsbus.Connect). Credentials that cannot
// work (natsbus.ErrAuthConfig: a missing file, two ways at once) fail at
// once as a usage error. The URL is logged with its secrets redacted.
func dial(ctx context.Context, url string, auth NATSAuth, name string, log *slog.Logger) (*bus, error) {
	wait := FirstRetry
	for {
		nc, err := natsbus.ConnectAuth(url, name, auth)
		if err == nil {
			b, err := newBus(nc, nil)
			if b != nil {
				b.url, b.auth = url, auth
			}
			return b, err
		}
		if errors.Is(err, natsbus.ErrAuthConfig) {
			return nil, usage(err)
		}
		log.Warn("NATS not reachable; retrying", "url", natsbus.RedactURL(url), "err", err, "retry_in", wait)
		if err := ctxsleep.Sleep(ctx, wait); err != nil {
			return nil, err
		}
		wait = min(2*wait, MaxRetry)
	}
}

// setup creates or updates the streams, consumers and buckets (the
// process owns the sweep), bounded by a minute.
func (b *bus) setup(ctx context.Context, scanDeadline time.Duration) error {
	sctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if err := natsbus.Setup(sctx, b.js, scanDeadline); err != nil {
		return unreachable(err)
	}
	return nil
}

// bind waits until the coordinator has set up what a worker needs, with
// the same back-off as dial; it changes nothing.
func (b *bus) bind(ctx context.Context, log *slog.Logger) error {
	wait := FirstRetry
	for {
		bctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		err := natsbus.Bind(bctx, b.js)
		cancel()
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !errors.Is(err, natsbus.ErrNotSetUp) && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, nats.ErrTimeout) {
			return unreachable(fmt.Errorf("bind to NATS: %w", err))
		}
		log.Warn("waiting for the coordinator to set up NATS", "err", err, "retry_in", wait)
		if err := ctxsleep.Sleep(ctx, wait); err != nil {
			return err
		}
		wait = min(2*wait, MaxRetry)
	}
}
