package scan

import "github.com/mcpgauge/mcpgauge/schema"

// localResultFor wraps a report in a result document for tests.
func localResultFor(rep *Report) schema.Result {
	name, ver := rep.Snapshot.Server.Name, rep.Snapshot.Server.Version
	res := schema.Result{SchemaVersion: schema.Version, SweepID: "test", Name: name, Version: ver,
		JobID: schema.JobID("test", name, ver), ScannerVersion: "test", WorkerID: "test"}
	rep.Fill(&res)
	return res
}
