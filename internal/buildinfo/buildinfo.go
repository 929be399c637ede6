// Package buildinfo exports which mcpgauge build a process runs as the
// Prometheus gauge mcpgauge_build_info (always 1), the usual way to join a
// version onto other series and to see a fleet's versions during a rollout.
package buildinfo

import (
	"runtime"
	"runtime/debug"

	"github.com/mcpgauge/mcpgauge/internal/vcs"

	"github.com/prometheus/client_golang/prometheus"
)

// Info is the mcpgauge_build_info gauge of one process.
type Info struct {
	vec *prometheus.GaugeVec
}

// New registers mcpgauge_build_info on r with the module version the binary
// was built from (debug.ReadBuildInfo; "(devel)" for a plain go build).
// Call Set with the version stamped at link time to replace it.
func New(r prometheus.Registerer) *Info {
	i := &Info{vec: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "mcpgauge_build_info",
		Help: "Always 1; the labels name the build: version, revision (VCS commit), goversion."},
		[]string{"version", "revision", "goversion"})}
	r.MustRegister(i.vec)
	v := "(devel)"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		v = bi.Main.Version
	}
	i.Set(v)
	return i
}

// Set replaces the series with one for version.
func (i *Info) Set(version string) {
	rev, _ := vcs.Stamp()
	i.vec.Reset()
	i.vec.WithLabelValues(version, rev, runtime.Version()).Set(1)
}
