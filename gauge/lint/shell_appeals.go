package lint

import "regexp"

// shell_appeals.go reads text that sends the model to its OWN shell by
// appeal to its access: SEC020's revision 13 (issue 21, round 27).
//
// "This tool does NOT drive the browser itself ... You then run its
// commands directly (you have shell access)" is a tool that hands its job
// to the agent's shell. Two forms are read, in a tool's or the server's
// own text (not a parameter's) and not on a shell tool:
//   - the model told it has shell, terminal or command-line access, as a
//     statement ("you have shell access", "you have access to a
//     terminal"), not a condition or requirement ("if you have shell
//     access", "requires that you have terminal access") and not access
//     to a remote machine ("shell access to the server");
//   - an imperative to run a program's commands directly or yourself
//     ("then run its commands directly", "run these commands yourself").
//     "The tool runs the commands directly" (third person) stays silent.

// secShellAccessNoun is the agent's own shell, terminal or command line.
const secShellAccessNoun = `(?:shell|terminal|command[- ]line|bash|cli)`

var secBeyondShellAppeal = secRe(secShellAppealWhat, 0,
	`\byou\s+(?:already\s+|also\s+)?(?:have|'ve\s+got|'ve)\s+(?:direct\s+|full\s+|local\s+)?`+secShellAccessNoun+`\s+access\b`,
	`\byou\s+(?:already\s+|also\s+)?have\s+(?:direct\s+|full\s+)?access\s+to\s+(?:a|the|your)\s+(?:own\s+|local\s+)?`+secShellAccessNoun+`\b`,
	`(?:^|[^\w\s']\s*|\b(?:then|and|you|please|simply|just)\s+)run\s+(?:its|these|those|their|the\s+cli'?s?)\s+(?:cli\s+|shell\s+)?commands\s+(?:directly|yourself)\b`)

// secShellAppealCondition is what, before "you have shell access", makes
// it a condition or requirement, not a statement. "that" alone is not one
// ("Note that you have shell access" states it); after requires, needs or
// ensure it is ("requires that you have terminal access").
var secShellAppealCondition = regexp.MustCompile(`\b(?:if|when|unless|whether|once|requires?|required|needs?|ensure|provided|assuming|where)\s+(?:\w+\s+)?$`)

// secShellAppealRemote is access to another machine after the phrase:
// "on the server", "to a remote host". The agent's own machine ("on your
// machine", "this machine", "the local machine") is not another one.
var secShellAppealRemote = regexp.MustCompile(`^\s+(?:to|on)\s+(?:the|a|an|that)\s+(?:(\w+)\s+)?(?:server|host|machine|box|vm|instance|container|cluster|device|node|pod)s?\b`)

// secShellAppealKept reports whether a shell appeal at m stands.
func secShellAppealKept(s secSurface, m secMatch) bool {
	if s.Parameter != "" {
		return false
	}
	if s.Tool != "" && secHasWord(secIdentifierWords(s.Tool), secShellTools...) {
		return false
	}
	a, b := s.foldedSpan(m)
	if secShellAppealCondition.MatchString(s.folded[max(0, a-40):a]) {
		return false
	}
	r := secShellAppealRemote.FindStringSubmatch(s.folded[b:min(len(s.folded), b+60)])
	return r == nil || r[1] == "local" || r[1] == "own"
}

// secShellAppealWhat names the reading in SEC020's message.
const secShellAppealWhat = "directive to run commands in the agent's own shell"
