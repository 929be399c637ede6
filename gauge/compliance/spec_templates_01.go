package compliance

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// specTemplates01 is mcpgauge's spec-templates-01: every listed resource
// template is a valid RFC 6570 URI template, and a URI expanded from it is
// read or refused with a not-found error (never an internal error).
func specTemplates01() Test {
	return Test{
		ID:         "spec-templates-01",
		Name:       "Resource templates expand and read",
		Category:   CategoryResources,
		Severity:   Medium,
		SpecRef:    specURL(specRevision, "server/resources#resource-templates"),
		Origin:     OriginMCPGauge,
		Needs:      []Need{NeedRaw},
		Capability: "resources",
		Invokes:    false,
		Revision:   1,
		Run:        runSpecTemplates01,
	}
}

// maxTemplateReads bounds the templates read per scan.
const maxTemplateReads = 3

// templateValues are what every template variable expands to, in turn:
// a word, then a number (many templates take an ID). The first read that
// returns contents ends the tries.
func templateValues() []string { return []string{"mcpgauge", "1"} }

// varSpec is one RFC 6570 variable: a name, then a prefix (:N) or explode (*).
var varSpec = regexp.MustCompile(`^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*(?::[1-9][0-9]{0,3}|\*)?$`)

// expandTemplate checks an RFC 6570 template and expands every variable to
// value.
func expandTemplate(tpl, value string) (string, error) {
	var b strings.Builder
	rest := tpl
	vars := 0
	for rest != "" {
		open := strings.IndexAny(rest, "{}")
		if open < 0 {
			b.WriteString(rest)
			break
		}
		if rest[open] == '}' {
			return "", fmt.Errorf("a '}' with no '{' at %q", clip(rest[open:]))
		}
		b.WriteString(rest[:open])
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			return "", fmt.Errorf("an unclosed '{' at %q", clip(rest[open:]))
		}
		expr := rest[open+1 : open+end]
		rest = rest[open+end+1:]
		op := ""
		if expr != "" && strings.ContainsRune("+#./;?&", rune(expr[0])) {
			op, expr = expr[:1], expr[1:]
		}
		names := strings.Split(expr, ",")
		for _, n := range names {
			if !varSpec.MatchString(n) {
				return "", fmt.Errorf("invalid variable %q in {%s%s}", n, op, expr)
			}
		}
		vars += len(names)
		b.WriteString(expansion(op, names, value))
	}
	if vars == 0 {
		return "", fmt.Errorf("no variable: a template without one is a plain resource")
	}
	return b.String(), nil
}

// expansion renders one expression with every variable set to value.
func expansion(op string, names []string, value string) string {
	parts := make([]string, len(names))
	for i, n := range names {
		name, _, _ := strings.Cut(strings.TrimSuffix(n, "*"), ":")
		switch op {
		case ";", "?", "&":
			parts[i] = name + "=" + value
		default:
			parts[i] = value
		}
	}
	switch op {
	case "", "+":
		return strings.Join(parts, ",")
	case "#":
		return "#" + strings.Join(parts, ",")
	case ".":
		return "." + strings.Join(parts, ".")
	case "/":
		return "/" + strings.Join(parts, "/")
	case ";":
		return ";" + strings.Join(parts, ";")
	case "?":
		return "?" + strings.Join(parts, "&")
	}
	return "&" + strings.Join(parts, "&")
}

func runSpecTemplates01(ctx context.Context, e *Env) Result {
	return e.withRaw(ctx, func(r RawCaller) Result {
		res, rpcErr, err := e.rawCall(ctx, r, "resources/templates/list", nil)
		switch {
		case err != nil:
			return errored("resources/templates/list: %v", err)
		case rpcErr != nil && rpcErr.Code == codeMethodNotFound:
			return skip("the server lists no resource templates (resources/templates/list: -32601)")
		case rpcErr != nil:
			return fail("resources/templates/list failed: %s", describeRPC(rpcErr))
		}
		var out struct {
			Templates []struct {
				URITemplate string `json:"uriTemplate"`
				Name        string `json:"name"`
			} `json:"resourceTemplates"`
		}
		if err := json.Unmarshal(res, &out); err != nil {
			return fail("resources/templates/list returned %s: %v", clip(string(res)), err)
		}
		if len(out.Templates) == 0 {
			return skip("the server lists no resource templates")
		}
		var bad, good []string
		reads := 0
		for _, t := range out.Templates {
			if _, err := expandTemplate(t.URITemplate, templateValues()[0]); err != nil {
				bad = append(bad, fmt.Sprintf("%s: uriTemplate %q is not a valid RFC 6570 template: %v", t.Name, clip(t.URITemplate), err))
				continue
			}
			if reads >= maxTemplateReads {
				continue
			}
			reads++
			verdict, ok, err := e.readTemplate(ctx, r, t.Name, t.URITemplate)
			if err != nil {
				return errored("%v", err)
			}
			if ok {
				good = append(good, verdict)
			} else {
				bad = append(bad, verdict)
			}
		}
		if len(bad) > 0 {
			return fail("%d of %d resource templates are invalid or break when read", len(bad), len(out.Templates)).with(append(bad, good...)...)
		}
		return pass("%d resource templates are valid; %d read or refused cleanly", len(out.Templates), reads).with(good...)
	})
}

// readTemplate reads the URIs a template expands to, one value after the
// other, until one returns contents; a clean refusal (not found, invalid
// params) of every value also passes. It returns the verdict line and
// whether it is good; err is a transport error.
func (e *Env) readTemplate(ctx context.Context, r RawCaller, name, tpl string) (string, bool, error) {
	var refusals []string
	clean := false
	for _, v := range templateValues() {
		uri, _ := expandTemplate(tpl, v)
		got, rpcErr, err := e.rawCall(ctx, r, "resources/read", map[string]any{"uri": uri})
		switch {
		case err != nil:
			return "", false, fmt.Errorf("resources/read %s: %w", uri, err)
		case rpcErr == nil:
			var rr struct {
				Contents []json.RawMessage `json:"contents"`
			}
			if json.Unmarshal(got, &rr) != nil || rr.Contents == nil {
				return fmt.Sprintf("%s: reading %s returned no contents array: %s", name, uri, clip(string(got))), false, nil
			}
			return fmt.Sprintf("%s: %s read (%d contents)", name, uri, len(rr.Contents)), true, nil
		case rpcErr.Code == codeResourceNotFound || rpcErr.Code == codeInvalidParams:
			clean = true
			refusals = append(refusals, fmt.Sprintf("%s refused as not found or invalid (%d)", uri, rpcErr.Code))
		default:
			refusals = append(refusals, fmt.Sprintf("%s failed with %s", uri, describeRPC(rpcErr)))
		}
	}
	if clean {
		return fmt.Sprintf("%s: %s (a clean answer for made-up values)", name, strings.Join(refusals, "; ")), true, nil
	}
	return fmt.Sprintf("%s: no expanded URI read, and none was refused as not found: %s; want contents or a not-found error", name, strings.Join(refusals, "; ")), false, nil
}
