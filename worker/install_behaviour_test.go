package worker

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/behaviour"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// buildProbeBackend is an in-tree PEP 517 build backend (of a package
// whose console script is a minimal stdio MCP server) that does at
// install what a dropper does at start-up, but only once it has checked
// that it runs in a scanner's sinkhole (one up point-to-point interface
// besides loopback with a private IPv4 address, and every route through
// it; the startup-behaviour fixture's check): it looks up
// telemetry.example.net, opens TLS to 192.0.2.10:443 for
// update.example.org, writes ~/.config/buildprobe/state.json, and copies
// /bin/sleep to ~/.cache/bp-helper and runs it for 300 ms (so that a
// poller sees it). Then it builds a real wheel, with what it did in
// buildprobe/done.json.
const buildProbeBackend = `import base64, fcntl, hashlib, json, os, shutil, socket, ssl, struct, subprocess, zipfile
def _sinkholed():
    ifs = [l.split(":")[0].strip() for l in open("/proc/net/dev").read().strip().split("\n")[2:]]
    ifs = [i for i in ifs if i != "lo"]
    if len(ifs) != 1:
        return "interfaces %s" % ifs
    i = ifs[0]
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        flags = struct.unpack("16sH", fcntl.ioctl(s.fileno(), 0x8913, struct.pack("16sH", i.encode()[:15], 0))[:18])[1]
        a = socket.inet_ntoa(fcntl.ioctl(s.fileno(), 0x8915, struct.pack("256s", i.encode()[:15]))[20:24])
    finally:
        s.close()
    if flags & 0x1 == 0 or flags & 0x10 == 0:
        return "%s is not an up point-to-point interface" % i
    if not (a.startswith("10.") or a.startswith("192.168.") or (a.startswith("172.") and 16 <= int(a.split(".")[1]) < 32)):
        return "%s has no private address (%s)" % (i, a)
    default = False
    for line in open("/proc/net/route").read().strip().split("\n")[1:]:
        f = line.split()
        if f[0] != i:
            return "a route through " + f[0]
        default = default or f[1] == "00000000"
    if not default:
        return "no default route"
    for line in open("/proc/net/ipv6_route").read().strip().split("\n"):
        f = line.split()
        if len(f) == 10 and f[9] not in ("lo", i):
            return "an IPv6 route through " + f[9]
    return ""
def _probe():
    why = _sinkholed()
    if why:
        return {"sinkholed": why}
    out = {"sinkholed": ""}
    try:
        out["lookup"] = str(socket.getaddrinfo("telemetry.example.net", 443, socket.AF_INET, socket.SOCK_STREAM)[0][4])
    except OSError as e:
        out["lookup"] = repr(e)
    try:
        c = socket.create_connection(("192.0.2.10", 443), timeout=3)
        try:
            ssl.create_default_context().wrap_socket(c, server_hostname="update.example.org")
        finally:
            c.close()
    except (OSError, ssl.SSLError) as e:
        out["connect"] = repr(e)
    home = os.environ["HOME"]
    os.makedirs(os.path.join(home, ".config", "buildprobe"), exist_ok=True)
    with open(os.path.join(home, ".config", "buildprobe", "state.json"), "w") as f:
        f.write('{"built": true}')
    helper = os.path.join(home, ".cache", "bp-helper")
    os.makedirs(os.path.dirname(helper), exist_ok=True)
    shutil.copy("/bin/sleep", helper)
    out["helper"] = subprocess.call([helper, "0.3"])
    return out
_SERVER = """import json, sys
def main():
    for line in sys.stdin:
        try:
            m = json.loads(line)
        except ValueError:
            continue
        if "id" not in m:
            continue
        meth = m.get("method")
        if meth == "initialize":
            r = {"protocolVersion": m.get("params", {}).get("protocolVersion", "2025-06-18"), "capabilities": {"tools": {}},
                 "serverInfo": {"name": "buildprobe", "version": "1.0.0"}}
        elif meth == "tools/list":
            r = {"tools": [{"name": "get_forecast", "description": "Returns the weather forecast for a city, by its name.",
                 "inputSchema": {"type": "object", "properties": {"city": {"type": "string", "description": "city name"}}, "required": ["city"]},
                 "annotations": {"readOnlyHint": True}}]}
        elif meth == "ping":
            r = {}
        else:
            sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": m["id"], "error": {"code": -32601, "message": "method not found"}}) + "\\n")
            sys.stdout.flush()
            continue
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": r}) + "\\n")
        sys.stdout.flush()
"""
def _safe_probe():
    try:
        return _probe()
    except Exception as e:
        return {"error": repr(e)}
def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    name = "buildprobe-1.0.0-py3-none-any.whl"
    di = "buildprobe-1.0.0.dist-info/"
    files = {
        "buildprobe/__init__.py": _SERVER,
        "buildprobe/done.json": json.dumps(_safe_probe()),
        di + "METADATA": "Metadata-Version: 2.1\nName: buildprobe\nVersion: 1.0.0\n",
        di + "WHEEL": "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        di + "entry_points.txt": "[console_scripts]\nbuildprobe = buildprobe:main\n",
    }
    record = []
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w") as z:
        for n, body in files.items():
            data = body.encode()
            z.writestr(n, data)
            h = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append("%s,sha256=%s,%d" % (n, h, len(data)))
        record.append(di + "RECORD,,")
        z.writestr(di + "RECORD", "\n".join(record) + "\n")
    return name
`

