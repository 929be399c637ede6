package behaviour

import "fmt"

// bhv002 is BHV002 undeclared-host.
func bhv002() Rule {
	return Rule{ID: "BHV002", Name: "undeclared-host", Severity: "warning",
		Summary:  "At start-up the server contacted a host its registry entry does not name.",
		Revision: 2, Check: checkBHV002}
}

// checkBHV002 fires once per host the server looked up or named (TLS SNI,
// HTTP Host) at start-up that is neither a host the registry entry
// declares nor below one. An entry that declares no host says nothing to
// compare with: the rule is silent then.
func checkBHV002(in Input) []Problem {
	if len(in.Declared) == 0 {
		return nil
	}
	var out []Problem
	for _, h := range in.Behaviour.Hosts() {
		if declares(in.Declared, h) {
			continue
		}
		out = append(out, Problem{Entity: "host:" + h,
			Message: fmt.Sprintf(in.At()+" the server contacted %s, which its registry entry does not name (it names %s).", h, list(in.Declared, 5))})
	}
	return out
}
