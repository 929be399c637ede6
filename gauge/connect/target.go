// Package connect reaches one MCP server and reads it: it resolves a target
// (a command, a URL, a directory with a manifest or a conventional
// entrypoint, a file), dials it over stdio, Streamable HTTP or legacy
// HTTP+SSE in either protocol era (the stateless 2026-07-28 revision via
// server/discover, or the initialize handshake), and reads a full snapshot:
// server info, capabilities, and every list walked to its end.
//
// A stdio server runs in its own process group; its stderr is kept in a
// capped ring buffer and its stdout is filtered so that non-MCP lines are
// recorded as noise instead of breaking the connection. Every call has a
// deadline, and Close always ends the whole process group.
//
// For compliance probes the SDK will not send (bogus versions, garbage
// cursors, undeclared methods) there is a raw JSON-RPC session, [DialRaw].
package connect

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/google/shlex"

	"github.com/mcpgauge/mcpgauge/internal/netguard"
)

// ErrUsage marks a target that cannot be resolved (bad input; exit code 2).
var ErrUsage = errors.New("invalid target")

// Launched is what Target.Launch hands back for one start of a stdio
// server.
type Launched struct {
	// Started, when set, is called once: with the process ID right after
	// the start (an error from it kills the process and fails the dial),
	// or with 0 when the start failed, so it can release what it set up.
	Started func(pid int) error
	// Exited, when set, is called at most once, after the process has been
	// reaped, with the process's wait error. A non-nil answer says the
	// launcher, not the server, ended the run (a sandbox that never got as
	// far as starting the server): the dial's error wraps it.
	Exited func(waitErr error) error
}

// ErrConnect marks a server that could not be reached or did not answer
// (exit code 3).
var ErrConnect = errors.New("cannot connect to MCP server")

// Transport kinds of a Target.
const (
	TransportStdio = "stdio"
	TransportHTTP  = "http"
)

// HTTP kinds of an HTTP Target.
const (
	// HTTPAuto tries Streamable HTTP and falls back to HTTP+SSE when the
	// first POST is refused with a 4xx status.
	HTTPAuto = ""
	// HTTPStreamable uses Streamable HTTP only.
	HTTPStreamable = "streamable"
	// HTTPSSE uses the legacy HTTP+SSE transport (2024-11-05) only.
	HTTPSSE = "sse"
)

// Target says how to reach one MCP server.
type Target struct {
	// Transport is "stdio" or "http".
	Transport string
	// Command, Args, Env and Dir describe a stdio server. Env is laid over
	// the parent environment; Dir "" means the current directory.
	Command string
	Args    []string
	Env     map[string]string
	Dir     string
	// URL and Headers describe an HTTP server.
	URL     string
	Headers map[string]string
	// HTTPKind is "", "streamable" or "sse"; "" is Streamable HTTP falling
	// back to SSE.
	HTTPKind string
	// Display is the toolgauge-style target string: the shell-quoted command
	// line, or the URL.
	Display string
	// ServerName is the manifest entry name when the target came from a manifest.
	ServerName string
	// Source says where the target came from: "command", "url", a manifest
	// path, or an entrypoint path.
	Source string
	// Launch, when set, adjusts a stdio server's command just before it
	// starts (a sandbox adds descriptors and credentials this way), and
	// returns the hooks of that one start (nil: none).
	Launch func(cmd *exec.Cmd) (*Launched, error)
	// Guard, when set, governs an HTTP target's network: every address
	// dialled and every redirect must pass its policy, environment proxies
	// are off, and requests are paced per host. Set for URLs that came
	// from a registry entry; nil (no guard) for a URL the user typed.
	Guard *netguard.Guard
}

// ResolveOptions are the CLI inputs that shape target resolution.
type ResolveOptions struct {
	// Command is --command; it wins over the positional target.
	Command string
	// CommandGiven is true when --command was passed at all, so an empty
	// value is a usage error rather than "no command".
	CommandGiven bool
	// Server picks one entry of a manifest (--server).
	Server string
	// Env is laid over the manifest's env (and the parent environment).
	Env map[string]string
	// Headers are laid over the manifest's headers for HTTP targets.
	Headers map[string]string
}

// manifestNames are the manifests looked for in a directory, in order.
func manifestNames() []string {
	return []string{".mcp.json", "mcp.json", filepath.Join(".vscode", "mcp.json"), "claude_desktop_config.json"}
}

// entrypoint is a conventional file that starts a server.
type entrypoint struct {
	file    string
	command []string // the file name is appended
}

// entrypoints are the conventional entrypoints looked for in a directory
// with no manifest, in order. package.json is handled separately, after
// the Python names.
func pythonEntrypoints() []entrypoint {
	return []entrypoint{
		{"server.py", []string{"python3"}},
		{"main.py", []string{"python3"}},
		{"__main__.py", []string{"python3"}},
		{"app.py", []string{"python3"}},
	}
}

