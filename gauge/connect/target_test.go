package connect

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// tree writes files (path → content) under a new temp dir; a content of
// "#!exec" makes an executable file.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, c := range files {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		mode := os.FileMode(0o644)
		if strings.HasPrefix(c, "#!") {
			mode = 0o755
		}
		if err := os.WriteFile(full, []byte(c), mode); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestResolve(t *testing.T) {
	type want struct {
		transport, command, display, url, kind, server string
		args                                           []string
		dir                                            string // relative to the tree; "-" = unset
		env, headers                                   map[string]string
	}
	cases := []struct {
		name    string
		files   map[string]string
		target  string // "{dir}" is replaced by the tree root
		opts    ResolveOptions
		want    *want
		wantErr string
	}{
		{name: "command with quoting", target: "", opts: ResolveOptions{Command: `node "my server.js" --port 3`, Env: map[string]string{"A": "1"}},
			want: &want{transport: "stdio", command: "node", args: []string{"my server.js", "--port", "3"}, display: `node 'my server.js' --port 3`, dir: "-", env: map[string]string{"A": "1"}}},
		{name: "command runs in the target dir", files: map[string]string{"x": ""}, target: "{dir}", opts: ResolveOptions{Command: "python3 s.py"},
			want: &want{transport: "stdio", command: "python3", args: []string{"s.py"}, display: "python3 s.py", dir: "."}},
		{name: "empty command", target: ".", opts: ResolveOptions{Command: "  ", CommandGiven: true}, wantErr: "--command is empty"},
		{name: "empty command flag", target: ".", opts: ResolveOptions{CommandGiven: true}, wantErr: "--command is empty"},
		{name: "positional command with spaces", target: "npx -y @modelcontextprotocol/server-memory",
			want: &want{transport: "stdio", command: "npx", args: []string{"-y", "@modelcontextprotocol/server-memory"}, display: "npx -y @modelcontextprotocol/server-memory", dir: "-"}},
		{name: "url with headers", target: "https://example.com/mcp", opts: ResolveOptions{Headers: map[string]string{"Authorization": "Bearer x"}},
			want: &want{transport: "http", url: "https://example.com/mcp", display: "https://example.com/mcp", dir: "-", headers: map[string]string{"Authorization": "Bearer x"}}},
		{name: "url with --server", target: "http://127.0.0.1:1/mcp", opts: ResolveOptions{Server: "a"}, wantErr: "--server applies only to a manifest"},
		{name: "no target", target: "", wantErr: "no target given"},
		{name: "missing path", target: "/nonexistent/where", wantErr: `"/nonexistent/where" is not a directory, a file, or an http(s) URL`},
		{name: ".mcp.json stdio", files: map[string]string{".mcp.json": `{"mcpServers":{"notes":{"command":"node","args":["dist/index.js",3,true],"env":{"K":"v","N":5},"cwd":"sub"}}}`},
			target: "{dir}", opts: ResolveOptions{Env: map[string]string{"K": "override"}},
			want: &want{transport: "stdio", command: "node", args: []string{"dist/index.js", "3", "true"}, display: "node dist/index.js 3 true", dir: "sub", server: "notes",
				env: map[string]string{"K": "override", "N": "5"}}},
		{name: "manifest order: .mcp.json beats mcp.json", files: map[string]string{".mcp.json": `{"servers":{"a":{"command":"a"}}}`, "mcp.json": `{"servers":{"b":{"command":"b"}}}`},
			target: "{dir}", want: &want{transport: "stdio", command: "a", display: "a", dir: ".", server: "a"}},
		{name: "first manifest wins even when broken", files: map[string]string{"mcp.json": `{not json`, "claude_desktop_config.json": `{"mcpServers":{"b":{"command":"b"}}}`},
			target: "{dir}", wantErr: "mcp.json: not a JSON object"},
		{name: ".vscode/mcp.json with workspaceFolder", files: map[string]string{".vscode/mcp.json": `{"servers":{"v":{"type":"stdio","command":"node","args":["${workspaceFolder}/s.js"]}}}`},
			target: "{dir}", want: &want{transport: "stdio", command: "node", args: []string{"{dir}/s.js"}, display: "node {dir}/s.js", dir: ".vscode", server: "v"}},
		{name: "claude_desktop_config.json", files: map[string]string{"claude_desktop_config.json": `{"mcpServers":{"c":{"command":"uvx","args":["mcp-server-time"]}}}`},
			target: "{dir}", want: &want{transport: "stdio", command: "uvx", args: []string{"mcp-server-time"}, display: "uvx mcp-server-time", dir: ".", server: "c"}},
		{name: "several servers need --server", files: map[string]string{".mcp.json": `{"mcpServers":{"b":{"command":"b"},"a":{"command":"a"}}}`},
			target: "{dir}", wantErr: "holds 2 servers; pick one with --server (available: a, b)"},
		{name: "--server picks", files: map[string]string{".mcp.json": `{"mcpServers":{"b":{"command":"b"},"a":{"command":"a"}}}`},
			target: "{dir}", opts: ResolveOptions{Server: "b"}, want: &want{transport: "stdio", command: "b", display: "b", dir: ".", server: "b"}},
		{name: "--server unknown lists names", files: map[string]string{".mcp.json": `{"mcpServers":{"b":{"command":"b"},"a":{"command":"a"}}}`},
			target: "{dir}", opts: ResolveOptions{Server: "zz"}, wantErr: `no server named "zz" (available: a, b)`},
		{name: "empty table", files: map[string]string{".mcp.json": `{"mcpServers":{}}`}, target: "{dir}", wantErr: "the server table is empty"},
		{name: "no table", files: map[string]string{".mcp.json": `{"other":{}}`}, target: "{dir}", wantErr: `no "mcpServers" or "servers" table`},
		{name: "args not a list", files: map[string]string{".mcp.json": `{"mcpServers":{"a":{"command":"a","args":"x"}}}`}, target: "{dir}", wantErr: `"args" must be a list`},
		{name: "stdio without command", files: map[string]string{".mcp.json": `{"mcpServers":{"a":{"args":[]}}}`}, target: "{dir}", wantErr: `needs a non-empty "command"`},
		{name: "http entry with headers", files: map[string]string{".mcp.json": `{"mcpServers":{"r":{"type":"http","url":"https://x.test/mcp","headers":{"X-Key":"k","A":"m"}}}}`},
			target: "{dir}", opts: ResolveOptions{Headers: map[string]string{"A": "cli"}},
			want: &want{transport: "http", url: "https://x.test/mcp", display: "https://x.test/mcp", dir: "-", server: "r", headers: map[string]string{"X-Key": "k", "A": "cli"}}},
		{name: "sse entry uses SSE", files: map[string]string{".mcp.json": `{"mcpServers":{"r":{"type":"SSE","url":"http://x.test/sse"}}}`},
			target: "{dir}", want: &want{transport: "http", url: "http://x.test/sse", display: "http://x.test/sse", kind: "sse", dir: "-", server: "r"}},
		{name: "streamable_http entry", files: map[string]string{".mcp.json": `{"mcpServers":{"r":{"type":"streamable_http","url":"http://x.test/mcp"}}}`},
			target: "{dir}", want: &want{transport: "http", url: "http://x.test/mcp", display: "http://x.test/mcp", kind: "streamable", dir: "-", server: "r"}},
		{name: "url without command is http", files: map[string]string{".mcp.json": `{"mcpServers":{"r":{"url":"http://x.test/mcp"}}}`},
			target: "{dir}", want: &want{transport: "http", url: "http://x.test/mcp", display: "http://x.test/mcp", dir: "-", server: "r"}},
		{name: "http entry without url", files: map[string]string{".mcp.json": `{"mcpServers":{"r":{"type":"http"}}}`}, target: "{dir}", wantErr: `needs a non-empty "url"`},
		{name: "unknown type", files: map[string]string{".mcp.json": `{"mcpServers":{"r":{"type":"websocket","url":"ws://x"}}}`}, target: "{dir}", wantErr: `unsupported "type" "websocket"`},
		{name: "python entrypoint order", files: map[string]string{"app.py": "", "main.py": ""}, target: "{dir}",
			want: &want{transport: "stdio", command: "python3", args: []string{"main.py"}, display: "python3 main.py", dir: "."}},
		{name: "__main__.py", files: map[string]string{"__main__.py": ""}, target: "{dir}",
			want: &want{transport: "stdio", command: "python3", args: []string{"__main__.py"}, display: "python3 __main__.py", dir: "."}},
		{name: "package.json bin map", files: map[string]string{"package.json": `{"name":"@acme/srv","bin":{"other":"o.js","srv":"dist/cli.js"}}`}, target: "{dir}",
			want: &want{transport: "stdio", command: "node", args: []string{"dist/cli.js"}, display: "node dist/cli.js", dir: "."}},
		{name: "package.json main", files: map[string]string{"package.json": `{"name":"x","main":"lib/index.js"}`, "index.js": ""}, target: "{dir}",
			want: &want{transport: "stdio", command: "node", args: []string{"lib/index.js"}, display: "node lib/index.js", dir: "."}},
		{name: "index.js", files: map[string]string{"index.js": "", "package.json": `{"name":"x"}`}, target: "{dir}",
			want: &want{transport: "stdio", command: "node", args: []string{"index.js"}, display: "node index.js", dir: "."}},
		{name: "server.js", files: map[string]string{"server.js": ""}, target: "{dir}",
			want: &want{transport: "stdio", command: "node", args: []string{"server.js"}, display: "node server.js", dir: "."}},
		{name: "main.go", files: map[string]string{"main.go": "package main"}, target: "{dir}",
			want: &want{transport: "stdio", command: "go", args: []string{"run", "."}, display: "go run .", dir: "."}},
		{name: "nothing found", files: map[string]string{"README.md": ""}, target: "{dir}",
			wantErr: "looked for .mcp.json, mcp.json, .vscode/mcp.json, claude_desktop_config.json, server.py, main.py, __main__.py, app.py, package.json, index.js, server.js, main.go; pass --command"},
		{name: "--server without manifest", files: map[string]string{"server.py": ""}, target: "{dir}", opts: ResolveOptions{Server: "a"}, wantErr: "holds no manifest"},
		{name: "json file is a manifest", files: map[string]string{"conf/servers.json": `{"servers":{"s":{"command":"s"}}}`}, target: "{dir}/conf/servers.json",
			want: &want{transport: "stdio", command: "s", display: "s", dir: "conf", server: "s"}},
		{name: "py file", files: map[string]string{"src/srv.py": ""}, target: "{dir}/src/srv.py",
			want: &want{transport: "stdio", command: "python3", args: []string{"srv.py"}, display: "python3 srv.py", dir: "src"}},
		{name: "mjs file", files: map[string]string{"srv.mjs": ""}, target: "{dir}/srv.mjs",
			want: &want{transport: "stdio", command: "node", args: []string{"srv.mjs"}, display: "node srv.mjs", dir: "."}},
		{name: "ts file", files: map[string]string{"srv.ts": ""}, target: "{dir}/srv.ts",
			want: &want{transport: "stdio", command: "npx", args: []string{"tsx", "srv.ts"}, display: "npx tsx srv.ts", dir: "."}},
		{name: "executable file", files: map[string]string{"bin/srv": "#!/bin/sh\n"}, target: "{dir}/bin/srv",
			want: &want{transport: "stdio", command: "{dir}/bin/srv", display: "{dir}/bin/srv", dir: "bin"}},
		{name: "other file", files: map[string]string{"notes.txt": "hi"}, target: "{dir}/notes.txt", wantErr: `cannot run a ".txt" file`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := tree(t, c.files)
			root, _ = filepath.EvalSymlinks(root)
			sub := func(s string) string { return strings.ReplaceAll(s, "{dir}", root) }
			target := sub(c.target)
			if c.target == "{dir}" && c.opts.Command != "" {
				target = root
			}
			got, err := Resolve(target, c.opts)
			if c.wantErr != "" {
				if err == nil {
					t.Fatalf("got %+v, want error %q", got, c.wantErr)
				}
				if !errors.Is(err, ErrUsage) {
					t.Errorf("error does not wrap ErrUsage: %v", err)
				}
				if !strings.Contains(err.Error(), c.wantErr) {
					t.Errorf("error %q does not contain %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			w := c.want
			wantDir := ""
			switch w.dir {
			case "-":
			case ".":
				wantDir = root
			default:
				wantDir = filepath.Join(root, w.dir)
			}
			var args []string
			for _, a := range w.args {
				args = append(args, sub(a))
			}
			if got.Transport != w.transport || got.Command != sub(w.command) || !reflect.DeepEqual(got.Args, args) ||
				got.Display != sub(w.display) || got.URL != w.url || got.HTTPKind != w.kind || got.ServerName != w.server || got.Dir != wantDir {
				t.Errorf("got %+v\nwant %+v (dir %q)", got, w, wantDir)
			}
			if w.env != nil && !reflect.DeepEqual(got.Env, w.env) {
				t.Errorf("env = %v, want %v", got.Env, w.env)
			}
			if w.headers != nil && !reflect.DeepEqual(got.Headers, w.headers) {
				t.Errorf("headers = %v, want %v", got.Headers, w.headers)
			}
		})
	}
}

func TestShellJoin(t *testing.T) {
	cases := []struct {
		in   []string
		want string
	}{
		{[]string{"python", "server.py"}, "python server.py"},
		{[]string{"node", "my server.js"}, "node 'my server.js'"},
		{[]string{"sh", "-c", "echo 'hi'"}, `sh -c 'echo '"'"'hi'"'"''`},
		{[]string{"x", ""}, "x ''"},
		{[]string{"a@b:c,d/e_f-g.h+i=j%k"}, "a@b:c,d/e_f-g.h+i=j%k"},
		{[]string{"ünï"}, "'ünï'"},
	}
	for _, c := range cases {
		if got := ShellJoin(c.in); got != c.want {
			t.Errorf("ShellJoin(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}
