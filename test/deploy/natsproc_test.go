package deploy

import (
	"bufio"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// natsProc is a nats-server running as its own process.
type natsProc struct {
	cmd                *exec.Cmd
	ClientURL, HTTPURL string
	mu                 sync.Mutex
	log                strings.Builder
	done               chan struct{}
}

var (
	natsClientRe = regexp.MustCompile(`Listening for client connections on (\S+)`)
	natsHTTPRe   = regexp.MustCompile(`Starting http monitor on (\S+)`)
)

// startNATS runs nats-server with args plus loopback listeners on random
// ports (appended last: nats-server's last flag wins), and env (K=V) added
// to its environment, waits until it is ready and returns its client and
// monitoring URLs.
func startNATS(t testing.TB, env []string, args ...string) *natsProc {
	t.Helper()
	bin := natsServerBin(t)
	p := &natsProc{done: make(chan struct{})}
	p.cmd = exec.Command(bin, append(append([]string{}, args...), "-a", "127.0.0.1", "-p", "-1", "-m", "-1")...)
	p.cmd.Env = append(os.Environ(), env...)
	stderr, err := p.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ready := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(stderr)
		var once sync.Once
		for sc.Scan() {
			line := sc.Text()
			p.mu.Lock()
			p.log.WriteString(line + "\n")
			if m := natsClientRe.FindStringSubmatch(line); m != nil {
				p.ClientURL = "nats://" + m[1]
			}
			if m := natsHTTPRe.FindStringSubmatch(line); m != nil {
				p.HTTPURL = "http://" + m[1]
			}
			isReady := strings.Contains(line, "Server is ready")
			p.mu.Unlock()
			if isReady {
				once.Do(func() { close(ready) })
			}
		}
		_ = p.cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		p.stop()
		if t.Failed() {
			t.Logf("--- nats-server log ---\n%s", p.output())
		}
	})
	select {
	case <-ready:
	case <-p.done:
		t.Fatalf("nats-server %s exited:\n%s", strings.Join(args, " "), p.output())
	case <-time.After(time.Minute):
		t.Fatalf("nats-server did not get ready:\n%s", p.output())
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ClientURL == "" || p.HTTPURL == "" {
		t.Fatalf("nats-server did not log its client and monitoring addresses:\n%s", p.log.String())
	}
	return p
}

func (p *natsProc) output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.log.String()
}

func (p *natsProc) stop() {
	select {
	case <-p.done:
		return
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(30 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.done
	}
}
