package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// reachFetchedApply is where code or configuration fetched from a source
// the caller names lands.
const reachFetchedApply = "the cluster, browser or application it installs or applies into: whatever the URL, path or data the model gives holds (workloads, controllers, extension or plugin code) runs there with the server's access"

// secFromCallerSource is a description saying the tool installs, applies,
// loads or creates something from a source given by reference: a URL, a
// link, an archive, encoded data, a file path or directory ("Create a
// Kubernetes resource from a URL pointing to a YAML manifest", "Installs
// the operator from a manifest URL", "installing from archive, base64 data
// or an unpacked directory"). Group 1 is the verb, group 2 what comes
// between the verb and "from" (its object), group 3 the words naming the
// source's kind before the source word ("a manifest URL").
var secFromCallerSource = regexp.MustCompile(`\b(install(?:s|ed|ing)?|appl(?:y|ies|ied|ying)|creat(?:e|es|ed|ing)|load(?:s|ed|ing)?)\b([^.;]{0,80}?)\bfrom\s+(?:an?\s+|the\s+|any\s+|its\s+)?((?:[\w.-]+\s+){0,3}?)(?:urls?|links?|archives?|base64|(?:file\s+)?paths?|director(?:y|ies))\b`)

// secSourcePointsTo is what follows a source word and says what the source
// holds: "a URL pointing to a YAML manifest", "the path of the plugin".
// Group 1 is what it holds.
// A possessive's owner is not what the source holds ("a URL of the
// package's screenshots" holds screenshots): group 1 starts after it.
var secSourcePointsTo = regexp.MustCompile(`^\s*(?:(?:that\s+)?point(?:s|ing)?\s+(?:to|at)|of|containing|holding|that\s+(?:holds?|contains?))\s+(?:an?\s+|the\s+|its\s+)?(?:[\w.-]+'s\s+)?((?:[\w.-]+\s+){0,3}[\w.-]+)`)

// secCodeOrConfigObject is text naming what runs or configures a runtime
// once applied: a manifest, an extension, a plugin, a package, a chart.
var secCodeOrConfigObject = regexp.MustCompile(`\b(?:manifests?|yaml|extensions?|plugins?|add-?ons?|packages?|modules?|charts?|scripts?|workloads?|operators?)\b`)

// secObjectStops end the object of a verb: a preposition or relative word
// starts something else ("Applies a manifest to the cluster").
var secObjectStops = map[string]bool{"with": true, "for": true, "to": true, "in": true, "on": true, "from": true, "by": true, "using": true, "via": true, "that": true, "which": true, "into": true, "as": true, "at": true, "onto": true, "inside": true}

