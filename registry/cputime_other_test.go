//go:build !unix

package registry

import "time"

func processCPU() (time.Duration, bool) { return 0, false }
