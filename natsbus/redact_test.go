package natsbus_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/natsbus"
)

// RedactURL hides the password or token of every URL form nats.go reads,
// and ConnectAuth's errors (a URL that does not parse, a server that is
// not there) never carry them.
func TestRedactNATSURL(t *testing.T) {
	t.Parallel()
	cases := []struct{ url, secret, want string }{
		{"nats://alice:s3cr3t-pw@127.0.0.1:1", "s3cr3t-pw", "nats://alice:REDACTED@127.0.0.1:1"},
		{"nats://t0ken-abc@127.0.0.1:1", "t0ken-abc", "nats://REDACTED@127.0.0.1:1"},
		{"tls://alice:s3cr3t-pw@127.0.0.1:1", "s3cr3t-pw", "tls://alice:REDACTED@127.0.0.1:1"},
		{"nats://a:pw-one@127.0.0.1:1,nats://b:pw-two@127.0.0.1:2", "pw-", "nats://a:REDACTED@127.0.0.1:1,nats://b:REDACTED@127.0.0.1:2"},
		{"nats://alice:s3cr3t-pw@127.0.0.1:notaport", "s3cr3t-pw", ""},
		{"nats://alice:s3cr3t%zz@127.0.0.1:1", "s3cr3t", "nats://alice:REDACTED@127.0.0.1:1"},
		{"alice:s3cr3t-pw@127.0.0.1:1", "s3cr3t-pw", "REDACTED@127.0.0.1:1"},
		{"nats://127.0.0.1:4222", "", "nats://127.0.0.1:4222"},
	}
	for _, c := range cases {
		got := natsbus.RedactURL(c.url)
		if c.secret != "" && strings.Contains(got, c.secret) {
			t.Errorf("RedactURL(%q) = %q keeps the secret", c.url, got)
		}
		if c.want != "" && got != c.want {
			t.Errorf("RedactURL(%q) = %q, want %q", c.url, got, c.want)
		}
		_, err := natsbus.Connect(c.url, "redact-test")
		if err == nil {
			t.Fatalf("Connect(%q) succeeded with nothing listening", c.url)
		}
		if c.secret != "" && strings.Contains(err.Error(), c.secret) {
			t.Errorf("Connect(%q) error carries the secret: %v", c.url, err)
		}
	}
}

// Auth refuses ambiguous or half settings before dialling, and a missing
// secret file is named, never quoted.
func TestAuthValidate(t *testing.T) {
	t.Parallel()
	missing := filepath.Join(t.TempDir(), "absent")
	cases := []struct {
		name string
		a    natsbus.Auth
		ok   bool
	}{
		{"none", natsbus.Auth{}, true},
		{"creds", natsbus.Auth{CredsFile: "x.creds"}, true},
		{"user and password", natsbus.Auth{User: "u", PasswordFile: "pw"}, true},
		{"user alone", natsbus.Auth{User: "u"}, false},
		{"password alone", natsbus.Auth{PasswordFile: "pw"}, false},
		{"creds and nkey", natsbus.Auth{CredsFile: "a", NKeyFile: "b"}, false},
		{"token and user", natsbus.Auth{TokenFile: "a", User: "u", PasswordFile: "p"}, false},
		{"cert without key", natsbus.Auth{TLSCert: "c"}, false},
		{"key without cert", natsbus.Auth{TLSKey: "k"}, false},
		{"TLS CA only", natsbus.Auth{TLSCA: "ca"}, true},
	}
	for _, c := range cases {
		if err := c.a.Validate(); (err == nil) != c.ok {
			t.Errorf("%s: Validate = %v, want ok %v", c.name, err, c.ok)
		} else if err != nil && !errors.Is(err, natsbus.ErrAuthConfig) {
			t.Errorf("%s: %v does not wrap ErrAuthConfig", c.name, err)
		}
	}
	for _, a := range []natsbus.Auth{{User: "u", PasswordFile: missing}, {TokenFile: missing}, {CredsFile: missing},
		{NKeyFile: missing}, {TLSCA: missing}} {
		_, err := natsbus.ConnectAuth("nats://127.0.0.1:1", "t", a)
		if !errors.Is(err, natsbus.ErrAuthConfig) || !strings.Contains(err.Error(), missing) {
			t.Errorf("%+v: error %v does not name the missing file as ErrAuthConfig", a, err)
		}
	}
}
