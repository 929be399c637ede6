package lint

import (
	"fmt"
	"strings"
)

// Profile names a rule profile: how each rule checks and at which default
// severity it runs.
type Profile string

// The two profiles.
const (
	// ProfileMcpgauge is the default: mcpgauge's own rules, with the false
	// positives found on real servers fixed and every rule at the severity
	// its measured precision supports. The mcpgauge score and the
	// leaderboard use it.
	ProfileMcpgauge Profile = "mcpgauge"
	// ProfileToolgauge reproduces mcp-toolgauge exactly: its 22 rules, its
	// checks and severities, every other rule off. The toolgauge health
	// score always uses it.
	ProfileToolgauge Profile = "toolgauge"
)

// RulesRevision names the revision of the rules' checks. Bump it with any
// change to what a rule finds, so a stored result's rule-set digest says
// which rules produced it (coordinator.RuleSetDigest hashes it).
const RulesRevision = "mcpgauge-rules/4"

// Profiles lists the profiles, the default first.
func Profiles() []Profile { return []Profile{ProfileMcpgauge, ProfileToolgauge} }

// ParseProfile reads a profile name, case-insensitively; "" is the default.
func ParseProfile(s string) (Profile, error) {
	switch Profile(strings.ToLower(strings.TrimSpace(s))) {
	case "", ProfileMcpgauge:
		return ProfileMcpgauge, nil
	case ProfileToolgauge:
		return ProfileToolgauge, nil
	}
	return ProfileMcpgauge, fmt.Errorf("invalid profile %q (want mcpgauge or toolgauge)", s)
}

func (p Profile) normal() Profile {
	if p == "" {
		return ProfileMcpgauge
	}
	return p
}

// SeverityIn returns the rule's default severity under profile p (before
// any configured override).
func (r Rule) SeverityIn(p Profile) Severity {
	if p.normal() == ProfileToolgauge {
		return r.Toolgauge
	}
	return r.Default
}
