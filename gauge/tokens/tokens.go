// Package tokens counts BPE tokens with OpenAI's o200k_base vocabulary, which
// is embedded in the binary (github.com/tiktoken-go/tokenizer), so counting
// never touches the network. It measures what a tool definition costs in a
// model's context.
package tokens

import (
	"bytes"
	"encoding/json"
	"sync"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/tiktoken-go/tokenizer/codec"
)

// Counter counts o200k_base tokens. The vocabulary is loaded lazily, once per
// Counter, on the first count. A Counter is safe for concurrent use; create it
// with New and share it.
type Counter struct {
	once  sync.Once
	codec *codec.Codec
	// tools memoises ToolTokens by the function JSON's text, so a scan and
	// its lint rules that size the same tools pay for BPE once.
	tools sync.Map // string -> int
}

// New returns a Counter. It does no work until the first count.
func New() *Counter { return &Counter{} }

func (c *Counter) load() {
	c.once.Do(func() {
		// codec.NewO200kBase, not tokenizer.Get: Get names every encoding,
		// which links all four vocabularies (~13 MB) into the binary.
		cd := codec.NewO200kBase()
		// Invalid UTF-8 is replaced by U+FFFD (tiktoken's errors="replace"),
		// so Count never fails on odd bytes.
		cd.SetErrorMode(codec.ErrorModeReplace)
		c.codec = cd
	})
}

// Count returns the number of o200k_base tokens in s. Special-token text such
// as "<|endoftext|>" is counted as ordinary text. If the codec cannot be used
// (which does not happen with the embedded vocabulary) it falls back to
// ceil(bytes/4) so callers always get a usable size.
func (c *Counter) Count(s string) int {
	if s == "" {
		return 0
	}
	c.load()
	if n, err := c.codec.Count(s); err == nil {
		return n
	}
	return (len(s) + 3) / 4
}

// FunctionJSON is the tool as a client sends it to a model: an OpenAI-style
// function definition {"name","description","parameters"} in compact JSON,
// with the description exactly as the server sent it, the input schema's keys
// in server order, and no HTML escaping. A tool without a description omits
// the key; a tool without an input schema gets an empty object schema.
func FunctionJSON(t *model.Tool) []byte {
	var b bytes.Buffer
	b.WriteString(`{"name":`)
	writeString(&b, t.Name)
	if t.HasDescriptionField && t.RawDescription != "" {
		b.WriteString(`,"description":`)
		writeString(&b, t.RawDescription)
	}
	b.WriteString(`,"parameters":`)
	var compact bytes.Buffer
	if t.HasInputSchema && json.Compact(&compact, t.RawInputSchema) == nil {
		b.Write(compact.Bytes())
	} else {
		b.WriteString(`{"type":"object","properties":{}}`)
	}
	b.WriteByte('}')
	return b.Bytes()
}

func writeString(b *bytes.Buffer, s string) {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	b.Truncate(b.Len() - 1)
}

// ToolTokens is the token count of FunctionJSON(t).
func (c *Counter) ToolTokens(t *model.Tool) int {
	key := string(FunctionJSON(t))
	if n, ok := c.tools.Load(key); ok {
		return n.(int)
	}
	n := c.Count(key)
	c.tools.Store(key, n)
	return n
}

// ServerTokens is the sum of ToolTokens over tools: the context a client
// spends to offer every tool to a model.
func (c *Counter) ServerTokens(tools []model.Tool) int {
	n := 0
	for i := range tools {
		n += c.ToolTokens(&tools[i])
	}
	return n
}
