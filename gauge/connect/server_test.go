package connect

// The test binary doubles as a stdio MCP server: when CONNECT_TEST_MODE is
// set, TestMain serves instead of running tests. Mode "legacy" is a
// hand-written handshake-only JSON-RPC server whose misbehaviour is chosen
// by environment variables; mode "sdk" is a go-sdk server (both eras).

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"syscall"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestMain(m *testing.M) {
	switch os.Getenv("CONNECT_TEST_MODE") {
	case "":
		os.Exit(m.Run())
	case "legacy":
		serveLegacy()
	case "sdk":
		serveSDK()
	default:
		fmt.Fprintln(os.Stderr, "unknown CONNECT_TEST_MODE")
		os.Exit(2)
	}
	os.Exit(0)
}

// env knobs of the legacy server.
const (
	envMode      = "CONNECT_TEST_MODE"
	envPIDFile   = "CONNECT_TEST_PIDFILE"
	envDiscover  = "CONNECT_TEST_DISCOVER" // "error" (default), "silent", "exit" (exit 1, as strict servers do)
	envTools     = "CONNECT_TEST_TOOLS"    // normal, cycle, endless, dup, crash, badcursor
	envJunk      = "CONNECT_TEST_JUNK"     // "1": junk line before every reply
	envHang      = "CONNECT_TEST_HANG"     // "1": never answer
	envStubborn  = "CONNECT_TEST_STUBBORN" // "1": ignore stdin EOF and SIGTERM
	envChild     = "CONNECT_TEST_CHILD"    // "1": start a child process in the group
	envGiantLine = "CONNECT_TEST_GIANT"    // "1": write an endless line
	envNoiseOnly = "CONNECT_TEST_NOISE"    // "1": write junk lines forever
	envLog       = "CONNECT_TEST_LOG"      // file that gets every method received
	envHangList  = "CONNECT_TEST_HANGLIST" // "1": never answer tools/list
	envNoCaps    = "CONNECT_TEST_NOCAPS"   // "1": declare no capabilities (tools/list still works)
	envStarts    = "CONNECT_TEST_STARTS"   // file that gets a line per process start
)

func writePID() {
	if p := os.Getenv(envStarts); p != "" {
		if f, err := os.OpenFile(p, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600); err == nil {
			fmt.Fprintln(f, "start")
			f.Close()
		}
	}
	if p := os.Getenv(envPIDFile); p != "" {
		_ = os.WriteFile(p, []byte(strconv.Itoa(os.Getpid())), 0o600)
	}
}

