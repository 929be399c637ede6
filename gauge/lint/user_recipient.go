package lint

import "regexp"

// secToUserTalk is a tool's text naming the user themself as where a
// file goes: it sends, shows or displays it to the (human, end) user, on
// the user's own screen, or inline in the current chat or session. A
// file shown to the person at the keyboard leaves for no third party;
// "a user" or "the user U123" of a messaging service is someone else
// and does not count.
var secToUserTalk = regexp.MustCompile(`\b(?:sends?|shows?|displays?|presents?|renders?|surfaces?)\b[^.\n]{0,60}?\bto\s+(?:the\s+)?(?:human|end)\s+user\b|\bto\s+the\s+user\s+(?:inline|for\s+(?:inline\s+)?(?:display|viewing|review))\b|\b(?:inline\s+)?in\s+the\s+(?:current|user's|active)\s+(?:\w+\s+)?(?:chat|conversation|session)\b|\bon\s+the\s+user's\s+(?:own\s+)?(?:screen|display)\b`)

// secUploadOutTalk is a tool's text that still names a remote party the
// file is sent to (uploads, publishes, shares, emails or posts it): a
// file shown to the user and also uploaded is an upload.
var secUploadOutTalk = regexp.MustCompile(`\b(?:upload\w*|publish\w*|shar(?:e|es|ed|ing)\b|e-?mail\w*|post(?:s|ed|ing)?\s+(?:it|them|the\s+\w+)\s+to|attach\w*\s+(?:it|them|the\s+\w+)\s+to)\b`)

// secRecipientIsUser reports whether a tool's text sends the file to the
// user themself (their chat, session or screen) and to no remote party:
// no upload to a third party.
func secRecipientIsUser(text string) bool {
	return secToUserTalk.MatchString(text) && !secUploadOutTalk.MatchString(text)
}
