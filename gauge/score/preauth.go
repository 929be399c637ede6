package score

import "github.com/mcpgauge/mcpgauge/internal/compat"

// ComputePreAuth returns the score of a server graded without credentials
// (it answered 401): the compliance part alone, from the tests that run
// before authentication, weighs 1; design, security, efficiency and
// selection were not measured (no tool could be listed). Overall is the
// compliance part, rounded; no security cap applies (no finding exists).
// A run where no test counted measures nothing and scores 0, not measured.
func ComputePreAuth(tests []Test) Result {
	c := compliancePart(tests)
	res := Result{Version: Version, Parts: []Part{c,
		{Name: PartDesign}, {Name: PartSecurity}, {Name: PartEfficiency}, {Name: PartSelection}}}
	if c.Measured {
		res.Parts[0].Weight = 1
		res.Uncapped = compat.PyRound(c.Score)
		res.Overall = res.Uncapped
	}
	return res
}
