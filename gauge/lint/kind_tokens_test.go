package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

func TestDescNamesKind(t *testing.T) {
	t.Parallel()
	cases := []struct {
		desc string
		k    kindToken
		want bool
	}{
		{"lists erc-20 token balances", kindToken{"erc", "20"}, true},
		{"lists erc20 balances", kindToken{"erc", "20"}, true},
		{"lists erc 20 balances", kindToken{"erc", "20"}, true},
		{"transcode to h.264", kindToken{"h", "264"}, true},
		{"icmpv6 service objects", kindToken{"icmp", "6"}, true},
		{"the v2 api", kindToken{"v", "2"}, true},
		{"lists erc-200 balances", kindToken{"erc", "20"}, false},
		{"lists ferc20 balances", kindToken{"erc", "20"}, false},
		{"lists ßerc-20 balances", kindToken{"erc", "20"}, false},
		{"lists éerc20 balances", kindToken{"erc", "20"}, false},
		{"lists «erc-20» balances", kindToken{"erc", "20"}, true},
		{"lists \xfferc-20 balances", kindToken{"erc", "20"}, true},
		{"lists erc-1155 and 20 others", kindToken{"erc", "20"}, false},
		{"ipv4 routes", kindToken{"v", "4"}, false},
		{"", kindToken{"erc", "20"}, false},
	}
	for _, c := range cases {
		if got := descNamesKind(c.desc, c.k); got != c.want {
			t.Errorf("descNamesKind(%q, %v) = %v, want %v", c.desc, c.k, got, c.want)
		}
	}
}

func TestNameKindTokens(t *testing.T) {
	t.Parallel()
	got := nameKindTokens(text.IdentifierTokens("list-erc1155_v2_2024_get"))
	want := []kindToken{{"erc", "1155"}, {"v", "2"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("nameKindTokens = %v, want %v", got, want)
	}
}

// TestKindTokensLinearInTools checks that MCP001's kind-token reading
// allocates in step with the tools: one group of thousands of names that
// reduce to the same words (never compared pairwise) beside thousands of
// small groups that are.
func TestKindTokensLinearInTools(t *testing.T) {
	letters := func(i int) string {
		var b strings.Builder
		for ; i > 0 || b.Len() == 0; i /= 26 {
			b.WriteByte(byte('a' + i%26))
		}
		return b.String()
	}
	bytes := func(n int) uint64 {
		var tools []string
		for i := 0; i < n; i++ {
			tools = append(tools, tgWire(fmt.Sprintf("pool_stats_lp%d", i), fmt.Sprintf("Read pool statistics for LP-%d pools.", i), ""))
			for _, k := range []string{"20", "721", "1155"} {
				tools = append(tools, tgWire(fmt.Sprintf("holdings_%s_erc%s", letters(i), k), fmt.Sprintf("Read ERC-%s holdings %s.", k, strings.Repeat("x", i%50)), ""))
			}
		}
		snap := tgSnap(t, tgList(tools...))
		ctx := NewContext(snap)
		tgTools(ctx) // per-run facts outside the measure
		return allocatedBy(func() {
			checkMCP001(ctx)
		})
	}
	n, n2 := bytes(500), bytes(1000)
	t.Logf("bytes allocated by MCP001: %d for 500 groups, %d for 1000", n, n2)
	if float64(n2) > 3*float64(n) {
		t.Errorf("MCP001 allocates faster than the tools grow: %d bytes for 500, %d for 1000", n, n2)
	}
}

// TestKindTokensTellApartNoCopyPerPair checks that telling two tools apart
// by kind token reads the per-run lower-cased descriptions: the bytes one
// pair allocates do not grow with the length of the descriptions (before,
// each pair lower-cased both whole descriptions).
func TestKindTokensTellApartNoCopyPerPair(t *testing.T) {
	bytes := func(size int) uint64 {
		pad := strings.Repeat("Token Balances ", size/15)
		snap := tgSnap(t, tgList(
			tgWire("list_balances_erc20", "Lists ERC-20 token balances. "+pad, ""),
			tgWire("list_balances_erc721", "Lists ERC-721 token balances. "+pad, "")))
		tools := tgTools(NewContext(snap))
		if !kindTokensTellApart(&tools[0], &tools[1]) {
			t.Fatal("erc20 and erc721 tools not told apart")
		}
		return allocatedBy(func() {
			for i := 0; i < 100; i++ {
				kindTokensTellApart(&tools[0], &tools[1])
			}
		})
	}
	n, n2 := bytes(4<<10), bytes(8<<10)
	t.Logf("bytes allocated by 100 pairs: %d for 4 KB descriptions, %d for 8 KB", n, n2)
	if n2 > n+n/2+4096 {
		t.Errorf("kindTokensTellApart copies the descriptions per pair: %d bytes for 4 KB, %d for 8 KB", n, n2)
	}
}
