package connect

import (
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// FuzzDecodeLine: one stdout line of a stdio server is hostile input.
// Deciding what it is (a JSON-RPC message or batch, an error with a null
// id, a message too deep to read, or noise) never panics, and a line read
// as messages yields only valid ones.
func FuzzDecodeLine(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}}`,
		`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`,
		`[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","method":"x"}]`,
		`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`,
		`{"jsonrpc":"2.0","id":"s","result":` + strings.Repeat(`{"a":`, 1200) + `1` + strings.Repeat(`}`, 1200) + `}`,
		`{"a":` + strings.Repeat(`[`, 10001) + strings.Repeat(`]`, 10001) + `}`,
		"\x1b[31mlistening on stdio\x1b[0m", `[]`, `{`, `{"jsonrpc":"2.0","id":{},"result":1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		msgs, ok := decodeLine(line)
		if !ok {
			_ = nullIDError(line)
			_ = tooDeep(line)
			return
		}
		if len(msgs) == 0 {
			t.Fatalf("decodeLine(%q) ok with no messages", line)
		}
		for _, m := range msgs {
			switch m := m.(type) {
			case *jsonrpc.Response:
				if !m.ID.IsValid() {
					t.Fatalf("decodeLine(%q): a response without a valid id", line)
				}
			case *jsonrpc.Request:
			default:
				t.Fatalf("decodeLine(%q): message of type %T", line, m)
			}
		}
	})
}
