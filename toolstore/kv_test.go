package toolstore_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/natsbus/kvtest"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/toolstore"
)

// kvStore is the tool store reduced to a payload under a key: the payload
// is the description of a server's one tool, and the key names the
// server, whose digest (what the store is keyed by, and checks values
// against) digests remembers once a Put has stored it.
type kvStore struct {
	s       *toolstore.KV
	digests *sync.Map
}

func (k kvStore) Write(ctx context.Context, key, payload string) error {
	raw, err := json.Marshal(map[string]any{"name": "t", "description": payload})
	if err != nil {
		return err
	}
	tools := []model.Tool{{Name: "t", Raw: raw}}
	d := model.ServerSHA256(tools)
	if err := k.s.Put(ctx, d, tools); err != nil {
		return err
	}
	k.digests.Store(key, d)
	return nil
}

func (k kvStore) Read(ctx context.Context, key string) (string, bool, error) {
	d, ok := k.digests.Load(key)
	if !ok {
		d = key // never written here: not stored
	}
	tools, err := k.s.Load(ctx, d.(string), nil)
	if errors.Is(err, toolstore.ErrNotFound) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	if len(tools) != 1 {
		return "", false, fmt.Errorf("%d tools stored, want 1", len(tools))
	}
	return tools[0].RawDescription, true, nil
}

// TestKV runs the bucket users' harness on the tool store.
func TestKV(t *testing.T) {
	t.Parallel()
	var digests sync.Map
	kvtest.Run(t, kvtest.Use{Bucket: schema.ToolsBucket, Open: func(ctx context.Context, js jetstream.JetStream) (kvtest.Store, error) {
		s, err := toolstore.Open(ctx, js)
		return kvStore{s, &digests}, err
	}})
}