func nodeEntrypoints() []entrypoint {
	return []entrypoint{
		{"index.js", []string{"node"}},
		{"server.js", []string{"node"}},
	}
}

// Resolve turns a CLI target (plus options) into a Target. The order is
// toolgauge's (--command, URL, directory, file), extended with Node and Go
// entrypoints, executables, SSE manifests and headers. Every failure wraps
// ErrUsage.
func Resolve(raw string, o ResolveOptions) (*Target, error) {
	t, err := resolve(raw, o)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUsage, err)
	}
	return t, nil
}

func resolve(raw string, o ResolveOptions) (*Target, error) {
	if o.CommandGiven || o.Command != "" {
		return commandTarget(raw, o)
	}
	if raw == "" {
		return nil, errors.New("no target given: pass a directory, a file, an http(s) URL or --command")
	}
	if isURL(raw) {
		if o.Server != "" {
			return nil, errors.New("--server applies only to a manifest, not a URL")
		}
		return httpTarget(raw, nil, o.Headers, HTTPAuto, "url")
	}
	fi, statErr := os.Stat(raw)
	if statErr != nil && strings.ContainsAny(raw, " \t") {
		// A positional string with spaces that is not a path is a command line.
		return commandTarget("", ResolveOptions{Command: raw, CommandGiven: true, Env: o.Env, Server: o.Server})
	}
	if statErr != nil {
		if errors.Is(statErr, fs.ErrNotExist) {
			return nil, fmt.Errorf("%q is not a directory, a file, or an http(s) URL", raw)
		}
		return nil, fmt.Errorf("%q: %w", raw, statErr)
	}
	abs, err := filepath.Abs(raw)
	if err != nil {
		return nil, fmt.Errorf("%q: %w", raw, err)
	}
	if fi.IsDir() {
		return dirTarget(abs, o)
	}
	return fileTarget(abs, fi, o)
}

func isURL(s string) bool {
	l := strings.ToLower(s)
	return strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://")
}

func commandTarget(raw string, o ResolveOptions) (*Target, error) {
	if o.Server != "" {
		return nil, errors.New("--server applies only to a manifest, not to --command")
	}
	words, err := shlex.Split(o.Command)
	if err != nil {
		return nil, fmt.Errorf("--command %q: %w", o.Command, err)
	}
	if len(words) == 0 {
		return nil, errors.New("--command is empty")
	}
	t := &Target{Transport: TransportStdio, Command: words[0], Args: words[1:], Env: copyMap(o.Env), Source: "command"}
	if raw != "" && !isURL(raw) {
		if fi, err := os.Stat(raw); err == nil && fi.IsDir() {
			if t.Dir, err = filepath.Abs(raw); err != nil {
				return nil, fmt.Errorf("%q: %w", raw, err)
			}
		}
	}
	t.Display = ShellJoin(append([]string{t.Command}, t.Args...))
	return t, nil
}

func httpTarget(rawURL string, manifestHeaders, headers map[string]string, kind, source string) (*Target, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("URL %q: %w", rawURL, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("URL %q: need an http:// or https:// URL with a host", rawURL)
	}
	h := copyMap(manifestHeaders)
	for k, v := range headers {
		if h == nil {
			h = map[string]string{}
		}
		h[k] = v
	}
	return &Target{Transport: TransportHTTP, URL: rawURL, Headers: h, HTTPKind: kind, Display: rawURL, Source: source}, nil
}

func dirTarget(dir string, o ResolveOptions) (*Target, error) {
	for _, name := range manifestNames() {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			// The first manifest that exists wins, even if it is broken.
			return manifestTarget(p, dir, o)
		}
	}
	if o.Server != "" {
		return nil, fmt.Errorf("--server %q given but %s holds no manifest (looked for %s)", o.Server, dir, strings.Join(manifestNames(), ", "))
	}
	var tried []string
	for _, e := range pythonEntrypoints() {
		tried = append(tried, e.file)
		if isFile(filepath.Join(dir, e.file)) {
			return entryTarget(dir, e.file, e.command, o)
		}
	}
	tried = append(tried, "package.json")
	if t, ok, err := packageJSONTarget(dir, o); err != nil || ok {
		return t, err
	}
	for _, e := range nodeEntrypoints() {
		tried = append(tried, e.file)
		if isFile(filepath.Join(dir, e.file)) {
			return entryTarget(dir, e.file, e.command, o)
		}
	}
	tried = append(tried, "main.go")
	if isFile(filepath.Join(dir, "main.go")) {
		t := &Target{Transport: TransportStdio, Command: "go", Args: []string{"run", "."}, Dir: dir, Env: copyMap(o.Env), Source: filepath.Join(dir, "main.go")}
		t.Display = ShellJoin([]string{"go", "run", "."})
		return t, nil
	}
	all := append(manifestNames(), tried...)
	return nil, fmt.Errorf("no MCP server found in %s: looked for %s; pass --command to say how to start it", dir, strings.Join(all, ", "))
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

