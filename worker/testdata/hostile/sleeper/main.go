// Command sleeper is a hostile MCP server: it ignores SIGTERM and SIGINT,
// never reads stdin, never answers and never exits.
package main

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	signal.Ignore(syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP, syscall.SIGPIPE)
	fmt.Fprintln(os.Stderr, "sleeper: started, ignoring signals")
	for {
		time.Sleep(time.Hour)
	}
}
