// Package suggest finds the valid name nearest to a mistyped one (a flag,
// a command, a config key, an environment variable), for "did you mean"
// hints.
package suggest

import (
	"strings"

	"github.com/agnivade/levenshtein"
)

// Nearest returns the candidate closest to word by edit distance, ignoring
// case, and whether it is close enough to suggest: at most a third of the
// word's length (and at least 1) edits away. Ties go to the earlier
// candidate. An exact match is not a suggestion.
func Nearest(word string, candidates []string) (string, bool) {
	w := strings.ToLower(word)
	limit := max(1, len(w)/3)
	best, bestD := "", limit+1
	for _, c := range candidates {
		d := levenshtein.ComputeDistance(w, strings.ToLower(c))
		if d == 0 {
			return "", false
		}
		if d < bestD {
			best, bestD = c, d
		}
	}
	return best, best != ""
}
