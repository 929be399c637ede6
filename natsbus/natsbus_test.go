package natsbus_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/mcpgauge/mcpgauge/internal/testutil/natstest"
	"github.com/mcpgauge/mcpgauge/natsbus"
	"github.com/mcpgauge/mcpgauge/schema"
)

// Bind reports a server no coordinator set up as ErrNotSetUp, creates
// nothing, and succeeds once Setup ran.
func TestBindBeforeAndAfterSetup(t *testing.T) {
	t.Parallel()
	js := natstest.Run(t, natstest.Options{Dir: t.TempDir(), Bare: true}).JS
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := natsbus.Bind(ctx, js); !errors.Is(err, natsbus.ErrNotSetUp) {
		t.Fatalf("Bind before Setup = %v, want ErrNotSetUp", err)
	}
	if _, err := js.Stream(ctx, schema.JobsStreamSpec().Name); !errors.Is(err, jetstream.ErrStreamNotFound) {
		t.Fatalf("Bind created the jobs stream (lookup: %v)", err)
	}
	if err := natsbus.Setup(ctx, js, 20*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := natsbus.Bind(ctx, js); err != nil {
		t.Fatalf("Bind after Setup: %v", err)
	}
}
