package natsbus_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/natsbus"
	"github.com/mcpgauge/mcpgauge/schema"
)

// deployConf is the NATS config the compose file runs and the chart's
// users must match.
const deployConf = "../deploy/nats.conf"

// authServer runs an in-process nats-server with JetStream configured by
// deploy/nats.conf itself (the role passwords given as the variables the
// file reads from the environment), listening on a loopback port.
func authServer(t *testing.T, passwords map[string]string) *natsbus.Embedded {
	t.Helper()
	ns, err := natsbus.StartEmbedded(natsbus.EmbeddedOptions{Dir: t.TempDir(), Listen: true, ConfigFile: deployConf, Vars: passwords})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ns.Shutdown)
	return ns
}

// secret writes content to a 0600 file and returns its path.
func secret(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// violations records the permission violations the server reports to a
// client.
type violations struct {
	mu   sync.Mutex
	seen []string
}

func (v *violations) handler(_ *nats.Conn, _ *nats.Subscription, err error) {
	if errors.Is(err, nats.ErrPermissionViolation) {
		v.mu.Lock()
		v.seen = append(v.seen, err.Error())
		v.mu.Unlock()
	}
}

// waitFor returns the first recorded violation naming subject.
func (v *violations) has(subject string) bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	for _, s := range v.seen {
		if strings.Contains(s, `"`+subject+`"`) || strings.Contains(s, subject) {
			return true
		}
	}
	return false
}

