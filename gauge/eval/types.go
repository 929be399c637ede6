package eval

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Kind says what a case tests.
type Kind string

const (
	// Positive cases have one clearly right tool.
	Positive Kind = "positive"
	// Sibling cases sit between two look-alike tools; one is right.
	Sibling Kind = "sibling"
	// Abstain cases should make the model call nothing.
	Abstain Kind = "abstain"
)

// IsSelection reports whether the kind counts toward the selection rate.
func (k Kind) IsSelection() bool { return k == Positive || k == Sibling }

// Case is one prompt and the tool it should reach ("" for abstain).
type Case struct {
	ID       string `json:"id" yaml:"id"`
	Kind     Kind   `json:"kind" yaml:"kind"`
	Expected string `json:"expected,omitempty" yaml:"expected,omitempty"`
	Rival    string `json:"rival,omitempty" yaml:"rival,omitempty"`
	Prompt   string `json:"prompt" yaml:"prompt"`
	Note     string `json:"note,omitempty" yaml:"note,omitempty"`
}

// Suite is a whole case file.
type Suite struct {
	Target        string
	ToolDigest    string
	GeneratedWith string // "" means null
	Cases         []Case
}

// Message is one chat message sent to a model.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// ToolDef is one tool as offered to the model, unedited: the description
// ("" when none) and the input schema as the server sent it.
type ToolDef struct {
	Name        string
	Description string
	Parameters  map[string]any
}

// Request is one model call. With Tools nil the call is a plain text
// completion (used for drafting cases).
type Request struct {
	Model    string
	Messages []Message
	Tools    []ToolDef
}

// Completion is what a backend returns for one call.
type Completion struct {
	// Called is true when the model called a tool; Tool is its name.
	Called bool
	Tool   string
	// Arguments of the first tool call: parsed JSON object, or {} when the
	// arguments were not a JSON object.
	Arguments map[string]any
	// RawArguments is the argument text as received (for diagnostics).
	RawArguments string
	// Text is the plain-text reply (drafting calls).
	Text             string
	PromptTokens     int
	CompletionTokens int
}

// Backend is a model provider.
type Backend interface {
	// Complete makes exactly one call (no retries of its own; see Retry).
	Complete(ctx context.Context, req Request) (Completion, error)
}

// BackendError is a classified provider failure. It never carries an API key.
type BackendError struct {
	Provider string
	// Status is the HTTP status (0 for transport errors).
	Status int
	// RetryAfter is the provider's retry-after, when HasRetryAfter.
	RetryAfter    time.Duration
	HasRetryAfter bool
	// Retryable marks rate limits, timeouts, connection errors and 5xx.
	Retryable bool
	// Auth marks rejected credentials (401/403).
	Auth bool
	Msg  string
	Err  error
}

func (e *BackendError) Error() string {
	s := e.Provider + " backend"
	if e.Status != 0 {
		s += fmt.Sprintf(": HTTP %d", e.Status)
	}
	if e.Msg != "" {
		s += ": " + e.Msg
	}
	if e.Auth {
		s += " (the model provider rejected our credentials; check the API key environment variable)"
	}
	return s
}

func (e *BackendError) Unwrap() error { return e.Err }

// CacheMissError is an offline run meeting a case with no recorded answer.
type CacheMissError struct {
	CaseID    string
	Model     string
	CachePath string
	CacheSize int
}

func (e *CacheMissError) Error() string {
	return fmt.Sprintf("--offline: no recorded answer for case %s with model %s in %s (%d answers); "+
		"the cases, the tools or the model changed since the cache was recorded: re-record without --offline or restore the cache",
		e.CaseID, e.Model, e.CachePath, e.CacheSize)
}

// BudgetError is a run stopped by --max-cost.
type BudgetError struct {
	Done, Total  int
	Spent, Limit float64
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("stopped after %d of %d cases: spent $%.4f, over the --max-cost limit of $%.4f; "+
		"answers so far are cached, so raising the limit resumes from where this run stopped",
		e.Done, e.Total, e.Spent, e.Limit)
}

// ErrNoBackend is returned when a live call is needed and no backend is set.
// (An offline --init whose drafting replies are not all cached meets it.)
var ErrNoBackend = errors.New("a live model call is needed, but no model backend is configured: the cache does not hold every answer this run needs")
