package redact

import (
	"strings"
	"testing"
)

// TestText: every store and bus URL form a user can give, parsable or not,
// loses its secret and keeps what the user needs to recognise it.
func TestText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, in, want, secret string
	}{
		{"clickhouse", "clickhouse://default:s3cret@127.0.0.1:9000/mcpgauge", "clickhouse://default:" + Mask + "@127.0.0.1:9000/mcpgauge", "s3cret"},
		{"clickhouse bad port", "clickhouse://u:s3cret@db:90x0/mcpgauge", "clickhouse://u:" + Mask + "@db:90x0/mcpgauge", "s3cret"},
		{"clickhouse bad escape", "clickhouse://u:pa%zzss@db:9000/x", "clickhouse://u:" + Mask + "@db:9000/x", "pa%zzss"},
		{"password with @ and :", "clickhouse://u:p@ss:w0rd@db:9000/x", "clickhouse://u:" + Mask + "@db:9000/x", "ss:w0rd"},
		{"tcp", "tcp://u:s3cret@db:9000?database=x", "tcp://u:" + Mask + "@db:9000?database=x", "s3cret"},
		{"quoted in an error", `store URL "clickhouse://u:s3cret@db:9000/b-ad": database name`, `store URL "clickhouse://u:` + Mask + `@db:9000/b-ad": database name`, "s3cret"},
		{"nats user and password", "nats://worker:s3cret@nats:4222", "nats://worker:" + Mask + "@nats:4222", "s3cret"},
		{"nats token", "nats://s3cret@nats:4222", "nats://" + Mask + "@nats:4222", "s3cret"},
		{"tls token", "tls://s3cret@nats:4222", "tls://" + Mask + "@nats:4222", "s3cret"},
		{"nats server list", "nats://a:s3cret@n1:4222,nats://b:0ther@n2:4222", "nats://a:" + Mask + "@n1:4222,nats://b:" + Mask + "@n2:4222", "0ther"},
		{"clickhouse user only stays", "clickhouse://default@127.0.0.1:9000/db", "clickhouse://default@127.0.0.1:9000/db", ""},
		{"sqlite path", "sqlite:///var/lib/mcpgauge/mcpgauge.db", "sqlite:///var/lib/mcpgauge/mcpgauge.db", ""},
		{"plain path with @", "/data/user@host/mcpgauge.db", "/data/user@host/mcpgauge.db", ""},
		{"email in prose", "mail ops@example.org", "mail ops@example.org", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := Text(tc.in)
			if got != tc.want {
				t.Errorf("Text(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if tc.secret != "" && strings.Contains(got, tc.secret) {
				t.Errorf("the secret %q survives in %q", tc.secret, got)
			}
		})
	}
}
