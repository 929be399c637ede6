package toolstore_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/natsbus/kvtest"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/toolstore"
)

// kvStore is the tool store reduced to a payload under a key: the key is
// a server digest, the payload the description of its one tool.
type kvStore struct{ s *toolstore.KV }

func (k kvStore) Write(ctx context.Context, key, payload string) error {
	raw, err := json.Marshal(map[string]any{"name": "t", "description": payload})
	if err != nil {
		return err
	}
	return k.s.Put(ctx, key, []model.Tool{{Name: "t", Raw: raw}})
}

func (k kvStore) Read(ctx context.Context, key string) (string, bool, error) {
	tools, err := k.s.Load(ctx, key, nil)
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
	kvtest.Run(t, kvtest.Use{Bucket: schema.ToolsBucket, Open: func(ctx context.Context, js jetstream.JetStream) (kvtest.Store, error) {
		s, err := toolstore.Open(ctx, js)
		return kvStore{s}, err
	}})
}
