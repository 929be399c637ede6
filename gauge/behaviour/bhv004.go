package behaviour

import "fmt"

// bhv004 is BHV004 wrote-outside-own-state.
func bhv004() Rule {
	return Rule{ID: "BHV004", Name: "wrote-outside-own-state", Severity: "info",
		Summary:  "At start-up the server wrote files in the user's home or /tmp.",
		Revision: 2, Check: checkBHV004}
}

// checkBHV004 fires once when the server left files outside its package
// and scratch directories (home dotfiles, caches, /tmp).
func checkBHV004(in Input) []Problem {
	var paths []string
	for _, f := range in.Behaviour.Files {
		paths = append(paths, f.Path)
	}
	if len(paths) == 0 {
		return nil
	}
	return []Problem{{Message: fmt.Sprintf(in.At()+" the server wrote %d file(s) outside its own directories: %s.", len(paths), list(paths, 5))}}
}
