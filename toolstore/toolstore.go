// Package toolstore keeps the tool definitions of scanned servers in the
// NATS key-value bucket mcpgauge-tools, content-addressed: each distinct
// tool is stored once (under its model.ToolSHA256), and each distinct tool
// list once (under its model.ServerSHA256, as the list of tool digests).
// Workers ship the tools of every ok scan in its result and the
// coordinator writes them at ingest (after checking them against the
// result's snapshot); its post-sweep ecosystem pass reads them back,
// checking every value against the digest it is stored under, so no value
// that reached the bucket can pass off one server's tools as another's.
// Unchanged servers cost nothing the next night: their keys already exist.
package toolstore

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/natsbus"
	"github.com/mcpgauge/mcpgauge/schema"
)

// ErrNotFound is returned by Load when a server's tool list (or one of its
// tools) is not stored.
var ErrNotFound = errors.New("tool definitions not stored")

// ErrMismatch is returned by Load when a stored tool is not the one its
// key (its digest) names, or a server's list does not add up to the
// server's digest: a value is believed only when it hashes to its key,
// whoever wrote it. The list is dropped, and the server's next scan
// stores it again.
var ErrMismatch = errors.New("stored value does not match its digest")

// KV is the tool store over the mcpgauge-tools bucket. Like the
// natsbus.KV under it, it is safe for concurrent use, by goroutines and
// processes alike: every write is a content-addressed Put, so writers of
// one key write the same bytes.
type KV struct {
	kv *natsbus.KV
}

// Open opens the bucket (natsbus.Setup creates it; a missing bucket is
// an error wrapping natsbus.ErrNotSetUp). A tool or tool list larger than
// the bucket's MaxValueSize is refused by Put wrapping natsbus.ErrTooLarge.
func Open(ctx context.Context, js jetstream.JetStream) (*KV, error) {
	kv, err := natsbus.OpenBucket(ctx, js, schema.ToolsBucket)
	if err != nil {
		return nil, fmt.Errorf("tool store: %w", err)
	}
	return &KV{kv: kv}, nil
}

// Put stores the tools of a server whose digest (model.ServerSHA256) is
// serverDigest. A list already stored as it should be is left alone (the
// common case: an unchanged server costs one read). Otherwise each tool is
// checked and written when missing or unreadable, then the list, so a
// damaged entry heals on the server's next scan. Every tool must carry its
// raw JSON (as scanned tools do): a tool without it is refused, since its
// digest and stored form would hold its name alone.
func (s *KV) Put(ctx context.Context, serverDigest string, tools []model.Tool) error {
	if serverDigest == "" {
		return errors.New("tool store: empty server digest")
	}
	list := schema.ServerTools{Tools: make([]string, len(tools))}
	for i := range tools {
		if len(tools[i].Raw) == 0 {
			// Its digest would cover its name alone (model.Tool.WireMap
			// reads Raw), and only the name could be stored.
			return fmt.Errorf("tool store: tool %q has no raw JSON to store", tools[i].Name)
		}
		list.Tools[i] = model.ToolSHA256(&tools[i])
	}
	listJSON, err := json.Marshal(list)
	if err != nil {
		return fmt.Errorf("tool store: encode list: %w", err)
	}
	listKey := schema.ServerToolsKey(serverDigest)
	if ok, err := s.holds(ctx, listKey, func(v []byte) bool { return bytes.Equal(v, listJSON) }); err != nil || ok {
		return err
	}
	for i, sha := range list.Tools {
		ok, err := s.holds(ctx, schema.ToolKey(sha), func(v []byte) bool { return matches(v, sha) })
		if err != nil {
			return err
		}
		if ok {
			continue
		}
		if _, err := s.kv.Put(ctx, schema.ToolKey(sha), tools[i].Raw); err != nil {
			return fmt.Errorf("tool store: tool %q: %w", tools[i].Name, err)
		}
	}
	if _, err := s.kv.Put(ctx, listKey, listJSON); err != nil {
		return fmt.Errorf("tool store: server list: %w", err)
	}
	return nil
}

// holds reports whether key is stored with a value good accepts.
func (s *KV) holds(ctx context.Context, key string, good func([]byte) bool) (bool, error) {
	e, ok, err := s.kv.Lookup(ctx, key)
	if err != nil {
		return false, fmt.Errorf("tool store: %w", err)
	}
	return ok && good(e.Value), nil
}

// Load returns the tools of the server with digest serverDigest, in server
// order. When the list or one of its tools is missing or does not decode,
// the list is dropped (the server's next Put stores it again) and an error
// returned. cache, when not nil, holds tools already decoded by digest and is
// filled as tools are read (servers share many tools).
func (s *KV) Load(ctx context.Context, serverDigest string, cache map[string]model.Tool) ([]model.Tool, error) {
	e, err := s.kv.Get(ctx, schema.ServerToolsKey(serverDigest))
	if errors.Is(err, natsbus.ErrNotFound) {
		return nil, fmt.Errorf("server %s: %w", short(serverDigest), ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("tool store: server %s: %w", short(serverDigest), err)
	}
	var list schema.ServerTools
	if err := json.Unmarshal(e.Value, &list); err != nil {
		s.forget(ctx, serverDigest)
		return nil, fmt.Errorf("tool store: server %s: bad list: %w", short(serverDigest), err)
	}
	out := make([]model.Tool, 0, len(list.Tools))
	for _, sha := range list.Tools {
		if t, ok := cache[sha]; ok {
			out = append(out, t)
			continue
		}
		te, err := s.kv.Get(ctx, schema.ToolKey(sha))
		if errors.Is(err, natsbus.ErrNotFound) {
			s.forget(ctx, serverDigest)
			return nil, fmt.Errorf("server %s: tool %s: %w", short(serverDigest), short(sha), ErrNotFound)
		}
		if err != nil {
			return nil, fmt.Errorf("tool store: tool %s: %w", short(sha), err)
		}
		t, err := model.ToolFromWire(te.Value)
		if err != nil {
			s.forget(ctx, serverDigest)
			return nil, fmt.Errorf("tool store: tool %s does not decode: %w", short(sha), err)
		}
		if model.ToolSHA256(&t) != sha {
			s.forget(ctx, serverDigest)
			return nil, fmt.Errorf("tool store: tool %s: %w", short(sha), ErrMismatch)
		}
		if cache != nil {
			cache[sha] = t
		}
		out = append(out, t)
	}
	if model.ServerSHA256(out) != serverDigest {
		s.forget(ctx, serverDigest)
		return nil, fmt.Errorf("tool store: server %s: its list: %w", short(serverDigest), ErrMismatch)
	}
	return out, nil
}

// matches reports whether v decodes to a tool whose digest is sha.
func matches(v []byte, sha string) bool {
	t, err := model.ToolFromWire(v)
	return err == nil && model.ToolSHA256(&t) == sha
}

// forget drops a server's list after damage was found under it, so the
// server's next Put checks and rewrites everything (best effort).
func (s *KV) forget(ctx context.Context, serverDigest string) {
	_ = s.kv.Delete(ctx, schema.ServerToolsKey(serverDigest))
}

func short(d string) string {
	if len(d) > 16 {
		return d[:16]
	}
	return d
}
