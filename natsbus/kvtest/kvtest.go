// Package kvtest is the one test harness of every key-value bucket user:
// the same cases (round trip, not found, too large, revision conflict,
// concurrent writers, bucket absent) run on a real in-process NATS server
// for each use, as nats-server's store tests run every case on every
// store. A user describes itself as a Use (how it opens its bucket and
// how its own API writes and reads a payload); Run does the rest.
package kvtest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/internal/testutil/natstest"
	"github.com/mcpgauge/mcpgauge/natsbus"
	"github.com/mcpgauge/mcpgauge/schema"
)

// Use is one user of a bucket.
type Use struct {
	// Bucket is the bucket (one of schema.BucketSpecs) the user opens.
	Bucket string
	// Open opens the user's store on js exactly as the user does in
	// production. Each call stands for another process.
	Open func(ctx context.Context, js jetstream.JetStream) (Store, error)
}

// Store is a user's store reduced to a payload under a key: Write goes
// through the user's own API (which frames the payload in its stored form),
// Read reads it back the same way.
type Store interface {
	// Write stores payload (ASCII letters) under key.
	Write(ctx context.Context, key, payload string) error
	// Read returns the payload stored under key; found is false, with a
	// nil error, when there is none.
	Read(ctx context.Context, key string) (payload string, found bool, err error)
}

// KVStore is the Store of a user that writes its values to a natsbus.KV as
// they are (the coordinator's buckets).
type KVStore struct{ KV *natsbus.KV }

// Write implements Store.
func (s KVStore) Write(ctx context.Context, key, payload string) error {
	_, err := s.KV.Put(ctx, key, []byte(payload))
	return err
}

// Read implements Store.
func (s KVStore) Read(ctx context.Context, key string) (string, bool, error) {
	e, ok, err := s.KV.Lookup(ctx, key)
	return string(e.Value), ok, err
}

// Run runs every case on u, in parallel, against one server set up as a
// coordinator sets it up (the cases use distinct keys) and, for
// BucketAbsent, one that is not.
func Run(t *testing.T, u Use) {
	t.Helper()
	spec, ok := schema.BucketSpecFor(u.Bucket)
	if !ok {
		t.Fatalf("bucket %s is not one of schema.BucketSpecs", u.Bucket)
	}
	if spec.MaxValueSize <= 0 {
		t.Fatalf("bucket %s has no MaxValueSize", u.Bucket)
	}
	js := natstest.Run(t, natstest.Options{Dir: t.TempDir()}).JS
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			c.run(ctx, t, u, spec, js)
		})
	}
}

var cases = []struct {
	name string
	run  func(context.Context, *testing.T, Use, schema.BucketSpec, jetstream.JetStream)
}{
	{"RoundTrip", roundTrip},
	{"NotFound", notFound},
	{"TooLarge", tooLarge},
	{"Conflict", conflict},
	{"ConcurrentWriters", concurrentWriters},
	{"BucketAbsent", bucketAbsent},
}

func open(ctx context.Context, t *testing.T, u Use, js jetstream.JetStream) Store {
	t.Helper()
	s, err := u.Open(ctx, js)
	if err != nil {
		t.Fatalf("open %s: %v", u.Bucket, err)
	}
	return s
}

// roundTrip: what one process writes another reads back; a second write
// replaces the first.
func roundTrip(ctx context.Context, t *testing.T, u Use, _ schema.BucketSpec, js jetstream.JetStream) {
	w, r := open(ctx, t, u, js), open(ctx, t, u, js)
	for _, p := range []string{"first", strings.Repeat("b", 4096)} {
		if err := w.Write(ctx, "k1", p); err != nil {
			t.Fatalf("write: %v", err)
		}
		got, ok, err := r.Read(ctx, "k1")
		if err != nil || !ok || got != p {
			t.Fatalf("read back %.20q (found %v, err %v), want %.20q", got, ok, err, p)
		}
	}
}

// notFound: an absent key is found false, not an error.
func notFound(ctx context.Context, t *testing.T, u Use, _ schema.BucketSpec, js jetstream.JetStream) {
	s := open(ctx, t, u, js)
	if got, ok, err := s.Read(ctx, "absent"); err != nil || ok {
		t.Fatalf("absent key: %q found %v, err %v", got, ok, err)
	}
}

// tooLarge: a value over the bucket's cap is refused wrapping
// natsbus.ErrTooLarge and nothing is stored; the key's old value stands.
func tooLarge(ctx context.Context, t *testing.T, u Use, spec schema.BucketSpec, js jetstream.JetStream) {
	s := open(ctx, t, u, js)
	if err := s.Write(ctx, "big", "small"); err != nil {
		t.Fatal(err)
	}
	err := s.Write(ctx, "big", strings.Repeat("x", spec.MaxValueSize+1))
	if !errors.Is(err, natsbus.ErrTooLarge) {
		t.Fatalf("write of %d bytes = %v, want ErrTooLarge", spec.MaxValueSize+1, err)
	}
	if got, ok, err := s.Read(ctx, "big"); err != nil || !ok || got != "small" {
		t.Fatalf("after a refused write: %.20q found %v, err %v; want the old value", got, ok, err)
	}
}

