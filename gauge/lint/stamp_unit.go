package lint

import (
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// A tool description that states the unit of its time stamps once
// ("All times are Unix timestamps in seconds") covers the tool's
// time-stamp parameters (MCP023 revision 20). The sentence has to be
// about what the model passes: one that names the parameter, one that
// speaks of the input (input, pass, parameter, argument), or one that
// speaks of neither input nor output ("Bounds are milliseconds since the
// epoch"). A sentence about what the tool returns ("Returns each event's
// created time as a Unix timestamp in seconds") gives the unit of the
// output, and an input such as since_ms may count in another.

// stampUnitCover is what a tool description's unit sentences cover.
type stampUnitCover struct {
	all   bool           // a sentence about the input or about all times
	named []text.Lowered // sentences about the output, read for a parameter's name
}

// stampUnitInput and stampUnitOutput are words that put a sentence on the
// input or on the output side.
var (
	stampUnitInput  = regexp.MustCompile(`(?i)\b(?:inputs?|pass(?:ed|es|ing)?|parameters?|params?|arguments?|args?|filters?|bounds?|accepts?|expects?)\b`)
	stampUnitOutput = regexp.MustCompile(`(?i)\b(?:returns?|returned|outputs?|results?|responses?|yields?)\b`)
)

// stampUnitSentences bounds the unit sentences read in one description,
// and stampUnitReach the bytes read either side of one for its sentence.
const (
	stampUnitSentences = 16
	stampUnitReach     = 400
)

// toolStampUnitCover reads the unit sentences of a tool description.
func toolStampUnitCover(desc string) stampUnitCover {
	var c stampUnitCover
	for _, m := range preciseToolStampUnit.FindAllStringIndex(desc, stampUnitSentences) {
		s := stampUnitSentence(desc, m[0], m[1])
		if stampUnitInput.MatchString(s) || !stampUnitOutput.MatchString(s) {
			c.all = true
			return c
		}
		c.named = append(c.named, text.Lower(s))
	}
	return c
}

// covers reports whether the cover holds the parameter path (a.b for a
// nested one): all parameters, or a sentence that names it or its leaf.
func (c stampUnitCover) covers(path string) bool {
	if c.all {
		return true
	}
	leaf := path[strings.LastIndexByte(path, '.')+1:]
	for _, s := range c.named {
		if s.Mentions(leaf) {
			return true
		}
	}
	return false
}

// stampUnitSentence is the sentence of desc around desc[i:j]: from the
// last full stop, question or exclamation mark followed by a space, or
// newline, before i to the next one after j, at most stampUnitReach
// bytes either side.
func stampUnitSentence(desc string, i, j int) string {
	lo, hi := max(0, i-stampUnitReach), min(len(desc), j+stampUnitReach)
	start := lo
	for k := i - 1; k >= lo; k-- {
		if desc[k] == '\n' || (desc[k] == '.' || desc[k] == '!' || desc[k] == '?') && k+1 < len(desc) && desc[k+1] == ' ' {
			start = k + 1
			break
		}
	}
	end := hi
	for k := j; k < hi; k++ {
		if desc[k] == '\n' || (desc[k] == '.' || desc[k] == '!' || desc[k] == '?') && (k+1 == len(desc) || desc[k+1] == ' ') {
			end = k
			break
		}
	}
	return desc[start:end]
}
