package connect

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestStderrKeepsHeadAndTail: what fits is kept whole; past the limit the
// first headMax bytes, the number skipped and the last bytes are kept.
func TestStderrKeepsHeadAndTail(t *testing.T) {
	for _, tc := range []struct {
		name   string
		max    int
		writes []string
		want   string
	}{
		{"fits", 100, []string{"a", "b"}, "ab"},
		{"head and tail overlap", 8, []string{"0123456789"}, "0123456789"},
		{"skipped", 4, []string{strings.Repeat("h", headMax), "middle", "TAIL"}, strings.Repeat("h", headMax) + "\n[… 6 bytes of stderr skipped …]\nTAIL"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &ring{max: tc.max}
			for _, w := range tc.writes {
				if _, err := r.Write([]byte(w)); err != nil {
					t.Fatal(err)
				}
			}
			if got := r.String(); got != tc.want {
				t.Errorf("String() = %q, want %q", clipMiddle(got, 200), clipMiddle(tc.want, 200))
			}
		})
	}
	if got := clipMiddle("0123456789", 6); got != "01 … 6789" {
		t.Errorf("clipMiddle = %q", got)
	}
}

// TestCrashMessageAboveAStackDump: a server that prints why it dies and
// then 200 KB of stack frames is reported with both.
func TestCrashMessageAboveAStackDump(t *testing.T) {
	script := `echo 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory' >&2
i=0; while [ $i -lt 4000 ]; do echo " $i: 0x0000deadbeef node::Abort() [/usr/bin/node] frame padding padding" >&2; i=$((i+1)); done
echo 'Aborted (core dumped)' >&2; exit 134`
	tg := &Target{Transport: TransportStdio, Command: "sh", Args: []string{"-c", script}, Display: "oom"}
	_, err := Dial(context.Background(), tg, testOpts())
	if !errors.Is(err, ErrConnect) {
		t.Fatalf("err = %v", err)
	}
	for _, want := range []string{"JavaScript heap out of memory", "Aborted (core dumped)", "exit status 134"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q: %s", want, clipMiddle(err.Error(), 600))
		}
	}
}
