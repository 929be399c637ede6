package deploy

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/compose-spec/compose-go/v2/types"
	corev1 "k8s.io/api/core/v1"

	"github.com/mcpgauge/mcpgauge/coordinator/sweeptest"
	"github.com/mcpgauge/mcpgauge/internal/chlock"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// TestDistributedChartSweep runs the chart's own coordinator and worker
// commands (rendered by helm template from the doc's install command and
// values) as real processes: an external nats-server started with the
// compose file's command line, ClickHouse (a fresh database), two workers,
// one killed with SIGKILL in the middle of a scan, over loopback go-sdk
// MCP servers listed in a file:// registry. Every job ends with exactly one
// result. Only what cannot hold on one host is changed: listen addresses,
// data and cache paths, the registry, the NATS URL and shorter deadlines,
// each through a value or a flag the chart already renders.
func TestDistributedChartSweep(t *testing.T) {
	base := os.Getenv("MCPGAUGE_TEST_CLICKHOUSE")
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("MCPGAUGE_TEST_CLICKHOUSE is unset under CI")
		}
		t.Skip("MCPGAUGE_TEST_CLICKHOUSE is unset")
	}
	chlock.Shared(t)
	bin := mcpgaugeBin(t)
	storeURL := freshDatabase(t, base)
	dir := t.TempDir()

	// NATS, exactly as the compose file starts it: authentication on,
	// one user per role (deploy/nats.conf).
	compose, err := loadCompose(t, composeEnv("x")...)
	if err != nil {
		t.Fatal(err)
	}
	ns := startNATS(t, serviceEnv(compose.Services["nats"]), hostArgs(t, compose.Services["nats"])...)

	// Six loopback MCP servers, slow enough that a kill lands mid-scan.
	var fixtures []sweeptest.Fixture
	for i := 0; i < 6; i++ {
		tools := sweeptest.Good()
		if i%2 == 1 {
			tools = sweeptest.Poor()
		}
		fixtures = append(fixtures, sweeptest.Fixture{Name: fmt.Sprintf("io.deploy/srv%02d", i), Tools: tools})
	}
	reg, servers := sweeptest.Registry(t, dir, fixtures...)
	for _, s := range servers {
		s.SetDelay(1500 * time.Millisecond)
	}

	// Render the doc's helm install, plus a values file for this host.
	installs := docHelm(t, "install")
	if len(installs) != 1 {
		t.Fatalf("%s shows %d helm install commands, want 1", deployDoc, len(installs))
	}
	local := filepath.Join(dir, "local-values.yaml")
	if err := os.WriteFile(local, []byte(fmt.Sprintf(`nats:
  url: %s
coordinator:
  registries: ["file://%s"]
  scanDeadline: 20s
worker:
  allowRemote: true   # the fixtures are streamable-HTTP remotes
  extraArgs: ["--allow-remote-cidr=127.0.0.0/8"]   # ... on loopback, which workers refuse by default
  slots: 2
  scanDeadline: 20s
`, ns.ClientURL, reg)), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"template"}, installs[0][1:]...)
	args = append(args, "-f", local, "--kube-version", kubeVersion)
	out, err := helm(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	m := decodeManifests(t, out)
	// The Secrets the doc creates: the store URL and each role's NATS
	// password (the compose file's, which nats.conf checks).
	secrets := map[string]string{"mcpgauge-store/STORE_URL": storeURL,
		"mcpgauge-nats-coordinator/password": coordinatorNATSPassword, "mcpgauge-nats-worker/password": workerNATSPassword}
	coordCmd := localArgs(t, coordinator(t, m).Spec.Template.Spec.Containers[0], coordinator(t, m).Spec.Template.Spec.Volumes, "coordinator", secrets, dir)
	workerCmd := func(pod string) localCmd {
		return localArgs(t, worker(t, m).Spec.Template.Spec.Containers[0], worker(t, m).Spec.Template.Spec.Volumes, pod, secrets, dir)
	}
	if !contains(coordCmd.args, "--run-now") || argValue(t, coordCmd.args, "--schedule") != "0 3 * * *" {
		t.Fatalf("the doc's install does not start a sweep now and nightly: %v", coordCmd.args)
	}

	coord := startProc(t, "coordinator", bin, coordCmd.env, coordCmd.args...)
	cAddr := coord.listenAddr(t)
	wa := workerCmd(fullname + "-worker-a")
	a := startProc(t, "worker a", bin, wa.env, wa.args...)
	aAddr := a.listenAddr(t)
	wb := workerCmd(fullname + "-worker-b")
	b := startProc(t, "worker b", bin, wb.env, wb.args...)
	bAddr := b.listenAddr(t)
	// A process answers /healthz as soon as it listens, unhealthy until it
	// has bound to NATS; the chart's probes retry, and so does this.
	for _, addr := range []string{cAddr, aAddr, bAddr} {
		waitFor(t, addr+"/healthz (the chart's probe) to answer 200", func() bool {
			code, _, _ := get(t, addr+"/healthz")
			return code == http.StatusOK
		})
	}
	// A bound on the store reads below, which span the whole sweep (a
	// killed worker's job waits out its lease): minutes under load.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	// The test only reads the store, and reads it once the coordinator has
	// migrated it: a second migrator racing the coordinator's on the fresh
	// database fails ("column already exists").
	var st store.Store
	waitFor(t, "the coordinator to migrate the store", func() bool {
		s, err := store.OpenReadOnly(ctx, storeURL)
		if err != nil {
			return false
		}
		st = s
		return true
	})
	defer st.Close()
	// Scans take seconds (each tools/list waits 1.5 s): a sweep that ends
	// before worker a is seen scanning failed its scans; say how.
	waitFor(t, "worker a to be scanning", func() bool {
		if metricValue(aAddr, "mcpgauge_worker_slots_busy") >= 1 {
			return true
		}
		if sweeps, err := st.ListSweeps(ctx, 1); err == nil && len(sweeps) == 1 && sweeps[0].Status != store.SweepRunning {
			s, _ := st.GetSweep(ctx, sweeps[0].ID)
			t.Fatalf("sweep %s ended (%s, results by status %v) before worker a was seen scanning", s.ID, s.Status, s.ByStatus)
		}
		return false
	})
	a.kill(syscall.SIGKILL)
	var sw store.Sweep
	waitFor(t, "the sweep to finish", func() bool {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		sweeps, err := st.ListSweeps(ctx, 10)
		if err != nil || len(sweeps) == 0 {
			return false
		}
		if len(sweeps) != 1 {
			t.Fatalf("%d sweeps in a fresh store, want 1: %+v", len(sweeps), sweeps)
		}
		if sw, err = st.GetSweep(ctx, sweeps[0].ID); err != nil {
			return false
		}
		return sw.Status != store.SweepRunning
	})
	n := int64(len(servers))
	if sw.Status != store.SweepDone || sw.Results != n || sw.ByStatus[schema.StatusOK] != n {
		t.Fatalf("sweep %s: status %s, %d results %v; want done with %d ok results", sw.ID, sw.Status, sw.Results, sw.ByStatus, n)
	}
	for _, f := range fixtures {
		h, err := st.History(ctx, f.Name)
		if err != nil {
			t.Fatal(err)
		}
		if len(h) != 1 {
			t.Errorf("%s has %d stored scans, want exactly 1", f.Name, len(h))
		}
	}

	// The doc's curl commands, against the coordinator.
	paths, greps := docCurls(t)
	for _, p := range paths {
		code, _, body := get(t, cAddr+p)
		if code != http.StatusOK {
			t.Errorf("GET %s: %d", p, code)
		}
		if g := greps[p]; g != "" && !strings.Contains(string(body), g) {
			t.Errorf("GET %s has no %s", p, g)
		}
		if p == "/api/leaderboard" {
			for _, f := range fixtures {
				if !strings.Contains(string(body), f.Name) {
					t.Errorf("/api/leaderboard does not list %s", f.Name)
				}
			}
		}
	}
	checkDashboardSeries(t, cAddr, bAddr)
	checkKEDATrigger(t, ns)

	// The compose file's board (mcpgauge serve) over the same store (its
	// MCPGAUGE_STORE pointed at it), and its healthchecks, run with node
	// as the image runs them.
	srv := compose.Services["serve"]
	serveArgs := make([]string, 0, len(srv.Command))
	for _, a := range srv.Command {
		if flag, _, _ := strings.Cut(a, "="); flag == "--listen" {
			a = "--listen=127.0.0.1:0"
		}
		serveArgs = append(serveArgs, a)
	}
	if env(srv, "MCPGAUGE_STORE") == "" {
		t.Fatal("the compose board has no MCPGAUGE_STORE")
	}
	board := startProc(t, "serve", bin, []string{"MCPGAUGE_STORE=" + storeURL}, serveArgs...)
	sAddr := board.listenAddr(t)
	code, _, page := get(t, sAddr+"/")
	if code != http.StatusOK {
		t.Errorf("GET / on the board: %d", code)
	}
	for _, f := range fixtures {
		if !strings.Contains(string(page), f.Name) {
			t.Errorf("the board does not list %s", f.Name)
		}
	}
	if code, ctype, body := get(t, sAddr+"/metrics"); code != http.StatusOK || !strings.HasPrefix(ctype, "text/plain") ||
		!strings.Contains(string(body), "mcpgauge_build_info{") {
		t.Errorf("the board's /metrics (a Prometheus target): %d %s, want text with mcpgauge_build_info", code, ctype)
	}
	for svc, addr := range map[string]string{"coordinator": cAddr, "worker": bAddr, "serve": sAddr} {
		checkHealthcheck(t, compose.Services[svc], addr, true)
	}
	checkHealthcheck(t, compose.Services["serve"], "http://127.0.0.1:1", false)

	// A SIGTERM ends the worker within the pod's grace period.
	grace := worker(t, m).Spec.Template.Spec.TerminationGracePeriodSeconds
	b.signal(syscall.SIGTERM)
	select {
	case <-b.done:
		if code := b.cmd.ProcessState.ExitCode(); code != 0 {
			t.Errorf("worker b exited %d on SIGTERM:\n%s", code, b.output())
		}
	case <-time.After(time.Duration(*grace) * time.Second):
		t.Errorf("worker b did not stop within terminationGracePeriodSeconds (%ds)", *grace)
	}
}

