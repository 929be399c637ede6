package system

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/coordinator"
)

func TestProgressLine(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    coordinator.Progress
		want []string
		not  []string
	}{
		{"planning", coordinator.Progress{Planning: true, Planned: 40, Skipped: 10, Expected: 30, Done: 5},
			[]string{"planning: 40 planned, 10 skipped", "5/30 scanned"}, []string{"ETA", "unchanged"}},
		{"scanning", coordinator.Progress{Planned: 40, Skipped: 10, Expected: 30, Done: 10, Failed: 2},
			[]string{"10/30 scanned", "0.50/s", "ETA 40s", "2 could not be scanned", "10 unchanged"}, []string{"ecosystem"}},
		{"ecosystem pass", coordinator.Progress{Planned: 40, Expected: 40, Done: 40, Ecosystem: true},
			[]string{"40/40 scanned", "ecosystem pass running"}, []string{"ETA"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			line := progressLine(tc.p, 20*time.Second)
			for _, w := range tc.want {
				if !strings.Contains(line, w) {
					t.Errorf("%q lacks %q", line, w)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(line, n) {
					t.Errorf("%q should not say %q", line, n)
				}
			}
		})
	}
}
