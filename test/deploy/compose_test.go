package deploy

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"sigs.k8s.io/yaml"
)

const composeFile = "deploy/docker-compose.yml"

// The role passwords the tests give the compose file (and so nats.conf).
const (
	coordinatorNATSPassword = "coord-pw-from-env"
	workerNATSPassword      = "worker-pw-from-env"
)

// composeEnv is the environment the compose file requires, with
// MCPGAUGE_CLICKHOUSE_PASSWORD=chPassword.
func composeEnv(chPassword string) []string {
	return []string{"MCPGAUGE_CLICKHOUSE_PASSWORD=" + chPassword,
		"MCPGAUGE_NATS_COORDINATOR_PASSWORD=" + coordinatorNATSPassword, "MCPGAUGE_NATS_WORKER_PASSWORD=" + workerNATSPassword}
}

// loadCompose loads the compose file with the compose-spec loader, with env
// as the only environment (no .env file, no OS variables).
func loadCompose(t testing.TB, env ...string) (*types.Project, error) {
	t.Helper()
	root := repoRoot(t)
	opts, err := cli.NewProjectOptions([]string{filepath.Join(root, composeFile)},
		cli.WithWorkingDirectory(filepath.Join(root, "deploy")), cli.WithEnv(env), cli.WithInterpolation(true))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return opts.LoadProject(ctx)
}

func TestComposeFile(t *testing.T) {
	t.Parallel()
	full := composeEnv("pw-from-env")
	for i, kv := range full {
		name, _, _ := strings.Cut(kv, "=")
		without := append(append([]string{}, full[:i]...), full[i+1:]...)
		if _, err := loadCompose(t, without...); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("the compose file loads without %s (err %v); it must not carry a default password", name, err)
		}
	}
	p, err := loadCompose(t, full...)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"nats", "clickhouse", "coordinator", "worker", "serve", "prometheus", "grafana"} {
		s, ok := p.Services[name]
		if !ok {
			t.Errorf("no service %s", name)
			continue
		}
		if s.Restart != types.RestartPolicyUnlessStopped {
			t.Errorf("%s: restart %q, want unless-stopped", name, s.Restart)
		}
	}
	for _, name := range []string{"nats", "clickhouse", "coordinator", "worker", "serve"} {
		if hc := p.Services[name].HealthCheck; hc == nil || len(hc.Test) < 2 || hc.Test[0] != "CMD" {
			t.Errorf("%s has no exec healthcheck: %+v", name, hc)
		}
	}
	// Every mcpgauge service's healthcheck probes the /healthz of its own --listen.
	for _, name := range []string{"coordinator", "worker", "serve"} {
		s := p.Services[name]
		port := listenPort(t, s.Command)
		if hc := strings.Join(s.HealthCheck.Test, " "); !strings.Contains(hc, "127.0.0.1:"+port+"/healthz") {
			t.Errorf("%s healthcheck %q does not probe its --listen port %s", name, hc, port)
		}
	}
	if c := p.Services["serve"].Command; len(c) != 2 || c[0] != "serve" || c[1] != "--listen=:8080" {
		t.Errorf("serve command = %q, want serve --listen=:8080 (the store from MCPGAUGE_STORE)", c)
	}
	for _, name := range []string{"coordinator", "serve"} {
		if st := env(p.Services[name], "MCPGAUGE_STORE"); !strings.HasPrefix(st, "clickhouse://") || !strings.Contains(st, ":pw-from-env@") {
			t.Errorf("%s MCPGAUGE_STORE=%s does not take the password from MCPGAUGE_CLICKHOUSE_PASSWORD", name, st)
		}
	}
	checkComposeSecrets(t, p)
	w := p.Services["worker"]
	for _, opt := range []string{"seccomp=unconfined", "apparmor=unconfined", "systempaths=unconfined"} {
		if !contains(w.SecurityOpt, opt) {
			t.Errorf("worker security_opt lacks %s (bubblewrap needs it): %v", opt, w.SecurityOpt)
		}
	}
	grace, err := time.ParseDuration(argOf(w.Command, "--grace"))
	if err != nil {
		t.Fatalf("worker --grace: %v", err)
	}
	if w.StopGracePeriod == nil || time.Duration(*w.StopGracePeriod) <= grace {
		t.Errorf("worker stop_grace_period %v is not longer than --grace %v", w.StopGracePeriod, grace)
	}
	checkPrometheusTargets(t, p)
	checkDockerfile(t)
}

