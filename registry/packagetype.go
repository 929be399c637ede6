package registry

// PackageType is the launch kind a scan job and its result carry: "npm",
// "pypi", "oci", "remote" (streamable HTTP or SSE), or the plan's Kind
// itself for anything else ("unsupported").
func (p Plan) PackageType() string {
	switch p.Kind {
	case KindNPMStdio:
		return "npm"
	case KindPyPI:
		return "pypi"
	case KindOCI:
		return "oci"
	case KindRemoteHTTP, KindRemoteSSE:
		return "remote"
	}
	return string(p.Kind)
}
