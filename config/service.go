package config

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/mcpgauge/mcpgauge/natsbus"
)

// Flag is a string flag bound to a config key: the commands register it
// under Name with Usage and bind it to Key.
type Flag struct{ Name, Key, Usage string }

// NATSAuthFlags are the flags of the NATS credential and TLS keys, which
// every command that connects to NATS has (env MCPGAUGE_NATS_CREDS, ...).
// Secrets are named by file only, so none is ever on a command line.
func NATSAuthFlags() []Flag {
	return []Flag{
		{"nats-creds", "nats_creds", "NATS user credentials file (JWT and seed, as nsc writes it)"},
		{"nats-nkey", "nats_nkey", "NATS nkey seed file"},
		{"nats-user", "nats_user", "NATS user (with --nats-password-file)"},
		{"nats-password-file", "nats_password_file", "file holding the NATS user's password"},
		{"nats-token-file", "nats_token_file", "file holding a NATS token"},
		{"nats-tls-ca", "nats_tls_ca", "PEM file of the CAs that sign the NATS server's certificate (turns TLS on)"},
		{"nats-tls-cert", "nats_tls_cert", "client certificate for NATS TLS (with --nats-tls-key)"},
		{"nats-tls-key", "nats_tls_key", "client key for NATS TLS"},
		{"nats-tls-server-name", "nats_tls_server_name", "name the NATS server's certificate must carry (default: the URL's host)"},
	}
}

// StoreFileFlag is --store-file, which every command that opens a store
// has (sweep, coordinator, serve, leaderboard, history, ecosystem).
func StoreFileFlag() Flag {
	return Flag{"store-file", "store_file", "read the store URL from this file (or $MCPGAUGE_STORE_FILE), keeping its password off command lines"}
}

// NATSAuth is the config's NATS credentials and TLS.
func (cfg Config) NATSAuth() natsbus.Auth {
	return natsbus.Auth{CredsFile: cfg.NATSCreds, NKeyFile: cfg.NATSNKey, User: cfg.NATSUser, PasswordFile: cfg.NATSPasswordFile,
		TokenFile: cfg.NATSTokenFile, TLSCA: cfg.NATSTLSCA, TLSCert: cfg.NATSTLSCert, TLSKey: cfg.NATSTLSKey, TLSServerName: cfg.NATSTLSServerName}
}

// loadStoreFile reads the store URL from StoreFile into Store (trailing
// white space dropped). Setting both is an error, and so is an empty
// file; errors name the file, never its content.
func (cfg *Config) loadStoreFile() error {
	if cfg.StoreFile == "" {
		return nil
	}
	if cfg.Store != "" {
		return &KeyError{Key: "store_file", Err: errors.New("set either store or store_file, not both")}
	}
	b, err := os.ReadFile(cfg.StoreFile)
	if err != nil {
		return &KeyError{Key: "store_file", Err: err}
	}
	cfg.Store = strings.TrimRight(string(b), " \t\r\n")
	if cfg.Store == "" {
		return &KeyError{Key: "store_file", Err: fmt.Errorf("%s is empty", cfg.StoreFile)}
	}
	return nil
}
