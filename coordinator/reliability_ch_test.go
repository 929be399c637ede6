package coordinator_test

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/coordinator/sweeptest"
	"github.com/mcpgauge/mcpgauge/internal/testutil/natstest"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/store"
)

// privateClickHouse is a clickhouse-server of the test's own (its own
// ports, config and data dir, run as user clickhouse), so a test can stop
// it without disturbing the shared server other tests use.
type privateClickHouse struct {
	dir, config, bin string
	tcpPort          int
	cmd              *exec.Cmd
}

// startPrivateClickHouse writes a config derived from the installed one
// and starts the server; it skips when clickhouse-server, the installed
// config or the clickhouse user is missing.
func startPrivateClickHouse(t *testing.T) *privateClickHouse {
	t.Helper()
	bin, err := exec.LookPath("clickhouse-server")
	if err != nil {
		t.Skip("clickhouse-server is not installed")
	}
	base, err := os.ReadFile("/etc/clickhouse-server/config.xml")
	if err != nil {
		t.Skipf("no installed ClickHouse config: %v", err)
	}
	users, err := os.ReadFile("/etc/clickhouse-server/users.xml")
	if err != nil {
		t.Skipf("no installed ClickHouse users: %v", err)
	}
	if err := exec.Command("id", "clickhouse").Run(); err != nil {
		t.Skip("no clickhouse user")
	}
	if os.Geteuid() != 0 {
		t.Skip("running clickhouse-server as user clickhouse needs root")
	}
	dir, err := os.MkdirTemp("", "mcpgauge-ch-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	ch := &privateClickHouse{dir: dir, config: filepath.Join(dir, "config.xml"), tcpPort: freePort(t)}
	cfg := strings.NewReplacer(
		"<tcp_port>9000</tcp_port>", fmt.Sprintf("<tcp_port>%d</tcp_port>", ch.tcpPort),
		"<http_port>8123</http_port>", fmt.Sprintf("<http_port>%d</http_port>", freePort(t)),
		"<interserver_http_port>9009</interserver_http_port>", fmt.Sprintf("<interserver_http_port>%d</interserver_http_port>", freePort(t)),
		"<listen_host>::1</listen_host>", "",
		"/var/lib/clickhouse/", dir+"/data/",
		"/var/log/clickhouse-server/", dir+"/log/",
	).Replace(string(base))
	if err := os.WriteFile(ch.config, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "users.xml"), users, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"data", "log"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := exec.Command("chown", "-R", "clickhouse:clickhouse", dir).CombinedOutput(); err != nil {
		t.Fatalf("chown: %v %s", err, out)
	}
	ch.bin = bin
	ch.start(t)
	t.Cleanup(ch.stop)
	return ch
}

func (ch *privateClickHouse) start(t *testing.T) {
	t.Helper()
	ch.cmd = exec.Command("runuser", "-u", "clickhouse", "--", ch.bin, "--config-file="+ch.config)
	ch.cmd.Dir = ch.dir
	ch.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := ch.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(90 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", "127.0.0.1:"+strconv.Itoa(ch.tcpPort), time.Second)
		if err == nil {
			c.Close()
			return
		}
		if time.Now().After(deadline) {
			log, _ := os.ReadFile(filepath.Join(ch.dir, "log", "clickhouse-server.err.log"))
			t.Fatalf("private ClickHouse did not listen in 90 s: %s", clipLog(log))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// stop ends the server (SIGTERM to its process group) and waits for it.
func (ch *privateClickHouse) stop() {
	if ch.cmd == nil || ch.cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-ch.cmd.Process.Pid, syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = ch.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		_ = syscall.Kill(-ch.cmd.Process.Pid, syscall.SIGKILL)
		<-done
	}
	ch.cmd = nil
}

func (ch *privateClickHouse) url() string {
	return fmt.Sprintf("clickhouse://default@127.0.0.1:%d/default", ch.tcpPort)
}

func clipLog(b []byte) string {
	if len(b) > 2000 {
		b = b[len(b)-2000:]
	}
	return string(b)
}

// TestReliabilityClickHouseOutage: the ClickHouse store (a private server)
// is stopped for 30 s while results arrive. Ingest keeps the results in
// JetStream and retries; once the server is back every job has exactly one
// stored result.
func TestReliabilityClickHouseOutage(t *testing.T) {
	if testing.Short() {
		t.Skip("stops a ClickHouse server for 30 s")
	}
	t.Parallel()
	ch := startPrivateClickHouse(t)
	dir := t.TempDir()
	var fx []sweeptest.Fixture
	for i := 0; i < 6; i++ {
		fx = append(fx, sweeptest.Fixture{Name: fmt.Sprintf("io.test/ch%d", i), Tools: sweeptest.Good()})
	}
	reg, servers := sweeptest.Registry(t, dir, fx...)
	for _, s := range servers {
		s.SetDelay(1500 * time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var st store.Store
	for {
		var err error
		if st, err = store.Open(ctx, ch.url()); err == nil {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("open the private ClickHouse store: %v", err)
		}
		time.Sleep(500 * time.Millisecond)
	}
	defer st.Close()
	_, js, _ := natstest.Start(t, dir, time.Minute)
	c, err := coordinator.New(ctx, coordinator.Config{JS: js, Store: st, Sources: []registry.Source{registry.NewFile(reg)},
		ScannerVersion: "test", RuleSetDigest: "r1", BatchWait: 200 * time.Millisecond, SweepDeadline: 3 * time.Minute, Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	outage := make(chan struct{})
	go func() {
		defer close(outage)
		for ctx.Err() == nil {
			if sw, err := st.GetSweep(ctx, "ch1"); err == nil && sw.Results >= 1 {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
		ch.stop()
		time.Sleep(30 * time.Second) // the outage itself, not an assertion
		ch.start(t)
	}()
	p, err := tryWithWorker(t, ctx, c, js, remoteScanner(), "ch1")
	<-outage
	if err != nil {
		t.Fatal(err)
	}
	stored, lost, dup := figures(t, st, serverNames(servers), "ch1")
	if p.Status != store.SweepDone || p.Stragglers != 0 || lost != 0 || dup != 0 || stored != len(servers) {
		t.Fatalf("after a 30 s ClickHouse outage: %+v; %d stored, %d lost, %d duplicated", p, stored, lost, dup)
	}
	sweeptest.Record(t, sweeptest.Row{Fault: "ClickHouse stopped for 30 s mid-sweep (a private server)", Planned: int(p.Planned),
		Stored: stored, Lost: lost, Duplicated: dup, Message: "ingest: store write failed; retrying (a warning per attempt)", Clear: true})
}