// secVerbObject is the object of a verb: the words before the first
// preposition or relative word.
func secVerbObject(s string) string {
	var out []string
	for _, w := range strings.Fields(s) {
		if secObjectStops[strings.Trim(w, ",:()")] {
			break
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// secInstallsCodeOrConfig reports whether text, the object of an install,
// apply, load or create verb or the kind of its source, names code or
// configuration for a runtime. A chart counts only where the tool's text
// says Helm.
func secInstallsCodeOrConfig(text, all string) bool {
	for _, m := range secCodeOrConfigObject.FindAllString(text, -1) {
		if m != "chart" && m != "charts" || strings.Contains(all, "helm") {
			return true
		}
	}
	return false
}

// secNameObject is the object of the first install, apply, load or create
// verb of a tool's name (install_extension: "extension").
func secNameObject(words []string) string {
	for i, w := range words {
		switch w {
		case "install", "apply", "load", "create":
			return strings.Join(words[i+1:], " ")
		}
	}
	return ""
}

// secSourceParamWords are name words of a parameter carrying the source.
var secSourceParamWords = []string{"url", "uri", "link", "path", "archive", "base64", "manifest", "source", "value", "data"}

// secSourceParamTalk is a parameter description saying it carries a URL,
// a path, an archive or encoded data.
var secSourceParamTalk = regexp.MustCompile(`\b(?:urls?|paths?|archives?|base64|manifests?)\b`)

// secFetchedApply is a tool that installs or applies code or configuration
// from a source the caller names (any URL, a file path, an archive or
// encoded bytes): it runs that code with the server's reach, whoever
// controls the source chooses what runs. Deploying the user's own project
// from a local directory or archive to hosting is not this reading: the
// project is the user's, and the upload is SEC016's. A registry's slug alone (a
// reviewed catalogue entry) is not read here; nor is a tool that only
// validates, previews or lists.
func secFetchedApply(t *model.Tool, facts secTool) secExecSurface {
	w := facts.words
	if secOnlyTransforms(facts) || secHasWord(w, "get", "list", "read", "validate", "check", "preview", "diff", "lint", "search", "describe", "uninstall", "remove", "delete") {
		return secExecSurface{}
	}
	if !secAppliesCodeFromSource(facts) {
		return secExecSurface{}
	}
	for _, p := range secDeepParams(t) {
		pw := secIdentifierWords(p.name)
		if len(pw) == 0 || !secIsFreeText(p.obj) {
			continue
		}
		pd := p.desc()
		if secHasWord(pw, secSourceParamWords...) || secSourceParamTalk.MatchString(pd) {
			return secExecSurface{why: fmt.Sprintf("it installs or applies the code or configuration its `%s` points to (any URL, path or data the model gives)", p.name), reach: reachFetchedApply, real: true}
		}
	}
	return secExecSurface{}
}

// reachProjectScript is where a project's own script or predefined command
// runs.
const reachProjectScript = "the server's host: the script or predefined command is shell written in the project's files (package scripts, make targets), run with the server's privileges; whoever can write those files chooses what runs"

// secRunsProjectScript is a description saying the tool runs a script or
// command the project defines rather than one the model writes: a package
// manager's `run <script>` ("Run npm run onboard to ..."), a make target,
// or a predefined or configured command of the project ("Execute a
// predefined command for a specific project").
var secRunsProjectScript = regexp.MustCompile(`\b(?:run|runs|running|execute|executes|executing|invoke|invokes)\s+(?:` + "`" + `)?(?:npm|pnpm|yarn|bun)\s+run\b` +
	`|\b(?:run|runs|running|execute|executes|executing|invoke|invokes)\s+(?:a|an|the|any|each|every|one\s+of\s+the)\s+(?:[\w'-]+\s+){0,2}?(?:predefined|pre-defined|configured|defined|named)\s+(?:project\s+|package\s+)?(?:commands?|scripts?|targets?|tasks?)\b` +
	`|\b(?:run|runs|running|execute|executes|executing)\s+(?:a|an|the|any)\s+(?:make|package(?:\.json)?|npm)\s+(?:targets?|scripts?)\b` +
	// Since revision 31: a task runner's task, target or recipe ("Execute
	// a mise task", "runs the just recipe"), and a package manager's test
	// script ("real = run npm test").
	`|\b(?:run|runs|running|execute|executes|executing|invoke|invokes)\s+(?:a|an|the|any|each|every|all)\s+(?:[\w'-]+\s+){0,2}?` + secTaskRunners + `\s+(?:tasks?|targets?|recipes?|scripts?)\b` +
	`|\b(?:run|runs|running|execute|executes|executing)\s+(?:` + "`" + `)?(?:npm|pnpm|yarn|bun)\s+test\b`)

// secTaskRunners are the task runners and package managers whose tasks,
// targets, recipes or scripts a project defines in its own files.
const secTaskRunners = `(?:make|makefile|just|justfile|mise|npm|pnpm|yarn|bun|deno|gradle|rake|nx|turbo|composer|grunt|gulp|invoke|nox|tox|poe)`

// secProjectScriptSource is text naming the scripts a project defines as
// where a tool takes what it runs: "package.json scripts", "Makefile
// targets", "npm scripts", "mise tasks".
var secProjectScriptSource = regexp.MustCompile(`\b(?:package\.json|npm|pnpm|yarn|makefile|make|justfile|mise|gradle|rake)\s+(?:scripts|targets|tasks|recipes)\b`)

// secOpensOnRun is a description that opens on running or executing.
var secOpensOnRun = regexp.MustCompile(`^\W*(?:run|runs|execute|executes|invoke|invokes)\b`)

// secProjectScript is a tool that runs a script or command the project
// defines: the model picks which, the project's files say what it does,
// and it runs on the host. A tool that only lists the scripts, or returns
// the command for the agent to run itself, runs nothing.
func secProjectScript(t *model.Tool, facts secTool) secExecSurface {
	if secOnlyTransforms(facts) || secHasWord(facts.words, "get", "list", "read", "show", "describe", "search", "find", "detect") {
		return secExecSurface{}
	}
	m := secRunsProjectScript.FindString(facts.affirmative)
	if m == "" && secOpensOnRun.MatchString(facts.affirmative) {
		// "Run all detected validation commands ... from package.json
		// scripts, Makefile targets": what runs is what the project's
		// files define (since revision 31).
		m = secProjectScriptSource.FindString(facts.affirmative)
	}
	if m == "" {
		// A mode's own description: `sandbox` "real = run npm test"
		// (since revision 31).
		for _, p := range secDeepParams(t) {
			if m = secRunsProjectScript.FindString(secAffirmative(p.desc())); m != "" {
				break
			}
		}
	}
	if m == "" {
		return secExecSurface{}
	}
	return secExecSurface{why: fmt.Sprintf("it runs a script or command the project defines (%q)", m), reach: reachProjectScript, real: true}
}

// secAppliesCodeFromSource reports whether a tool's text installs, applies,
// loads or creates code or configuration from a source the caller names:
// the code-or-configuration word is the object of that verb ("Applies a
// deployment manifest ... from a URL"; for a bare "installing from
// archive", the object of the name's verb, install_extension), or the kind
// of the source ("from a manifest URL", "from a URL pointing to a YAML
// manifest"). A word elsewhere in the text is not what is installed ("Loads
// a CSV dataset from a file path ... with the statistics module").
func secAppliesCodeFromSource(facts secTool) bool {
	text := facts.affirmative
	for _, m := range secFromCallerSource.FindAllStringSubmatchIndex(text, -1) {
		object := secVerbObject(text[m[4]:m[5]])
		switch strings.TrimSpace(object) {
		case "", "it", "them", "one", "this", "these":
			object = secNameObject(facts.words)
		}
		kind := text[m[6]:m[7]]
		if pt := secSourcePointsTo.FindStringSubmatch(text[m[1]:]); pt != nil {
			kind += " " + pt[1]
		}
		if secInstallsCodeOrConfig(object+" | "+kind, text) {
			return true
		}
	}
	return false
}
