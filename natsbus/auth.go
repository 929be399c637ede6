package natsbus

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/mcpgauge/mcpgauge/internal/redact"
)

// Auth is how a client proves who it is to a NATS server and checks who
// the server is. Secrets are named by file, never given as values, so they
// stay off command lines and out of logs; the files are read when the
// client connects (and, for the password and token, on every reconnect,
// so a rotated Secret is picked up). The zero Auth connects anonymously
// over plain TCP (or with what the URL itself carries).
//
// At most one way of authenticating may be set: CredsFile (a JWT user
// credentials file, for servers in operator mode), NKeyFile (an nkey
// seed), User with PasswordFile, or TokenFile.
type Auth struct {
	// CredsFile is a user credentials file (JWT and nkey seed), as nsc
	// writes it.
	CredsFile string
	// NKeyFile holds an nkey user seed (SU...).
	NKeyFile string
	// User is the user name; PasswordFile holds its password (trailing
	// white space is dropped).
	User, PasswordFile string
	// TokenFile holds an authentication token.
	TokenFile string
	// TLSCA is a PEM file of the CAs that sign the server's certificate;
	// TLSCert and TLSKey are a client certificate and key (both or
	// neither); TLSServerName is the name the server's certificate must
	// carry when it is not the URL's host. Any of them turns TLS on.
	TLSCA, TLSCert, TLSKey, TLSServerName string
}

// ErrAuthConfig says an Auth cannot be used as given (two ways of
// authenticating, a user without a password file, half a client
// certificate, an unreadable file).
var ErrAuthConfig = errors.New("NATS credentials")

// TLS reports whether a sets any TLS option.
func (a Auth) TLS() bool {
	return a.TLSCA != "" || a.TLSCert != "" || a.TLSKey != "" || a.TLSServerName != ""
}

// Validate checks that a is usable: one way of authenticating at most,
// a password file with a user and the reverse, both halves of a client
// certificate. It reads no file.
func (a Auth) Validate() error {
	var ways []string
	for _, w := range []struct{ name, v string }{{"creds", a.CredsFile}, {"nkey", a.NKeyFile},
		{"user", a.User + a.PasswordFile}, {"token", a.TokenFile}} {
		if w.v != "" {
			ways = append(ways, w.name)
		}
	}
	switch {
	case len(ways) > 1:
		return fmt.Errorf("%w: set one of creds, nkey, user and password, or token; got %s", ErrAuthConfig, strings.Join(ways, " and "))
	case (a.User == "") != (a.PasswordFile == ""):
		return fmt.Errorf("%w: a user needs a password file, and a password file a user", ErrAuthConfig)
	case (a.TLSCert == "") != (a.TLSKey == ""):
		return fmt.Errorf("%w: a TLS client certificate needs its key, and a key its certificate", ErrAuthConfig)
	}
	return nil
}

// options turns a into nats.go options. Files are checked for
// readability here so a wrong path fails at once, naming the setting (not
// the content).
func (a Auth) options() ([]nats.Option, error) {
	if err := a.Validate(); err != nil {
		return nil, err
	}
	var opts []nats.Option
	readable := func(what, path string) error {
		if _, err := os.Stat(path); err != nil {
			return fmt.Errorf("%w: %s: %w", ErrAuthConfig, what, err)
		}
		return nil
	}
	switch {
	case a.CredsFile != "":
		if err := readable("creds file", a.CredsFile); err != nil {
			return nil, err
		}
		opts = append(opts, nats.UserCredentials(a.CredsFile))
	case a.NKeyFile != "":
		if err := readable("nkey seed file", a.NKeyFile); err != nil {
			return nil, err
		}
		o, err := nats.NkeyOptionFromSeed(a.NKeyFile)
		if err != nil {
			// The message stays ours: the file's content is a secret.
			return nil, fmt.Errorf("%w: nkey seed file %s: %w", ErrAuthConfig, a.NKeyFile, redactedErr{msg: "not an nkey user seed", err: err})
		}
		opts = append(opts, o)
	case a.User != "":
		if _, err := secretFile("password file", a.PasswordFile); err != nil {
			return nil, err
		}
		user, file := a.User, a.PasswordFile
		opts = append(opts, nats.UserInfoHandler(func() (string, string) {
			pw, _ := secretFile("password file", file) // checked above; a file gone since sends "" and the server refuses
			return user, pw
		}))
	case a.TokenFile != "":
		if _, err := secretFile("token file", a.TokenFile); err != nil {
			return nil, err
		}
		file := a.TokenFile
		opts = append(opts, nats.TokenHandler(func() string {
			tok, _ := secretFile("token file", file)
			return tok
		}))
	}
	if a.TLSCA != "" {
		if err := readable("TLS CA file", a.TLSCA); err != nil {
			return nil, err
		}
		opts = append(opts, nats.RootCAs(a.TLSCA))
	}
	if a.TLSCert != "" {
		for _, f := range []struct{ what, path string }{{"TLS certificate", a.TLSCert}, {"TLS key", a.TLSKey}} {
			if err := readable(f.what, f.path); err != nil {
				return nil, err
			}
		}
		opts = append(opts, nats.ClientCert(a.TLSCert, a.TLSKey))
	}
	if a.TLS() {
		name := a.TLSServerName
		opts = append(opts, nats.Secure(), func(o *nats.Options) error {
			if o.TLSConfig == nil {
				o.TLSConfig = &tls.Config{MinVersion: tls.VersionTLS12}
			}
			if name != "" {
				o.TLSConfig.ServerName = name
			}
			return nil
		})
	}
	return opts, nil
}

