package worker

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
)

// TestSandboxedNPMInstallReal installs a published MCP server with npm
// inside the bubblewrap sandbox (no network but the npm registry through
// the egress proxy), then scans it: it must list tools, and every file of
// the install must be the worker's again afterwards.
func TestSandboxedNPMInstallReal(t *testing.T) {
	if testing.Short() {
		t.Skip("needs the npm registry; skipped with -short")
	}
	sb := requireBwrap(t)
	npm := &NPM{Cache: sandboxReadableDir(t)}
	if err := npm.Available(context.Background()); err != nil {
		t.Skipf("npm unavailable: %v", err)
	}
	opts := Options{Sandbox: sb, Installers: []Installer{npm}, Deadline: 3 * time.Minute, InstallTimeout: 5 * time.Minute, WorkerID: "test", ScannerVersion: "test"}
	opts.Scan.Connect = connect.Options{Timeout: 90 * time.Second}
	s := npmServer("@modelcontextprotocol/server-memory", "2026.1.26")
	plan := registry.PlanFor(s, registry.PlanOptions{})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	res := Scan(ctx, s, plan, opts).Result
	t.Logf("%s: %s %s (install %d ms)", s.Name, res.Status, res.Reason, res.Timings.InstallMS)
	checkResult(t, res, schema.StatusOK)
	if res.Snapshot.Tools == 0 {
		t.Fatal("no tools listed")
	}
	if npm.Runs() != 1 {
		t.Errorf("npm ran %d times, want 1 (one install of an exact version)", npm.Runs())
	}
	if npm.sandboxed.Load() != npm.Runs() {
		t.Errorf("%d of %d npm runs were sandboxed", npm.sandboxed.Load(), npm.Runs())
	}
	me := os.Geteuid()
	err := filepath.WalkDir(filepath.Join(npm.Cache, "npm"), func(p string, _ os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		if st := fi.Sys().(*syscall.Stat_t); int(st.Uid) != me {
			t.Fatalf("%s is owned by %d after the install, want the worker's %d", p, st.Uid, me)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// hostileTarball is an npm package whose postinstall script tries what a
// hostile package would: read the secret variable named secretVar, write
// the files in writes, connect to the host listener at addr directly and
// through the install's proxy. It records what it saw in
// probe-result.json beside itself and always exits 0, so the install
// succeeds and the test can read the record.
func hostileTarball(t *testing.T, name, secretVar, addr string, writes []string) []byte {
	t.Helper()
	host, port, _ := net.SplitHostPort(addr)
	pj, _ := json.Marshal(map[string]any{
		"name": name, "version": "1.0.0", "bin": map[string]string{name: "index.js"},
		"scripts": map[string]string{"postinstall": "node probe.js"},
	})
	writesJSON, _ := json.Marshal(writes)
	probe := `const fs=require('fs'),net=require('net'),http=require('http'),path=require('path');
const out={ran:true,secret:process.env[` + strconv.Quote(secretVar) + `]||null,env:Object.keys(process.env).sort(),writes:{},uid:process.getuid()};
for (const f of ` + string(writesJSON) + `) { try { fs.writeFileSync(f,'written by a package install script'); out.writes[f]='written'; } catch (e) { out.writes[f]=e.code||String(e); } }
try { out.workerEnviron=fs.readFileSync('/proc/` + strconv.Itoa(os.Getpid()) + `/environ','utf8').length; } catch (e) { out.workerEnviron=e.code||String(e); }
const direct=new Promise(r=>{const c=net.connect(` + port + `,` + strconv.Quote(host) + `);c.on('connect',()=>{c.destroy();r('connected');});c.on('error',e=>r(e.code||String(e)));setTimeout(()=>{c.destroy();r('timeout');},5000);});
const viaProxy=new Promise(r=>{const px=process.env.npm_config_https_proxy||process.env.HTTPS_PROXY;if(!px){r('no proxy');return;}const u=new URL(px);
 const q=http.request({host:u.hostname,port:u.port,method:'CONNECT',path:` + strconv.Quote(addr) + `});q.on('connect',res=>{r('status '+res.statusCode);res.destroy&&res.destroy();});q.on('response',res=>r('status '+res.statusCode));q.on('error',e=>r(e.code||String(e)));q.setTimeout(5000,()=>{q.destroy();r('timeout');});q.end();});
Promise.all([direct,viaProxy]).then(([d,p])=>{out.direct=d;out.proxy=p;fs.writeFileSync(path.join(__dirname,'probe-result.json'),JSON.stringify(out));process.exit(0);});
`
	return npmTarball(t, []tarFile{
		{"package/package.json", string(pj)},
		{"package/probe.js", probe},
		{"package/index.js", "#!/usr/bin/env node\n"},
	})
}

// tarFile is one regular file of a test tarball.
type tarFile struct{ name, body string }

// npmTarball packs files into a gzipped tarball, as npm pack does.
func npmTarball(t *testing.T, files []tarFile) []byte {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, f := range files {
		if err := tw.WriteHeader(&tar.Header{Name: f.name, Mode: 0o644, Size: int64(len(f.body)), Typeflag: tar.TypeReg, ModTime: time.Unix(1700000000, 0)}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(f.body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// fakeNPMRegistry serves one package version (packument and tarball) on
// loopback, the way registry.npmjs.org does: bin index.js and a
// postinstall script (hostileTarball's).
func fakeNPMRegistry(t *testing.T, name string, tgz []byte) *httptest.Server {
	t.Helper()
	return fakeNPMPackage(t, name, tgz, map[string]any{"bin": map[string]string{name: "index.js"},
		"scripts": map[string]string{"postinstall": "node probe.js"}, "hasInstallScript": true})
}

// fakeNPMPackage serves version 1.0.0 of name with the packument fields
// meta (bin, scripts) besides name, version and dist.
func fakeNPMPackage(t *testing.T, name string, tgz []byte, meta map[string]any) *httptest.Server {
	t.Helper()
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		file := "/" + name + "/-/" + name + "-1.0.0.tgz"
		switch r.URL.Path {
		case "/" + name:
			sha := sha512.Sum512(tgz)
			sha1sum := sha1.Sum(tgz)
			v := map[string]any{"name": name, "version": "1.0.0",
				"dist": map[string]string{"tarball": srv.URL + file,
					"integrity": "sha512-" + base64.StdEncoding.EncodeToString(sha[:]), "shasum": hex.EncodeToString(sha1sum[:])}}
			for k, x := range meta {
				v[k] = x
			}
			doc := map[string]any{"name": name, "dist-tags": map[string]string{"latest": "1.0.0"}, "versions": map[string]any{"1.0.0": v}}
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(doc)
		case file:
			_, _ = w.Write(tgz)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestSandboxedInstallScriptContained: a package whose install script (with
// lifecycle scripts on) reaches for the worker's secret, writes outside its
// install directory and connects to a listener on the host gets none of
// it. Without bubblewrap the script still never sees the secret (npm gets
// a fresh environment), though it runs on the host.
func TestSandboxedInstallScriptContained(t *testing.T) {
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("npm not installed")
	}
	secret := "mcpgauge-secret-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	const secretVar = "MCPGAUGE_TEST_WORKER_SECRET"
	t.Setenv(secretVar, secret)
	addr, hits := countingListener(t)

	for _, sandboxed := range []bool{true, false} {
		t.Run(map[bool]string{true: "bwrap", false: "host"}[sandboxed], func(t *testing.T) {
			var sb Sandbox
			if sandboxed {
				sb = requireBwrap(t)
			}
			cache := sandboxReadableDir(t)
			hostDir := sandboxReadableDir(t)
			hostFile := filepath.Join(hostDir, "host-file")
			if err := os.WriteFile(hostFile, []byte("original"), 0o666); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Join(cache, "npm"), 0o755); err != nil {
				t.Fatal(err)
			}
			victim := filepath.Join(cache, "npm", "victim")
			if err := os.WriteFile(victim, []byte("original"), 0o666); err != nil {
				t.Fatal(err)
			}
			// Without a sandbox the script runs on the host as the worker:
			// its writes land (and it can read the worker's
			// /proc/PID/environ), the documented risk of sandbox none; only
			// its environment is checked there.
			writes := []string{}
			if sandboxed {
				writes = []string{victim, filepath.Join(cache, "npm", "planted"), hostFile, filepath.Join(hostDir, "planted")}
			}
			name := "mcpgauge-hostile-install"
			reg := fakeNPMRegistry(t, name, hostileTarball(t, name, secretVar, addr, writes))
			n := &NPM{Cache: cache, Registries: []string{reg.URL}}
			before := hits.Load()
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			inst, err := n.Install(ctx, registry.PlanPackage{Identifier: name, Version: "1.0.0"}, InstallOptions{LifecycleScripts: true, Sandbox: sb})
			if err != nil {
				t.Fatalf("install: %v", err)
			}
			data, err := os.ReadFile(filepath.Join(inst.Dir, "node_modules", name, "probe-result.json"))
			if err != nil {
				t.Fatalf("the install script left no record (did it run?): %v", err)
			}
			got := decodeProbe(t, data)
			t.Logf("script saw: env %v, writes %v, worker environ %v, direct %q, proxy %q, uid %d", got.Env, got.Writes, got.WorkerEnviron, got.Direct, got.Proxy, got.UID)
			if got.Secret != nil {
				t.Errorf("the install script read the worker's secret %s", secretVar)
			}
			for _, k := range got.Env {
				if k == secretVar || strings.HasSuffix(k, "_TOKEN") || strings.HasSuffix(k, "_KEY") {
					t.Errorf("the install script's environment has %s", k)
				}
			}
			_ = filepath.WalkDir(inst.Dir, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					if b, _ := os.ReadFile(p); bytes.Contains(b, []byte(secret)) {
						t.Errorf("%s holds the worker's secret", p)
					}
				}
				return nil
			})
			if !sandboxed {
				return
			}
			if b, _ := os.ReadFile(victim); string(b) != "original" {
				t.Errorf("the cache directory's %s changed: %q", victim, b)
			}
			if _, err := os.Stat(filepath.Join(cache, "npm", "planted")); err == nil {
				t.Errorf("the install script planted a file in the cache root")
			}
			if b, _ := os.ReadFile(hostFile); string(b) != "original" {
				t.Errorf("the host file changed: %q", b)
			}
			if _, err := os.Stat(filepath.Join(hostDir, "planted")); err == nil {
				t.Errorf("the install script planted a file on the host")
			}
			if got.WorkerEnviron == nil || fmt.Sprint(got.WorkerEnviron) != "ENOENT" {
				t.Errorf("the script read the worker's /proc environ: %v", got.WorkerEnviron)
			}
			if len(got.Writes) != len(writes) {
				t.Errorf("the script tried %d of %d writes", len(got.Writes), len(writes))
			}
			if got.Direct == "connected" || !strings.HasPrefix(got.Proxy, "status 403") {
				t.Errorf("script reached the host listener: direct %q, via the proxy %q", got.Direct, got.Proxy)
			}
			if n := hits.Load() - before; n != 0 {
				t.Errorf("the host listener got %d connections from the install", n)
			}
			if !isSandboxUID(got.UID) {
				t.Errorf("the script ran as uid %d, want a sandbox user", got.UID)
			}
		})
	}
}

// hostileSdist is a source distribution whose in-tree build backend
// (PEP 517, no build requirements) probes like hostileTarball's script
// and then builds a real wheel carrying its record as probe.json.
func hostileSdist(t *testing.T, secretVar, addr string, writes []string) []byte {
	t.Helper()
	host, port, _ := net.SplitHostPort(addr)
	writesJSON, _ := json.Marshal(writes)
	backend := `import base64, hashlib, json, os, socket, zipfile
def _probe():
    out = {"ran": True, "secret": os.environ.get(` + strconv.Quote(secretVar) + `), "env": sorted(os.environ), "writes": {}, "uid": os.getuid()}
    for f in json.loads(` + strconv.Quote(string(writesJSON)) + `):
        try:
            with open(f, "w") as fh:
                fh.write("written by a build backend")
            out["writes"][f] = "written"
        except OSError as e:
            out["writes"][f] = type(e).__name__
    try:
        with open("/proc/` + strconv.Itoa(os.Getpid()) + `/environ") as fh:
            out["workerEnviron"] = len(fh.read())
    except OSError as e:
        out["workerEnviron"] = type(e).__name__
    s = socket.socket()
    s.settimeout(5)
    try:
        s.connect((` + strconv.Quote(host) + `, ` + port + `))
        out["direct"] = "connected"
    except OSError as e:
        out["direct"] = type(e).__name__
    finally:
        s.close()
    px = os.environ.get("https_proxy", "")
    if px.startswith("http://"):
        h, _, p = px[len("http://"):].rstrip("/").partition(":")
        s = socket.socket()
        s.settimeout(5)
        try:
            s.connect((h, int(p)))
            s.sendall(b"CONNECT ` + addr + ` HTTP/1.1\r\nHost: ` + addr + `\r\n\r\n")
            out["proxy"] = "status " + s.recv(200).decode().split(" ")[1]
        except OSError as e:
            out["proxy"] = type(e).__name__
        finally:
            s.close()
    else:
        out["proxy"] = "no proxy"
    return out
def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    name = "mcpgauge_hostile_pypi-1.0.0-py3-none-any.whl"
    di = "mcpgauge_hostile_pypi-1.0.0.dist-info/"
    files = {
        "mcpgauge_hostile_pypi/__init__.py": "def main():\n    pass\n",
        "mcpgauge_hostile_pypi/probe.json": json.dumps(_probe()),
        di + "METADATA": "Metadata-Version: 2.1\nName: mcpgauge-hostile-pypi\nVersion: 1.0.0\n",
        di + "WHEEL": "Wheel-Version: 1.0\nGenerator: mcpgauge-test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        di + "entry_points.txt": "[console_scripts]\nmcpgauge-hostile-pypi = mcpgauge_hostile_pypi:main\n",
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
def build_sdist(sdist_directory, config_settings=None):
    raise NotImplementedError
`
	root := "mcpgauge_hostile_pypi-1.0.0/"
	files := []struct{ name, body string }{
		{root + "pyproject.toml", "[build-system]\nrequires = []\nbuild-backend = \"backend\"\nbackend-path = [\".\"]\n\n[project]\nname = \"mcpgauge-hostile-pypi\"\nversion = \"1.0.0\"\n"},
		{root + "PKG-INFO", "Metadata-Version: 2.1\nName: mcpgauge-hostile-pypi\nVersion: 1.0.0\n"},
		{root + "backend.py", backend},
	}
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, f := range files {
		if err := tw.WriteHeader(&tar.Header{Name: f.name, Mode: 0o644, Size: int64(len(f.body)), Typeflag: tar.TypeReg, ModTime: time.Unix(1700000000, 0)}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(f.body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestSandboxedPipInstallContained is TestSandboxedInstallScriptContained
// for pip: a fixture index on loopback (allowed by being named by its
// address) serves an sdist whose build backend probes the sandbox.
func TestSandboxedPipInstallContained(t *testing.T) {
	// A distribution's Python with venv and ensurepip (a pyenv Python under
	// a 0700 /root is out of the sandbox user's reach).
	python := "/usr/bin/python3"
	if (&PyPI{Cache: t.TempDir(), Python: python}).Available(context.Background()) != nil {
		t.Skip("no /usr/bin/python3 with venv and ensurepip")
	}
	secret := "mcpgauge-secret-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	const secretVar = "MCPGAUGE_TEST_WORKER_SECRET"
	t.Setenv(secretVar, secret)
	addr, hits := countingListener(t)
	for _, sandboxed := range []bool{true, false} {
		t.Run(map[bool]string{true: "bwrap", false: "host"}[sandboxed], func(t *testing.T) {
			var sb Sandbox
			if sandboxed {
				sb = requireBwrap(t)
			}
			cache := sandboxReadableDir(t)
			hostDir := sandboxReadableDir(t)
			hostFile := filepath.Join(hostDir, "host-file")
			if err := os.WriteFile(hostFile, []byte("original"), 0o666); err != nil {
				t.Fatal(err)
			}
			writes := []string{}
			if sandboxed {
				writes = []string{hostFile, filepath.Join(hostDir, "planted"), filepath.Join(cache, "planted")}
			}
			sdist := hostileSdist(t, secretVar, addr, writes)
			var idx *httptest.Server
			idx = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				switch r.URL.Path {
				case "/simple/mcpgauge-hostile-pypi/":
					sum := sha256.Sum256(sdist)
					fmt.Fprintf(w, `<html><body><a href="%s/files/mcpgauge_hostile_pypi-1.0.0.tar.gz#sha256=%s">mcpgauge_hostile_pypi-1.0.0.tar.gz</a></body></html>`, idx.URL, hex.EncodeToString(sum[:]))
				case "/files/mcpgauge_hostile_pypi-1.0.0.tar.gz":
					_, _ = w.Write(sdist)
				default:
					http.NotFound(w, r)
				}
			}))
			defer idx.Close()
			p := &PyPI{Cache: cache, Python: python, Indexes: []string{idx.URL}, Timeout: 3 * time.Minute}
			before := hits.Load()
			inst, err := p.Install(context.Background(), registry.PlanPackage{Identifier: "mcpgauge-hostile-pypi", Version: "1.0.0"}, InstallOptions{Sandbox: sb})
			if err != nil {
				t.Fatalf("install: %v", err)
			}
			found, _ := filepath.Glob(filepath.Join(inst.Dir, "lib", "python*", "site-packages", "mcpgauge_hostile_pypi", "probe.json"))
			if len(found) != 1 {
				t.Fatalf("the build backend left no record (did it run?): %v", found)
			}
			data, err := os.ReadFile(found[0])
			if err != nil {
				t.Fatal(err)
			}
			got := decodeProbe(t, data)
			t.Logf("backend saw: env %v, writes %v, worker environ %v, direct %q, proxy %q, uid %d", got.Env, got.Writes, got.WorkerEnviron, got.Direct, got.Proxy, got.UID)
			if got.Secret != nil || strings.Contains(string(data), secret) {
				t.Errorf("the build backend read the worker's secret %s", secretVar)
			}
			if !sandboxed {
				return
			}
			if b, _ := os.ReadFile(hostFile); string(b) != "original" {
				t.Errorf("the host file changed: %q", b)
			}
			for _, f := range writes[1:] {
				if _, err := os.Stat(f); err == nil {
					t.Errorf("the build backend planted %s on the host", f)
				}
			}
			if len(got.Writes) != len(writes) {
				t.Errorf("the backend tried %d of %d writes", len(got.Writes), len(writes))
			}
			if fmt.Sprint(got.WorkerEnviron) != "FileNotFoundError" {
				t.Errorf("the backend read the worker's /proc environ: %v", got.WorkerEnviron)
			}
			if got.Direct == "connected" || got.Proxy != "status 403" {
				t.Errorf("the backend reached the host listener: direct %q, via the proxy %q", got.Direct, got.Proxy)
			}
			if n := hits.Load() - before; n != 0 {
				t.Errorf("the host listener got %d connections from the install", n)
			}
			if !isSandboxUID(got.UID) {
				t.Errorf("the backend ran as uid %d, want a sandbox user", got.UID)
			}
		})
	}
}

// countingListener is a loopback listener on the host that counts (and
// closes) every connection it gets; it closes when the test ends.
func countingListener(t *testing.T) (string, *atomic.Int64) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = l.Close() })
	hits := new(atomic.Int64)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			hits.Add(1)
			_ = c.Close()
		}
	}()
	return l.Addr().String(), hits
}

// probeRecord is what a hostile install script or build backend records
// of what it could see and do.
type probeRecord struct {
	Ran           bool              `json:"ran"`
	Secret        *string           `json:"secret"`
	Env           []string          `json:"env"`
	Writes        map[string]string `json:"writes"`
	WorkerEnviron any               `json:"workerEnviron"`
	Direct, Proxy string
	UID           int `json:"uid"`
}

// decodeProbe reads a probe's record, failing unless the probe ran.
func decodeProbe(t *testing.T, data []byte) probeRecord {
	t.Helper()
	var got probeRecord
	if err := json.Unmarshal(data, &got); err != nil || !got.Ran {
		t.Fatalf("record %s: %v", data, err)
	}
	return got
}
