package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// store_file fills store from a file (so a URL with a password stays off
// command lines); both set, an empty file and a missing file are errors
// that never quote the file's content. The NATS credential keys arrive in
// NATSAuth, and a discovered file may set none of them.
func TestStoreFileAndNATSAuthKeys(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const url = "clickhouse://u:s3cret-pw@ch:9000/db"
	good := filepath.Join(dir, "store-url")
	if err := os.WriteFile(good, []byte(url+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty")
	if err := os.WriteFile(empty, []byte("\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, yaml, wantStore, wantErr string
	}{
		{"file", "store_file: " + good + "\n", url, ""},
		{"url", "store: sqlite:///x.db\n", "sqlite:///x.db", ""},
		{"both", "store: sqlite:///x.db\nstore_file: " + good + "\n", "", "not both"},
		{"empty", "store_file: " + empty + "\n", "", "is empty"},
		{"missing", "store_file: " + filepath.Join(dir, "absent") + "\n", "", "absent"},
	}
	for _, c := range cases {
		cfg, err := load([]byte(c.yaml), "yaml", false)
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.wantErr)
		case err != nil && strings.Contains(err.Error(), "s3cret-pw"):
			t.Errorf("%s: error quotes the store password: %v", c.name, err)
		case c.wantErr == "" && cfg.Store != c.wantStore:
			t.Errorf("%s: store = %q, want %q", c.name, cfg.Store, c.wantStore)
		}
		var ke *KeyError
		if c.wantErr != "" && (!errors.As(err, &ke) || ke.Key != "store_file") {
			t.Errorf("%s: %v is not a KeyError of store_file", c.name, err)
		}
	}

	cfg, err := load([]byte("nats_user: w\nnats_password_file: /run/secrets/pw\nnats_tls_ca: /ca.pem\nnats_tls_server_name: nats.internal\n"), "yaml", false)
	if err != nil {
		t.Fatal(err)
	}
	a := cfg.NATSAuth()
	if a.User != "w" || a.PasswordFile != "/run/secrets/pw" || a.TLSCA != "/ca.pem" || a.TLSServerName != "nats.internal" || !a.TLS() {
		t.Errorf("NATSAuth = %+v", a)
	}
	for _, f := range append(NATSAuthFlags(), StoreFileFlag()) {
		if DiscoveredKeyAllowed(f.Key) {
			t.Errorf("a discovered config file may set %s", f.Key)
		}
		if EnvName(f.Key) != "MCPGAUGE_"+strings.ToUpper(f.Key) {
			t.Errorf("%s: env %s", f.Key, EnvName(f.Key))
		}
	}
	if u := UnknownEnvs([]string{"MCPGAUGE_NATS_CREDS=x", "MCPGAUGE_NATS_PASSWORD_FILE=x", "MCPGAUGE_STORE_FILE=x", "MCPGAUGE_NATS_WORKER_PASSWORD=x"}); len(u) != 0 {
		t.Errorf("known variables reported unknown: %v", u)
	}
}
