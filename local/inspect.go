package local

import (
	"context"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/tokens"
)

// InspectOptions configure Inspect.
type InspectOptions struct {
	Target Target
}

// Validate checks the target.
func (o InspectOptions) Validate() error { return o.Target.Validate() }

// Inspection is what a client sees of a server: the snapshot, and every
// tool's size in tokens.
type Inspection struct {
	Snapshot *model.Snapshot
	Tokens   map[string]int
}

// Inspect reads every list of the target to its end (never calling a
// tool) and sizes the tools with the BPE tokenizer.
func Inspect(ctx context.Context, o InspectOptions) (*Inspection, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	snap, err := OpenSnapshot(ctx, o.Target)
	if err != nil {
		return nil, err
	}
	return &Inspection{Snapshot: snap, Tokens: toolTokens(tokens.New(), snap)}, nil
}

// toolTokens sizes every tool with the BPE tokenizer.
func toolTokens(c *tokens.Counter, snap *model.Snapshot) map[string]int {
	out := make(map[string]int, len(snap.Tools))
	for i := range snap.Tools {
		out[snap.Tools[i].Name] = c.ToolTokens(&snap.Tools[i])
	}
	return out
}