// TestComposeNATSCommand runs the compose file's nats-server command line
// (its config file and data volume mapped to host paths, its listeners
// moved to loopback random ports) and checks it serves JetStream with the
// 8 MB payload limit, and that its healthcheck URL answers.
func TestComposeNATSCommand(t *testing.T) {
	t.Parallel()
	p, err := loadCompose(t, composeEnv("x")...)
	if err != nil {
		t.Fatal(err)
	}
	s := p.Services["nats"]
	ns := startNATS(t, serviceEnv(s), hostArgs(t, s)...)

	// Authentication is on: no anonymous client, no wrong password.
	for _, o := range []nats.Option{nats.Name("anonymous"), nats.UserInfo("mcpgauge-worker", coordinatorNATSPassword)} {
		if nc, err := nats.Connect(ns.ClientURL, o, nats.NoReconnect()); err == nil {
			nc.Close()
			t.Error("the compose NATS accepted a client without the right password")
		}
	}
	nc, err := nats.Connect(ns.ClientURL, nats.UserInfo("mcpgauge-coordinator", coordinatorNATSPassword))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	if got := nc.MaxPayload(); got != 8<<20 {
		t.Errorf("max_payload = %d, want %d (nats.conf)", got, 8<<20)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := js.AccountInfo(ctx); err != nil {
		t.Fatalf("JetStream is not served: %v", err)
	}
	// A file-backed stream lands in the mapped data volume (-sd).
	if _, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: "PROBE", Subjects: []string{"probe.>"}, Storage: jetstream.FileStorage}); err != nil {
		t.Fatal(err)
	}
	if _, err := js.Publish(ctx, "probe.big", make([]byte, 6<<20)); err != nil {
		t.Errorf("a 6 MB message was refused: %v", err)
	}
	// The worker role, as the real server enforces it from the compose
	// environment: it cannot publish a job or write mcpgauge-scans or
	// either shared cache, which only the coordinator fills (natsbus's
	// TestDeployNATSRoles checks every right of both roles).
	wc, err := nats.Connect(ns.ClientURL, nats.UserInfo("mcpgauge-worker", workerNATSPassword))
	if err != nil {
		t.Fatal(err)
	}
	defer wc.Close()
	wjs, err := jetstream.New(wc)
	if err != nil {
		t.Fatal(err)
	}
	// The stream and buckets exist (the coordinator creates them and can
	// write each subject), so a refusal is the server's permissions.
	if _, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: "MCPGAUGE_JOBS", Subjects: []string{"mcpgauge.jobs.>"}}); err != nil {
		t.Fatal(err)
	}
	for _, b := range []string{"mcpgauge-scans", "mcpgauge-evalcache", "mcpgauge-tools"} {
		if _, err := js.CreateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: b}); err != nil {
			t.Fatal(err)
		}
	}
	for _, subj := range []string{"mcpgauge.jobs.s1", "$KV.mcpgauge-scans.k", "$KV.mcpgauge-evalcache.k", "$KV.mcpgauge-tools.k"} {
		pctx, pcancel := context.WithTimeout(ctx, 2*time.Second)
		if _, err := wjs.Publish(pctx, subj, []byte("{}")); err == nil {
			t.Errorf("the worker user published to %s", subj)
		}
		pcancel()
		if _, err := js.Publish(ctx, subj, []byte("{}")); err != nil {
			t.Errorf("the coordinator user cannot publish to %s: %v", subj, err)
		}
	}
	// The healthcheck's URL, on the random monitoring port.
	hc := regexp.MustCompile(`http://127\.0\.0\.1:8222(/\S*)`).FindStringSubmatch(strings.Join(s.HealthCheck.Test, " "))
	if hc == nil {
		t.Fatalf("nats healthcheck %q does not probe the monitoring port 8222", s.HealthCheck.Test)
	}
	if code, _, _ := get(t, ns.HTTPURL+hc[1]); code != http.StatusOK {
		t.Errorf("healthcheck %s: %d", hc[1], code)
	}
	// /varz is JSON, which Prometheus cannot scrape (so prometheus.yml must not).
	if _, ctype, body := get(t, ns.HTTPURL+"/varz"); !strings.Contains(ctype, "json") || !json.Valid(body) {
		t.Errorf("/varz: %s", ctype)
	}
}

