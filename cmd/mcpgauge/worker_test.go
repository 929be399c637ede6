package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/internal/testutil/natstest"
	"github.com/mcpgauge/mcpgauge/internal/testutil/syncbuf"
	"github.com/mcpgauge/mcpgauge/natsbus"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/system"
)

// waitFor polls out until it contains want or the command ended.
func waitFor(t *testing.T, out *syncbuf.Buffer, want string, done <-chan int) {
	t.Helper()
	for !strings.Contains(out.String(), want) {
		select {
		case code := <-done:
			t.Fatalf("command exited %d before printing %q:\n%s", code, want, out.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// A worker binds to the consumer the coordinator configured; its own
// --scan-deadline must not rewrite the shared consumer's AckWait.
func TestWorkerKeepsCoordinatorsAckWait(t *testing.T) {
	dir := t.TempDir()
	ns, err := natsbus.StartEmbedded(natsbus.EmbeddedOptions{Dir: filepath.Join(dir, "nats"), Listen: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ns.Shutdown()
	nc, err := ns.Connect("test")
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	const coordDeadline = 20 * time.Second
	if err := natsbus.Setup(ctx, js, coordDeadline); err != nil {
		t.Fatal(err)
	}
	want := schema.WorkersConsumerSpec(coordDeadline).AckWait

	wctx, stop := context.WithCancel(ctx)
	defer stop()
	var stderr syncbuf.Buffer
	done := make(chan int, 1)
	go func() {
		var stdout bytes.Buffer
		done <- run(wctx, []string{"worker", "--nats", ns.ClientURL(), "--scan-deadline", "7m", "--sandbox", "none",
			"--listen", "127.0.0.1:0", "--data-dir", dir, "--slots", "1", "--no-config"}, &stdout, &stderr)
	}()
	waitFor(t, &stderr, "LISTENING", done)
	stop()
	<-done

	spec := schema.WorkersConsumerSpec(0)
	cons, err := js.Consumer(ctx, spec.Stream, spec.Durable)
	if err != nil {
		t.Fatal(err)
	}
	info, err := cons.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.Config.AckWait != want {
		t.Errorf("consumer AckWait = %v after a worker with --scan-deadline 7m started; want the coordinator's %v", info.Config.AckWait, want)
	}
}

// startSetUpNATS starts a listening embedded server set up as a
// coordinator would, and returns its URL.
func startSetUpNATS(t *testing.T) string {
	t.Helper()
	return natstest.Run(t, natstest.Options{Dir: t.TempDir(), Listen: true}).ClientURL()
}

// The service flags are bound to MCPGAUGE_* variables: a worker given
// MCPGAUGE_NATS (and MCPGAUGE_LISTEN, MCPGAUGE_SLOTS) and no flags runs.
func TestWorkerTakesServiceSettingsFromEnv(t *testing.T) {
	t.Setenv("MCPGAUGE_NATS", startSetUpNATS(t))
	t.Setenv("MCPGAUGE_LISTEN", "127.0.0.1:0")
	t.Setenv("MCPGAUGE_SLOTS", "1")
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var stderr syncbuf.Buffer
	done := make(chan int, 1)
	go func() {
		var stdout bytes.Buffer
		done <- run(ctx, []string{"worker", "--sandbox", "none", "--data-dir", t.TempDir(), "--no-config"}, &stdout, &stderr)
	}()
	waitFor(t, &stderr, "worker bound to NATS", done)
	if !strings.Contains(stderr.String(), "LISTENING http://127.0.0.1:") {
		t.Errorf("MCPGAUGE_LISTEN was not used:\n%s", stderr.String())
	}
	if !strings.Contains(stderr.String(), "slots=1") {
		t.Errorf("MCPGAUGE_SLOTS was not used:\n%s", stderr.String())
	}
	stop()
	if code := <-done; code != exitOK {
		t.Errorf("worker exited %d after SIGTERM:\n%s", code, stderr.String())
	}
}

// A misspelt MCPGAUGE_* variable is named, with the nearest valid one.
func TestMisspeltEnvWarns(t *testing.T) {
	t.Setenv("MCPGAUGE_NAT", "nats://127.0.0.1:1")
	t.Setenv("MCPGAUGE_CLICKHOUSE_PASSWORD", "x") // the deployment's, not a setting: no warning
	code, _, stderr := cli(t, "worker", "--no-config")
	if code != exitUsage || !strings.Contains(stderr, "--nats is required") {
		t.Errorf("exit %d, stderr %q; want exit 2 saying --nats is required", code, stderr)
	}
	if !strings.Contains(stderr, "warning: MCPGAUGE_NAT is not a setting mcpgauge reads; did you mean MCPGAUGE_NATS?") {
		t.Errorf("no warning naming MCPGAUGE_NAT and MCPGAUGE_NATS:\n%s", stderr)
	}
	if strings.Count(stderr, "warning:") != 1 {
		t.Errorf("want exactly one warning:\n%s", stderr)
	}
}

// The sweep opens its registries with the config loaded: a key given as
// MCPGAUGE_SMITHERY_API_KEY is the sweep's too, as it is registry pull's.
func TestSweepSourcesReadRegistryKeysFromEnv(t *testing.T) {
	t.Setenv("MCPGAUGE_SMITHERY_API_KEY", "x")
	cmd, _, err := newRootCmd().Find([]string{"sweep"})
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.ParseFlags([]string{"--no-config"}); err != nil {
		t.Fatal(err)
	}
	pf := planFlags{Plan: system.DefaultPlan()}
	pf.Registries = []string{"smithery"}
	cfg, _, err := loadConfig(cmd, "", serviceBindings()...)
	if err != nil {
		t.Fatal(err)
	}
	plan := pf.plan(cfg)
	if err := plan.Validate(); err != nil {
		t.Fatalf("sweep --registry smithery with MCPGAUGE_SMITHERY_API_KEY set: %v", err)
	}
	srcs, err := registry.OpenAll(plan.Registries, plan.Keys, "")
	if err != nil {
		t.Fatalf("sweep --registry smithery with MCPGAUGE_SMITHERY_API_KEY set: %v", err)
	}
	if len(srcs) != 1 || srcs[0].Name() != "smithery" {
		t.Errorf("sources = %v, want smithery", srcs)
	}
}

// A sweep whose registry pull fails publishes nothing and is recorded as
// failed: the next sweep, with another --registry, starts its own instead
// of "resuming" it.
func TestFailedPullLeavesNothingToResume(t *testing.T) {
	dir := t.TempDir()
	for i, missing := range []string{"first.json", "second.json"} {
		code, _, stderr := cli(t, "sweep", "--registry", "file://"+filepath.Join(dir, missing), "--sandbox", "none",
			"--data-dir", dir, "--no-config", "--workers", "1")
		if code == exitOK {
			t.Fatalf("sweep of a missing file exited 0:\n%s", stderr)
		}
		if !strings.Contains(stderr, missing) {
			t.Errorf("sweep %d: the error does not name the file:\n%s", i, stderr)
		}
		if strings.Contains(stderr, "resuming sweep") {
			t.Errorf("sweep %d resumed the failed sweep of a pull that published nothing:\n%s", i, stderr)
		}
	}
}