func entryTarget(dir, file string, command []string, o ResolveOptions) (*Target, error) {
	words := append(append([]string(nil), command...), file)
	t := &Target{Transport: TransportStdio, Command: words[0], Args: words[1:], Dir: dir, Env: copyMap(o.Env), Source: filepath.Join(dir, file)}
	t.Display = ShellJoin(words)
	return t, nil
}

// packageJSONTarget reads a package.json's bin (or main) field.
func packageJSONTarget(dir string, o ResolveOptions) (*Target, bool, error) {
	p := filepath.Join(dir, "package.json")
	if !isFile(p) {
		return nil, false, nil
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", p, err)
	}
	var pkg struct {
		Name string          `json:"name"`
		Bin  json.RawMessage `json:"bin"`
		Main string          `json:"main"`
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		return nil, false, fmt.Errorf("%s: not valid JSON: %w", p, err)
	}
	file := ""
	if len(pkg.Bin) > 0 && string(pkg.Bin) != "null" {
		var one string
		var many map[string]string
		switch {
		case json.Unmarshal(pkg.Bin, &one) == nil:
			file = one
		case json.Unmarshal(pkg.Bin, &many) == nil && len(many) > 0:
			short := pkg.Name
			if i := strings.LastIndex(short, "/"); i >= 0 {
				short = short[i+1:]
			}
			if f, ok := many[short]; ok {
				file = f
			} else if f, ok := many[pkg.Name]; ok {
				file = f
			} else {
				keys := sortedKeys(many)
				file = many[keys[0]]
			}
		default:
			return nil, false, fmt.Errorf("%s: \"bin\" must be a string or an object of strings", p)
		}
	}
	if file == "" {
		file = pkg.Main
	}
	if file == "" {
		return nil, false, nil
	}
	t, err := entryTarget(dir, filepath.Clean(file), []string{"node"}, o)
	return t, err == nil, err
}

func fileTarget(path string, fi fs.FileInfo, o ResolveOptions) (*Target, error) {
	dir, base := filepath.Dir(path), filepath.Base(path)
	ext := strings.ToLower(filepath.Ext(path))
	if ext == ".json" {
		return manifestTarget(path, dir, o)
	}
	if o.Server != "" {
		return nil, fmt.Errorf("--server applies only to a manifest, not to %s", path)
	}
	switch ext {
	case ".py":
		return entryTarget(dir, base, []string{"python3"}, o)
	case ".js", ".mjs", ".cjs":
		return entryTarget(dir, base, []string{"node"}, o)
	case ".ts", ".mts", ".cts":
		return entryTarget(dir, base, []string{"npx", "tsx"}, o)
	}
	if fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
		t := &Target{Transport: TransportStdio, Command: path, Dir: dir, Env: copyMap(o.Env), Source: path}
		t.Display = ShellJoin([]string{path})
		return t, nil
	}
	return nil, fmt.Errorf("%s: cannot run a %q file (want a manifest .json, .py, .js, .mjs, .cjs, .ts, or an executable)", path, ext)
}

// manifestTarget reads a manifest (a JSON object with an mcpServers or
// servers table) and picks one entry.
func manifestTarget(path, workspace string, o ResolveOptions) (*Target, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("manifest %s: %w", path, err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, fmt.Errorf("manifest %s: not a JSON object: %w", path, err)
	}
	if top == nil {
		return nil, fmt.Errorf("manifest %s: not a JSON object", path)
	}
	var tableRaw json.RawMessage
	for _, key := range []string{"mcpServers", "servers"} {
		if v, ok := top[key]; ok {
			tableRaw = v
			break
		}
	}
	if tableRaw == nil {
		return nil, fmt.Errorf("manifest %s: no \"mcpServers\" or \"servers\" table", path)
	}
	var table map[string]json.RawMessage
	if err := json.Unmarshal(tableRaw, &table); err != nil || table == nil {
		return nil, fmt.Errorf("manifest %s: the server table must be a JSON object", path)
	}
	names := sortedKeys(table)
	if len(names) == 0 {
		return nil, fmt.Errorf("manifest %s: the server table is empty", path)
	}
	name := o.Server
	switch {
	case name != "":
		if _, ok := table[name]; !ok {
			return nil, fmt.Errorf("manifest %s: no server named %q (available: %s)", path, name, strings.Join(names, ", "))
		}
	case len(names) == 1:
		name = names[0]
	default:
		return nil, fmt.Errorf("manifest %s holds %d servers; pick one with --server (available: %s)", path, len(names), strings.Join(names, ", "))
	}
	t, err := manifestEntry(path, workspace, name, table[name], o)
	if err != nil {
		return nil, fmt.Errorf("manifest %s: server %q: %w", path, name, err)
	}
	t.ServerName = name
	t.Source = path
	return t, nil
}

