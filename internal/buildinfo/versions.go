package buildinfo

import (
	"fmt"
	"io"
	"runtime"
	"strings"
)

// Versions name what produced a result: the scanner build, the score
// formula, the rules' and compliance tests' revisions and the digest of
// the whole rule set, as
// stamped on every stored result (scanner_version, scores.scoring_version,
// rule_set_digest). `mcpgauge version` and `--version` print them.
type Versions struct {
	Scanner, Scoring, Rules, Compliance, RuleSetDigest string
}

// Write prints v, one "name  value" line each, then the Go version.
func (v Versions) Write(w io.Writer) error {
	_, err := fmt.Fprintf(w, "mcpgauge %s\nscoring   %s\nrules     %s\ncompliance %s\nrule set  %s\ngo        %s\n",
		v.Scanner, v.Scoring, v.Rules, v.Compliance, v.RuleSetDigest, runtime.Version())
	return err
}

// String is what Write prints.
func (v Versions) String() string {
	var b strings.Builder
	_ = v.Write(&b)
	return b.String()
}
