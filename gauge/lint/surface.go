package lint

import (
	"fmt"
	"regexp"
	"strings"
)

// Thresholds of the Resources & prompts family.
const (
	srfFamily               = "Resources & prompts"
	srfInstructionsMaxToken = 1000
)

// surfaceRules returns the Resources & prompts family (SRF001-SRF010;
// SRF011 is in srf011.go):
// checks for what a server offers besides tools (resources, resource
// templates, prompts) and for its initialize/discover instructions.
func surfaceRules() []Rule {
	return []Rule{
		{ID: "SRF001", Name: "resource-missing-description", Family: srfFamily,
			Summary: "A resource or resource template has no description.",
			Default: Warning, Scope: ScopeResource, Origin: OriginMcpgauge, Check: checkSRF001},
		{ID: "SRF002", Name: "resource-missing-mime-type", Family: srfFamily,
			Summary: "A resource or resource template does not declare its mimeType.",
			Default: Info, Scope: ScopeResource, Origin: OriginMcpgauge, Check: checkSRF002},
		{ID: "SRF003", Name: "resource-name-restates-uri", Family: srfFamily,
			Summary: "A resource's name is just its URI.",
			Default: Info, Scope: ScopeResource, Origin: OriginMcpgauge, Check: checkSRF003},
		{ID: "SRF004", Name: "resource-invalid-uri", Family: srfFamily,
			Summary: "A resource URI is not a valid RFC 3986 URI.",
			Default: Error, Scope: ScopeResource, Origin: OriginMcpgauge, Check: checkSRF004},
		{ID: "SRF005", Name: "template-invalid", Family: srfFamily,
			Summary: "A resource template is not a valid RFC 6570 URI template.",
			Default: Error, Scope: ScopeResource, Origin: OriginMcpgauge, Check: checkSRF005},
		{ID: "SRF006", Name: "prompt-missing-description", Family: srfFamily,
			Summary: "A prompt has no description.",
			Default: Warning, Scope: ScopePrompt, Origin: OriginMcpgauge, Check: checkSRF006},
		{ID: "SRF007", Name: "prompt-argument-missing-description", Family: srfFamily,
			Summary: "A prompt argument has no description.",
			Default: Warning, Scope: ScopePrompt, Origin: OriginMcpgauge, Check: checkSRF007},
		{ID: "SRF008", Name: "prompt-duplicate-name", Family: srfFamily,
			Summary: "Two prompts, or two arguments of one prompt, share a name.",
			Default: Error, Scope: ScopePrompt, Origin: OriginMcpgauge, Check: checkSRF008},
		{ID: "SRF009", Name: "instructions-too-long", Family: srfFamily,
			Summary: "The server instructions are longer than 1,000 tokens.",
			Default: Warning, Scope: ScopeInstr, Origin: OriginMcpgauge, Check: checkSRF009},
		{ID: "SRF010", Name: "instructions-empty", Family: srfFamily,
			Summary: "The server sends instructions that are only whitespace.",
			Default: Info, Scope: ScopeInstr, Origin: OriginMcpgauge, Check: checkSRF010},
	}
}

// srfEntity is a resource or a template, as the resource rules see it.
type srfEntity struct {
	entity, kind, id string // entity key, "resource"/"resource template", URI or template
	name, desc, mime string
}

func srfResources(ctx *Context, templates bool) []srfEntity {
	var out []srfEntity
	for _, r := range ctx.Snap.Resources {
		out = append(out, srfEntity{"resource:" + r.URI, "resource", r.URI, r.Name, r.Description, r.MIMEType})
	}
	if templates {
		for _, r := range ctx.Snap.Templates {
			out = append(out, srfEntity{"template:" + r.URITemplate, "resource template", r.URITemplate, r.Name, r.Description, r.MIMEType})
		}
	}
	return out
}

func checkSRF001(ctx *Context) []Problem {
	var out []Problem
	for _, e := range srfResources(ctx, true) {
		if strings.TrimSpace(e.desc) == "" {
			out = append(out, Problem{Entity: e.entity,
				Message:    fmt.Sprintf("The %s `%s` (%s) has no description.", e.kind, e.name, e.id),
				Suggestion: "Add a description saying what the content is and when a model or user should read it; clients show it when choosing context to attach."})
		}
	}
	return out
}

func checkSRF002(ctx *Context) []Problem {
	var out []Problem
	for _, e := range srfResources(ctx, true) {
		if strings.TrimSpace(e.mime) == "" {
			out = append(out, Problem{Entity: e.entity,
				Message:    fmt.Sprintf("The %s `%s` (%s) does not declare a mimeType.", e.kind, e.name, e.id),
				Suggestion: "Set mimeType (for example text/markdown, application/json, image/png) so clients know how to render or pass the content without reading it first."})
		}
	}
	return out
}

var srfScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)

