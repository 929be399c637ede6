package ctxsleep_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/ctxsleep"
)

func TestSleep(t *testing.T) {
	t.Parallel()
	live := context.Background()
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		d    time.Duration
		want error
	}{
		{"full wait", live, time.Millisecond, nil},
		{"no wait", live, 0, nil},
		{"negative", live, -time.Second, nil},
		{"ended context, long wait", done, time.Hour, context.Canceled},
		{"ended context, no wait", done, 0, context.Canceled},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if err := ctxsleep.Sleep(tc.ctx, tc.d); !errors.Is(err, tc.want) {
				t.Errorf("Sleep = %v, want %v", err, tc.want)
			}
		})
	}
}
