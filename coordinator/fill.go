package coordinator

import (
	"context"
	"errors"
	"fmt"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/schema"
)

// The outcomes of mcpgauge_cache_fills_total.
const (
	fillWritten = "written" // stored now
	fillPresent = "present" // already stored; left as it was
	fillRefused = "refused" // did not verify, decode or fit
)

// fillCaches writes the cache sections of admitted, newly stored results
// into the shared caches, which workers only read: the tool definitions
// into KV mcpgauge-tools once they add up to the result's server digest
// (toolstore, content-addressed), and the eval answers into KV
// mcpgauge-evalcache under the result's server name, only where absent
// (evalstore.Fill). Failures are logged and counted; the results stand.
func (c *Coordinator) fillCaches(ctx context.Context, cs []candidate) {
	for _, cd := range cs {
		f := cd.fill
		if f == nil || cd.r.Status != schema.StatusOK {
			continue
		}
		if len(f.Tools) > 0 {
			n := len(f.Tools)
			if err := c.fillTools(ctx, cd.r, f); err != nil {
				c.cfg.Log.Warn("ingest: tool definitions not stored", "job", cd.r.JobID, "err", err)
				c.countFill("tools", fillRefused, n)
			} else {
				c.countFill("tools", fillWritten, n)
			}
		}
		if len(f.Eval) > 0 {
			st, err := c.evals.Fill(ctx, cd.r.Name, f.Eval)
			if err != nil {
				c.cfg.Log.Warn("ingest: eval answers not stored", "job", cd.r.JobID, "err", err)
			}
			if st.Refused > 0 {
				c.cfg.Log.Warn("ingest: eval answers refused", "job", cd.r.JobID, "refused", st.Refused)
			}
			c.countFill("eval", fillWritten, st.Written)
			c.countFill("eval", fillPresent, st.Present)
			c.countFill("eval", fillRefused, st.Refused)
		}
	}
}

// errToolsMismatch: a result's tool definitions are not the tools its
// snapshot names.
var errToolsMismatch = errors.New("tool definitions do not match the snapshot's digests")

// fillTools verifies a result's tool definitions against its snapshot
// (each tool's digest in order, and the server digest of all) and stores
// them.
func (c *Coordinator) fillTools(ctx context.Context, r schema.Result, f *schema.CacheFill) error {
	s := r.Snapshot
	if s == nil || len(s.ToolList) != len(f.Tools) {
		return errToolsMismatch
	}
	tools := make([]model.Tool, len(f.Tools))
	for i, raw := range f.Tools {
		t, err := model.ToolFromWire(raw)
		if err != nil {
			return fmt.Errorf("tool %d: %w", i, err)
		}
		if model.ToolSHA256(&t) != s.ToolList[i].SHA256 {
			return fmt.Errorf("tool %d: %w", i, errToolsMismatch)
		}
		tools[i] = t
	}
	if model.ServerSHA256(tools) != s.ServerDigest {
		return errToolsMismatch
	}
	return c.tools.Put(ctx, s.ServerDigest, tools)
}

func (c *Coordinator) countFill(cache, outcome string, n int) {
	if m := c.cfg.Metrics; m != nil && n > 0 {
		m.CacheFills.WithLabelValues(cache, outcome).Add(float64(n))
	}
}
