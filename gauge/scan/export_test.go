package scan

import (
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/schema"
)

// localResultFor wraps a report in a result document for tests.
func localResultFor(rep *Report) schema.Result {
	name, ver := rep.Snapshot.Server.Name, rep.Snapshot.Server.Version
	res := schema.Result{SchemaVersion: schema.Version, SweepID: "test", Name: name, Version: ver,
		JobID: schema.JobID("test", name, ver), ScannerVersion: "test", WorkerID: "test"}
	rep.Fill(&res)
	return res
}

// WithRules returns o with rules in place of the catalogue, so a test in
// another package can inject a rule.
func WithRules(o Options, rules []lint.Rule) Options {
	o.rules = rules
	return o
}
