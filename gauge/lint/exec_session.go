package lint

import (
	"fmt"
	"regexp"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// Reading since SEC011 revision 28 (issue 21, round 34; branch secsurf34):
// free text sent into another agent's session becomes a turn of that
// session, which the agent there acts on with its own tools.

// secSessionSendTalk is a description that sends, delivers, injects or
// types a prompt, a user turn, a message, text, a task or an instruction
// into a session ("Send a prompt (a user turn) INTO a two-way connected
// Claude Code session", "Send a user turn to a managed cloud-agent
// session", "Send a MESSAGE from THIS session to ANOTHER ... Claude Code
// session"). Group 1 is what is sent, group 2 the words naming the
// session.
var secSessionSendTalk = regexp.MustCompile(`\b(?:send|sends|sending|deliver|delivers|inject|injects|type|types|submit|submits|post|posts)\s+(?:a\s+|an\s+|the\s+|your\s+|one\s+)?(?:[\w.-]+\s+){0,3}?(prompts?|user\s+turns?|turns?|messages?|text|tasks?|instructions?)\b(?:\s*\([^)]*\))?` +
	`(?:\s+from\s+(?:[\w.'-]+\s+){0,3}?sessions?)?\s+(?:in)?to\s+((?:(?:a|an|the|another|any|its|that|this|your)\s+)?(?:[\w.'/-]+\s+){0,4}?)sessions?\b`)

// secSessionTakesTurn is a description saying the session receives what
// the tool sends as a prompt or a user turn ("The session receives the
// text as an injected prompt", "delivered as a user turn").
var secSessionTakesTurn = regexp.MustCompile(`\b(?:as|into)\s+(?:an?\s+|its\s+)?(?:injected\s+|new\s+|follow-up\s+)?(?:prompts?|user\s+turns?)\b`)

// secSessionPrompt is a tool that sends free text into another agent's
// session: its affirmed text sends a prompt, user turn, message or task
// to or into a session, and the session is an agent's: what is sent is a
// prompt or a user turn (input to a model), the words naming the session
// name an agent or a coding agent (Claude Code, Codex), or the text says
// the session receives the text as a prompt or a user turn. The text must
// go in a free-text parameter. A message to a chat or support session (no
// prompt, no agent), a message under a denial, and a tool that only reads
// or lists sessions are not read.
func secSessionPrompt(t *model.Tool, facts secTool) secExecSurface {
	if secOnlyTransforms(facts) || secHasWord(facts.words, "get", "list", "read", "show", "describe", "search", "find", "inspect") {
		return secExecSurface{}
	}
	text := facts.affirmative
	m := secSessionSendTalk.FindStringSubmatchIndex(text)
	if m == nil || secNegatedBefore.MatchString(text[max(0, m[0]-40):m[0]]) {
		return secExecSurface{}
	}
	sent, session := text[m[2]:m[3]], text[m[4]:m[5]]
	agents := secUserAgent.ReplaceAllString(session, "")
	switch {
	case secPromptOrTurn.MatchString(sent):
	case secAgentNamed.MatchString(agents) || secCodingAgentCLITalk.MatchString(session):
	case secSessionTakesTurn.MatchString(text):
	default:
		return secExecSurface{}
	}
	name := secFreeTextParam(t, "prompt", "message", "text", "body", "content", "task", "instruction", "instructions", "turn", "input")
	if name == "" {
		return secExecSurface{}
	}
	return secExecSurface{why: fmt.Sprintf("it sends the `%s` it is given into another agent's session as a turn (%q)", name, text[m[0]:m[1]]), reach: reachAgentSession, real: true}
}

// secPromptOrTurn is what a model takes as its input: a prompt or a user
// turn.
var secPromptOrTurn = regexp.MustCompile(`^(?:prompts?|user\s+turns?)$`)

// reachAgentSession is where a turn sent into an agent's session goes.
const reachAgentSession = "another agent's session, which takes the text as its next turn and acts on it with its own tools"
