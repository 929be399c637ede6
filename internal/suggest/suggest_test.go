package suggest_test

import (
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/suggest"
)

func TestNearest(t *testing.T) {
	t.Parallel()
	names := []string{"MCPGAUGE_NATS", "MCPGAUGE_STORE", "MCPGAUGE_LISTEN", "MCPGAUGE_SMITHERY_API_KEY"}
	for _, tc := range []struct {
		word, want string
		ok         bool
	}{
		{"MCPGAUGE_NAT", "MCPGAUGE_NATS", true},
		{"mcpgauge_stor", "MCPGAUGE_STORE", true},
		{"MCPGAUGE_SMITHERY_KEY", "MCPGAUGE_SMITHERY_API_KEY", true},
		{"MCPGAUGE_NATS", "", false},             // valid: nothing to suggest
		{"MCPGAUGE_COMPLETELY_OTHER", "", false}, // too far from every name
		{"X", "", false},
	} {
		got, ok := suggest.Nearest(tc.word, names)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Nearest(%q) = %q, %v; want %q, %v", tc.word, got, ok, tc.want, tc.ok)
		}
	}
}
