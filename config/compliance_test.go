package config

import "testing"

// TestComplianceFlag: sweep's --compliance takes true, false or deep;
// unset, it follows check.compliance.
func TestComplianceFlag(t *testing.T) {
	t.Parallel()
	deepCfg := Default()
	deepCfg.Check.Compliance = "deep"
	cases := []struct {
		set      string // "" leaves the flag unset
		cfg      Config
		on       bool
		mode     string
		wantFail bool
	}{
		{"", Default(), true, "", false},
		{"", deepCfg, true, "deep", false},
		{"false", deepCfg, false, "", false},
		{"true", deepCfg, true, "", false},
		{"deep", Default(), true, "deep", false},
		{"DEEP", Default(), true, "deep", false},
		{"shallow", Default(), true, "", true},
	}
	for _, tc := range cases {
		f := ComplianceFlag{On: true}
		if tc.set != "" {
			err := f.Set(tc.set)
			if (err != nil) != tc.wantFail {
				t.Errorf("Set(%q): %v, want failure %v", tc.set, err, tc.wantFail)
			}
			if err != nil {
				continue
			}
		}
		if f.On != tc.on || f.Mode(tc.cfg) != tc.mode {
			t.Errorf("%q with check.compliance %s: on %v mode %q, want %v %q", tc.set, tc.cfg.Check.Compliance, f.On, f.Mode(tc.cfg), tc.on, tc.mode)
		}
	}
	bad := Default()
	bad.Check.Compliance = "shallow"
	if err := Validate(&bad); err == nil {
		t.Error("check.compliance: shallow was accepted")
	}
	good := Default()
	if err := Validate(&good); err != nil {
		t.Errorf("default config: %v", err)
	}
}
