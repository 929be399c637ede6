package system

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// dial fails at once, as a usage error, on credentials that cannot work
// (it would otherwise retry forever), and its retry log never shows the
// URL's password.
func TestDialCredentials(t *testing.T) {
	t.Parallel()
	missing := filepath.Join(t.TempDir(), "absent-password")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err := dial(ctx, "nats://127.0.0.1:1", NATSAuth{User: "w", PasswordFile: missing}, "t", NewLogger(&bytes.Buffer{}))
	var ue *UsageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), missing) {
		t.Fatalf("dial with a missing password file = %v, want a usage error naming the file", err)
	}

	var log bytes.Buffer
	short, cancel2 := context.WithTimeout(ctx, 1500*time.Millisecond)
	defer cancel2()
	if _, err := dial(short, "nats://w:hunter2-secret@127.0.0.1:1", NATSAuth{}, "t", NewLogger(&log)); err == nil {
		t.Fatal("dialled a port nothing listens on")
	}
	if !strings.Contains(log.String(), "NATS not reachable") {
		t.Fatalf("no retry logged:\n%s", log.String())
	}
	if strings.Contains(log.String(), "hunter2-secret") {
		t.Errorf("the retry log shows the URL's password:\n%s", log.String())
	}
	for _, o := range []interface{ Validate() error }{
		WorkerOptions{NATS: "nats://x", Slots: 1, ScanDeadline: time.Second, Heartbeat: time.Second, NATSAuth: NATSAuth{User: "u"}},
		CoordinatorOptions{NATS: "nats://x", Plan: DefaultPlan(), Ecosystem: DefaultEcosystem(), NATSAuth: NATSAuth{CredsFile: "a", TokenFile: "b"}},
	} {
		if err := o.Validate(); !errors.As(err, &ue) || !strings.Contains(err.Error(), "NATS credentials") {
			t.Errorf("%T with half credentials: Validate = %v, want a usage error", o, err)
		}
	}
}
