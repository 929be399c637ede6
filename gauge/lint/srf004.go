package lint

import (
	"fmt"
	"strings"
)

// srf004 is SRF004 resource-invalid-uri.
func srf004() Rule {
	return Rule{
		ID: "SRF004", Name: "resource-invalid-uri", Family: "Resources & prompts",
		Summary: "A resource URI is not a valid RFC 3986 URI.",
		Default: Error, Scope: ScopeResource, Origin: OriginMcpgauge,
		Revision: 1, Check: checkSRF004,
	}
}

// checkSRF004 fires on a resource URI that is not an RFC 3986 URI.
func checkSRF004(ctx *Context) []Problem {
	var out []Problem
	for _, e := range resourceEntities(ctx, false) {
		if why := srfURIError(e.id); why != "" {
			out = append(out, Problem{Entity: e.entity,
				Message:    fmt.Sprintf("The URI %q of resource `%s` is not a valid RFC 3986 URI: %s.", e.id, e.name, why),
				Suggestion: "Use a scheme (file:, https: or your own such as myapp:) and percent-encode spaces, non-ASCII characters and reserved characters; the MCP spec requires custom URI schemes to follow RFC 3986."})
		}
	}
	return out
}

// srfURIError checks s against RFC 3986's URI grammar (scheme ":" hier-part
// [ "?" query ] [ "#" fragment ]) and returns what is wrong, or "".
func srfURIError(s string) string {
	if s == "" {
		return "it is empty"
	}
	if !uriScheme.MatchString(s) {
		return "it has no scheme (a URI starts with letters followed by \":\", such as file: or https:)"
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			if i+2 >= len(s) || !isHexDigit(s[i+1]) || !isHexDigit(s[i+2]) {
				return fmt.Sprintf("it has a %% at byte %d that is not followed by two hex digits", i)
			}
			i += 2
		case c >= 0x80:
			return fmt.Sprintf("it contains the non-ASCII character %q (percent-encode it as UTF-8)", []rune(s[i:])[0])
		case c <= ' ' || c == 0x7f:
			return fmt.Sprintf("it contains a space or control character at byte %d (percent-encode it)", i)
		case strings.IndexByte(`"<>\^`+"`"+`{|}`, c) >= 0:
			return fmt.Sprintf("it contains %q, which is not allowed in a URI (percent-encode it)", c)
		}
	}
	if strings.Count(s, "#") > 1 {
		return "it contains more than one \"#\""
	}
	rest := s[strings.IndexByte(s, ':')+1:]
	if strings.HasPrefix(rest, "//") {
		auth := rest[2:]
		if j := strings.IndexAny(auth, "/?#"); j >= 0 {
			auth = auth[:j]
		}
		if at := strings.LastIndexByte(auth, '@'); at >= 0 {
			auth = auth[at+1:]
		}
		host, port := auth, "" // host is checked for stray brackets below
		if strings.HasPrefix(auth, "[") {
			end := strings.IndexByte(auth, ']')
			if end < 0 {
				return "its IP-literal host has no closing \"]\""
			}
			host, port = auth[:end+1], strings.TrimPrefix(auth[end+1:], ":")
			if auth[end+1:] != "" && !strings.HasPrefix(auth[end+1:], ":") {
				return "its host is followed by something other than a port"
			}
		} else if k := strings.LastIndexByte(auth, ':'); k >= 0 {
			host, port = auth[:k], auth[k+1:]
		}
		for _, d := range port {
			if d < '0' || d > '9' {
				return fmt.Sprintf("its port %q is not a number", port)
			}
		}
		if strings.ContainsAny(strings.TrimPrefix(strings.TrimSuffix(host, "]"), "["), "[]") {
			return "its host contains \"[\" or \"]\" outside an IP literal"
		}
	}
	return ""
}