func serveLegacy() {
	writePID()
	stubborn := os.Getenv(envStubborn) == "1"
	if stubborn {
		signal.Ignore(syscall.SIGTERM)
	}
	if os.Getenv(envChild) == "1" {
		c := exec.Command("sleep", "300")
		_ = c.Start()
		fmt.Fprintf(os.Stderr, "CHILD %d\n", c.Process.Pid)
	}
	out := bufio.NewWriter(os.Stdout)
	if os.Getenv(envGiantLine) == "1" {
		chunk := make([]byte, 1<<16)
		for i := range chunk {
			chunk[i] = 'x'
		}
		for {
			if _, err := out.Write(chunk); err != nil {
				os.Exit(0)
			}
		}
	}
	if os.Getenv(envNoiseOnly) == "1" {
		for i := 0; ; i++ {
			if _, err := fmt.Fprintf(out, "log line %d: starting up\n", i); err != nil {
				os.Exit(0)
			}
		}
	}
	send := func(v any) {
		if os.Getenv(envJunk) == "1" {
			fmt.Fprintln(out, "DEBUG: about to reply")
			fmt.Fprintln(out, `{"level":"info","msg":"not json-rpc"}`)
		}
		b, _ := json.Marshal(v)
		out.Write(b)
		out.WriteByte('\n')
		out.Flush()
	}
	if os.Getenv(envJunk) == "1" {
		fmt.Fprintln(out, "Server starting on stdio...")
		out.Flush()
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	for in.Scan() {
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
		}
		if json.Unmarshal(in.Bytes(), &req) != nil {
			send(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": -32700, "message": "Parse error"}})
			continue
		}
		fmt.Fprintf(os.Stderr, "GOT %s\n", req.Method)
		if p := os.Getenv(envLog); p != "" {
			if f, err := os.OpenFile(p, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600); err == nil {
				fmt.Fprintln(f, req.Method)
				f.Close()
			}
		}
		if os.Getenv(envHang) == "1" || req.ID == nil {
			continue
		}
		result, rpcErr := legacyHandle(req.Method, req.Params)
		if rpcErr != nil && rpcErr["code"] == "silent" {
			continue
		}
		msg := map[string]any{"jsonrpc": "2.0", "id": req.ID}
		if rpcErr != nil {
			msg["error"] = rpcErr
		} else {
			msg["result"] = result
		}
		send(msg)
	}
	if stubborn {
		select {}
	}
}

func legacyHandle(method string, params json.RawMessage) (any, map[string]any) {
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
		Cursor          string `json:"cursor"`
	}
	_ = json.Unmarshal(params, &p)
	notFound := map[string]any{"code": -32601, "message": "Method not found: " + method}
	switch method {
	case "server/discover":
		switch os.Getenv(envDiscover) {
		case "silent":
			return nil, map[string]any{"code": "silent"}
		case "exit":
			// The Rust SDK's servers end the process on any first
			// request but initialize ("expect initialized request").
			fmt.Fprintln(os.Stderr, "Error: expect initialized request, but received: server/discover")
			os.Exit(1)
		}
		return nil, notFound
	case "initialize":
		v := p.ProtocolVersion
		switch v {
		case "2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25":
		default:
			v = "2025-11-25"
		}
		caps := map[string]any{
			"tools": map[string]any{}, "resources": map[string]any{}, "prompts": map[string]any{},
			"x-custom": map[string]any{"a": 1},
		}
		if os.Getenv(envNoCaps) == "1" {
			caps = map[string]any{}
		}
		return map[string]any{
			"protocolVersion": v,
			"capabilities":    caps,
			"serverInfo":      map[string]any{"name": "legacy-test", "title": "Legacy Test", "version": "1.2.3"},
			"instructions":    "Use the tools carefully.",
		}, nil
	case "tools/list":
		if os.Getenv(envHangList) == "1" {
			return nil, map[string]any{"code": "silent"}
		}
		return legacyTools(p.Cursor)
	case "resources/list":
		return map[string]any{"resources": []any{map[string]any{"uri": "file:///a.txt", "name": "a", "mimeType": "text/plain", "x-extra": true}}}, nil
	case "resources/templates/list":
		return map[string]any{"resourceTemplates": []any{map[string]any{"uriTemplate": "file:///{name}", "name": "files"}}}, nil
	case "prompts/list":
		return map[string]any{"prompts": []any{map[string]any{"name": "summarise", "description": "Summarise a text.",
			"arguments": []any{map[string]any{"name": "text", "required": true}}}}}, nil
	case "tools/call":
		return nil, map[string]any{"code": -32602, "message": "no tools are callable here"}
	}
	return nil, notFound
}

func tool(name string) map[string]any {
	return map[string]any{"name": name, "description": "Does " + name + ".",
		"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"q": map[string]any{"type": "string"}}},
		"x-vendor":    "kept"}
}

func legacyTools(cursor string) (any, map[string]any) {
	mode := os.Getenv(envTools)
	page := func(next string, tools ...any) map[string]any {
		m := map[string]any{"tools": tools}
		if next != "" {
			m["nextCursor"] = next
		}
		return m
	}
	switch mode {
	case "cycle":
		if cursor == "B" {
			return page("A", tool("beta")), nil
		}
		return page("B", tool("alpha")), nil
	case "endless":
		n, _ := strconv.Atoi(cursor)
		return page(strconv.Itoa(n+1), tool(fmt.Sprintf("t%d", n))), nil
	case "dup":
		if cursor == "" {
			return page("2", tool("same"), tool("other")), nil
		}
		return page("", tool("same")), nil
	case "crash":
		if cursor == "" {
			return page("2", tool("first"), tool("second")), nil
		}
		fmt.Fprintln(os.Stderr, "panic: boom on page 2")
		os.Exit(2)
	case "badannotations":
		bad := tool("weird")
		bad["annotations"] = map[string]any{"readOnlyHint": "yes"}
		return page("", bad, tool("fine")), nil
	}
	switch cursor {
	case "":
		return page("c2", tool("tool_a"), tool("tool_b")), nil
	case "c2":
		return page("", tool("tool_c")), nil
	}
	return nil, map[string]any{"code": -32602, "message": "invalid cursor"}
}

func serveSDK() {
	writePID()
	s := mcp.NewServer(&mcp.Implementation{Name: "sdk-test", Title: "SDK Test", Version: "0.9.0"},
		&mcp.ServerOptions{Instructions: "SDK instructions."})
	type in struct {
		Q string `json:"q" jsonschema:"the query"`
	}
	for _, name := range []string{"alpha", "beta", "gamma"} {
		mcp.AddTool(s, &mcp.Tool{Name: name, Description: "Tool " + name + "."},
			func(ctx context.Context, req *mcp.CallToolRequest, args in) (*mcp.CallToolResult, any, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
			})
	}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}
