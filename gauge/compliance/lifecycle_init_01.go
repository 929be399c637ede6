package compliance

import "context"

// lifecycleInit01 is mcp-quality-gate's lifecycle-init-01: the server names itself and its version.
func lifecycleInit01() Test {
	return Test{
		ID:       "lifecycle-init-01",
		Name:     "Server reports name and version",
		Category: CategoryLifecycle,
		Severity: Critical,
		SpecRef:  specURL(qgRevision, "basic/lifecycle"),
		Origin:   OriginQualityGate,
		Needs:    []Need{NeedMain},
		Invokes:  false,
		Revision: 1,
		Run:      runLifecycleInit01,
	}
}

func runLifecycleInit01(_ context.Context, e *Env) Result {
	name, version := serverNameVersion(e)
	if name == "" {
		return fail("Server did not report a name")
	}
	if version == "" {
		return fail("Server %q did not report a version", name)
	}
	return pass("Server: %s v%s", name, version)
}

func serverNameVersion(e *Env) (string, string) {
	if e.Snapshot != nil && (e.Snapshot.Server.Name != "" || e.Snapshot.Server.Version != "") {
		return e.Snapshot.Server.Name, e.Snapshot.Server.Version
	}
	if e.Session != nil && e.Session.Init != nil && e.Session.Init.ServerInfo != nil {
		return e.Session.Init.ServerInfo.Name, e.Session.Init.ServerInfo.Version
	}
	return "", ""
}
