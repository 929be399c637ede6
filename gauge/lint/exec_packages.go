package lint

import (
	"fmt"
	"regexp"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// Readings since SEC011 revision 37 (round 57): a tool that installs
// packages or a project's dependencies with a package manager, whose
// install scripts then run on the machine.

// reachPackageInstall is where the packages a package manager installs run.
const reachPackageInstall = "the machine it runs on: the packages and dependencies a package manager installs there run their install scripts with the user's privileges"

// secPackageManagerTalk names a package manager that installs packages
// and runs their lifecycle scripts.
var secPackageManagerTalk = regexp.MustCompile(`\b(?:npm|pnpm|yarn|bun|pip3?|pipx|uv|poetry|cargo|gem|bundler|composer)\b`)

// secPackagesAddedTalk is a sentence that installs or adds packages or
// dependencies ("Add one or more packages to an app directory using
// pnpm", "Install dependencies in an app directory using pnpm").
var secPackagesAddedTalk = regexp.MustCompile(`\b(?:install(?:s|ing)?|adds?|adding)\s+(?:(?:one\s+or\s+more|the|all|any|new|its|project|missing)\s+)*(?:[\w@/.-]+\s+){0,2}?(?:packages?|dependenc(?:y|ies)|deps|modules|librar(?:y|ies))\b`)

// secPackageAdd is a tool that installs packages or a project's
// dependencies with a package manager (round 57): each installed package
// may run install scripts on the machine, so the packages the model names,
// or the dependencies of a package.json it can edit, choose code that runs.
// Not: a tool that lists, checks, audits or removes packages, one that
// only returns the command to run, and a sentence in which someone else
// installs.
func secPackageAdd(t *model.Tool, facts secTool) secExecSurface {
	w := facts.words
	if !secHasWord(w, "install", "installs", "add") ||
		secHasWord(w, "list", "get", "uninstall", "remove", "search", "check", "status", "audit", "outdated", "info", "show", "plan", "preview") ||
		secOnlyTransforms(facts) || secRunsNothingItself.MatchString(facts.desc) {
		return secExecSurface{}
	}
	for _, sentence := range preciseLineOrSentence.Split(facts.affirmative, -1) {
		if m := secPackagesAddedTalk.FindString(sentence); m != "" && secPackageManagerTalk.MatchString(sentence) && !secOtherInstalls.MatchString(sentence) {
			return secExecSurface{why: fmt.Sprintf("it installs packages with a package manager (%q), and installed packages run their install scripts", secSnippet(m)), reach: reachPackageInstall, real: true}
		}
	}
	return secExecSurface{}
}
