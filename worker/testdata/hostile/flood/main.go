// Command flood is a hostile MCP server: it writes 1 GB of non-MCP lines to
// stdout before it would ever answer.
package main

import (
	"bytes"
	"os"
)

func main() {
	line := append(bytes.Repeat([]byte("flood "), 1365), '\n') // ~8 KiB
	for written := 0; written < 1<<30; written += len(line) {
		if _, err := os.Stdout.Write(line); err != nil {
			os.Exit(1)
		}
	}
}
