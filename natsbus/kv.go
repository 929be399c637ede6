package natsbus

import (
	"context"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/schema"
)

// Errors of KV operations a caller tells apart (errors.Is); each is wrapped
// with the bucket and key it concerns. A bucket that does not exist is
// ErrNotSetUp, as Bind reports it.
var (
	// ErrNotFound says the key holds no value (never written, or deleted).
	ErrNotFound = errors.New("key not found")
	// ErrTooLarge says a value exceeds its bucket's MaxValueSize; it was
	// not sent.
	ErrTooLarge = errors.New("value too large")
	// ErrConflict says a Create found the key already holding a value, or
	// an Update's revision was not the key's latest.
	ErrConflict = errors.New("revision conflict")
)

// Entry is one stored value and the revision that wrote it.
type Entry struct {
	Key      string
	Value    []byte
	Revision uint64
}

// KV is one JetStream key-value bucket of schema.BucketSpecs, opened and
// never created or reconfigured: Setup (the coordinator's) creates the
// buckets, and every other user of a bucket, the coordinator included,
// reaches it through a KV. Values larger than the spec's MaxValueSize are
// refused with ErrTooLarge before anything is sent.
//
// Concurrency: a KV holds no state besides the bucket handle and is safe
// for use by any number of goroutines, and by any number of processes
// sharing the bucket. Each operation is one request the server orders
// against every other writer of the key: concurrent Puts of one key leave
// whichever the server applied last; Create and Update are the
// compare-and-set operations (at most one Create of an absent key wins,
// and an Update succeeds only against the revision it names; the losers
// get ErrConflict). A Get returns the latest value the server had when it
// answered, which another writer may already have replaced. Operations
// on different keys are independent. Values passed in are not retained,
// and values returned are the caller's to keep.
type KV struct {
	kv   jetstream.KeyValue
	spec schema.BucketSpec
}

// OpenKV opens the existing bucket spec names. It never creates or
// changes a bucket: a missing one is reported wrapping ErrNotSetUp.
func OpenKV(ctx context.Context, js jetstream.JetStream, spec schema.BucketSpec) (*KV, error) {
	kv, err := js.KeyValue(ctx, spec.Bucket)
	if err != nil {
		return nil, bindErr("key-value bucket "+spec.Bucket, err)
	}
	return &KV{kv: kv, spec: spec}, nil
}

// OpenBucket is OpenKV with the spec schema.BucketSpecs gives bucket.
func OpenBucket(ctx context.Context, js jetstream.JetStream, bucket string) (*KV, error) {
	spec, ok := schema.BucketSpecFor(bucket)
	if !ok {
		return nil, fmt.Errorf("key-value bucket %s: not one of schema.BucketSpecs", bucket)
	}
	return OpenKV(ctx, js, spec)
}

// Bucket is the bucket's name.
func (k *KV) Bucket() string { return k.spec.Bucket }

// MaxValueSize is the largest value Put, Create and Update accept (0: no
// cap of its own).
func (k *KV) MaxValueSize() int { return k.spec.MaxValueSize }

// Get returns key's latest value, or an error wrapping ErrNotFound.
func (k *KV) Get(ctx context.Context, key string) (Entry, error) {
	e, err := k.kv.Get(ctx, key)
	if err != nil {
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			return Entry{}, k.wrap(key, ErrNotFound)
		}
		return Entry{}, k.wrap(key, err)
	}
	return Entry{Key: e.Key(), Value: e.Value(), Revision: e.Revision()}, nil
}

// Lookup is Get reporting an absent key as (Entry{}, false, nil).
func (k *KV) Lookup(ctx context.Context, key string) (Entry, bool, error) {
	e, err := k.Get(ctx, key)
	if errors.Is(err, ErrNotFound) {
		return Entry{}, false, nil
	}
	if err != nil {
		return Entry{}, false, err
	}
	return e, true, nil
}

// Put stores value under key, whatever it held, and returns the new
// revision.
func (k *KV) Put(ctx context.Context, key string, value []byte) (uint64, error) {
	if err := k.fits(key, value); err != nil {
		return 0, err
	}
	rev, err := k.kv.Put(ctx, key, value)
	if err != nil {
		return 0, k.wrap(key, err)
	}
	return rev, nil
}

// Create stores value under key only when the key holds no value (never
// written or deleted); otherwise it fails wrapping ErrConflict.
func (k *KV) Create(ctx context.Context, key string, value []byte) (uint64, error) {
	if err := k.fits(key, value); err != nil {
		return 0, err
	}
	rev, err := k.kv.Create(ctx, key, value)
	if err != nil {
		if errors.Is(err, jetstream.ErrKeyExists) {
			return 0, k.wrap(key, fmt.Errorf("%w: %w", ErrConflict, err))
		}
		return 0, k.wrap(key, err)
	}
	return rev, nil
}

// Update stores value under key only when revision is the key's latest;
// otherwise it fails wrapping ErrConflict.
func (k *KV) Update(ctx context.Context, key string, value []byte, revision uint64) (uint64, error) {
	if err := k.fits(key, value); err != nil {
		return 0, err
	}
	rev, err := k.kv.Update(ctx, key, value, revision)
	if err != nil {
		if errors.Is(err, jetstream.ErrKeyRevisionMismatch) || errors.Is(err, jetstream.ErrKeyExists) {
			return 0, k.wrap(key, fmt.Errorf("%w: %w", ErrConflict, err))
		}
		return 0, k.wrap(key, err)
	}
	return rev, nil
}

// Delete removes key's value (deleting an absent key is not an error).
func (k *KV) Delete(ctx context.Context, key string) error {
	if err := k.kv.Delete(ctx, key); err != nil {
		return k.wrap(key, err)
	}
	return nil
}

// Keys lists the keys holding a value, in the order the server last wrote
// them (none: an empty list).
func (k *KV) Keys(ctx context.Context) ([]string, error) {
	lister, err := k.kv.ListKeys(ctx)
	if err != nil {
		return nil, fmt.Errorf("key-value bucket %s: list keys: %w", k.spec.Bucket, err)
	}
	var keys []string
	for key := range lister.Keys() {
		keys = append(keys, key)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("key-value bucket %s: list keys: %w", k.spec.Bucket, err)
	}
	return keys, nil
}

// fits refuses a value over the bucket's cap.
func (k *KV) fits(key string, value []byte) error {
	if k.spec.MaxValueSize > 0 && len(value) > k.spec.MaxValueSize {
		return k.wrap(key, fmt.Errorf("%w: %d bytes, the bucket takes at most %d", ErrTooLarge, len(value), k.spec.MaxValueSize))
	}
	return nil
}

func (k *KV) wrap(key string, err error) error {
	return fmt.Errorf("key-value bucket %s: key %s: %w", k.spec.Bucket, key, err)
}