// TestInstallBehaviourRecorded: pip installs a local source distribution
// (served by a fixture index on loopback) whose build backend, once it has
// checked that it runs in the sandbox's sinkhole, looks up a name,
// connects to 192.0.2.10, writes a file in home and runs a copied helper.
// The install's behaviour, watched from outside as a start-up is, has all
// of it, kept beside the install for the next (cached) scan too, and the
// behaviour rules judge it as they judge a start-up.
func TestInstallBehaviourRecorded(t *testing.T) {
	t.Parallel()
	sb := requireBwrap(t)
	if os.Geteuid() != 0 {
		t.Skip("the network sinkhole needs a root worker")
	}
	python := "/usr/bin/python3" // a pyenv Python under a 0700 /root is out of the sandbox user's reach
	if (&PyPI{Cache: t.TempDir(), Python: python}).Available(context.Background()) != nil {
		t.Skip("no /usr/bin/python3 with venv and ensurepip")
	}
	sdist := npmTarball(t, []tarFile{
		{"buildprobe-1.0.0/pyproject.toml", "[build-system]\nrequires = []\nbuild-backend = \"backend\"\nbackend-path = [\".\"]\n\n[project]\nname = \"buildprobe\"\nversion = \"1.0.0\"\n"},
		{"buildprobe-1.0.0/PKG-INFO", "Metadata-Version: 2.1\nName: buildprobe\nVersion: 1.0.0\n"},
		{"buildprobe-1.0.0/backend.py", buildProbeBackend},
	})
	var idx *httptest.Server
	idx = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/simple/buildprobe/":
			sum := sha256.Sum256(sdist)
			fmt.Fprintf(w, `<html><body><a href="%s/files/buildprobe-1.0.0.tar.gz#sha256=%s">buildprobe-1.0.0.tar.gz</a></body></html>`, idx.URL, hex.EncodeToString(sum[:]))
		case "/files/buildprobe-1.0.0.tar.gz":
			_, _ = w.Write(sdist)
		default:
			http.NotFound(w, r)
		}
	}))
	defer idx.Close()
	p := &PyPI{Cache: neutralDir(t), Python: python, Indexes: []string{idx.URL}, Timeout: 3 * time.Minute}
	pkg := registry.PlanPackage{Identifier: "buildprobe", Version: "1.0.0"}
	inst, err := p.Install(context.Background(), pkg, InstallOptions{Sandbox: sb})
	if err != nil {
		t.Fatalf("install: %v", err)
	}
	inst.Done()
	if done, _ := filepath.Glob(filepath.Join(inst.Dir, "lib", "python*", "site-packages", "buildprobe", "done.json")); len(done) == 1 {
		record, _ := os.ReadFile(done[0])
		t.Logf("the build backend said: %s", record)
	}
	// The venv names only the path the sandbox shows it at: no script,
	// configuration or bytecode names the host's cache directory.
	_ = filepath.WalkDir(inst.Dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if data, _ := os.ReadFile(path); bytes.Contains(data, []byte(inst.Dir)) {
				t.Errorf("%s names the host path %s", path, inst.Dir)
			}
		}
		return nil
	})
	b := inst.Behaviour
	if b == nil {
		t.Fatalf("no install behaviour (note %q)", inst.BehaviourNote)
	}
	t.Logf("install behaviour: %+v", b)
	if !slices.ContainsFunc(b.Lookups, func(l schema.Lookup) bool { return l.Name == "telemetry.example.net" }) {
		t.Errorf("lookups %+v lack telemetry.example.net", b.Lookups)
	}
	if !slices.ContainsFunc(b.Connections, func(c schema.Connection) bool {
		return c.Address == "192.0.2.10" && c.Port == 443 && c.SNI == "update.example.org"
	}) {
		t.Errorf("connections %+v lack 192.0.2.10:443 with SNI update.example.org", b.Connections)
	}
	if !slices.ContainsFunc(b.Files, func(f schema.FileWrite) bool { return strings.HasSuffix(f.Path, "/.config/buildprobe/state.json") }) {
		t.Errorf("files %+v lack the state file in home", b.Files)
	}
	if !slices.ContainsFunc(b.Processes, func(p schema.ProcessRun) bool { return p.Written && strings.HasSuffix(p.Path, "/.cache/bp-helper") }) {
		t.Errorf("processes %+v lack the copied helper", b.Processes)
	}
	// The rules judge the install phase as they judge a start-up.
	rules := map[string]string{}
	for _, f := range behaviour.Check(&schema.Behaviour{Schema: schema.BehaviourVersion, Install: b}, nil) {
		if !strings.HasPrefix(f.Entity, "install") {
			t.Errorf("install finding %+v: entity does not name the install", f)
		}
		rules[f.Rule] = f.Severity
	}
	if want := map[string]string{"BHV001": "info", "BHV003": "error", "BHV004": "info"}; !maps.Equal(rules, want) {
		t.Errorf("install findings %v, want %v", rules, want)
	}
	// A scan of the cached install reports the same install phase in its
	// result, beside the start-up's, and its findings.
	s := registry.Server{Name: "test/buildprobe", Version: "1.0.0", Status: registry.StatusActive,
		Packages: []registry.Package{{RegistryType: "pypi", Identifier: "buildprobe", Version: "1.0.0", Transport: registry.Transport{Type: "stdio"}}}}
	opts := localOpts(sb)
	opts.Installers = []Installer{p}
	out := Scan(context.Background(), s, registry.PlanFor(s, registry.PlanOptions{}), opts)
	checkResult(t, out.Result, schema.StatusOK)
	if out.Install == nil || !out.Install.Cached {
		t.Errorf("the second install was not served from the cache: %+v", out.Install)
	}
	rb := out.Result.Behaviour
	if rb == nil || rb.Install == nil || len(rb.Install.Lookups) != len(b.Lookups) || len(rb.Install.Processes) != len(b.Processes) {
		t.Fatalf("result behaviour %+v: want the install phase %+v", rb, b)
	}
	if len(rb.Lookups)+len(rb.Connections)+len(rb.Files) != 0 {
		t.Errorf("the start-up did what only the build did: %+v", rb)
	}
	if !slices.ContainsFunc(out.Result.Findings, func(f schema.Finding) bool {
		return f.Rule == "BHV003" && f.Severity == "error" && strings.HasPrefix(f.Entity, "install:program:")
	}) {
		t.Errorf("findings %+v lack BHV003 on the install", out.Result.Findings)
	}
}
