package coordinator_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/natsbus"
	"github.com/mcpgauge/mcpgauge/natsbus/kvtest"
	"github.com/mcpgauge/mcpgauge/schema"
)

// TestKV runs the bucket users' harness on the coordinator's three
// buckets, opened as New opens them (the coordinator stores its records
// in them as they are).
func TestKV(t *testing.T) {
	t.Parallel()
	pick := []func(scans, sweeps, sync *natsbus.KV) *natsbus.KV{
		func(scans, _, _ *natsbus.KV) *natsbus.KV { return scans },
		func(_, sweeps, _ *natsbus.KV) *natsbus.KV { return sweeps },
		func(_, _, sync *natsbus.KV) *natsbus.KV { return sync },
	}
	for i, bucket := range []string{schema.ScansBucket, schema.SweepsBucket, schema.SyncBucket} {
		t.Run(bucket, func(t *testing.T) {
			t.Parallel()
			kvtest.Run(t, kvtest.Use{Bucket: bucket, Open: func(ctx context.Context, js jetstream.JetStream) (kvtest.Store, error) {
				scans, sweeps, sync, err := coordinator.OpenBuckets(ctx, js)
				if err != nil {
					return nil, err
				}
				kv := pick[i](scans, sweeps, sync)
				if kv.Bucket() != bucket {
					return nil, fmt.Errorf("OpenBuckets gave %s where %s was due", kv.Bucket(), bucket)
				}
				return kvtest.KVStore{KV: kv}, nil
			}})
		})
	}
}