// hostArgs maps a service's command to this host: an argument naming a
// volume's target path (or a path under it) names the volume's host path
// instead (a temporary directory for named volumes).
func hostArgs(t testing.TB, s types.ServiceConfig) []string {
	t.Helper()
	mounts := map[string]string{}
	for _, v := range s.Volumes {
		src := v.Source
		if v.Type == types.VolumeTypeVolume {
			src = t.TempDir()
		} else if _, err := os.Stat(src); err != nil {
			t.Fatalf("%s volume source %s: %v", s.Name, src, err)
		}
		mounts[v.Target] = src
	}
	var out []string
	for _, a := range s.Command {
		for target, src := range mounts {
			if a == target {
				a = src
			} else if rest, ok := strings.CutPrefix(a, target+"/"); ok {
				a = filepath.Join(src, rest)
			}
		}
		out = append(out, a)
	}
	return out
}

func checkPrometheusTargets(t *testing.T, p *types.Project) {
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "deploy", "prometheus.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		ScrapeConfigs []struct {
			JobName       string `json:"job_name"`
			MetricsPath   string `json:"metrics_path"`
			StaticConfigs []struct {
				Targets []string `json:"targets"`
			} `json:"static_configs"`
			DNSSDConfigs []struct {
				Names []string `json:"names"`
				Port  int      `json:"port"`
			} `json:"dns_sd_configs"`
		} `json:"scrape_configs"`
	}
	if err := yaml.Unmarshal(b, &cfg); err != nil {
		t.Fatal(err)
	}
	if len(cfg.ScrapeConfigs) == 0 {
		t.Fatal("prometheus.yml scrapes nothing")
	}
	for _, sc := range cfg.ScrapeConfigs {
		if sc.MetricsPath != "" && sc.MetricsPath != "/metrics" {
			t.Errorf("job %s scrapes %s, which mcpgauge does not serve as metrics", sc.JobName, sc.MetricsPath)
		}
		var targets []string
		for _, s := range sc.StaticConfigs {
			targets = append(targets, s.Targets...)
		}
		for _, d := range sc.DNSSDConfigs {
			for _, n := range d.Names {
				targets = append(targets, n+":"+strconv.Itoa(d.Port))
			}
		}
		for _, tg := range targets {
			host, port, _ := strings.Cut(tg, ":")
			s, ok := p.Services[host]
			if !ok {
				t.Errorf("job %s scrapes %s, which is no compose service", sc.JobName, tg)
				continue
			}
			if len(s.Command) == 0 || listenPort(t, s.Command) != port {
				t.Errorf("job %s scrapes %s, but that service is not an mcpgauge process listening on %s (command %q)", sc.JobName, tg, port, s.Command)
			}
		}
	}
}

// checkDockerfile: the runtime stage is Node 20+ and installs bubblewrap,
// and the image runs as uid 10001.
func checkDockerfile(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "deploy", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	froms := regexp.MustCompile(`(?m)^FROM (\S+)`).FindAllStringSubmatch(string(b), -1)
	last := froms[len(froms)-1][1]
	m := regexp.MustCompile(`^node:(\d+)`).FindStringSubmatch(last)
	if m == nil {
		t.Fatalf("runtime stage %s is not an official Node image", last)
	}
	if v, _ := strconv.Atoi(m[1]); v < 20 {
		t.Errorf("runtime stage %s: Node %d < 20", last, v)
	}
	runtime := string(b)[strings.LastIndex(string(b), "FROM "+last):]
	if !regexp.MustCompile(`apt-get install[^\n]*\bbubblewrap\b`).MatchString(runtime) {
		t.Error("the runtime stage does not install bubblewrap")
	}
	if !regexp.MustCompile(`(?m)^USER 10001`).MatchString(runtime) {
		t.Error("the image does not run as uid 10001")
	}
}