// conflict: on the user's bucket, a second Create of a key and an Update
// naming a stale revision fail wrapping natsbus.ErrConflict; the current
// revision succeeds.
func conflict(ctx context.Context, t *testing.T, u Use, spec schema.BucketSpec, js jetstream.JetStream) {
	open(ctx, t, u, js)
	kv, err := natsbus.OpenKV(ctx, js, spec)
	if err != nil {
		t.Fatal(err)
	}
	rev, err := kv.Create(ctx, "cas", []byte("one"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Create(ctx, "cas", []byte("two")); !errors.Is(err, natsbus.ErrConflict) {
		t.Fatalf("second Create = %v, want ErrConflict", err)
	}
	rev2, err := kv.Update(ctx, "cas", []byte("two"), rev)
	if err != nil {
		t.Fatalf("Update at the latest revision: %v", err)
	}
	if _, err := kv.Update(ctx, "cas", []byte("three"), rev); !errors.Is(err, natsbus.ErrConflict) {
		t.Fatalf("Update at a stale revision = %v, want ErrConflict", err)
	}
	if e, err := kv.Get(ctx, "cas"); err != nil || string(e.Value) != "two" || e.Revision != rev2 {
		t.Fatalf("after the conflicts: %q rev %d (err %v), want \"two\" rev %d", e.Value, e.Revision, err, rev2)
	}
	if err := kv.Delete(ctx, "cas"); err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Get(ctx, "cas"); !errors.Is(err, natsbus.ErrNotFound) {
		t.Fatalf("Get after Delete = %v, want ErrNotFound", err)
	}
	if _, err := kv.Create(ctx, "cas", []byte("again")); err != nil {
		t.Fatalf("Create after Delete: %v", err)
	}
}

// concurrentWriters: writers in several "processes" (stores), each on its
// own keys and all on one shared key, lose nothing: every own key reads
// back its payload, the shared key one of the payloads written; and
// compare-and-set increments from every writer all count.
func concurrentWriters(ctx context.Context, t *testing.T, u Use, spec schema.BucketSpec, js jetstream.JetStream) {
	const writers, rounds = 4, 5
	stores := make([]Store, writers)
	for i := range stores {
		stores[i] = open(ctx, t, u, js)
	}
	kv, err := natsbus.OpenKV(ctx, js, spec)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Create(ctx, "counter", []byte("0")); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, writers*rounds*3)
	for i, s := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range rounds {
				p := fmt.Sprintf("w%dr%d", i, r)
				if err := s.Write(ctx, fmt.Sprintf("own%d", i), p); err != nil {
					errs <- err
				}
				if err := s.Write(ctx, "shared", p); err != nil {
					errs <- err
				}
				if err := increment(ctx, kv); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for i := range writers {
		want := fmt.Sprintf("w%dr%d", i, rounds-1)
		if got, ok, err := stores[(i+1)%writers].Read(ctx, fmt.Sprintf("own%d", i)); err != nil || !ok || got != want {
			t.Errorf("own%d = %q (found %v, err %v), want %q", i, got, ok, err, want)
		}
	}
	got, ok, err := stores[0].Read(ctx, "shared")
	if err != nil || !ok || !strings.HasPrefix(got, "w") || !strings.Contains(got, fmt.Sprintf("r%d", rounds-1)) {
		t.Errorf("shared = %q (found %v, err %v), want some writer's last payload", got, ok, err)
	}
	if e, err := kv.Get(ctx, "counter"); err != nil || string(e.Value) != fmt.Sprint(writers*rounds) {
		t.Errorf("counter = %q (err %v), want %d: a compare-and-set increment was lost", e.Value, err, writers*rounds)
	}
}

// increment adds one to the decimal under "counter", retrying on conflict.
func increment(ctx context.Context, kv *natsbus.KV) error {
	for {
		e, err := kv.Get(ctx, "counter")
		if err != nil {
			return err
		}
		var n int
		if _, err := fmt.Sscan(string(e.Value), &n); err != nil {
			return err
		}
		_, err = kv.Update(ctx, "counter", []byte(fmt.Sprint(n+1)), e.Revision)
		if !errors.Is(err, natsbus.ErrConflict) {
			return err
		}
	}
}

// bucketAbsent: on a server no coordinator set up, opening fails wrapping
// natsbus.ErrNotSetUp, and the bucket is still absent afterwards.
func bucketAbsent(ctx context.Context, t *testing.T, u Use, _ schema.BucketSpec, _ jetstream.JetStream) {
	js := natstest.Run(t, natstest.Options{Dir: t.TempDir(), Bare: true}).JS
	if _, err := u.Open(ctx, js); !errors.Is(err, natsbus.ErrNotSetUp) {
		t.Fatalf("open without the bucket = %v, want ErrNotSetUp", err)
	}
	if _, err := js.Stream(ctx, "KV_"+u.Bucket); !errors.Is(err, jetstream.ErrStreamNotFound) {
		t.Fatalf("opening created bucket %s (lookup: %v)", u.Bucket, err)
	}
}
