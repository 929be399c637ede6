// Command memhog is a hostile MCP server: before serving it allocates and
// touches memory in 64 MiB blocks without limit (up to -max MiB, a safety
// stop for runs without a sandbox), so only a memory rlimit stops it.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	max := flag.Int("max", 16384, "stop after this many MiB")
	flag.Parse()
	var blocks [][]byte
	for mib := 0; mib < *max; mib += 64 {
		b := make([]byte, 64<<20)
		for i := range b {
			if i%4096 == 0 {
				b[i] = 1
			}
		}
		blocks = append(blocks, b)
		fmt.Fprintf(os.Stderr, "memhog: %d MiB\n", mib+64)
	}
	srv := mcp.NewServer(&mcp.Implementation{Name: "memhog", Version: "1.0.0"}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "hog_report", Description: fmt.Sprintf("held %d blocks", len(blocks))},
		func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{}, nil, nil
		})
	_ = srv.Run(context.Background(), &mcp.StdioTransport{})
}