// secretFile reads a one-line secret (trailing white space dropped). Its
// errors name the file, never the content.
func secretFile(what, path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("%w: %s: %w", ErrAuthConfig, what, err)
	}
	s := strings.TrimRight(string(b), " \t\r\n")
	if s == "" {
		return "", fmt.Errorf("%w: %s %s is empty", ErrAuthConfig, what, path)
	}
	return s, nil
}

// InboxPrefix is the prefix of the reply subjects of a connection named
// name: "_INBOX_" and the name with every character but letters, digits,
// - and _ dropped. Each role's connections get replies under their own
// prefix, so a server can let a worker (name mcpgauge-worker) subscribe to
// _INBOX_mcpgauge-worker.> and nothing else: it never sees the replies the
// coordinator gets (its KV reads of mcpgauge-sweeps included), which a
// subscription to the usual _INBOX.> would show it.
func InboxPrefix(name string) string {
	clean := strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, name)
	return "_INBOX_" + clean
}

// ConnectAuth is Connect with credentials and TLS; replies come back under
// InboxPrefix(name). Its errors never carry a secret: passwords and tokens
// in url are redacted (RedactURL), and the content of no file is quoted.
func ConnectAuth(url, name string, a Auth) (*nats.Conn, error) {
	opts, err := a.options()
	if err != nil {
		return nil, err
	}
	opts = append(opts, nats.Name(name), nats.CustomInboxPrefix(InboxPrefix(name)),
		nats.MaxReconnects(-1), nats.ReconnectWait(time.Second), nats.Timeout(DialTimeout))
	nc, err := nats.Connect(url, opts...)
	if err != nil {
		return nil, fmt.Errorf("connect to NATS %s: %w", RedactURL(url), redactErr(err, url))
	}
	return nc, nil
}

// Redacted is what RedactURL puts in place of a password or token.
const Redacted = redact.Mask

// userinfo matches the user part of a URL that may not parse.
var userinfo = regexp.MustCompile(`//[^/@\s]*@`)

// RedactURL returns a NATS URL (or a comma-separated list of them) fit to
// print: a password is replaced by Redacted, and so is a user alone (in a
// NATS URL a user with no password is a token); see internal/redact. A
// part with no scheme ("user:pass@host:4222", which nats.go reads too)
// loses everything before its last @.
func RedactURL(s string) string {
	parts := strings.Split(s, ",")
	for i, p := range parts {
		parts[i] = redactOne(strings.TrimSpace(p))
	}
	return strings.Join(parts, ",")
}

func redactOne(p string) string {
	if strings.Contains(p, "://") {
		return redact.Text(p)
	}
	if at := strings.LastIndex(p, "@"); at >= 0 {
		return Redacted + "@" + p[at+1:]
	}
	return p
}

// redactErr wraps err so its message has every secret of url replaced.
func redactErr(err error, rawURL string) error {
	msg := err.Error()
	for _, p := range strings.Split(rawURL, ",") {
		p = strings.TrimSpace(p)
		if r := redactOne(p); r != p && p != "" {
			msg = strings.ReplaceAll(msg, p, r)
		}
		if u, perr := url.Parse(p); perr == nil && u.User != nil {
			if pw, ok := u.User.Password(); ok && pw != "" {
				msg = strings.ReplaceAll(msg, pw, Redacted)
			} else if n := u.User.Username(); n != "" {
				msg = strings.ReplaceAll(msg, n, Redacted)
			}
		}
		if m := userinfo.FindString(p); len(m) > 3 {
			msg = strings.ReplaceAll(msg, m[2:len(m)-1], Redacted)
		}
	}
	if msg == err.Error() {
		return err
	}
	return redactedErr{msg: msg, err: err}
}

// redactedErr shows msg and unwraps to err (whose own text may hold a
// secret).
type redactedErr struct {
	msg string
	err error
}

func (r redactedErr) Error() string { return r.msg }
func (r redactedErr) Unwrap() error { return r.err }
