// Package redact removes credentials from URLs before they reach an error,
// a log line or a terminal. It works on text, not on parsed URLs, so a URL
// that fails to parse (the case where a caller most wants to print it) is
// redacted as well as one that parses.
package redact

import (
	"regexp"
	"strings"
)

// Mask replaces a secret.
const Mask = "REDACTED"

// userinfo matches the credentials of every URL in a text: a scheme, "://",
// then everything up to the last "@" before the host part ends. A password
// may hold ":", "@" or "%" (escaped or not); it cannot hold "/", " " or a
// quote without ending the URL for us too, which keeps the match bounded.
var userinfo = regexp.MustCompile(`([A-Za-z][A-Za-z0-9+.-]*://)([^\s/?#"'<>]*)@`)

// tokenSchemes are the schemes whose lone user name is a secret: NATS reads
// nats://TOKEN@host as a token.
func tokenScheme(scheme string) bool {
	switch strings.ToLower(strings.TrimSuffix(scheme, "://")) {
	case "nats", "tls", "ws", "wss":
		return true
	}
	return false
}

// Text returns s with the password of every URL in it masked (the user name
// kept), and the whole user part masked where the scheme reads a lone user
// name as a token (nats://TOKEN@host). Text without URLs comes back as it is.
func Text(s string) string {
	if !strings.Contains(s, "@") {
		return s
	}
	return userinfo.ReplaceAllStringFunc(s, func(m string) string {
		sub := userinfo.FindStringSubmatch(m)
		scheme, info := sub[1], sub[2]
		if user, _, hasPassword := strings.Cut(info, ":"); hasPassword {
			return scheme + user + ":" + Mask + "@"
		}
		if tokenScheme(scheme) {
			return scheme + Mask + "@"
		}
		return m
	})
}

// Error wraps err so that its message is redacted by Text; errors.Is and
// errors.As still reach err. Nil stays nil.
func Error(err error) error {
	if err == nil {
		return nil
	}
	return redacted{err}
}

type redacted struct{ err error }

func (r redacted) Error() string { return Text(r.err.Error()) }
func (r redacted) Unwrap() error { return r.err }
