package site_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/store/storetest"
)

// TestSecurityHeaders: every answer says nosniff, and every HTML page,
// error pages included, carries the strict Content-Security-Policy (no
// script, style from the board's own stylesheet only); JSON and badges
// need no page policy.
func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	h := serve(t, backend{"sqlite", storetest.SQLiteURL}, false)
	for _, tc := range []struct {
		path string
		code int
		html bool
	}{
		{"/", http.StatusOK, true},
		{"/rules", http.StatusOK, true},
		{"/ecosystem", http.StatusOK, true},
		{"/sweeps", http.StatusOK, true},
		{"/no/such/page", http.StatusNotFound, true},
		{"/static/style.css", http.StatusOK, false},
		{"/api/leaderboard", http.StatusOK, false},
		{"/v0.1/servers", http.StatusOK, false},
	} {
		t.Run(tc.path, func(t *testing.T) {
			t.Parallel()
			rec := get(h, tc.path)
			if rec.Code != tc.code {
				t.Fatalf("status %d, want %d", rec.Code, tc.code)
			}
			if got := rec.Header().Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("X-Content-Type-Options %q, want nosniff", got)
			}
			csp := rec.Header().Get("Content-Security-Policy")
			if !tc.html {
				if csp != "" {
					t.Errorf("a %s answer carries the page policy", rec.Header().Get("Content-Type"))
				}
				return
			}
			if csp != leaderboard.PageCSP {
				t.Fatalf("Content-Security-Policy %q, want %q", csp, leaderboard.PageCSP)
			}
			for _, directive := range []string{"default-src 'none'", "style-src 'self'", "frame-ancestors 'none'"} {
				if !strings.Contains(csp, directive) {
					t.Errorf("policy lacks %q", directive)
				}
			}
			if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "script-src") {
				t.Errorf("policy allows script or inline code: %q", csp)
			}
			if body := rec.Body.String(); strings.Contains(body, "<script") || strings.Contains(body, " style=") {
				t.Error("the page has inline script or style, which the policy blocks")
			}
		})
	}
}