// checkHealthcheck runs a compose service's exec healthcheck on this host
// (node is what the image has), pointed at addr, and checks its verdict.
func checkHealthcheck(t *testing.T, s types.ServiceConfig, addr string, healthy bool) {
	t.Helper()
	test := s.HealthCheck.Test
	if len(test) < 2 || test[0] != "CMD" {
		t.Fatalf("%s healthcheck %q is not an exec check", s.Name, test)
	}
	re := regexp.MustCompile(`http://127\.0\.0\.1:\d+`)
	var args []string
	for _, a := range test[1:] {
		args = append(args, re.ReplaceAllString(a, addr))
	}
	node, err := exec.LookPath(args[0])
	if err != nil {
		t.Fatalf("%s healthcheck needs %s: %v", s.Name, args[0], err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, node, args[1:]...).CombinedOutput()
	if healthy && err != nil {
		t.Errorf("%s healthcheck against %s failed: %v\n%s", s.Name, addr, err, out)
	}
	if !healthy && err == nil {
		t.Errorf("%s healthcheck against %s (nothing listening) passed", s.Name, addr)
	}
}

// localCmd is a rendered container as a local process: its arguments and
// the environment (K=V) added to this one.
type localCmd struct{ args, env []string }

// localArgs turns a rendered container into a local command line: $(VAR)
// references and the environment are expanded as the kubelet does
// (Secrets from secrets, metadata.name from pod), files of mounted Secret
// volumes are written under dir from secrets, and the paths and listen
// address that only make sense in a pod are moved into dir and onto
// loopback. Each of those flags must be one the chart renders.
func localArgs(t testing.TB, c corev1.Container, vols []corev1.Volume, pod string, secrets map[string]string, dir string) localCmd {
	t.Helper()
	if len(c.Command) != 0 {
		t.Fatalf("container %s overrides the image's entrypoint (mcpgauge): %v", c.Name, c.Command)
	}
	env := map[string]string{}
	for _, e := range c.Env {
		switch {
		case e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil:
			k := e.ValueFrom.SecretKeyRef.Name + "/" + e.ValueFrom.SecretKeyRef.Key
			v, ok := secrets[k]
			if !ok {
				t.Fatalf("container %s reads Secret key %s, which the doc does not create", c.Name, k)
			}
			env[e.Name] = v
		case e.ValueFrom != nil && e.ValueFrom.FieldRef != nil && e.ValueFrom.FieldRef.FieldPath == "metadata.name":
			env[e.Name] = pod
		case e.ValueFrom == nil:
			env[e.Name] = e.Value
		default:
			t.Fatalf("container %s: env %s has a source this test cannot provide", c.Name, e.Name)
		}
	}
	ref := regexp.MustCompile(`\$\(([A-Za-z_][A-Za-z0-9_]*)\)`)
	local := map[string]string{"--listen": "127.0.0.1:0", "--data-dir": filepath.Join(dir, pod, "data"), "--cache-dir": filepath.Join(dir, pod, "cache")}
	mounts := map[string]bool{}
	secretMounts := map[string]string{} // mount path -> Secret name
	for _, vm := range c.VolumeMounts {
		mounts[vm.MountPath] = true
		for _, v := range vols {
			if v.Name == vm.Name && v.Secret != nil {
				secretMounts[vm.MountPath] = v.Secret.SecretName
			}
		}
	}
	var out []string
	for _, a := range c.Args {
		a = ref.ReplaceAllStringFunc(a, func(s string) string {
			v, ok := env[ref.FindStringSubmatch(s)[1]]
			if !ok {
				t.Fatalf("container %s: %s names no env var", c.Name, s)
			}
			return v
		})
		flag, val, _ := strings.Cut(a, "=")
		if l, ok := local[flag]; ok {
			if flag != "--listen" && !mounts[val] {
				t.Errorf("container %s: %s=%s is not a mounted volume", c.Name, flag, val)
			}
			a = flag + "=" + l
		}
		for mp, secret := range secretMounts {
			if key, ok := strings.CutPrefix(val, mp+"/"); ok {
				content, ok := secrets[secret+"/"+key]
				if !ok {
					t.Fatalf("container %s: %s reads Secret key %s/%s, which the doc does not create", c.Name, flag, secret, key)
				}
				p := filepath.Join(dir, pod, "secrets", secret, key)
				if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(content), 0o400); err != nil {
					t.Fatal(err)
				}
				a = flag + "=" + p
			}
		}
		out = append(out, a)
	}
	for _, flag := range []string{"--listen", "--data-dir"} {
		if argOf(out, flag) == "" {
			t.Fatalf("container %s renders no %s", c.Name, flag)
		}
	}
	var environ []string
	for k, v := range env {
		environ = append(environ, k+"="+v)
	}
	return localCmd{args: out, env: environ}
}

