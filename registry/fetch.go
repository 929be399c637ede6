package registry

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"golang.org/x/time/rate"
)

// maxBody caps one response body (a full official page is about 200 KB).
const maxBody = 64 << 20

// fetcher performs rate-limited GETs with retries for one source.
type fetcher struct {
	source     string
	client     *http.Client
	limiter    *rate.Limiter
	clock      Clock
	userAgent  string
	keyHeader  string
	key        string
	maxRetries int
	max429     int
	accept     string
}

func newFetcher(source string, cfg Config, defaultKeyHeader string) *fetcher {
	f := &fetcher{
		source:     source,
		client:     cfg.HTTPClient,
		clock:      cfg.Clock,
		userAgent:  cfg.UserAgent,
		key:        cfg.APIKey,
		keyHeader:  cfg.APIKeyHeader,
		maxRetries: cfg.MaxRetries,
		max429:     cfg.Max429,
		accept:     "application/json",
	}
	if f.client == nil {
		f.client = &http.Client{Timeout: 60 * time.Second}
	}
	if f.clock == nil {
		f.clock = realClock{}
	}
	if f.userAgent == "" {
		f.userAgent = DefaultUserAgent
	}
	if f.keyHeader == "" {
		f.keyHeader = defaultKeyHeader
	}
	if f.maxRetries <= 0 {
		f.maxRetries = 3
	}
	if f.max429 <= 0 {
		f.max429 = 10
	}
	rps, burst := cfg.RequestsPerSecond, cfg.Burst
	if rps <= 0 {
		rps = 2
	}
	if burst <= 0 {
		burst = 1
	}
	f.limiter = rate.NewLimiter(rate.Limit(rps), burst)
	return f
}

// httpStatusError is a non-success response.
type httpStatusError struct {
	status int
	body   string
}

func (e *httpStatusError) Error() string {
	msg := http.StatusText(e.status)
	if e.body != "" {
		msg += ": " + e.body
	}
	return msg
}

// wait blocks until the rate limiter allows one request.
func (f *fetcher) wait(ctx context.Context) error {
	now := f.clock.Now()
	r := f.limiter.ReserveN(now, 1)
	if !r.OK() {
		return errors.New("rate limiter cannot grant a request")
	}
	if err := f.clock.Sleep(ctx, r.DelayFrom(now)); err != nil {
		r.CancelAt(f.clock.Now())
		return err
	}
	return nil
}

// get fetches url, honouring the rate limit, backing off on 429 (with
// Retry-After) and retrying 5xx and network errors a bounded number of
// times. page and cursor only label errors.
func (f *fetcher) get(ctx context.Context, url string, page int, cursor string) ([]byte, error) {
	fail := func(status int, err error) error {
		return &SourceError{Source: f.source, Page: page, Cursor: cursor, Status: status, Err: err}
	}
	var retries, throttled int
	for {
		if err := ctx.Err(); err != nil {
			return nil, fail(0, err)
		}
		if err := f.wait(ctx); err != nil {
			return nil, fail(0, err)
		}
		body, status, retryAfter, err := f.once(ctx, url)
		if err == nil {
			return body, nil
		}
		if ctx.Err() != nil {
			return nil, fail(status, ctx.Err())
		}
		var delay time.Duration
		switch {
		case status == http.StatusTooManyRequests:
			throttled++
			if throttled > f.max429 {
				return nil, fail(status, fmt.Errorf("still rate limited after %d waits: %w", f.max429, err))
			}
			delay = backoff(throttled)
			if retryAfter > 0 {
				delay = retryAfter
			}
		case status >= 500 || status == 0:
			retries++
			if retries > f.maxRetries {
				return nil, fail(status, fmt.Errorf("giving up after %d retries: %w", f.maxRetries, err))
			}
			delay = backoff(retries)
			if retryAfter > 0 {
				delay = retryAfter
			}
		default:
			return nil, fail(status, err)
		}
		if err := f.clock.Sleep(ctx, delay); err != nil {
			return nil, fail(status, err)
		}
	}
}

// backoff is 1 s, 2 s, 4 s ... capped at 60 s.
func backoff(attempt int) time.Duration {
	d := time.Second << min(attempt-1, 6)
	return min(d, time.Minute)
}

// once performs one request. status is 0 on a transport error.
func (f *fetcher) once(ctx context.Context, url string) ([]byte, int, time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("build request: %w", err)
	}
	req.Header.Set("Accept", f.accept)
	req.Header.Set("User-Agent", f.userAgent)
	if f.key != "" {
		if strings.EqualFold(f.keyHeader, "Authorization") {
			req.Header.Set("Authorization", "Bearer "+f.key)
		} else {
			req.Header.Set(f.keyHeader, f.key)
		}
	}
	resp, err := f.client.Do(req)
	if err != nil {
		return nil, 0, 0, errors.New(f.redact(err.Error()))
	}
	defer func() { _ = resp.Body.Close() }()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return nil, resp.StatusCode, 0, fmt.Errorf("read body: %s", f.redact(err.Error()))
	}
	if resp.StatusCode/100 != 2 {
		excerpt := strings.TrimSpace(string(body))
		if len(excerpt) > 300 {
			excerpt = excerpt[:300] + "..."
		}
		return nil, resp.StatusCode, retryAfter(resp.Header.Get("Retry-After"), f.clock.Now()),
			&httpStatusError{status: resp.StatusCode, body: f.redact(excerpt)}
	}
	if len(body) > maxBody {
		return nil, resp.StatusCode, 0, fmt.Errorf("response larger than %d bytes", maxBody)
	}
	return body, resp.StatusCode, 0, nil
}

// redact removes the API key from s.
func (f *fetcher) redact(s string) string {
	if f.key == "" {
		return s
	}
	return strings.ReplaceAll(s, f.key, "[redacted]")
}

// retryAfter parses a Retry-After header (seconds or an HTTP date) into a
// wait, capped at 10 minutes; 0 when absent or unparsable.
func retryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	var d time.Duration
	if n, err := strconv.Atoi(v); err == nil {
		d = time.Duration(n) * time.Second
	} else if t, err := http.ParseTime(v); err == nil {
		d = t.Sub(now)
	}
	if d < 0 {
		d = 0
	}
	return min(d, 10*time.Minute)
}
