package connect

import (
	"bytes"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// FuzzReadSSE: an SSE response stream is what a hostile remote server
// writes; reading it never panics and ends with a reply or an error.
func FuzzReadSSE(f *testing.F) {
	for _, s := range []string{
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n",
		"data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{}}\n\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32601,\"message\":\"x\"}}\n\n",
		"data: {\"jsonrpc\":\"2.0\",\ndata: \"id\":1,\"result\":[]}\r\n\r\n",
		": comment\n\n", "data:", "\x1b[31m", "",
	} {
		f.Add([]byte(s))
	}
	id, err := jsonrpc.MakeID(float64(1))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &RawSession{}
		rep := r.readSSE(bytes.NewReader(data), id)
		if rep.Err != nil && (rep.Result != nil || rep.Error != nil) {
			t.Fatalf("readSSE returned a reply and a transport error: %+v", rep)
		}
		if len(r.Notifications()) > maxRawNotes {
			t.Fatalf("%d notifications kept, above the cap %d", len(r.Notifications()), maxRawNotes)
		}
	})
}
