package worker

import "testing"

// TestSandboxIDsAreProcessWide: host user IDs and cgroup names belong to
// the whole process, so two Bwraps in one process (tests, or a second
// sandbox wired next to the first) never hand out the same ones, and the
// user IDs cycle through all uidsPerProcess of the process's slice. (Each
// Bwrap used to count on its own, so both gave their first sandbox the
// same host user ID and cgroup name, and one sandbox's cleanup killed the
// other's server.) Not parallel: no other test may draw IDs meanwhile.
func TestSandboxIDsAreProcessWide(t *testing.T) {
	a, b := NewBwrap(), NewBwrap()
	uids, names := map[int]bool{}, map[string]bool{}
	for range uidsPerProcess / 2 {
		for _, sb := range []*Bwrap{a, b} {
			uid, name := sb.allocUID(), sb.cgroupName()
			if uids[uid] || names[name] {
				t.Fatalf("two sandboxes of one process got host user ID %d / cgroup %s", uid, name)
			}
			if uid < ownFirstUID() || uid >= ownFirstUID()+uidsPerProcess {
				t.Fatalf("host user ID %d outside the process's slice [%d, %d)", uid, ownFirstUID(), ownFirstUID()+uidsPerProcess)
			}
			uids[uid], names[name] = true, true
		}
	}
}
