package behaviour

import "fmt"

// bhv003 is BHV003 ran-written-program.
func bhv003() Rule {
	return Rule{ID: "BHV003", Name: "ran-written-program", Severity: "error",
		Summary:  "At start-up the server ran a program that it had written itself.",
		Revision: 2, Check: checkBHV003}
}

// checkBHV003 fires once per program that ran from a file written during
// the run (in the sandbox's home or /tmp, not in the installed package):
// a downloaded or unpacked binary, the way droppers work. The package's
// own programs and the system's never fire.
func checkBHV003(in Input) []Problem {
	during := "its own start-up"
	if in.Install {
		during = "the install"
	}
	var out []Problem
	for _, p := range in.Behaviour.Processes {
		if !p.Written {
			continue
		}
		out = append(out, Problem{Entity: "program:" + p.Path,
			Message: fmt.Sprintf(in.At()+" the server ran %s (%d×), a program written during %s, not part of its package.", p.Path, p.Count, during)})
	}
	return out
}
