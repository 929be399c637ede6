package connect

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// calls matches JSON-RPC responses to the requests waiting for them, by
// request ID: the raw session's calls and the tap's wire calls. The zero
// value is ready.
type calls struct {
	mu      sync.Mutex
	waiting map[jsonrpc.ID]chan rawReply
	// err, once set by fail, refuses every later call.
	err error
}

// do registers id, writes its request with write and waits for the
// response, ctx's end or done (nil: never); it forgets id when no
// response came.
func (w *calls) do(ctx context.Context, id jsonrpc.ID, write func() error, done <-chan struct{}) rawReply {
	ch := make(chan rawReply, 1)
	w.mu.Lock()
	if w.err != nil {
		err := w.err
		w.mu.Unlock()
		return rawReply{Err: fmt.Errorf("connection closed: %w", err)}
	}
	if w.waiting == nil {
		w.waiting = map[jsonrpc.ID]chan rawReply{}
	}
	w.waiting[id] = ch
	w.mu.Unlock()
	if err := write(); err != nil {
		w.forget(id)
		return rawReply{Err: err}
	}
	select {
	case rep := <-ch:
		return rep
	case <-ctx.Done():
		w.forget(id)
		return rawReply{Err: ctx.Err()}
	case <-done:
		w.forget(id)
		return rawReply{Err: errors.New("connection closed")}
	}
}

func (w *calls) forget(id jsonrpc.ID) {
	w.mu.Lock()
	delete(w.waiting, id)
	w.mu.Unlock()
}

// deliver hands resp to the call waiting for it and reports whether one was.
func (w *calls) deliver(resp *jsonrpc.Response) bool {
	w.mu.Lock()
	ch, ok := w.waiting[resp.ID]
	delete(w.waiting, resp.ID)
	w.mu.Unlock()
	if ok {
		ch <- replyOf(resp)
	}
	return ok
}

// fail answers every waiting call with err and refuses every later call:
// its callers fail only when the connection's reader has ended, so the
// connection can never answer again.
func (w *calls) fail(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.err = err
	for id, ch := range w.waiting {
		ch <- rawReply{Err: err}
		delete(w.waiting, id)
	}
}