// listenPort returns the port of a command's --listen=:PORT.
func listenPort(t testing.TB, cmd []string) string {
	t.Helper()
	l := argOf(cmd, "--listen")
	_, port, ok := strings.Cut(l, ":")
	if !ok {
		t.Errorf("command %q has no --listen=HOST:PORT", cmd)
	}
	return port
}

// argOf returns the value of --flag=value in cmd, or "".
func argOf(cmd []string, flag string) string {
	for _, a := range cmd {
		if v, ok := strings.CutPrefix(a, flag+"="); ok {
			return v
		}
	}
	return ""
}

func get(t testing.TB, url string) (int, string, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Content-Type"), b
}

// env returns a service's environment variable name ("" when unset).
func env(s types.ServiceConfig, name string) string {
	if v := s.Environment[name]; v != nil {
		return *v
	}
	return ""
}

// serviceEnv is a service's environment as K=V strings.
func serviceEnv(s types.ServiceConfig) []string {
	var out []string
	for k, v := range s.Environment {
		if v != nil {
			out = append(out, k+"="+*v)
		}
	}
	return out
}

// checkComposeSecrets: NATS is on an internal network with no published
// port; no command line carries a secret; each role gets its own NATS
// user and password file (a secret from the environment), and workers get
// no store URL.
func checkComposeSecrets(t *testing.T, p *types.Project) {
	t.Helper()
	n := p.Services["nats"]
	if len(n.Ports) != 0 {
		t.Errorf("nats publishes ports %v; it must listen on the internal network only", n.Ports)
	}
	for name := range n.Networks {
		if nw := p.Networks[name]; !nw.Internal {
			t.Errorf("nats is on network %s, which is not internal", name)
		}
	}
	secretsSeen := []string{"pw-from-env", coordinatorNATSPassword, workerNATSPassword}
	for name, s := range p.Services {
		for _, a := range append(append([]string{}, s.Entrypoint...), s.Command...) {
			for _, sec := range secretsSeen {
				if strings.Contains(a, sec) {
					t.Errorf("%s's command line carries a secret: %q", name, a)
				}
			}
		}
	}
	for role, want := range map[string]struct{ user, secret, from string }{
		"coordinator": {"mcpgauge-coordinator", "nats-coordinator-password", "MCPGAUGE_NATS_COORDINATOR_PASSWORD"},
		"worker":      {"mcpgauge-worker", "nats-worker-password", "MCPGAUGE_NATS_WORKER_PASSWORD"},
	} {
		s := p.Services[role]
		if u := env(s, "MCPGAUGE_NATS_USER"); u != want.user {
			t.Errorf("%s MCPGAUGE_NATS_USER=%q, want %s", role, u, want.user)
		}
		if f := env(s, "MCPGAUGE_NATS_PASSWORD_FILE"); f != "/run/secrets/"+want.secret {
			t.Errorf("%s MCPGAUGE_NATS_PASSWORD_FILE=%q, want /run/secrets/%s", role, f, want.secret)
		}
		if len(s.Secrets) != 1 || s.Secrets[0].Source != want.secret {
			t.Errorf("%s gets secrets %+v, want %s alone", role, s.Secrets, want.secret)
		}
		if sec := p.Secrets[want.secret]; sec.Environment != want.from {
			t.Errorf("secret %s comes from %+v, want the environment variable %s", want.secret, sec, want.from)
		}
		if _, ok := s.Networks["bus"]; !ok {
			t.Errorf("%s is not on the network bus, where NATS is", role)
		}
	}
	if st := env(p.Services["worker"], "MCPGAUGE_STORE"); st != "" {
		t.Error("workers get the store URL; they must hold no store credentials")
	}
}
