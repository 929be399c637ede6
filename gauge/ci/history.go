package ci

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/schema"
)

// MaxHistoryPoints is how many points a history file keeps (the newest).
const MaxHistoryPoints = 500

// Point is one score and when it was taken.
type Point struct {
	// RecordedAt is "YYYY-MM-DDTHH:MM:SS+00:00" (UTC, seconds).
	RecordedAt string
	Label      string
	Health     Health
}

// NewPoint stamps h with t (converted to UTC, truncated to the second).
func NewPoint(t time.Time, label string, h Health) Point {
	return Point{RecordedAt: t.UTC().Truncate(time.Second).Format("2006-01-02T15:04:05") + "+00:00", Label: label, Health: h}
}

// Map is the point as toolgauge dumps it.
func (p Point) Map() map[string]any {
	m := map[string]any{"recorded_at": p.RecordedAt, "health": HealthMap(p.Health)}
	if p.Label != "" {
		m["label"] = p.Label
	}
	return m
}

// History is a score history file.
type History struct {
	Target string
	Points []Point
}

// HistoryError is an unreadable or invalid history file (exit 2); the
// file is never overwritten then.
type HistoryError struct {
	Path string
	Err  error
}

func (e *HistoryError) Error() string {
	return fmt.Sprintf("history file %s is not usable (%v); fix or remove it, it will not be overwritten", e.Path, e.Err)
}

func (e *HistoryError) Unwrap() error { return e.Err }

type wireHealth struct {
	Overall   *int `json:"overall"`
	LintScore *int `json:"lint_score"`
	EvalScore *int `json:"eval_score"`
	Errors    int  `json:"errors"`
	Warnings  int  `json:"warnings"`
}

func (w wireHealth) health() (Health, error) {
	if w.Overall == nil || w.LintScore == nil {
		return Health{}, errors.New("health needs overall and lint_score")
	}
	return Health{Overall: *w.Overall, LintScore: *w.LintScore, EvalScore: w.EvalScore, Errors: w.Errors, Warnings: w.Warnings}, nil
}

// LoadHistory reads path; a missing file is an empty history.
func LoadHistory(path string) (*History, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return &History{}, nil
		}
		return nil, &HistoryError{path, err}
	}
	var doc struct {
		Target *string `json:"target"`
		Points *[]struct {
			RecordedAt *string     `json:"recorded_at"`
			Label      *string     `json:"label"`
			Health     *wireHealth `json:"health"`
		} `json:"points"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, &HistoryError{path, err}
	}
	if doc.Points == nil {
		return nil, &HistoryError{path, errors.New(`no "points" list`)}
	}
	h := &History{}
	if doc.Target != nil {
		h.Target = *doc.Target
	}
	for i, p := range *doc.Points {
		if p.RecordedAt == nil || p.Health == nil {
			return nil, &HistoryError{path, fmt.Errorf("points[%d] needs recorded_at and health", i)}
		}
		hh, err := p.Health.health()
		if err != nil {
			return nil, &HistoryError{path, fmt.Errorf("points[%d]: %w", i, err)}
		}
		pt := Point{RecordedAt: *p.RecordedAt, Health: hh}
		if p.Label != nil {
			pt.Label = *p.Label
		}
		h.Points = append(h.Points, pt)
	}
	return h, nil
}

// Append adds a point for target, keeping the newest MaxHistoryPoints. It
// returns a warning when the file was recorded for another target.
func (h *History) Append(target string, p Point) string {
	warn := ""
	if h.Target != "" && h.Target != target {
		warn = fmt.Sprintf("history was recorded for %q, appending a point for %q anyway", h.Target, target)
	}
	h.Target = target
	h.Points = append(h.Points, p)
	if len(h.Points) > MaxHistoryPoints {
		h.Points = append([]Point(nil), h.Points[len(h.Points)-MaxHistoryPoints:]...)
	}
	return warn
}

// Marshal renders the file (sorted keys, indent 2, trailing newline).
func (h *History) Marshal() []byte {
	pts := make([]any, len(h.Points))
	for i, p := range h.Points {
		pts[i] = p.Map()
	}
	return append(model.MustCanonical(map[string]any{"target": h.Target, "points": pts}, model.Indent2), '\n')
}

// Save writes the file, creating parent directories.
func (h *History) Save(path string) error {
	if err := WriteFile(path, h.Marshal()); err != nil {
		return fmt.Errorf("write history: %w", err)
	}
	return nil
}

// WriteFile writes one of CI's files (the history, the badge, the
// comment): it makes the parent directories and replaces path whole, so
// a run cut short never leaves half a file.
func WriteFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// Base is what a previous `ci --json` report gives a comment to compare
// with: its health and its lint findings.
type Base struct {
	Health   Health
	Findings []schema.Finding
}

// ReadBase reads a previous `ci --json` report: its health and its
// lint.findings (the keys the report writes: rule, severity, tool,
// parameter, entity, message).
func ReadBase(path string) (*Base, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("baseline: %w", err)
	}
	var doc struct {
		Health *wireHealth `json:"health"`
		Lint   struct {
			Findings []schema.Finding `json:"findings"`
		} `json:"lint"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("baseline %s: %w", path, err)
	}
	if doc.Health == nil {
		return nil, fmt.Errorf("baseline %s: no health object (is it a ci --json report?)", path)
	}
	h, err := doc.Health.health()
	if err != nil {
		return nil, fmt.Errorf("baseline %s: %w", path, err)
	}
	return &Base{Health: h, Findings: doc.Lint.Findings}, nil
}
