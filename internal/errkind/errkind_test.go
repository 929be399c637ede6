package errkind

import (
	"errors"
	"fmt"
	"testing"
)

type own struct{}

func (own) Error() string { return "own" }
func (own) ErrKind() Kind { return Unreachable }

func TestOf(t *testing.T) {
	t.Parallel()
	base := errors.New("base")
	for _, c := range []struct {
		name string
		err  error
		want Kind
	}{
		{"nil", nil, Other},
		{"plain", base, Other},
		{"usage", AsUsage(base), Usage},
		{"wrapped usage", fmt.Errorf("scan: %w", AsUsage(base)), Usage},
		{"unreachable", AsUnreachable(base), Unreachable},
		{"missed", Missed(""), Threshold},
		{"expired", Wrap(Expired, base), Expired},
		{"own type", fmt.Errorf("x: %w", own{}), Unreachable},
		{"outermost wins", AsUsage(AsUnreachable(base)), Usage},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := Of(c.err); got != c.want {
				t.Errorf("Of = %v, want %v", got, c.want)
			}
		})
	}
	if AsUsage(nil) != nil {
		t.Error("AsUsage(nil) is not nil")
	}
	if !errors.Is(AsUsage(base), base) {
		t.Error("AsUsage does not unwrap to its error")
	}
	if Missed("").Error() != "" || Missed("below 70").Error() != "below 70" {
		t.Error("Missed message")
	}
}
