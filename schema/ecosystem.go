package schema

import (
	"errors"
	"fmt"
	"time"
)

// ToolsBucket holds tool definitions for the post-sweep ecosystem pass,
// content-addressed: ToolKey(sha256) is one tool's raw JSON as the server
// sent it, ServerToolsKey(server digest) the server's tool digests in server
// order (a ServerTools value). Workers write it after every ok scan; the
// coordinator reads it at the end of a sweep.
const ToolsBucket = "mcpgauge-tools"

// ToolKey is the ToolsBucket key of a tool definition (model.ToolSHA256).
func ToolKey(sha256 string) string { return "t." + sha256 }

// ServerToolsKey is the ToolsBucket key of a server's tool list
// (model.ServerSHA256).
func ServerToolsKey(serverDigest string) string { return "s." + serverDigest }

// ServerTools is the value under ServerToolsKey: the server's tool digests
// in the order the server listed its tools.
type ServerTools struct {
	Tools []string `json:"tools"`
}

// EcosystemMethod names how an ecosystem capture was measured.
type EcosystemMethod string

// The capture methods.
const (
	// MethodSearch: BM25 tool search over the whole sweep's tools ranked a
	// tool of another server first for the prompt.
	MethodSearch EcosystemMethod = "search"
	// MethodModel: the model, offered the server's tools plus K drawn
	// distractors, called a tool of another server.
	MethodModel EcosystemMethod = "model"
)

// Recall counts selection cases whose expected tool ranked first (At1) or in
// the first five (At5) of Total.
type Recall struct {
	At1   int `json:"at1"`
	At5   int `json:"at5"`
	Total int `json:"total"`
}

// Ratio is Correct out of Total.
type Ratio struct {
	Correct int `json:"correct"`
	Total   int `json:"total"`
}

// EcosystemPoint is one point of the pool-size curve: the server's tools
// plus distractors drawn from other servers, PoolSize tools in all.
type EcosystemPoint struct {
	// Target is the pool size asked for (10, 100, 1000); PoolSize the size
	// reached (smaller when the sweep has fewer tools).
	Target   int `json:"target"`
	PoolSize int `json:"pool_size"`
	// DrawDigest fingerprints the drawn distractors (sha256 of their IDs).
	DrawDigest string `json:"draw_digest"`
	// Search is BM25 recall of the expected tool within this pool.
	Search Recall `json:"search"`
	// Model is the model's selection accuracy with this pool offered (nil
	// when no model ran); ModelError says why a configured model did not.
	Model      *Ratio `json:"model,omitempty"`
	ModelError string `json:"model_error,omitempty"`
}

// EcosystemCapture is a tool of another server winning prompts meant for one
// of this server's tools.
type EcosystemCapture struct {
	Method EcosystemMethod `json:"method"`
	// Server and Tool name the capturing tool; Victim is this server's tool
	// ("" for prompts no tool should take: the capturing tool is greedy).
	Server string `json:"server"`
	Tool   string `json:"tool"`
	Victim string `json:"victim"`
	// Count of the victim's Total selection cases went to the capturing tool.
	Count int `json:"count"`
	Total int `json:"total"`
}

// EcosystemReport is one server's result from the post-sweep ecosystem pass:
// how findable its tools are once the whole sweep's tools compete, and which
// other servers take its prompts.
type EcosystemReport struct {
	SchemaVersion int    `json:"schema_version"`
	SweepID       string `json:"sweep_id"`
	Name          string `json:"name"`
	Version       string `json:"version"`
	// JobID is the scan whose tools and cases were used (possibly of an
	// earlier sweep, when this sweep skipped the server as unchanged).
	JobID string `json:"job_id"`
	// Seed drives every draw; the same seed and pool give the same draws.
	Seed uint64 `json:"seed"`
	// PoolServers and PoolTools size the sweep's pool: ok servers whose
	// tools are known, and their tools.
	PoolServers int `json:"pool_servers"`
	PoolTools   int `json:"pool_tools"`
	// Search is BM25 recall of the expected tool over every tool of the
	// sweep, one query per selection case prompt.
	Search Recall `json:"search"`
	// Curve is findability (and model accuracy) as the pool grows.
	Curve []EcosystemPoint `json:"curve,omitempty"`
	// Distractors is K; Drawn lists the K distractor IDs ("server/tool")
	// offered with the server's tools in the model run; DrawDigest
	// fingerprints them.
	Distractors int      `json:"distractors"`
	Drawn       []string `json:"drawn,omitempty"`
	DrawDigest  string   `json:"draw_digest,omitempty"`
	// Model names the model of the model runs ("" when none ran).
	Model string `json:"model,omitempty"`
	// InPool is the model's selection accuracy with the K distractors
	// offered (nil when no model ran); ModelError says why it did not.
	InPool     *Ratio `json:"in_pool,omitempty"`
	ModelError string `json:"model_error,omitempty"`
	// InPoolAbstain counts the abstain cases (no tool fits) the model left
	// alone in the same run; a foreign tool that took one is a capture with
	// an empty Victim.
	InPoolAbstain *Ratio `json:"in_pool_abstain,omitempty"`
	// Captures lists other servers' tools that won this server's prompts,
	// worst first.
	Captures []EcosystemCapture `json:"captures,omitempty"`
	// Calls is the number of live model calls the pass made for this
	// server (0 when every answer was cached); CostUSD their price.
	Calls   int     `json:"calls"`
	CostUSD float64 `json:"cost_usd"`
	// CreatedAt is when the pass measured it.
	CreatedAt time.Time `json:"created_at"`
}

// Validate checks the fields a store relies on.
func (r *EcosystemReport) Validate() error {
	var errs []error
	if r.SchemaVersion != Version {
		errs = append(errs, fmt.Errorf("schema_version %d, want %d", r.SchemaVersion, Version))
	}
	if err := ValidSweepID(r.SweepID); err != nil {
		errs = append(errs, err)
	}
	if r.Name == "" || r.Version == "" || r.JobID == "" {
		errs = append(errs, errors.New("name, version and job_id are required"))
	}
	if r.Search.At1 > r.Search.At5 || r.Search.At5 > r.Search.Total || r.Search.At1 < 0 {
		errs = append(errs, fmt.Errorf("search recall %d/%d of %d is impossible", r.Search.At1, r.Search.At5, r.Search.Total))
	}
	if r.InPool != nil && (r.InPool.Correct < 0 || r.InPool.Correct > r.InPool.Total) {
		errs = append(errs, fmt.Errorf("in-pool accuracy %d of %d is impossible", r.InPool.Correct, r.InPool.Total))
	}
	if r.CreatedAt.IsZero() {
		errs = append(errs, errors.New("created_at is required"))
	}
	if len(errs) > 0 {
		return fmt.Errorf("invalid ecosystem report %s %s@%s: %w", r.SweepID, r.Name, r.Version, errors.Join(errs...))
	}
	return nil
}
