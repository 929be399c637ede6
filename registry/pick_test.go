package registry

import (
	"strings"
	"testing"
)

func TestPick(t *testing.T) {
	t.Parallel()
	entries := []Server{
		ver("a/x", "1.0.0", 1, StatusActive), ver("a/x", "1.2.0", 2, StatusActive), ver("a/x", "1.1.0", 3, StatusActive),
		ver("b/y", "0.1.0", 1, StatusActive),
	}
	gone := []Server{ver("c/z", "1.0.0", 1, StatusDeleted), ver("c/z", "2.0.0", 2, StatusDeleted)}
	tests := []struct {
		name                string
		in                  []Server
		pick, version, want string // want: the picked name@version, or an error fragment
	}{
		{"latest by semver", entries, "a/x", "", "a/x@1.2.0"},
		{"exact version", entries, "a/x", "1.1.0", "a/x@1.1.0"},
		{"only version", entries, "b/y", "", "b/y@0.1.0"},
		{"no name, one server", entries[3:], "", "", "b/y@0.1.0"},
		{"no name, several servers", entries, "", "", `src holds 2 servers; pick one with --name (a/x, b/y)`},
		{"unknown name", entries, "q/q", "", `src has no entry named "q/q"`},
		{"empty", nil, "", "", "src holds no entries"},
		{"empty, named", nil, "a/x", "", `src has no entry named "a/x"`},
		{"unknown version", entries, "a/x", "9.9.9", `src has no version "9.9.9" of a/x (versions: 1.0.0, 1.2.0, 1.1.0)`},
		{"unknown version, no name", entries[:3], "", "9.9.9", `src has no version "9.9.9" of a/x`},
		{"every version deleted", gone, "c/z", "", "src lists only deleted versions of c/z"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := Pick(tc.in, tc.pick, tc.version, "src")
			if strings.Contains(tc.want, " ") {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("Pick = %s, %v; want an error containing %q", s.Key(), err, tc.want)
				}
				return
			}
			if err != nil || s.Key() != tc.want {
				t.Fatalf("Pick = %q, %v; want %s", s.Key(), err, tc.want)
			}
		})
	}
}
