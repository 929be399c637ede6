package lint

import (
	"slices"
	"strings"
)

// preciseNarrowedTwins returns the pairs (i<j) of tools whose inputs are
// the same but for one choice that one of them narrows (MCP014 revision
// 21): the same parameters (three at least, by name, case aside), of the
// same types, the same ones required, every enum the same set of values
// but one, and that one's values in the narrower tool all among the
// broader tool's, fewer of them. open-meteo's gfs_forecast takes
// weather_forecast's fifteen parameters with models limited to the GFS
// ones: every call of the narrower tool is a call of the broader one, so a
// model has two tools for one request and nothing to choose by unless a
// description says when to use each (the usual MCP014 excuse). Tools are
// grouped by their parameter list first, so the reading is linear in
// tools but for those that share one.
func preciseNarrowedTwins(tools []tgTool) [][2]int {
	var groups toolGroups
	for i := range tools {
		t := &tools[i]
		if len(t.params) < 3 {
			continue
		}
		sig := make([]string, 0, len(t.params))
		for k := range t.params {
			sig = append(sig, strings.ToLower(t.params[k].name)+":"+paramTypeOf(t.params[k].obj))
		}
		slices.Sort(sig)
		groups.add(strings.Join(sig, ",")+"|"+requiredKey(t), i)
	}
	var out [][2]int
	for _, key := range groups.keys {
		g := groups.groups[key]
		for a := 0; a < len(g); a++ {
			for b := a + 1; b < len(g); b++ {
				if narrowedOne(&tools[g[a]], &tools[g[b]]) || narrowedOne(&tools[g[b]], &tools[g[a]]) {
					out = append(out, [2]int{g[a], g[b]})
				}
			}
		}
	}
	slices.SortFunc(out, comparePairs)
	return out
}

// narrowedOne reports whether narrow's parameters are broad's with exactly
// one enum narrowed to a strict, non-empty subset of broad's values, every
// other enum the same set (the two tools already share names, types and
// required parameters), and narrow's name saying what it narrows to: a
// word of its name that broad's lacks (three letters or more) is part of
// one of the narrowed values (gfs_forecast's models include
// ncep_gfs_global). Without that the parameters may be the same while the
// objects differ: container_power and vm_power both take an action among
// start and stop, on other things.
func narrowedOne(broad, narrow *tgTool) bool {
	enums := map[string][]string{}
	for k := range broad.params {
		enums[strings.ToLower(broad.params[k].name)] = lowerSet(schemaStrings(broad.params[k].obj, "enum"))
	}
	narrowed := 0
	for k := range narrow.params {
		n := lowerSet(schemaStrings(narrow.params[k].obj, "enum"))
		b := enums[strings.ToLower(narrow.params[k].name)]
		switch {
		case slices.Equal(n, b):
		case len(n) > 0 && len(n) < len(b) && subsetOf(n, b) && namesValues(narrow.nameWords, broad.nameWords, n):
			narrowed++
		default:
			return false
		}
	}
	return narrowed == 1
}

// lowerSet returns the values lower-cased, sorted and without repeats.
func lowerSet(vs []string) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = strings.ToLower(v)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// subsetOf reports whether every value of a sorted set is in another.
func subsetOf(small, big []string) bool {
	for _, v := range small {
		if _, ok := slices.BinarySearch(big, v); !ok {
			return false
		}
	}
	return true
}

// namesValues reports whether a word of name that other lacks, three
// letters or more, is part of one of the values.
func namesValues(name, other, values []string) bool {
	for _, w := range name {
		if len(w) < 3 || slices.Contains(other, w) {
			continue
		}
		for _, v := range values {
			if strings.Contains(v, w) {
				return true
			}
		}
	}
	return false
}
