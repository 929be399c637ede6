package worker

import (
	"os"
	"path/filepath"
	"testing"
)

func TestSlotsFor(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		cpus int
		mem  uint64
		want int
	}{
		{"two cores, plenty of memory", 2, 24 << 30, 2 * SlotsPerCPU},
		{"memory unknown", 8, 0, 8 * SlotsPerCPU},
		{"memory bounds the slots", 8, 3 * MemoryPerSlot, 3},
		{"less memory than one slot still gets one", 4, MemoryPerSlot / 2, 1},
		{"no CPU count", 0, 0, SlotsPerCPU},
	}
	for _, tc := range tests {
		if got := slotsFor(tc.cpus, tc.mem); got != tc.want {
			t.Errorf("%s: slotsFor(%d, %d) = %d, want %d", tc.name, tc.cpus, tc.mem, got, tc.want)
		}
	}
}

func TestDefaultSlotsOnThisHost(t *testing.T) {
	t.Parallel()
	if n := DefaultSlots(); n < 1 {
		t.Fatalf("DefaultSlots() = %d, want at least 1", n)
	}
}

func TestMemAvailable(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tests := []struct {
		name, text string
		want       uint64
	}{
		{"present", "MemTotal:       24684108 kB\nMemFree:         8187912 kB\nMemAvailable:   21576340 kB\n", 21576340 << 10},
		{"absent (old kernel)", "MemTotal:       24684108 kB\nMemFree:         8187912 kB\n", 0},
		{"garbled", "MemAvailable:   lots kB\n", 0},
	}
	for i, tc := range tests {
		p := filepath.Join(dir, string(rune('a'+i)))
		if err := os.WriteFile(p, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := memAvailable(p); got != tc.want {
			t.Errorf("%s: memAvailable = %d, want %d", tc.name, got, tc.want)
		}
	}
	if got := memAvailable(filepath.Join(dir, "missing")); got != 0 {
		t.Errorf("missing file: memAvailable = %d, want 0", got)
	}
}

func TestMemoryLeft(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name         string
		limit, usage string // "" = file absent
		want         uint64
	}{
		{"v2 limit", "2147483648\n", "536870912\n", 1610612736},
		{"v2 no limit", "max\n", "536870912\n", 0},
		{"v1 no limit", "9223372036854771712\n", "536870912\n", 0},
		{"at the limit", "1073741824\n", "1073741824\n", 1},
		{"no usage file", "1073741824\n", "", 1073741824},
		{"no limit file", "", "1", 0},
	}
	for _, tc := range tests {
		dir := t.TempDir()
		for file, v := range map[string]string{"limit": tc.limit, "usage": tc.usage} {
			if v == "" {
				continue
			}
			if err := os.WriteFile(filepath.Join(dir, file), []byte(v), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if got := memoryLeft(dir, "limit", "usage"); got != tc.want {
			t.Errorf("%s: memoryLeft = %d, want %d", tc.name, got, tc.want)
		}
	}
}
