package leaderboard

import (
	"context"
	"fmt"

	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// ServerHistory is one server as `mcpgauge history` shows it: every
// stored scan, every rug pull, and its report from the latest ecosystem
// pass that measured it.
type ServerHistory struct {
	Name     string
	Scans    []store.Scan
	RugPulls []store.RugPull
	// Ecosystem is nil when no pass has measured the server.
	Ecosystem *schema.EcosystemReport
}

// LoadHistory reads name's history from st. Only the latest ecosystem
// pass is consulted: an older report would describe an ecosystem that
// changed.
func LoadHistory(ctx context.Context, st store.Store, name string) (ServerHistory, error) {
	h := ServerHistory{Name: name}
	var err error
	if h.Scans, err = st.History(ctx, name); err != nil {
		return h, fmt.Errorf("history: %w", err)
	}
	if h.RugPulls, err = st.RugPulls(ctx, store.RugPullQuery{Name: name}); err != nil {
		return h, fmt.Errorf("rug pulls: %w", err)
	}
	if len(h.Scans) == 0 {
		return h, nil
	}
	reps, err := st.Ecosystem(ctx, store.EcosystemQuery{Name: name})
	if err != nil {
		return h, fmt.Errorf("ecosystem: %w", err)
	}
	if len(reps) > 0 {
		r := reps[len(reps)-1] // the newest version, when several were measured
		h.Ecosystem = &r
	}
	return h, nil
}

// HistoryDoc is a server's history as JSON.
type HistoryDoc struct {
	History
	RugPulls []RugPull `json:"rug_pulls"`
	// Ecosystem is the server's report from the latest ecosystem pass
	// that measured it (absent when none did).
	Ecosystem *schema.EcosystemReport `json:"ecosystem,omitempty"`
}

// Doc is h as JSON.
func (h ServerHistory) Doc() HistoryDoc {
	d := HistoryDoc{History: History{Name: h.Name}, RugPulls: []RugPull{}, Ecosystem: h.Ecosystem}
	for _, sc := range h.Scans {
		d.Scans = append(d.Scans, RowOf(sc, false))
	}
	for _, p := range h.RugPulls {
		d.RugPulls = append(d.RugPulls, RugPull{Name: p.Name, Version: p.Version,
			Before: RowOf(p.Before, false), After: RowOf(p.After, false),
			Added: p.Added, Removed: p.Removed, Changed: p.Changed})
	}
	return d
}
