package connect

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// Exchange is one HTTP request a compliance probe sends exactly as given:
// the target's headers and guard apply, nothing else is added.
type Exchange struct {
	// Method is the HTTP method; "" is POST.
	Method string
	// URL is the address; "" is the target's URL.
	URL string
	// Header are the request headers (Content-Type and Accept are set for
	// a POST with a body unless given).
	Header map[string]string
	// Body is the request body (a JSON-RPC message for a POST).
	Body []byte
	// StopAtID, when set, stops reading an SSE response at the first
	// JSON-RPC response whose id equals it (the stream may stay open).
	StopAtID string
	// Hold, for an SSE response, returns as soon as the headers came and
	// keeps the stream open until Answer.Close (a standalone GET stream
	// held while other requests run).
	Hold bool
}

// SSEEvent is one server-sent event as read, fields verbatim.
type SSEEvent struct {
	ID, Event, Data string
	// Retry is the retry field's value; HasRetry says one was sent.
	Retry    string
	HasRetry bool
}

// Answer is what came back for one Exchange.
type Answer struct {
	Status int
	Header http.Header
	// Body is the response body (capped at Options.MaxStdoutLine); for an
	// SSE response, the bytes read before reading stopped.
	Body []byte
	// SSE is true for a text/event-stream response; Events are its events.
	SSE    bool
	Events []SSEEvent

	held io.Closer // the open body of a held stream
}

// Close closes a held stream (a no-op otherwise).
func (a *Answer) Close() error {
	if a == nil || a.held == nil {
		return nil
	}
	return a.held.Close()
}

// Messages returns the JSON-RPC messages of the answer: the body when it
// is JSON, or the data of each SSE event that holds one.
func (a *Answer) Messages() []json.RawMessage {
	var out []json.RawMessage
	if !a.SSE {
		if b := bytes.TrimSpace(a.Body); len(b) > 0 && json.Valid(b) {
			out = append(out, json.RawMessage(b))
		}
		return out
	}
	for _, ev := range a.Events {
		if d := strings.TrimSpace(ev.Data); d != "" && json.Valid([]byte(d)) {
			out = append(out, json.RawMessage(d))
		}
	}
	return out
}

// Send performs one Exchange on t's HTTP endpoint through the same client
// (guard, headers, size caps) as every other request to t. A non-2xx
// status is an Answer, not an error; errors are the transport's.
func Send(ctx context.Context, t *Target, o Options, x Exchange) (*Answer, error) {
	if t == nil || t.Transport != TransportHTTP {
		return nil, errors.New("an HTTP exchange needs an HTTP target")
	}
	o = o.withDefaults()
	method, url := x.Method, x.URL
	if method == "" {
		method = http.MethodPost
	}
	if url == "" {
		url = t.URL
	}
	var body io.Reader
	if x.Body != nil {
		body = bytes.NewReader(x.Body)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, body)
	if err != nil {
		return nil, fmt.Errorf("build %s %s: %w", method, url, err)
	}
	if x.Body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if method == http.MethodPost {
		req.Header.Set("Accept", "application/json, text/event-stream")
	}
	for k, v := range x.Header {
		req.Header.Set(k, v)
	}
	client, _ := newHTTPClient(t, o.MaxStdoutLine)
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, url, err)
	}
	a := &Answer{Status: resp.StatusCode, Header: resp.Header}
	isSSE := strings.HasPrefix(strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Type"))), "text/event-stream")
	if x.Hold && isSSE && resp.StatusCode/100 == 2 {
		a.SSE, a.held = true, resp.Body
		return a, nil
	}
	defer resp.Body.Close()
	rd := io.LimitReader(resp.Body, int64(o.MaxStdoutLine))
	if !isSSE {
		a.Body, err = io.ReadAll(rd)
		if err != nil {
			return a, fmt.Errorf("%s %s: HTTP %d: reading body: %w", method, url, resp.StatusCode, err)
		}
		return a, nil
	}
	a.SSE = true
	var raw bytes.Buffer
	err = ReadSSE(io.TeeReader(rd, &raw), func(ev SSEEvent) bool {
		a.Events = append(a.Events, ev)
		return x.StopAtID == "" || !answersID(ev.Data, x.StopAtID)
	})
	a.Body = raw.Bytes()
	if err != nil {
		return a, fmt.Errorf("%s %s: reading the event stream: %w", method, url, err)
	}
	return a, nil
}

// answersID reports whether data is a JSON-RPC response to id.
func answersID(data, id string) bool {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Result json.RawMessage `json:"result"`
		Error  json.RawMessage `json:"error"`
	}
	if json.Unmarshal([]byte(data), &m) != nil || (m.Result == nil && m.Error == nil) {
		return false
	}
	return strings.Trim(string(m.ID), `"`) == id
}

// ReadSSE reads server-sent events from r and hands each to f until f
// returns false or the stream ends (io.EOF is not an error). Field
// handling follows the HTML living standard: data lines join with "\n",
// a comment line (":") is ignored, a field without a colon has an empty
// value.
func ReadSSE(r io.Reader, f func(SSEEvent) bool) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	var ev SSEEvent
	var data []string
	pending := false
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			if pending {
				ev.Data = strings.Join(data, "\n")
				if !f(ev) {
					return nil
				}
			}
			ev, data, pending = SSEEvent{}, nil, false
			continue
		}
		if strings.HasPrefix(line, ":") {
			continue
		}
		name, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		pending = true
		switch name {
		case "id":
			ev.ID = value
		case "event":
			ev.Event = value
		case "data":
			data = append(data, value)
		case "retry":
			ev.Retry, ev.HasRetry = value, true
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if pending {
		ev.Data = strings.Join(data, "\n")
		f(ev)
	}
	return nil
}
