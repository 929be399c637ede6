package backend

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// maxReply bounds a provider reply read into memory.
const maxReply = 32 << 20

// apiError is a provider's non-2xx answer: its status, its own error
// message (both wire formats put it at error.message) and its headers
// (for Retry-After).
type apiError struct {
	Status int
	Msg    string
	Header http.Header
}

func (e *apiError) Error() string { return fmt.Sprintf("HTTP %d: %s", e.Status, e.Msg) }

// client posts JSON to one provider. It is the whole of what the two
// provider SDKs did for us (one POST, no retries), without their ~20 MB
// of generated types in the binary.
type client struct {
	http    *http.Client
	timeout Options
	url     string
	header  http.Header
}

// post sends body as JSON to c.url and decodes a 2xx reply into out. The
// caller's context bounds the call; Options.Timeout bounds one request.
func (c *client) post(ctx context.Context, body any, out any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("encode request: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout.timeout())
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(raw))
	if err != nil {
		return fmt.Errorf("build request: %w", err)
	}
	for k, v := range c.header {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxReply+1))
	if err != nil {
		return fmt.Errorf("read reply: %w", err)
	}
	if len(data) > maxReply {
		return fmt.Errorf("read reply: longer than %d MiB", maxReply>>20)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		var e struct {
			Error struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		_ = json.Unmarshal(data, &e)
		return &apiError{Status: resp.StatusCode, Msg: e.Error.Message, Header: resp.Header}
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("decode reply: %w", err)
	}
	return nil
}

// endpoint joins a base URL and a path with exactly one slash.
func endpoint(base, path string) string {
	return strings.TrimRight(base, "/") + "/" + strings.TrimLeft(path, "/")
}