func manifestEntry(path, workspace, name string, raw json.RawMessage, o ResolveOptions) (*Target, error) {
	var e map[string]any
	if err := json.Unmarshal(raw, &e); err != nil || e == nil {
		return nil, errors.New("the entry must be a JSON object")
	}
	// VS Code manifests live in .vscode/ and use ${workspaceFolder}.
	if filepath.Base(filepath.Dir(path)) == ".vscode" {
		workspace = filepath.Dir(filepath.Dir(path))
	}
	expand := func(s string) string {
		s = strings.ReplaceAll(s, "${workspaceFolder}", workspace)
		return strings.ReplaceAll(s, "${workspaceRoot}", workspace)
	}
	typ := ""
	if v, ok := e["type"]; ok && v != nil {
		s, ok := v.(string)
		if !ok {
			return nil, errors.New("\"type\" must be a string")
		}
		typ = strings.ToLower(strings.TrimSpace(s))
	}
	_, hasURL := e["url"]
	cmdVal, hasCommand := e["command"]
	if hasCommand && cmdVal == nil {
		hasCommand = false
	}
	isHTTP := false
	kind := HTTPAuto
	switch typ {
	case "http":
		isHTTP = true
	case "sse":
		isHTTP, kind = true, HTTPSSE
	case "streamable-http", "streamable_http", "streamablehttp":
		isHTTP, kind = true, HTTPStreamable
	case "", "stdio":
		isHTTP = typ == "" && hasURL && !hasCommand
	default:
		return nil, fmt.Errorf("unsupported \"type\" %q (want stdio, http, sse or streamable-http)", typ)
	}
	if isHTTP {
		u, ok := e["url"].(string)
		if !ok || strings.TrimSpace(u) == "" {
			return nil, errors.New("an HTTP entry needs a non-empty \"url\" string")
		}
		headers, err := stringMap(e["headers"], "headers")
		if err != nil {
			return nil, err
		}
		for k, v := range headers {
			headers[k] = expand(v)
		}
		return httpTarget(expand(u), headers, o.Headers, kind, path)
	}
	cmd, ok := cmdVal.(string)
	if !ok || strings.TrimSpace(cmd) == "" {
		return nil, errors.New("a stdio entry needs a non-empty \"command\" string")
	}
	t := &Target{Transport: TransportStdio, Command: expand(cmd)}
	if v, ok := e["args"]; ok && v != nil {
		list, ok := v.([]any)
		if !ok {
			return nil, errors.New("\"args\" must be a list")
		}
		for _, item := range list {
			t.Args = append(t.Args, expand(scalarString(item)))
		}
	}
	env, err := stringMap(e["env"], "env")
	if err != nil {
		return nil, err
	}
	for k, v := range env {
		env[k] = expand(v)
	}
	for k, v := range o.Env {
		if env == nil {
			env = map[string]string{}
		}
		env[k] = v
	}
	t.Env = env
	t.Dir = filepath.Dir(path)
	if c, ok := e["cwd"].(string); ok && c != "" {
		c = expand(c)
		if !filepath.IsAbs(c) {
			c = filepath.Join(filepath.Dir(path), c)
		}
		t.Dir = c
	}
	t.Display = ShellJoin(append([]string{t.Command}, t.Args...))
	return t, nil
}

// stringMap reads a JSON object whose values are turned into strings.
func stringMap(v any, field string) (map[string]string, error) {
	if v == nil {
		return nil, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%q must be an object", field)
	}
	out := make(map[string]string, len(m))
	for k, x := range m {
		out[k] = scalarString(x)
	}
	return out, nil
}

// scalarString turns a decoded JSON value into a string the way a manifest
// author means it: strings as they are, everything else as JSON text.
func scalarString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func copyMap(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// ShellQuote quotes one word the way Python's shlex.quote does.
func ShellQuote(s string) string {
	if s == "" {
		return "''"
	}
	if strings.IndexFunc(s, func(r rune) bool {
		return !(r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("@%+=:,./_-", r)))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'"'"'`) + "'"
}

// ShellJoin joins words with ShellQuote, like Python's shlex.join.
func ShellJoin(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = ShellQuote(w)
	}
	return strings.Join(q, " ")
}
