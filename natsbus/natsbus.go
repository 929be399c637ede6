// Package natsbus is the project's NATS JetStream plumbing: the embedded
// server, client connections, and the streams, consumers and key-value
// buckets of DESIGN §4. Only the coordinator (or the embedded sweep, which
// is one) creates and configures them, with Setup; a worker binds to what
// exists with Bind and never changes it, so one worker's --scan-deadline
// cannot rewrite the shared consumer's AckWait.
package natsbus

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/schema"
)

// EmbeddedOptions configure an in-process NATS server.
type EmbeddedOptions struct {
	// Dir holds the JetStream file store (required).
	Dir string
	// Listen makes the server accept TCP clients on a loopback port (Port,
	// or a random one); without it the server is reachable in-process only.
	Listen bool
	// Port is the TCP port when Listen is set (0: random).
	Port int
	// ConfigFile, when set, is a nats-server config file read first (its
	// users and permissions, max_payload; deploy/nats.conf), with Vars
	// defined as variables before it (values the file reads as $NAME,
	// such as passwords). The fields above still decide where the server
	// stores and listens. A server with users refuses Connect's
	// in-process client: connect by URL with ConnectAuth.
	ConfigFile string
	Vars       map[string]string
}

// Embedded is an in-process NATS server with JetStream.
type Embedded struct {
	srv *server.Server
}

