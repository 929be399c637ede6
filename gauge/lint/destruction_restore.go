package lint

import "regexp"

// Reading a restoring act (issue 21, round 35): a tool that brings back
// what was deleted, trashed or archived. "Remove a message from trash"
// opens on a removal verb, but what leaves is the trash's hold on the
// message: the message comes back. destructiveHint: false is the right
// answer for it, and SEC012 read it as a delete on first sight.

// secRestoringVerbs are name words of an act that brings a thing back
// from the trash, the archive or deletion: untrash, undelete, unarchive,
// restore, recover. A restore of an earlier state over the current one
// (restore_snapshot) is read apart, by secRestoresOverCurrent.
var secRestoringVerbs = []string{"untrash", "undelete", "unarchive", "unremove", "restore", "recover"}

// secFromBinOpening is a description opening on taking a thing out of the
// place deleted things wait in: "Remove a message from trash", "Restores
// a file from the recycle bin", "Moves the note out of the trash", "Bring
// a deleted page back from the bin". secFromArchiveOpening adds the
// archive, read only when the name restores (unarchive_card "Removes a
// card from the archive"): without that, a removal from an archive may be
// its deletion. Both are read on the folded description.
var (
	secFromBinOpening     = regexp.MustCompile(secOutOfOpening + `(?:trash|trash\s+can|bin|recycle\s+bin|recycling\s+bin|rubbish\s+bin|wastebasket|deleted\s+items)\b`)
	secFromArchiveOpening = regexp.MustCompile(secOutOfOpening + `(?:trash|bin|recycle\s+bin|deleted\s+items|archive|archives|archived\s+items)\b`)
)

// secOutOfOpening opens a description on taking something out of a place.
const secOutOfOpening = `^\s*(?:removes?|restores?|recovers?|moves?|brings?|takes?|gets?|retrieves?)\s+(?:back\s+)?(?:[\w'-]+\s+){0,4}?(?:back\s+)?(?:out\s+of|from)\s+(?:the\s+|a\s+|your\s+|its\s+|their\s+)?`

// secForGoodTalk says a removal is for good or writes over something:
// the act is then no restore, whatever its name.
var secForGoodTalk = regexp.MustCompile(`\b(?:permanent\w*|irreversibl\w*|forever|for\s+good|cannot\s+be\s+(?:undone|recovered|restored)|destroys?|purg\w*|overwrit\w*|replac\w*|discard\w*|empt(?:y|ies)|wip(?:e|es))\b`)

// secRestoresDeleted reports whether a tool brings back what was deleted,
// trashed or archived: its name carries a restoring verb (message_untrash,
// restore_from_trash, unarchive_document) and no verb that destroys, or
// its description opens on taking the thing out of the trash or a bin
// (untrash_thread "Remove a thread from the trash"); a restoring name
// also lets its description open on taking it out of the archive. It is not one when
// the description opens on any other act of destruction, or says the
// removal is for good, empties, or writes over what exists ("Permanently
// remove a message from the trash"). words are the name's words, desc the
// folded description.
func secRestoresDeleted(words []string, desc string) bool {
	if secDestructiveVerb(words) != "" || secForGoodTalk.MatchString(desc) || secHardOpening.MatchString(desc) {
		return false
	}
	if secFromBinOpening.MatchString(desc) {
		return true
	}
	if !secHasWord(words, secRestoringVerbs...) {
		return false
	}
	return secFromArchiveOpening.MatchString(desc) || !preciseDestructiveOpening.MatchString(desc) && !secDestructiveOpening.MatchString(desc)
}
