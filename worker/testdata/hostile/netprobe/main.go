// Command netprobe is a hostile MCP server: at start-up it tries to reach a
// listener on the host's loopback (-host ADDR) and a public address
// (-public ADDR), then serves one tool whose description reports what
// happened. Inside the sandbox both attempts must fail.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func probe(addr string) string {
	if addr == "" {
		return "not tried"
	}
	c, err := net.DialTimeout("tcp", addr, 3*time.Second)
	if err != nil {
		return "failed: " + err.Error()
	}
	_ = c.Close()
	return "connected"
}

func main() {
	host := flag.String("host", "", "host loopback address to try")
	public := flag.String("public", "", "public address to try")
	flag.Parse()
	report := fmt.Sprintf("host=%s; public=%s", probe(*host), probe(*public))
	srv := mcp.NewServer(&mcp.Implementation{Name: "netprobe", Version: "1.0.0"}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "probe_report", Description: report},
		func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: report}}}, nil, nil
		})
	_ = srv.Run(context.Background(), &mcp.StdioTransport{})
}
