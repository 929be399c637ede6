package lint

import "regexp"

// secToUserTalk is a tool's text naming the user themself as where a
// file goes: it sends, shows or displays it to the (human, end) user, on
// the user's own screen, or inline in the current chat or session. A
// file shown to the person at the keyboard leaves for no third party;
// "a user" or "the user U123" of a messaging service is someone else
// and does not count. The chat or session counts only as the place the
// tool itself sends or shows the file ("shows it inline in the current
// chat"), not as where a deploy or a progress message happens. It is
// case-sensitive: callers fold the text first (secFold, secToolText).
var secToUserTalk = regexp.MustCompile(`\b(?:sends?|shows?|displays?|presents?|renders?|surfaces?)\b[^.\n]{0,60}?\bto\s+(?:the\s+)?(?:human|end)\s+user\b|\bto\s+the\s+user\s+(?:inline|for\s+(?:inline\s+)?(?:display|viewing|review))\b|\b(?:sends?|shows?|displays?|presents?|renders?|surfaces?)\s+(?:it|them|the\s+\w+)\s+(?:inline\s+)?in\s+the\s+(?:current|user's|active)\s+(?:\w+\s+)?(?:chat|conversation|session)\b|\bon\s+the\s+user's\s+(?:own\s+)?(?:screen|display)\b`)

// secUploadOutTalk is a tool's text that names an outgoing act with no
// recipient given or a recipient other than the user (uploads,
// publishes, shares, emails, deploys or transfers it; sends, posts,
// attaches, syncs, copies or pushes it to someone): a file shown to the
// user and also deployed is a deploy. Group 1 is what follows "to".
var secUploadOutTalk = regexp.MustCompile(`\b(?:upload\w*|publish\w*|shar(?:e|es|ed|ing)|e-?mail\w*|deploy\w*|transfer\w*)\b|\b(?:send|sends|sent|sending|post|posts|posted|posting|attach\w*|sync\w*|cop(?:y|ies|ied|ying)|push\w*)\s+[^.,;\n]{0,60}?\bto\s+([^.\n]{0,24})`)

// secUserAsRecipient is what follows "to" when the user is the one the
// file goes to.
var secUserAsRecipient = regexp.MustCompile(`^(?:the\s+)?(?:human\s+|end\s+)?user\b(?:\s+inline|\s+for\b|\s*[.,]|\s*$|\s+so\b|\s+in\s+the\b)|^you\b`)

// secRecipientIsUser reports whether a tool's text sends the file to the
// user themself (their chat, session or screen) and to no one else:
// every outgoing act it names (upload, share, deploy, send ... to) has
// the user as its only recipient.
func secRecipientIsUser(text string) bool {
	if !secToUserTalk.MatchString(text) {
		return false
	}
	for _, m := range secUploadOutTalk.FindAllStringSubmatchIndex(text, -1) {
		if m[2] < 0 || !secUserAsRecipient.MatchString(text[m[2]:m[3]]) {
			return false
		}
	}
	return true
}
