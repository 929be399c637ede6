//go:build !linux

package worker

import (
	"errors"
	"os"
	"os/exec"
)

// errNoSinkhole: the sinkhole needs Linux network namespaces and TUN
// devices; bwrap sandboxes (the only ones that use it) exist only there.
var errNoSinkhole = errors.New("the network sinkhole needs Linux")

func attachSinkhole(int, identity) (*os.File, error) { return nil, errNoSinkhole }

func sinkHelper(*exec.Cmd, identity) (*os.File, error) { return nil, errNoSinkhole }

func receiveSink(*os.File, *os.File) (*os.File, error) { return nil, errNoSinkhole }
