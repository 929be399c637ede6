// Package toolstore keeps the tool definitions of scanned servers in the
// NATS key-value bucket mcpgauge-tools, content-addressed: each distinct
// tool is stored once (under its model.ToolSHA256), and each distinct tool
// list once (under its model.ServerSHA256, as the list of tool digests).
// Workers write it after every ok scan; the coordinator's post-sweep
// ecosystem pass reads it back. Unchanged servers cost nothing the next
// night: their keys already exist.
package toolstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/schema"
)

// ErrNotFound is returned by Load when a server's tool list (or one of its
// tools) is not stored.
var ErrNotFound = errors.New("tool definitions not stored")

// KV is the tool store over the mcpgauge-tools bucket.
type KV struct {
	kv jetstream.KeyValue
}

// Open opens the bucket (coordinator.Setup creates it).
func Open(ctx context.Context, js jetstream.JetStream) (*KV, error) {
	kv, err := js.KeyValue(ctx, schema.ToolsBucket)
	if err != nil {
		return nil, fmt.Errorf("tool store: bucket %s: %w", schema.ToolsBucket, err)
	}
	return &KV{kv: kv}, nil
}

// Put stores the tools of a server whose digest (model.ServerSHA256) is
// serverDigest. Tools and lists already stored are not written again. A tool
// without its raw JSON is stored from its wire form.
func (s *KV) Put(ctx context.Context, serverDigest string, tools []model.Tool) error {
	if serverDigest == "" {
		return errors.New("tool store: empty server digest")
	}
	listKey := schema.ServerToolsKey(serverDigest)
	if _, err := s.kv.Get(ctx, listKey); err == nil {
		return nil
	} else if !errors.Is(err, jetstream.ErrKeyNotFound) {
		return fmt.Errorf("tool store: %s: %w", listKey, err)
	}
	list := schema.ServerTools{Tools: make([]string, len(tools))}
	for i := range tools {
		t := &tools[i]
		sha := model.ToolSHA256(t)
		list.Tools[i] = sha
		raw := []byte(t.Raw)
		if len(raw) == 0 {
			b, err := json.Marshal(t.WireMap())
			if err != nil {
				return fmt.Errorf("tool store: encode tool %q: %w", t.Name, err)
			}
			raw = b
		}
		if _, err := s.kv.Create(ctx, schema.ToolKey(sha), raw); err != nil && !errors.Is(err, jetstream.ErrKeyExists) {
			return fmt.Errorf("tool store: tool %q: %w", t.Name, err)
		}
	}
	b, err := json.Marshal(list)
	if err != nil {
		return fmt.Errorf("tool store: encode list: %w", err)
	}
	if _, err := s.kv.Create(ctx, listKey, b); err != nil && !errors.Is(err, jetstream.ErrKeyExists) {
		return fmt.Errorf("tool store: %s: %w", listKey, err)
	}
	return nil
}

// Load returns the tools of the server with digest serverDigest, in server
// order. cache, when not nil, holds tools already decoded by digest and is
// filled as tools are read (servers share many tools).
func (s *KV) Load(ctx context.Context, serverDigest string, cache map[string]model.Tool) ([]model.Tool, error) {
	e, err := s.kv.Get(ctx, schema.ServerToolsKey(serverDigest))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil, fmt.Errorf("server %s: %w", short(serverDigest), ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("tool store: server %s: %w", short(serverDigest), err)
	}
	var list schema.ServerTools
	if err := json.Unmarshal(e.Value(), &list); err != nil {
		return nil, fmt.Errorf("tool store: server %s: bad list: %w", short(serverDigest), err)
	}
	out := make([]model.Tool, 0, len(list.Tools))
	for _, sha := range list.Tools {
		if t, ok := cache[sha]; ok {
			out = append(out, t)
			continue
		}
		te, err := s.kv.Get(ctx, schema.ToolKey(sha))
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			return nil, fmt.Errorf("server %s: tool %s: %w", short(serverDigest), short(sha), ErrNotFound)
		}
		if err != nil {
			return nil, fmt.Errorf("tool store: tool %s: %w", short(sha), err)
		}
		t, err := model.ToolFromWire(te.Value())
		if err != nil {
			return nil, fmt.Errorf("tool store: tool %s does not decode: %w", short(sha), err)
		}
		if cache != nil {
			cache[sha] = t
		}
		out = append(out, t)
	}
	return out, nil
}

func short(d string) string {
	if len(d) > 16 {
		return d[:16]
	}
	return d
}
