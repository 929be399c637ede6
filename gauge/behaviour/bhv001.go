package behaviour

import "fmt"

// bhv001 is BHV001 network-at-start-up.
func bhv001() Rule {
	return Rule{ID: "BHV001", Name: "network-at-start-up", Severity: "info",
		Summary:  "The server used the network at start-up, before any tool call.",
		Revision: 2, Check: checkBHV001}
}

// checkBHV001 fires once when the server looked up a name or attempted a
// connection while it started and was listed (telemetry, update checks,
// licence calls: nothing a user asked for yet).
func checkBHV001(in Input) []Problem {
	b := in.Behaviour
	if len(b.Lookups) == 0 && len(b.Connections) == 0 {
		return nil
	}
	var names, dests []string
	for _, l := range b.Lookups {
		names = append(names, l.Name)
	}
	for _, c := range b.Connections {
		d := fmt.Sprintf("%s %s:%d", c.Protocol, c.Address, c.Port)
		if h := c.SNI + c.HTTPHost; h != "" {
			d += " (" + h + ")"
		} else if c.Host != "" {
			d += " (" + c.Host + ")"
		}
		dests = append(dests, d)
	}
	msg := in.At() + ", before any tool call, the server"
	switch {
	case len(names) > 0 && len(dests) > 0:
		msg += fmt.Sprintf(" looked up %s and connected to %s.", list(names, 5), list(dests, 5))
	case len(names) > 0:
		msg += fmt.Sprintf(" looked up %s.", list(names, 5))
	default:
		msg += fmt.Sprintf(" connected to %s.", list(dests, 5))
	}
	return []Problem{{Message: msg}}
}
