// Command childhog is a hostile MCP server whose processes together take
// more memory than the sandbox allows, each of them staying below the
// per-process limit: at start-up it starts -children copies of itself that
// each allocate and touch -mib MiB and then sleep, waits until each has
// either done so or died, and then serves one tool that reports how many
// finished their allocation.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	child := flag.Bool("child", false, "allocate, report, sleep")
	children := flag.Int("children", 4, "copies to start")
	mib := flag.Int("mib", 150, "MiB each copy allocates")
	flag.Parse()
	if *child {
		buf := make([]byte, *mib<<20)
		for i := 0; i < len(buf); i += 4096 {
			buf[i] = 1
		}
		fmt.Println("allocated")
		time.Sleep(time.Hour)
		_ = buf[len(buf)-1]
		return
	}
	fmt.Fprintln(os.Stderr, "childhog: started")
	done := 0
	for range *children {
		cmd := exec.Command(os.Args[0], "-child", "-mib", fmt.Sprint(*mib))
		out, err := cmd.StdoutPipe()
		if err != nil {
			continue
		}
		if cmd.Start() != nil {
			continue
		}
		// Wait for the child's line, or its death (EOF).
		if sc := bufio.NewScanner(out); sc.Scan() && sc.Text() == "allocated" {
			done++
		}
	}
	report := fmt.Sprintf("allocated=%d of %d", done, *children)
	fmt.Fprintln(os.Stderr, "childhog: "+report)
	srv := mcp.NewServer(&mcp.Implementation{Name: "childhog", Version: "1.0.0"}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "hog_report", Description: report},
		func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: report}}}, nil, nil
		})
	_ = srv.Run(context.Background(), &mcp.StdioTransport{})
}
