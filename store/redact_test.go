package store_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/store"
)

// TestErrorsHideThePassword: whatever is wrong with a store URL (it does
// not parse, names no host, a bad database, an unknown scheme, or the
// server does not answer), the error names the URL without its password.
func TestErrorsHideThePassword(t *testing.T) {
	t.Parallel()
	const secret = "s3cr3t-pw"
	for _, tc := range []struct{ name, url string }{
		{"bad escape", "clickhouse://u:" + secret + "%zz@127.0.0.1:9000/db"},
		{"bad port", "clickhouse://u:" + secret + "@127.0.0.1:90x0/db"},
		{"no host", "clickhouse://u:" + secret + "@/db"},
		{"bad database", "clickhouse://u:" + secret + "@127.0.0.1:9000/no-such-db!"},
		{"unknown scheme", "postgres://u:" + secret + "@127.0.0.1:5432/db"},
		{"nothing listens", "clickhouse://u:" + secret + "@127.0.0.1:1/db"},
		{"tcp nothing listens", "tcp://u:" + secret + "@127.0.0.1:1?database=db"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			for _, open := range []struct {
				name string
				f    func(context.Context, string) (store.Store, error)
			}{{"Open", store.Open}, {"OpenReadOnly", store.OpenReadOnly}, {"OpenClickHouse", store.OpenClickHouse}} {
				st, err := open.f(context.Background(), tc.url)
				if err == nil {
					st.Close()
					t.Fatalf("%s(%s) opened a store", open.name, tc.name)
				}
				if strings.Contains(err.Error(), secret) {
					t.Errorf("%s: the error shows the password: %v", open.name, err)
				}
			}
			if _, _, err := store.ParseURL(tc.url); err != nil && strings.Contains(err.Error(), secret) {
				t.Errorf("ParseURL: the error shows the password: %v", err)
			}
		})
	}
}
