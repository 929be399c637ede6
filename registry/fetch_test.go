package registry

import (
	"net/http"
	"testing"
	"time"
)

// The waits docs/registry.md promises: Retry-After in seconds or as an
// HTTP date, capped at 10 minutes; without it 1 s, 2 s, 4 s ... up to 60 s.
func TestRetryWaits(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 30, 4, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		header string
		want   time.Duration
	}{
		{"", 0},
		{"7", 7 * time.Second},
		{" 7 ", 7 * time.Second},
		{"-3", 0},
		{"soon", 0},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second},
		{now.Add(-time.Hour).Format(http.TimeFormat), 0},
		{"3600", 10 * time.Minute},
		{now.Add(time.Hour).Format(http.TimeFormat), 10 * time.Minute},
	} {
		if got := retryAfter(tc.header, now); got != tc.want {
			t.Errorf("retryAfter(%q) = %v, want %v", tc.header, got, tc.want)
		}
	}
	for attempt, want := range map[int]time.Duration{
		1: time.Second, 2: 2 * time.Second, 3: 4 * time.Second, 6: 32 * time.Second, 7: time.Minute, 10: time.Minute, 100: time.Minute,
	} {
		if got := backoff(attempt); got != want {
			t.Errorf("backoff(%d) = %v, want %v", attempt, got, want)
		}
	}
}
