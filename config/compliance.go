package config

import (
	"fmt"
	"strings"
)

// ComplianceFlag is the --compliance flag of sweep and the coordinator
// (a pflag.Value): true (the default session plan, or check.compliance),
// false, or deep. Start it at ComplianceFlag{On: true}. On runs the tests,
// Deep gives every protocol revision a session of its own, Given says the
// flag was on the command line.
type ComplianceFlag struct{ On, Deep, Given bool }

// String is the flag's value as help shows it.
func (c *ComplianceFlag) String() string {
	switch {
	case !c.On:
		return "false"
	case c.Deep:
		return "deep"
	}
	return "true"
}

// Set parses true, false or deep (and on, off, 1, 0, default).
func (c *ComplianceFlag) Set(s string) error {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "on", "1", "default":
		*c = ComplianceFlag{On: true, Given: true}
	case "false", "off", "0":
		*c = ComplianceFlag{Given: true}
	case "deep":
		*c = ComplianceFlag{On: true, Deep: true, Given: true}
	default:
		return fmt.Errorf("%q: want true, false or deep", s)
	}
	return nil
}

// Type names the values in help.
func (c *ComplianceFlag) Type() string { return "true|false|deep" }

// Mode is the jobs' compliance mode, "deep" or "": the flag's when it was
// given, else check.compliance of cfg (validated).
func (c *ComplianceFlag) Mode(cfg Config) string {
	if c.Deep || (!c.Given && cfg.Check.Compliance == "deep") {
		return "deep"
	}
	return ""
}