// StartEmbedded starts an in-process NATS server with JetStream storing
// under opts.Dir, and waits until it is ready (at most 30 s).
func StartEmbedded(opts EmbeddedOptions) (*Embedded, error) {
	if opts.Dir == "" {
		return nil, errors.New("embedded NATS: no store directory")
	}
	if err := os.MkdirAll(opts.Dir, 0o750); err != nil {
		return nil, fmt.Errorf("embedded NATS: store directory: %w", err)
	}
	port := server.RANDOM_PORT
	if opts.Port > 0 {
		port = opts.Port
	}
	so := &server.Options{}
	if opts.ConfigFile != "" {
		conf, err := os.ReadFile(opts.ConfigFile)
		if err != nil {
			return nil, fmt.Errorf("embedded NATS: %w", err)
		}
		var vars strings.Builder
		for _, k := range slices.Sorted(maps.Keys(opts.Vars)) {
			fmt.Fprintf(&vars, "%s: %q\n", k, opts.Vars[k])
		}
		if err := so.ProcessConfigString(vars.String() + string(conf)); err != nil {
			return nil, fmt.Errorf("embedded NATS: %s: %w", opts.ConfigFile, err)
		}
	}
	so.ServerName, so.Host, so.Port = "mcpgauge-embedded", "127.0.0.1", port
	so.JetStream, so.StoreDir, so.DontListen = true, filepath.Clean(opts.Dir), !opts.Listen
	so.NoSigs, so.NoLog = true, true
	if so.MaxPayload == 0 {
		// Job and result messages carry a whole registry entry and findings.
		so.MaxPayload = 8 << 20
	}
	ns, err := server.NewServer(so)
	if err != nil {
		return nil, fmt.Errorf("embedded NATS: %w", err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(30 * time.Second) {
		ns.Shutdown()
		return nil, errors.New("embedded NATS: not ready after 30s")
	}
	return &Embedded{srv: ns}, nil
}

// ClientURL is the server's nats:// URL (meaningful only with Listen).
func (e *Embedded) ClientURL() string { return e.srv.ClientURL() }

// Connect opens a client connection to the embedded server (in-process when
// the server does not listen).
func (e *Embedded) Connect(name string) (*nats.Conn, error) {
	nc, err := nats.Connect("", nats.InProcessServer(e.srv), nats.Name(name), nats.MaxReconnects(-1))
	if err != nil {
		return nil, fmt.Errorf("connect to embedded NATS: %w", err)
	}
	return nc, nil
}

// Shutdown stops the server and waits for it.
func (e *Embedded) Shutdown() {
	e.srv.Shutdown()
	e.srv.WaitForShutdown()
}

// DialTimeout bounds one connection attempt to a NATS URL.
const DialTimeout = time.Second

// Connect dials a NATS URL once, failing within DialTimeout when the
// server cannot be reached (the caller retries, visibly); once connected,
// the client reconnects forever (a coordinator or worker outlives NATS
// restarts). It is ConnectAuth with no credentials beyond the URL's.
func Connect(url, name string) (*nats.Conn, error) {
	return ConnectAuth(url, name, Auth{})
}

// Setup creates or updates the streams, the two durable consumers and the
// key-value buckets of schema.BucketSpecs (DESIGN §4 plus mcpgauge-tools).
// It is idempotent. scanDeadline sets the workers' AckWait (2 × deadline;
// 0 = schema.DefaultScanDeadline). Only the process that owns the sweep
// (the coordinator, or the embedded sweep) calls it; workers call Bind.
func Setup(ctx context.Context, js jetstream.JetStream, scanDeadline time.Duration) error {
	for _, s := range []schema.StreamSpec{schema.JobsStreamSpec(), schema.ResultsStreamSpec()} {
		if _, err := js.CreateOrUpdateStream(ctx, StreamConfig(s)); err != nil {
			return fmt.Errorf("create stream %s: %w", s.Name, err)
		}
	}
	for _, c := range []schema.ConsumerSpec{schema.WorkersConsumerSpec(scanDeadline), schema.IngestConsumerSpec()} {
		if _, err := js.CreateOrUpdateConsumer(ctx, c.Stream, ConsumerConfig(c)); err != nil {
			return fmt.Errorf("create consumer %s on %s: %w", c.Durable, c.Stream, err)
		}
	}
	for _, b := range schema.BucketSpecs() {
		if _, err := js.CreateOrUpdateKeyValue(ctx, BucketConfig(b)); err != nil {
			return fmt.Errorf("create key-value bucket %s: %w", b.Bucket, err)
		}
	}
	return nil
}

// StreamConfig maps a schema stream spec to its JetStream config.
func StreamConfig(s schema.StreamSpec) jetstream.StreamConfig {
	cfg := jetstream.StreamConfig{Name: s.Name, Subjects: s.Subjects, Duplicates: s.Duplicates, MaxAge: s.MaxAge,
		Retention: jetstream.LimitsPolicy, Storage: jetstream.FileStorage}
	if s.Retention == schema.RetentionWorkQueue {
		cfg.Retention = jetstream.WorkQueuePolicy
	}
	if s.Storage == schema.StorageMemory {
		cfg.Storage = jetstream.MemoryStorage
	}
	return cfg
}

// ConsumerConfig maps a schema consumer spec to its JetStream config.
func ConsumerConfig(c schema.ConsumerSpec) jetstream.ConsumerConfig {
	return jetstream.ConsumerConfig{Durable: c.Durable, AckPolicy: jetstream.AckExplicitPolicy, AckWait: c.AckWait,
		MaxDeliver: c.MaxDeliver, FilterSubject: c.FilterSubject, MaxAckPending: -1}
}

// BucketConfig maps a schema bucket spec to its JetStream config.
func BucketConfig(b schema.BucketSpec) jetstream.KeyValueConfig {
	cfg := jetstream.KeyValueConfig{Bucket: b.Bucket, History: uint8(b.History), TTL: b.TTL, Storage: jetstream.FileStorage}
	if b.Storage == schema.StorageMemory {
		cfg.Storage = jetstream.MemoryStorage
	}
	return cfg
}

// ReclaimLeases hands back at once every job a previous process held on
// this JetStream server: when the workers' durable consumer has jobs
// awaiting an ack, it is recreated, so they are delivered again now instead
// of when their AckWait (twice the scan deadline) runs out. The jobs stream
// is a work queue, so the new consumer sees exactly the jobs not yet done.
// Call it only where no other process can hold a lease: an embedded server
// just started on its own data dir, before any worker runs. It returns how
// many leases were reclaimed; their delivery counts start again at zero.
// (Results need no reclaiming: the ingest consumer's AckWait is a minute.)
func ReclaimLeases(ctx context.Context, js jetstream.JetStream, scanDeadline time.Duration) (int, error) {
	spec := schema.WorkersConsumerSpec(scanDeadline)
	cons, err := js.Consumer(ctx, spec.Stream, spec.Durable)
	if err != nil {
		return 0, fmt.Errorf("reclaim leases: consumer %s: %w", spec.Durable, err)
	}
	info, err := cons.Info(ctx)
	if err != nil {
		return 0, fmt.Errorf("reclaim leases: consumer %s: %w", spec.Durable, err)
	}
	if info.NumAckPending == 0 {
		return 0, nil
	}
	if err := js.DeleteConsumer(ctx, spec.Stream, spec.Durable); err != nil {
		return 0, fmt.Errorf("reclaim leases: delete consumer %s: %w", spec.Durable, err)
	}
	if _, err := js.CreateOrUpdateConsumer(ctx, spec.Stream, ConsumerConfig(spec)); err != nil {
		return 0, fmt.Errorf("reclaim leases: recreate consumer %s: %w", spec.Durable, err)
	}
	return info.NumAckPending, nil
}

// ErrNotSetUp says a stream, consumer or bucket a worker needs does not
// exist yet: the coordinator has not run Setup on this NATS server.
var ErrNotSetUp = errors.New("not set up by a coordinator yet")

// Bind checks, without creating or changing anything, that the jobs and
// results streams, the workers' durable consumer and the one bucket a
// worker reads (the eval cache; it writes none) exist. A missing one is
// reported wrapping ErrNotSetUp; other errors are the server's.
func Bind(ctx context.Context, js jetstream.JetStream) error {
	for _, s := range []schema.StreamSpec{schema.JobsStreamSpec(), schema.ResultsStreamSpec()} {
		if _, err := js.Stream(ctx, s.Name); err != nil {
			return bindErr("stream "+s.Name, err)
		}
	}
	spec := schema.WorkersConsumerSpec(0)
	if _, err := js.Consumer(ctx, spec.Stream, spec.Durable); err != nil {
		return bindErr("consumer "+spec.Durable+" on "+spec.Stream, err)
	}
	if _, err := OpenBucket(ctx, js, schema.EvalCacheBucket); err != nil {
		return err
	}
	return nil
}

func bindErr(what string, err error) error {
	if errors.Is(err, jetstream.ErrStreamNotFound) || errors.Is(err, jetstream.ErrConsumerNotFound) ||
		errors.Is(err, jetstream.ErrBucketNotFound) {
		return fmt.Errorf("%s: %w", what, ErrNotSetUp)
	}
	return fmt.Errorf("%s: %w", what, err)
}
