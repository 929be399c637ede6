package main

import (
	"testing"

	"github.com/mcpgauge/mcpgauge/config"
)

// TestSweepComplianceFlag: sweep's --compliance takes true, false or deep;
// unset, it follows check.compliance.
func TestSweepComplianceFlag(t *testing.T) {
	t.Parallel()
	deepCfg := config.Default()
	deepCfg.Check.Compliance = "deep"
	cases := []struct {
		set      string // "" leaves the flag unset
		cfg      config.Config
		on       bool
		mode     string
		wantFail bool
	}{
		{"", config.Default(), true, "", false},
		{"", deepCfg, true, "deep", false},
		{"false", deepCfg, false, "", false},
		{"true", deepCfg, true, "", false},
		{"deep", config.Default(), true, "deep", false},
		{"DEEP", config.Default(), true, "deep", false},
		{"shallow", config.Default(), true, "", true},
	}
	for _, tc := range cases {
		f := complianceFlag{on: true}
		if tc.set != "" {
			err := f.Set(tc.set)
			if (err != nil) != tc.wantFail {
				t.Errorf("Set(%q): %v, want failure %v", tc.set, err, tc.wantFail)
			}
			if err != nil {
				continue
			}
		}
		if f.on != tc.on || f.mode(tc.cfg) != tc.mode {
			t.Errorf("%q with check.compliance %s: on %v mode %q, want %v %q", tc.set, tc.cfg.Check.Compliance, f.on, f.mode(tc.cfg), tc.on, tc.mode)
		}
	}
	bad := config.Default()
	bad.Check.Compliance = "shallow"
	if err := config.Validate(&bad); err == nil {
		t.Error("check.compliance: shallow was accepted")
	}
	good := config.Default()
	if err := config.Validate(&good); err != nil {
		t.Errorf("default config: %v", err)
	}
}
