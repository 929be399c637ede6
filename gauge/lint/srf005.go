package lint

import (
	"fmt"
	"strings"
)

// srf005 is SRF005 template-invalid.
func srf005() Rule {
	return Rule{
		ID: "SRF005", Name: "template-invalid", Family: "Resources & prompts",
		Summary: "A resource template is not a valid RFC 6570 URI template.",
		Default: Error, Scope: ScopeResource, Origin: OriginMcpgauge,
		Revision: 1, Check: checkSRF005,
	}
}

// checkSRF005 fires on a resource template that is not an RFC 6570 URI
// template.
func checkSRF005(ctx *Context) []Problem {
	var out []Problem
	for _, r := range ctx.Snap.Templates {
		if why := srfTemplateError(r.URITemplate); why != "" {
			out = append(out, Problem{Entity: "template:" + r.URITemplate,
				Message:    fmt.Sprintf("The resource template %q (`%s`) is not a valid RFC 6570 URI template: %s.", r.URITemplate, r.Name, why),
				Suggestion: "Write the template as a URI with {name} expressions (for example db://tables/{table}/rows{?limit}); clients expand it with an RFC 6570 library and will fail or produce wrong URIs otherwise."})
		}
	}
	return out
}

// srfTemplateError checks t against RFC 6570 (levels 1-4) and returns what
// is wrong, or "".
func srfTemplateError(t string) string {
	if t == "" {
		return "it is empty"
	}
	exprs := 0
	for i := 0; i < len(t); {
		c := t[i]
		switch {
		case c == '{':
			end := strings.IndexByte(t[i+1:], '}')
			if end < 0 {
				return fmt.Sprintf("the expression at byte %d is never closed with \"}\"", i)
			}
			body := t[i+1 : i+1+end]
			if strings.IndexByte(body, '{') >= 0 {
				return fmt.Sprintf("the expression at byte %d contains a nested \"{\"", i)
			}
			if why := srfExpressionError(body); why != "" {
				return fmt.Sprintf("the expression {%s} %s", body, why)
			}
			exprs++
			i += end + 2
		case c == '}':
			return fmt.Sprintf("it has an unmatched \"}\" at byte %d", i)
		case c == '%':
			if i+2 >= len(t) || !isHexDigit(t[i+1]) || !isHexDigit(t[i+2]) {
				return fmt.Sprintf("it has a %% at byte %d that is not followed by two hex digits", i)
			}
			i += 3
		case c <= ' ' || c == 0x7f || strings.IndexByte(`"'<>\^`+"`"+`|`, c) >= 0:
			return fmt.Sprintf("its literal text contains %q at byte %d, which RFC 6570 does not allow (percent-encode it)", c, i)
		default:
			i++
		}
	}
	if exprs == 0 {
		return "it has no {variable} expression, so it is a fixed URI (list it as a resource instead)"
	}
	if !strings.HasPrefix(t, "{") && !uriScheme.MatchString(t) {
		return "its fixed prefix has no URI scheme, so no expansion can be a valid URI"
	}
	return ""
}

// srfExpressionError checks the body of one {…} expression.
func srfExpressionError(body string) string {
	if body == "" {
		return "is empty"
	}
	switch body[0] {
	case '+', '#', '.', '/', ';', '?', '&':
		body = body[1:]
	case '=', ',', '!', '@', '|':
		return fmt.Sprintf("uses the operator %q, which RFC 6570 reserves for future extensions", body[0])
	}
	for _, spec := range strings.Split(body, ",") {
		name := spec
		if j := strings.IndexByte(spec, ':'); j >= 0 {
			name = spec[:j]
			n := spec[j+1:]
			if n == "" || len(n) > 4 || n[0] == '0' || strings.Trim(n, "0123456789") != "" {
				return fmt.Sprintf("has the prefix modifier %q; it must be \":\" and a number from 1 to 9999", spec[j:])
			}
		} else if strings.HasSuffix(spec, "*") {
			name = strings.TrimSuffix(spec, "*")
		}
		if why := srfVarnameError(name); why != "" {
			return fmt.Sprintf("has the variable name %q, which %s", name, why)
		}
	}
	return ""
}

// srfVarnameError checks one variable name of an expression.
func srfVarnameError(name string) string {
	if name == "" {
		return "is empty"
	}
	if name[0] == '.' || name[len(name)-1] == '.' || strings.Contains(name, "..") {
		return "has a misplaced \".\""
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '%':
			if i+2 >= len(name) || !isHexDigit(name[i+1]) || !isHexDigit(name[i+2]) {
				return "has a bad percent-encoding"
			}
			i += 2
		case c == '_' || c == '.' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'):
		default:
			return fmt.Sprintf("contains %q (allowed: letters, digits, \"_\", \".\" and percent-encodings)", c)
		}
	}
	return ""
}
