package lint

import (
	"strings"
	"testing"
)

// TestListEntriesUndoneReadsRemovalOnce checks that a removal's own
// facts for the list-entries reading (its prose, its parameters) are read
// once, not once per sibling of the same name: with a 40 KB description
// and 64 adders of the same name (hostile duplicates, all but the last
// taking other arguments), the bytes
// allocated stay within a few times those for one adder (they grew about
// 64 times when each sibling read the removal's prose again).
func TestListEntriesUndoneReadsRemovalOnce(t *testing.T) {
	body := strings.Repeat("Remove addresses from the EVM activity webhook. ", 800)
	p := `{"addresses":{"type":"array","items":{"type":"string"}}}`
	bytes := func(adders int) uint64 {
		wire := []string{tgWire("webhooks-addresses-remove", body, p)}
		// Adders of the same name that take other arguments do not undo
		// the removal; the last one does.
		for i := 1; i < adders; i++ {
			wire = append(wire, tgWire("webhooks-addresses-add", "Add addresses to the EVM activity webhook.", `{"webhook_id":{"type":"string"}}`))
		}
		wire = append(wire, tgWire("webhooks-addresses-add", "Add addresses to the EVM activity webhook.", p))
		tools := tgTools(NewContext(tgSnap(t, tgList(wire...))))
		self := &tools[0]
		toks := self.nameWords
		if got := preciseInverseTool(tools, self, toks); got != "webhooks-addresses-add" {
			t.Fatalf("preciseInverseTool = %q, want the adder", got)
		}
		return allocatedBy(func() {
			preciseInverseTool(tools, self, toks)
		})
	}
	one, many := bytes(1), bytes(64)
	t.Logf("bytes allocated: %d with one adder, %d with 64", one, many)
	if float64(many) > 4*float64(one) {
		t.Errorf("the removal's facts are read per sibling: %d bytes with one adder, %d with 64", one, many)
	}
}
