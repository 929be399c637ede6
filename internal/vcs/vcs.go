// Package vcs reads the VCS stamp Go puts into a binary built from a
// checkout, for the build-info metric and the rule-set digest.
package vcs

import "runtime/debug"

// Stamp returns the VCS revision Go stamped into the running binary and
// whether the work tree had changes; "" for a build without a stamp (go
// test, -buildvcs=false).
func Stamp() (revision string, modified bool) {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "", false
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	return revision, modified
}
