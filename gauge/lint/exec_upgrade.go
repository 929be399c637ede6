package lint

import (
	"fmt"
	"regexp"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// Readings since SEC011 revision 31 (round 39, branch exec39): a tool that
// upgrades a program by downloading and installing a new build of it.

// reachSelfUpgrade is where a build a tool downloads and installs runs.
const reachSelfUpgrade = "the machine it installs on: a new build fetched from a package registry, a release or the source the model names is installed there (install scripts included) and runs in place of the program it upgrades"

// secInstallVerb is the verb install in the tool's own text ("Downloads
// and installs", "runs the global install command", "fail to install"),
// not the participle or noun of something already installed ("installed
// plugins", "a WordPress installation").
var secInstallVerb = regexp.MustCompile(`\binstall(?:s|ing)?\b`)

// secFetchedBuildTalk is text saying where the new build comes from or how
// it is put on the machine: a download, the latest version or release, a
// package manager, a tarball.
var secFetchedBuildTalk = regexp.MustCompile(`\bdownload(?:s|ed|ing)?\b|\blatest\s+(?:version|release|build)\b|\b(?:npm|pnpm|yarn|bun|pip|pipx|uv|brew|homebrew|cargo|gem|winget|choco|apt|apt-get)\b|\.tgz\b|\btarball\b|\bpackage\s+manager\b`)

// secOtherInstalls is a sentence in which someone else installs: a
// person addressed or named ("you can then install the latest
// version", "users download and install"), a modal before the verb, or
// a sentence that tells how an install is done ("Explains how to download
// and install the CLI with npm": documentation, since the review of
// rounds 39-40; "detects how it was installed" still installs).
var secOtherInstalls = regexp.MustCompile(`\bhow\s+(?:to\s+)?(?:download\s+and\s+)?install|\b(?:you|your|users?|customers?|people|clients?)\b|\b(?:can|could|should|may|might|must)\s+(?:then\s+|now\s+|also\s+)?(?:download\s+and\s+)?install\b`)

// secSelfUpgrade is a tool whose name upgrades or updates and whose own
// text says it installs a new build fetched from a registry, a release or
// a source the model gives ("Upgrade the CLI to the latest version.
// Detects the package manager and runs the global install command",
// "Downloads and installs from the latest release"). Whoever publishes
// that build, or the model that names the source, chooses the code that
// then runs as the program. Not: a tool that checks, lists or shows
// available updates, one that updates records (no install verb), plugins
// "updated to their latest version" on a site (no install verb), a Helm
// release upgraded in a cluster (no download, package manager or
// tarball), and an install and a download named in different sentences
// ("Update the ticket. Download the fix"), and a sentence in which a
// person installs ("the customer can then install the latest version").
func secSelfUpgrade(t *model.Tool, facts secTool) secExecSurface {
	w := facts.words
	if !secHasWord(w, "upgrade", "upgrades", "update", "updates", "selfupdate") ||
		secHasWord(w, "get", "list", "check", "status", "show", "search", "find", "available", "preview", "plan") ||
		secOnlyTransforms(facts) || secRunsNothingItself.MatchString(facts.desc) {
		return secExecSurface{}
	}
	installs := false
	for _, sentence := range preciseLineOrSentence.Split(facts.affirmative, -1) {
		if secInstallVerb.MatchString(sentence) && secFetchedBuildTalk.MatchString(sentence) && !secOtherInstalls.MatchString(sentence) {
			installs = true
			break
		}
	}
	if !installs {
		return secExecSurface{}
	}
	return secExecSurface{why: fmt.Sprintf("its name `%s` upgrades and its description says it installs a new build it fetches", t.Name), reach: reachSelfUpgrade, real: true}
}
