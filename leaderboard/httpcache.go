package leaderboard

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
)

// Cached wraps a read-only handler with HTTP caching and CORS:
//   - a 200 answer gets a strong ETag (a hash of its body) and a request whose
//     If-None-Match names it gets 304 Not Modified with no body;
//   - an error answer (4xx, 5xx) is marked Cache-Control: no-store, whatever
//     the handler set, so a proxy never keeps a transient failure;
//   - every GET answer may be read cross-origin (Access-Control-Allow-Origin: *);
//     there are no credentials and no writes to protect;
//   - every answer says X-Content-Type-Options: nosniff, and an HTML page
//     carries a strict Content-Security-Policy (PageCSP): the pages have no
//     script, inline or not, and style only from their own stylesheet, so
//     markup that escaped the templates still cannot run or load anything.
//
// The body is buffered to hash it; the handler's answers are small pages.
func Cached(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			w.Header().Set("Access-Control-Allow-Origin", "*")
			w.Header().Set("Access-Control-Expose-Headers", "ETag")
		}
		if r.Method == http.MethodOptions {
			w.Header().Set("Access-Control-Allow-Origin", "*")
			w.Header().Set("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS")
			w.Header().Set("Access-Control-Allow-Headers", "If-None-Match")
			w.Header().Set("Access-Control-Max-Age", "86400")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		bw := &bufferedWriter{header: http.Header{}, code: http.StatusOK}
		h.ServeHTTP(bw, r)
		out := w.Header()
		for k, v := range bw.header {
			out[k] = v
		}
		out.Set("X-Content-Type-Options", "nosniff")
		if strings.HasPrefix(out.Get("Content-Type"), "text/html") {
			out.Set("Content-Security-Policy", PageCSP)
			out.Set("Referrer-Policy", "no-referrer")
		}
		switch {
		case bw.code >= 400:
			out.Set("Cache-Control", "no-store")
			out.Del("ETag")
		case bw.code == http.StatusOK:
			sum := sha256.Sum256(bw.body.Bytes())
			etag := `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
			out.Set("ETag", etag)
			if etagMatches(r.Header.Get("If-None-Match"), etag) {
				out.Del("Content-Length")
				out.Del("Content-Type")
				w.WriteHeader(http.StatusNotModified)
				return
			}
		}
		w.WriteHeader(bw.code)
		if r.Method != http.MethodHead {
			_, _ = w.Write(bw.body.Bytes())
		}
	})
}

// PageCSP is the Content-Security-Policy of every HTML page: nothing but
// the board's own stylesheet and images (the charts are inline SVG, which
// needs no source), no script at all, no framing, forms only to the board.
const PageCSP = "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// etagMatches reports whether an If-None-Match header names etag (weak
// comparison, as RFC 9110 asks for If-None-Match).
func etagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}

type bufferedWriter struct {
	header      http.Header
	code        int
	wroteHeader bool
	body        bytes.Buffer
}

func (b *bufferedWriter) Header() http.Header { return b.header }

func (b *bufferedWriter) WriteHeader(code int) {
	if !b.wroteHeader {
		b.code, b.wroteHeader = code, true
	}
}

func (b *bufferedWriter) Write(p []byte) (int, error) {
	b.WriteHeader(http.StatusOK)
	return b.body.Write(p)
}
