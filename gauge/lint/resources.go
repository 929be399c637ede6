package lint

import "regexp"

// resourceEntity is a resource or a resource template, as the resource
// rules (SRF001-SRF004) see it.
type resourceEntity struct {
	entity, kind, id string // entity key, "resource"/"resource template", URI or template
	name, desc, mime string
}

// resourceEntities lists the snapshot's resources, then, when templates is
// set, its resource templates.
func resourceEntities(ctx *Context, templates bool) []resourceEntity {
	var out []resourceEntity
	for _, r := range ctx.Snap.Resources {
		out = append(out, resourceEntity{"resource:" + r.URI, "resource", r.URI, r.Name, r.Description, r.MIMEType})
	}
	if templates {
		for _, r := range ctx.Snap.Templates {
			out = append(out, resourceEntity{"template:" + r.URITemplate, "resource template", r.URITemplate, r.Name, r.Description, r.MIMEType})
		}
	}
	return out
}

// uriScheme matches a URI's scheme and its colon (RFC 3986).
var uriScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)

// isHexDigit reports whether c is a hexadecimal digit.
func isHexDigit(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}