// checkDashboardSeries: every metric the Grafana dashboard reads has a
// series on the real coordinator or worker after the sweep.
func checkDashboardSeries(t *testing.T, addrs ...string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "deploy", "grafana", "mcpgauge.json"))
	if err != nil {
		t.Fatal(err)
	}
	var scraped strings.Builder
	for _, a := range addrs {
		_, _, body := get(t, a+"/metrics")
		scraped.Write(body)
	}
	have := map[string]bool{}
	for _, l := range strings.Split(scraped.String(), "\n") {
		if l == "" || l[0] == '#' {
			continue
		}
		name := l[:strings.IndexAny(l, "{ ")]
		have[name] = true
	}
	var dash struct {
		Panels []struct {
			Title   string `json:"title"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
	}
	if err := json.Unmarshal(b, &dash); err != nil {
		t.Fatal(err)
	}
	name := regexp.MustCompile(`\b(mcpgauge_[a-z_]+|process_resident_memory_bytes)\b`)
	for _, p := range dash.Panels {
		for _, tg := range p.Targets {
			if strings.HasSuffix(tg.Expr, " or vector(0)") {
				continue // shows 0 when there is no series
			}
			for _, n := range name.FindAllString(tg.Expr, -1) {
				if !have[n] {
					t.Errorf("panel %q reads %s, which no process serves after a sweep (an empty panel)", p.Title, n)
				}
			}
		}
	}
}

// checkKEDATrigger asks the NATS monitoring endpoint what KEDA's
// nats-jetstream scaler asks (/jsz for the account, consumers included),
// with the chart's ScaledObject metadata, and checks the consumer is there.
func checkKEDATrigger(t *testing.T, ns *natsProc) {
	t.Helper()
	out, err := helm(t, "template", release, chartDir, "--kube-version", kubeVersion, "--set", "keda.enabled=true",
		"--api-versions", "keda.sh/v1alpha1/ScaledObject")
	if err != nil {
		t.Fatal(err)
	}
	so := decodeManifests(t, out).ScaledObject[fullname+"-worker"]
	md := so["spec"].(map[string]any)["triggers"].([]any)[0].(map[string]any)["metadata"].(map[string]any)
	q := url.Values{"acc": {md["account"].(string)}, "consumers": {"true"}, "config": {"true"}}
	_, _, body := get(t, ns.HTTPURL+"/jsz?"+q.Encode())
	var jsz struct {
		AccountDetails []struct {
			Name    string `json:"name"`
			Streams []struct {
				Name      string `json:"name"`
				Consumers []struct {
					Name       string `json:"name"`
					NumPending *int64 `json:"num_pending"`
				} `json:"consumer_detail"`
			} `json:"stream_detail"`
		} `json:"account_details"`
	}
	if err := json.Unmarshal(body, &jsz); err != nil {
		t.Fatalf("/jsz: %v\n%s", err, body)
	}
	for _, a := range jsz.AccountDetails {
		for _, s := range a.Streams {
			for _, c := range s.Consumers {
				if s.Name == md["stream"] && c.Name == md["consumer"] && c.NumPending != nil {
					return
				}
			}
		}
	}
	t.Errorf("/jsz for account %v has no consumer %v on stream %v with num_pending (what KEDA reads):\n%s", md["account"], md["consumer"], md["stream"], body)
}

// freshDatabase creates an empty ClickHouse database for one test and
// returns the store URL naming it.
func freshDatabase(t *testing.T, base string) string {
	t.Helper()
	opts, err := clickhouse.ParseDSN(base)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := clickhouse.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	db := fmt.Sprintf("deploy_%d", time.Now().UnixNano())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := conn.Exec(ctx, "CREATE DATABASE "+db); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c, err := clickhouse.Open(opts)
		if err == nil {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			_ = c.Exec(ctx, "DROP DATABASE IF EXISTS "+db)
			cancel()
			c.Close()
		}
	})
	i := strings.LastIndex(base, "/")
	return base[:i+1] + db
}

// proc is a running mcpgauge process.
type proc struct {
	name string
	cmd  *exec.Cmd
	addr chan string
	done chan struct{}
	mu   sync.Mutex
	log  strings.Builder
}

// startProc runs bin with args and env (K=V) added to this environment.
func startProc(t testing.TB, name, bin string, env []string, args ...string) *proc {
	t.Helper()
	p := &proc{name: name, addr: make(chan string, 1), done: make(chan struct{})}
	p.cmd = exec.Command(bin, args...)
	p.cmd.Env = append(os.Environ(), env...)
	stderr, err := p.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	p.cmd.Stdout = io.Discard
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			p.mu.Lock()
			p.log.WriteString(line + "\n")
			p.mu.Unlock()
			if a, ok := strings.CutPrefix(line, "LISTENING "); ok {
				select {
				case p.addr <- a:
				default:
				}
			}
		}
		_ = p.cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		p.kill(syscall.SIGKILL)
		if t.Failed() {
			t.Logf("--- %s %s ---\n%s", p.name, strings.Join(args, " "), p.output())
		}
	})
	return p
}

func (p *proc) output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.log.String()
}

func (p *proc) signal(sig syscall.Signal) { _ = p.cmd.Process.Signal(sig) }

func (p *proc) kill(sig syscall.Signal) {
	select {
	case <-p.done:
		return
	default:
	}
	p.signal(sig)
	select {
	case <-p.done:
	case <-time.After(time.Minute):
	}
}

func (p *proc) listenAddr(t testing.TB) string {
	t.Helper()
	select {
	case a := <-p.addr:
		p.addr <- a
		return a
	case <-p.done:
		t.Fatalf("%s exited:\n%s", p.name, p.output())
	case <-time.After(2 * time.Minute):
		t.Fatalf("%s did not start listening:\n%s", p.name, p.output())
	}
	return ""
}

// metricValue reads one unlabelled metric from a process's /metrics (-1 when absent).
func metricValue(addr, name string) float64 {
	resp, err := http.Get(addr + "/metrics")
	if err != nil {
		return -1
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, name+" "); ok {
			var f float64
			fmt.Sscan(v, &f)
			return f
		}
	}
	return -1
}

// waitFor polls cond until it holds (bounded by a generous limit).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(4 * time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
