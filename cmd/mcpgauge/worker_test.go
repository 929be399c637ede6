package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/natsbus"
	"github.com/mcpgauge/mcpgauge/schema"
)

// syncBuffer is a bytes.Buffer safe for one writer and a polling reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor polls out until it contains want or the command ended.
func waitFor(t *testing.T, out *syncBuffer, want string, done <-chan int) {
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
	var stderr syncBuffer
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