// TestDeployNATSRoles loads deploy/nats.conf into a real nats-server and
// checks the least-privilege roles: anonymous and wrong-password clients
// are refused; the coordinator sets up the bus, publishes jobs and writes
// mcpgauge-scans and the caches; a worker binds, pulls and acks a job,
// publishes its result and phase, and reads the eval cache, but cannot
// publish a job, write or read mcpgauge-scans, write the eval cache or
// the tool store (or read the tool store), write another bucket, or
// purge, delete or create a stream or consumer, and none of those
// attempts changes anything.
func TestDeployNATSRoles(t *testing.T) {
	t.Parallel()
	const coordPW, workerPW = "coord-secret-1", "worker-secret-2"
	ns := authServer(t, map[string]string{"MCPGAUGE_NATS_COORDINATOR_PASSWORD": coordPW, "MCPGAUGE_NATS_WORKER_PASSWORD": workerPW})
	url := ns.ClientURL()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	// Who may connect.
	if nc, err := natsbus.Connect(url, "anonymous"); err == nil {
		nc.Close()
		t.Fatal("an anonymous client connected to the deploy config's server")
	}
	wrong := natsbus.Auth{User: "mcpgauge-worker", PasswordFile: secret(t, "wrong", coordPW)}
	if nc, err := natsbus.ConnectAuth(url, "wrong", wrong); err == nil {
		nc.Close()
		t.Fatal("the worker user connected with the coordinator's password")
	} else if strings.Contains(err.Error(), coordPW) {
		t.Errorf("the refusal quotes the password: %v", err)
	}

	_, cjs := connectAs(t, url, "mcpgauge-coordinator", coordPW, nil)
	// The coordinator: set up, publish a job, write the scans bucket.
	if err := natsbus.Setup(ctx, cjs, time.Minute); err != nil {
		t.Fatalf("coordinator Setup: %v", err)
	}
	if _, err := cjs.Publish(ctx, schema.JobSubject("s1"), []byte(`{"job":1}`)); err != nil {
		t.Fatalf("coordinator publishes a job: %v", err)
	}
	scans, err := natsbus.OpenBucket(ctx, cjs, schema.ScansBucket)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := scans.Put(ctx, "k-coordinator", []byte("{}")); err != nil {
		t.Fatalf("coordinator writes %s: %v", schema.ScansBucket, err)
	}

	var v violations
	workerNC, wjs := connectAs(t, url, "mcpgauge-worker", workerPW, v.handler)

	// What a worker does, allowed.
	if err := natsbus.Bind(ctx, wjs); err != nil {
		t.Fatalf("worker Bind: %v", err)
	}
	// The caches: the coordinator writes them, a worker reads the eval
	// cache (and nothing else; see denied).
	cacheKVs := map[string]*natsbus.KV{}
	for _, b := range []string{schema.EvalCacheBucket, schema.ToolsBucket} {
		kv, err := natsbus.OpenBucket(ctx, cjs, b)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := kv.Put(ctx, "k-coordinator", []byte("v1")); err != nil {
			t.Fatalf("coordinator writes %s: %v", b, err)
		}
		cacheKVs[b] = kv
	}
	evalKV, err := natsbus.OpenBucket(ctx, wjs, schema.EvalCacheBucket)
	if err != nil {
		t.Fatalf("worker opens %s: %v", schema.EvalCacheBucket, err)
	}
	if e, err := evalKV.Get(ctx, "k-coordinator"); err != nil || string(e.Value) != "v1" {
		t.Fatalf("worker reads %s: %q %v", schema.EvalCacheBucket, e.Value, err)
	}
	cons, err := wjs.Consumer(ctx, schema.JobsStream, schema.WorkersConsumer)
	if err != nil {
		t.Fatalf("worker binds the workers consumer: %v", err)
	}
	batch, err := cons.Fetch(1, jetstream.FetchMaxWait(30*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	var got int
	for msg := range batch.Messages() {
		got++
		if err := msg.InProgress(); err != nil {
			t.Errorf("worker extends the lease: %v", err)
		}
		if _, err := wjs.Publish(ctx, schema.ResultSubject("s1"), []byte(`{"result":1}`)); err != nil {
			t.Fatalf("worker publishes a result: %v", err)
		}
		if err := workerNC.Publish(schema.PhaseSubject("s1"), []byte(`{}`)); err != nil {
			t.Fatalf("worker publishes a phase: %v", err)
		}
		if err := msg.DoubleAck(ctx); err != nil {
			t.Fatalf("worker acks the job: %v", err)
		}
	}
	if got != 1 || batch.Error() != nil {
		t.Fatalf("worker pulled %d jobs (%v), want 1", got, batch.Error())
	}
	if err := workerNC.Flush(); err != nil {
		t.Fatal(err)
	}

	// What a worker must not do: each is refused by the server (a
	// permission violation naming the subject) and changes nothing.
	denied := []struct {
		name, subject string
		do            func(context.Context) error
	}{
		{"publish a job", schema.JobSubject("s1"), func(ctx context.Context) error {
			_, err := wjs.Publish(ctx, schema.JobSubject("s1"), []byte(`{"forged":1}`))
			return err
		}},
		{"write mcpgauge-scans", "$KV." + schema.ScansBucket + ".k-worker", func(ctx context.Context) error {
			_, err := wjs.Publish(ctx, "$KV."+schema.ScansBucket+".k-worker", []byte("{}"))
			return err
		}},
		{"open mcpgauge-scans", "$JS.API.STREAM.INFO.KV_" + schema.ScansBucket, func(ctx context.Context) error {
			_, err := natsbus.OpenBucket(ctx, wjs, schema.ScansBucket)
			return err
		}},
		{"read mcpgauge-scans", "$JS.API.DIRECT.GET.KV_" + schema.ScansBucket, func(ctx context.Context) error {
			_, err := workerNC.RequestWithContext(ctx, "$JS.API.DIRECT.GET.KV_"+schema.ScansBucket+".$KV."+schema.ScansBucket+".k-coordinator", nil)
			return err
		}},
		{"write mcpgauge-evalcache", "$KV." + schema.EvalCacheBucket + ".k-worker", func(ctx context.Context) error {
			_, err := evalKV.Put(ctx, "k-worker", []byte("poisoned"))
			return err
		}},
		{"overwrite a mcpgauge-evalcache key", "$KV." + schema.EvalCacheBucket + ".k-coordinator", func(ctx context.Context) error {
			_, err := wjs.Publish(ctx, "$KV."+schema.EvalCacheBucket+".k-coordinator", []byte("poisoned"))
			return err
		}},
		{"write mcpgauge-tools", "$KV." + schema.ToolsBucket + ".k-worker", func(ctx context.Context) error {
			_, err := wjs.Publish(ctx, "$KV."+schema.ToolsBucket+".k-worker", []byte("{}"))
			return err
		}},
		{"open mcpgauge-tools", "$JS.API.STREAM.INFO.KV_" + schema.ToolsBucket, func(ctx context.Context) error {
			_, err := natsbus.OpenBucket(ctx, wjs, schema.ToolsBucket)
			return err
		}},
		{"read mcpgauge-tools", "$JS.API.DIRECT.GET.KV_" + schema.ToolsBucket, func(ctx context.Context) error {
			_, err := workerNC.RequestWithContext(ctx, "$JS.API.DIRECT.GET.KV_"+schema.ToolsBucket+".$KV."+schema.ToolsBucket+".k-coordinator", nil)
			return err
		}},
		{"write mcpgauge-sweeps", "$KV." + schema.SweepsBucket + ".s1", func(ctx context.Context) error {
			_, err := wjs.Publish(ctx, "$KV."+schema.SweepsBucket+".s1", []byte("{}"))
			return err
		}},
		{"purge the jobs stream", "$JS.API.STREAM.PURGE." + schema.JobsStream, func(ctx context.Context) error {
			return purge(ctx, wjs, schema.JobsStream)
		}},
		{"purge the results stream", "$JS.API.STREAM.PURGE." + schema.ResultsStream, func(ctx context.Context) error {
			return purge(ctx, wjs, schema.ResultsStream)
		}},
		{"delete the jobs stream", "$JS.API.STREAM.DELETE." + schema.JobsStream, func(ctx context.Context) error {
			return wjs.DeleteStream(ctx, schema.JobsStream)
		}},
		{"create a stream", "$JS.API.STREAM.CREATE.EVIL", func(ctx context.Context) error {
			_, err := wjs.CreateStream(ctx, jetstream.StreamConfig{Name: "EVIL", Subjects: []string{"evil.>"}})
			return err
		}},
		{"delete the workers consumer", "$JS.API.CONSUMER.DELETE." + schema.JobsStream + "." + schema.WorkersConsumer, func(ctx context.Context) error {
			return wjs.DeleteConsumer(ctx, schema.JobsStream, schema.WorkersConsumer)
		}},
		{"pull from the coordinator's consumer", "$JS.API.CONSUMER.INFO." + schema.ResultsStream + "." + schema.IngestConsumer, func(ctx context.Context) error {
			_, err := wjs.Consumer(ctx, schema.ResultsStream, schema.IngestConsumer)
			return err
		}},
		{"read the coordinator's replies", "_INBOX_mcpgauge-coordinator.>", func(ctx context.Context) error {
			return listen(ctx, workerNC, "_INBOX_mcpgauge-coordinator.>")
		}},
		{"read every reply", "_INBOX.>", func(ctx context.Context) error {
			return listen(ctx, workerNC, "_INBOX.>")
		}},
		{"listen to the jobs subject", schema.JobsSubjectPrefix + ".>", func(ctx context.Context) error {
			return listen(ctx, workerNC, schema.JobsSubjectPrefix+".>")
		}},
	}
	t.Run("worker denied", func(t *testing.T) {
		for _, d := range denied {
			t.Run(d.name, func(t *testing.T) {
				t.Parallel()
				dctx, cancel := context.WithTimeout(ctx, 3*time.Second)
				defer cancel()
				if err := d.do(dctx); err == nil {
					t.Fatalf("a worker could %s", d.name)
				}
				if err := workerNC.Flush(); err != nil {
					t.Fatal(err)
				}
				if !v.has(d.subject) {
					t.Errorf("no permission violation for %s reported (seen %q)", d.subject, v.seen)
				}
			})
		}
	})

	// Nothing changed: one job was published and taken, the scans bucket
	// holds the coordinator's key alone, the streams and consumer exist.
	if _, err := scans.Get(ctx, "k-worker"); !errors.Is(err, natsbus.ErrNotFound) {
		t.Errorf("the worker's scans key exists (%v)", err)
	}
	if _, err := scans.Get(ctx, "k-coordinator"); err != nil {
		t.Errorf("the coordinator's scans key: %v", err)
	}
	for b, kv := range cacheKVs {
		if _, err := kv.Get(ctx, "k-worker"); !errors.Is(err, natsbus.ErrNotFound) {
			t.Errorf("the worker's %s key exists (%v)", b, err)
		}
		if e, err := kv.Get(ctx, "k-coordinator"); err != nil || string(e.Value) != "v1" {
			t.Errorf("the coordinator's %s key: %q %v", b, e.Value, err)
		}
	}
	js, err := cjs.Stream(ctx, schema.JobsStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := js.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.State.LastSeq != 1 || info.State.Msgs != 0 {
		t.Errorf("jobs stream: last sequence %d, %d messages; want only the coordinator's job, taken", info.State.LastSeq, info.State.Msgs)
	}
	rs, err := cjs.Stream(ctx, schema.ResultsStream)
	if err != nil {
		t.Fatal(err)
	}
	if ri, err := rs.Info(ctx); err != nil || ri.State.Msgs != 1 {
		t.Errorf("results stream holds %v messages (%v), want the worker's one result", ri, err)
	}
	if _, err := cjs.Consumer(ctx, schema.JobsStream, schema.WorkersConsumer); err != nil {
		t.Errorf("the workers consumer is gone: %v", err)
	}
	if _, err := cjs.Stream(ctx, "EVIL"); !errors.Is(err, jetstream.ErrStreamNotFound) {
		t.Errorf("the worker's stream exists (%v)", err)
	}
	// The coordinator keeps its rights after all that.
	if err := purge(ctx, cjs, schema.JobsStream); err != nil {
		t.Errorf("the coordinator cannot purge the jobs stream: %v", err)
	}
}

// connectAs connects as user with password (from a file, as the
// processes do), reporting async errors to onErr when set.
func connectAs(t *testing.T, url, user, password string, onErr nats.ErrHandler) (*nats.Conn, jetstream.JetStream) {
	t.Helper()
	nc, err := natsbus.ConnectAuth(url, user, natsbus.Auth{User: user, PasswordFile: secret(t, user, password)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	if onErr != nil {
		nc.SetErrorHandler(onErr)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return nc, js
}

// listen subscribes to subject and waits for a message.
func listen(ctx context.Context, nc *nats.Conn, subject string) error {
	sub, err := nc.SubscribeSync(subject)
	if err != nil {
		return err
	}
	defer sub.Unsubscribe()
	_, err = sub.NextMsgWithContext(ctx)
	return err
}

func purge(ctx context.Context, js jetstream.JetStream, name string) error {
	s, err := js.Stream(ctx, name)
	if err != nil {
		return err
	}
	return s.Purge(ctx)
}
