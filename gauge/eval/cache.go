package eval

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// Answer is one recorded model answer.
type Answer struct {
	Model string
	// Tool is the called tool's name; Called false means "called nothing"
	// (stored as null).
	Called           bool
	Tool             string
	Arguments        map[string]any
	PromptTokens     int
	CompletionTokens int
	CostUSD          float64
}

// Cache stores model answers by key.
type Cache interface {
	Get(ctx context.Context, key string) (Answer, bool, error)
	Put(ctx context.Context, key string, a Answer) error
}

// CacheDirName is the cache directory beside the case file.
const CacheDirName = ".mcp-toolgauge-cache"

// DefaultCachePath is <dir of case file>/.mcp-toolgauge-cache/responses.jsonl.
func DefaultCachePath(casesPath string) string {
	return filepath.Join(filepath.Dir(casesPath), CacheDirName, "responses.jsonl")
}

// FileCache is toolgauge's JSONL answer cache: loaded once into memory
// (last occurrence of a key wins, bad lines skipped), each new answer
// appended immediately as one compact sorted-key JSON line.
type FileCache struct {
	path string
	// mu serialises appends to the file; mem holds the answers.
	mu  sync.Mutex
	mem *MemoryCache
}

// OpenFileCache loads path; a missing file is an empty cache.
func OpenFileCache(path string) (*FileCache, error) {
	c := &FileCache{path: path, mem: NewMemoryCache()}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err := EachCacheLine(path, func(key string, a Answer) { c.mem.entries[key] = a }); err != nil {
		return nil, err
	}
	return c, nil
}

// EachCacheLine calls f for every usable line of a cache file, in file order.
func EachCacheLine(path string, f func(key string, a Answer)) error {
	file, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("open eval cache: %w", err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	sc.Buffer(make([]byte, 64*1024), 64*1024*1024)
	for sc.Scan() {
		if key, a, ok := parseCacheLine(sc.Bytes()); ok {
			f(key, a)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("read eval cache %s: %w", path, err)
	}
	return nil
}

func parseCacheLine(line []byte) (string, Answer, bool) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return "", Answer{}, false
	}
	v, err := model.DecodeJSON(line)
	if err != nil {
		return "", Answer{}, false
	}
	m, ok := v.(map[string]any)
	if !ok {
		return "", Answer{}, false
	}
	key, ok := m["key"].(string)
	if !ok {
		return "", Answer{}, false
	}
	a := Answer{Arguments: map[string]any{}}
	a.Model, _ = m["model"].(string)
	if t, ok := m["tool"].(string); ok {
		a.Called, a.Tool = true, t
	}
	if args, ok := m["arguments"].(map[string]any); ok {
		a.Arguments = args
	}
	a.PromptTokens = numInt(m["prompt_tokens"])
	a.CompletionTokens = numInt(m["completion_tokens"])
	if n, ok := m["cost_usd"].(json.Number); ok {
		a.CostUSD, _ = n.Float64()
	}
	return key, a, true
}

func numInt(v any) int {
	if n, ok := v.(json.Number); ok {
		if i, err := n.Int64(); err == nil {
			return int(i)
		}
		if f, err := n.Float64(); err == nil {
			return int(f)
		}
	}
	return 0
}

// CacheLine renders one answer as toolgauge's cache line (no newline).
func CacheLine(key string, a Answer) ([]byte, error) {
	var tool any
	if a.Called {
		tool = a.Tool
	}
	args := a.Arguments
	if args == nil {
		args = map[string]any{}
	}
	return model.Canonical(map[string]any{
		"arguments": args, "completion_tokens": a.CompletionTokens, "cost_usd": a.CostUSD,
		"key": key, "model": a.Model, "prompt_tokens": a.PromptTokens, "tool": tool,
	}, model.Compact)
}

// Get returns the answer stored under key.
func (c *FileCache) Get(ctx context.Context, key string) (Answer, bool, error) {
	return c.mem.Get(ctx, key)
}

// Put appends the answer to the file at once and remembers it.
func (c *FileCache) Put(ctx context.Context, key string, a Answer) error {
	line, err := CacheLine(key, a)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
		return fmt.Errorf("eval cache: %w", err)
	}
	f, err := os.OpenFile(c.path, os.O_CREATE|os.O_RDWR|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("eval cache: %w", err)
	}
	// A previous writer may have been cut off mid-line; start on a fresh one.
	if st, err := f.Stat(); err == nil && st.Size() > 0 {
		last := make([]byte, 1)
		if _, err := f.ReadAt(last, st.Size()-1); err == nil && last[0] != '\n' {
			line = append([]byte{'\n'}, line...)
		}
	}
	_, werr := f.Write(append(line, '\n'))
	cerr := f.Close()
	if werr != nil {
		return fmt.Errorf("eval cache: %w", werr)
	}
	if cerr != nil {
		return fmt.Errorf("eval cache: %w", cerr)
	}
	return c.mem.Put(ctx, key, a)
}

// Len is the number of distinct keys held.
func (c *FileCache) Len() int { return c.mem.Len() }

// Path is the cache file.
func (c *FileCache) Path() string { return c.path }

// MemoryCache is an in-memory Cache (for tests and one-shot runs).
type MemoryCache struct {
	mu      sync.Mutex
	entries map[string]Answer
}

// NewMemoryCache returns an empty in-memory cache.
func NewMemoryCache() *MemoryCache { return &MemoryCache{entries: map[string]Answer{}} }

// Get returns the answer stored under key.
func (c *MemoryCache) Get(_ context.Context, key string) (Answer, bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	a, ok := c.entries[key]
	return a, ok, nil
}

// Put stores the answer.
func (c *MemoryCache) Put(_ context.Context, key string, a Answer) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries[key] = a
	return nil
}

// Len is the number of keys held.
func (c *MemoryCache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}