func checkSRF003(ctx *Context) []Problem {
	var out []Problem
	for _, e := range srfResources(ctx, false) {
		name := strings.TrimSpace(e.name)
		if name == "" {
			continue
		}
		noScheme := strings.TrimLeft(srfScheme.ReplaceAllString(e.id, ""), "/")
		if strings.EqualFold(name, e.id) || strings.EqualFold(name, noScheme) {
			out = append(out, Problem{Entity: e.entity,
				Message:    fmt.Sprintf("The name of resource %s only repeats its URI.", e.id),
				Suggestion: "Give the resource a human-readable name (\"Project README\", \"Orders table schema\"); the URI is already shown separately."})
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
	if !srfScheme.MatchString(s) {
		return "it has no scheme (a URI starts with letters followed by \":\", such as file: or https:)"
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			if i+2 >= len(s) || !srfHex(s[i+1]) || !srfHex(s[i+2]) {
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

func srfHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

func checkSRF004(ctx *Context) []Problem {
	var out []Problem
	for _, e := range srfResources(ctx, false) {
		if why := srfURIError(e.id); why != "" {
			out = append(out, Problem{Entity: e.entity,
				Message:    fmt.Sprintf("The URI %q of resource `%s` is not a valid RFC 3986 URI: %s.", e.id, e.name, why),
				Suggestion: "Use a scheme (file:, https: or your own such as myapp:) and percent-encode spaces, non-ASCII characters and reserved characters; the MCP spec requires custom URI schemes to follow RFC 3986."})
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
			if i+2 >= len(t) || !srfHex(t[i+1]) || !srfHex(t[i+2]) {
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
	if !strings.HasPrefix(t, "{") && !srfScheme.MatchString(t) {
		return "its fixed prefix has no URI scheme, so no expansion can be a valid URI"
	}
	return ""
}

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
			if i+2 >= len(name) || !srfHex(name[i+1]) || !srfHex(name[i+2]) {
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

func checkSRF006(ctx *Context) []Problem {
	var out []Problem
	for _, p := range ctx.Snap.Prompts {
		if strings.TrimSpace(p.Description) == "" {
			out = append(out, Problem{Entity: "prompt:" + p.Name,
				Message:    fmt.Sprintf("Prompt `%s` has no description.", p.Name),
				Suggestion: "Describe what the prompt produces and when to use it; clients list prompts (often as slash commands) with their descriptions."})
		}
	}
	return out
}

func checkSRF007(ctx *Context) []Problem {
	var out []Problem
	for _, p := range ctx.Snap.Prompts {
		for _, a := range p.Arguments {
			if strings.TrimSpace(a.Description) == "" {
				req := "optional"
				if a.Required {
					req = "required"
				}
				out = append(out, Problem{Entity: "prompt:" + p.Name, Parameter: a.Name,
					Message:    fmt.Sprintf("The %s argument `%s` of prompt `%s` has no description.", req, a.Name, p.Name),
					Suggestion: fmt.Sprintf("Describe `%s`: what value to give and in what format, with an example; clients show it when asking the user to fill it in.", a.Name)})
			}
		}
	}
	return out
}

func checkSRF008(ctx *Context) []Problem {
	var out []Problem
	seen := map[string]int{}
	for _, p := range ctx.Snap.Prompts {
		seen[p.Name]++
		if seen[p.Name] == 2 {
			out = append(out, Problem{Entity: "prompt:" + p.Name,
				Message:    fmt.Sprintf("More than one prompt is named `%s`.", p.Name),
				Suggestion: "Give every prompt a unique name; prompts/get selects by name, so all but one are unreachable."})
		}
	}
	for _, p := range ctx.Snap.Prompts {
		args := map[string]int{}
		for _, a := range p.Arguments {
			args[a.Name]++
			if args[a.Name] == 2 {
				out = append(out, Problem{Entity: "prompt:" + p.Name, Parameter: a.Name,
					Message:    fmt.Sprintf("Prompt `%s` declares the argument `%s` more than once.", p.Name, a.Name),
					Suggestion: "Declare each argument once; arguments are passed as a name-to-value map."})
			}
		}
	}
	return out
}

func checkSRF009(ctx *Context) []Problem {
	ins := ctx.Snap.Server.Instructions
	if strings.TrimSpace(ins) == "" {
		return nil
	}
	n := lintTokens(ctx).Count(ins)
	if n <= srfInstructionsMaxToken {
		return nil
	}
	return []Problem{{Entity: "instructions",
		Message:    fmt.Sprintf("The server instructions are %d o200k tokens long (more than %d).", n, srfInstructionsMaxToken),
		Suggestion: "Keep instructions to how the tools fit together (order, prerequisites, limits); move reference material into resources that a client loads only when needed."}}
}

func checkSRF010(ctx *Context) []Problem {
	ins := ctx.Snap.Server.Instructions
	if ins == "" || strings.TrimSpace(ins) != "" {
		return nil
	}
	return []Problem{{Entity: "instructions",
		Message:    "The server sends instructions that contain only whitespace.",
		Suggestion: "Either write instructions (how the tools fit together) or leave the field out."}}
}
