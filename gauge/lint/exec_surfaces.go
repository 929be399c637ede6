package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// Execution surfaces read since SEC011 revision 8 (issue 21, fifth
// audit): what a tool that only converts or checks a command runs (nothing),
// and the surfaces that carry no code parameter of their own: a workflow
// or pipeline whose steps the model writes, a run of a workflow on a server
// where the model writes them, any HTTP method against a database's REST
// API, and a test runner that runs a local project's tests.

// Reaches of the surfaces read here.
const (
	reachOSScript = "the whole local machine and its applications, as the user, through OS scripting"
	reachProject  = "the local project: its test code and configuration run on the server's host"
	reachSteps    = "the workflow or pipeline engine, which runs the steps the model writes (any step type, code included)"
	reachDBAPI    = "the database, through its REST API (writes included)"
	reachKernel   = "the notebook's kernel, which runs any code on its host as its user"
)

// secTransformOpening is a description that opens by converting, checking,
// explaining, formatting or dry-running what it is given.
var secTransformOpening = regexp.MustCompile(`^\W*(?:converts?|translates?|transforms?|validates?|checks?|lints?|explains?|formats?|parses?|previews?|shows?|describes?|dry[- ]runs?|simulates?)\b`)

// secRunClaim is a description saying the tool itself runs what it is
// given ("converts and executes", "runs the query", "Executes ..."); "what
// a profile can run" is about something else.
var secRunClaim = regexp.MustCompile(`\b(?:executes|runs|evaluates|applies)\b|\b(?:and|then)\s+(?:execute|run|apply)s?\b|\b(?:executing|running)\s+(?:it|them|the|this|your)\b`)

// secOnlyTransforms reports whether a tool's description says it converts,
// validates, explains, dry-runs, formats or checks a command or query it is
// given, and nothing says it runs it: "Converts SQL query to a PostgREST
// API request (method, path)" returns the translation.
func secOnlyTransforms(facts secTool) bool {
	if !secTransformOpening.MatchString(facts.desc) {
		return false
	}
	for _, loc := range secRunClaim.FindAllStringIndex(facts.desc, -1) {
		if !secNegatedBefore.MatchString(facts.desc[max(0, loc[0]-40):loc[0]]) && !strings.HasPrefix(facts.desc[max(0, loc[0]-8):loc[0]], "without") {
			return false
		}
	}
	return true
}

// secStepsParams carry the steps of a workflow or pipeline definition.
var secStepsParams = []string{"nodes", "steps", "stages", "jobs"}

// secStepsDefinitionTalk is a parameter description of a whole workflow
// or pipeline definition.
var secStepsDefinitionTalk = regexp.MustCompile(`\b(?:yaml|definition|nodes?|steps?|stages?|jobs?)\b`)

// secTypeTalk is a description that says its objects carry a type.
var secTypeTalk = regexp.MustCompile(`\btypes?\b`)

// secStepsDefinition is a tool that creates or changes a workflow or
// pipeline from steps the model writes: an array of nodes or steps whose
// type is free, the definition's YAML, or a build, test or deploy command.
// The engine runs those steps (a code or command node, a build step).
func secStepsDefinition(t *model.Tool, facts secTool) secExecSurface {
	words := facts.words
	if !secHasWord(words, "workflow", "workflows", "pipeline", "pipelines", "flow", "flows") ||
		!secHasWord(words, "create", "update", "add", "put", "upsert", "import", "edit", "replace", "set", "save") {
		return secExecSurface{}
	}
	for _, p := range secDeepParams(t) {
		pw := secIdentifierWords(p.name)
		if len(pw) == 0 {
			continue
		}
		last := pw[len(pw)-1]
		pd := secParamDesc(t, p.name)
		switch {
		case secHasWord([]string{last}, secStepsParams...) && isJSONString(p.obj["type"], "array") && secFreeStepType(p.obj, pd):
			return secExecSurface{why: fmt.Sprintf("it writes the workflow's `%s`, of any type, which the engine runs", p.name), reach: reachSteps, real: true}
		case secIsFreeText(p.obj) && secHasWord([]string{last}, "content", "definition", "yaml", "spec") && strings.Contains(pd, "yaml") && secHasWord(words, "pipeline", "pipelines"):
			return secExecSurface{why: fmt.Sprintf("it writes the pipeline definition its `%s` carries, whose steps run on the next run", p.name), reach: reachSteps, real: true}
		case secIsFreeText(p.obj) && len(pw) > 1 && secHasWord([]string{last}, "command", "commands", "script") && secHasWord(words, "pipeline", "pipelines"):
			return secExecSurface{why: fmt.Sprintf("it stores the command its `%s` carries in a pipeline, which runs it", p.name), reach: reachSteps, real: true}
		}
	}
	return secExecSurface{}
}

// secFreeStepType reports whether the steps of an array parameter take a
// type the schema does not limit: no items schema (the description says
// the objects carry a type), or an items object whose type is free text.
func secFreeStepType(obj map[string]any, desc string) bool {
	items, _ := obj["items"].(map[string]any)
	props, _ := items["properties"].(map[string]any)
	if props == nil {
		return secStepsDefinitionTalk.MatchString(desc) && secTypeTalk.MatchString(desc)
	}
	ty, _ := props["type"].(map[string]any)
	return ty != nil && secIsFreeText(ty)
}

// secWorkflowRun is a tool that runs or triggers any workflow on a server
// whose tools let the model write workflows: what runs may be what the
// model wrote. On a server that cannot author them, a workflow started
// with data runs code the model did not write (secCITrigger's reading).
func secWorkflowRun(t *model.Tool, facts secTool) secExecSurface {
	if !facts.authoring || !secHasWord(facts.words, "workflow", "workflows", "flow", "flows") ||
		!secHasWord(facts.words, "run", "execute", "trigger", "start", "rerun", "retry", "test") {
		return secExecSurface{}
	}
	return secExecSurface{why: "it runs any workflow of an engine whose workflows the model can write", reach: reachSteps, real: true}
}

// secDBAPITalk is a description of a database's REST API: PostgREST
// serves a database's tables and functions over HTTP.
var secDBAPITalk = regexp.MustCompile(`\bpostgrest\b|\b(?:database|db)(?:'s)?\s+(?:rest\s+|http\s+)?api\b|\b(?:rest|http)\s+api\s+(?:of|for|over|on)\s+(?:the\s+|your\s+|a\s+)?(?:database|db)\b`)

// secWriteMethods are HTTP methods that write.
var secWriteMethods = []string{"post", "put", "patch", "delete"}

// secDatabaseAPI is a tool that sends an HTTP request of the model's
// choosing (method and path) to a database's REST API: when its methods
// include a write, it reads and writes any table the API serves.
func secDatabaseAPI(t *model.Tool, facts secTool) secExecSurface {
	if !secDBAPITalk.MatchString(facts.desc) {
		return secExecSurface{}
	}
	props := t.Params()
	method, _ := props["method"].(map[string]any)
	if method == nil || secFreeTextParam(t, "path", "url", "endpoint", "route") == "" {
		return secExecSurface{}
	}
	writes := secIsFreeText(method)
	for _, v := range preciseEnumValues(method) {
		writes = writes || secHasWord([]string{strings.ToLower(v)}, secWriteMethods...)
	}
	if !writes {
		return secExecSurface{}
	}
	return secExecSurface{why: "it sends any request the model writes, write methods included, to the database's REST API", reach: reachDBAPI, real: true}
}

// secTestRunTalk is a description that runs tests or measures their
// coverage.
var (
	secTestRunTalk  = regexp.MustCompile(`^\W*(?:run|execute)s?\s+(?:the\s+|a\s+|your\s+)?(?:[\w.-]+\s+){0,2}?(?:tests?|specs?|test\s+suites?)\b`)
	secCoverageTalk = regexp.MustCompile(`\btest\s+coverage\b|\bcoverage\b[^.]{0,60}\btests?\b|\btests?\b[^.]{0,60}\bcoverage\b`)
	secRemoteReport = regexp.MustCompile(`\b(?:fetch|retriev|download)\w*\b|\b(?:reported|uploaded)\s+to\b|\bfrom\s+(?:the\s+|a\s+)?(?:[\w-]+\s+){0,2}?(?:api|service|platform|dashboard)\b`)
	secPathTalk     = regexp.MustCompile(`\b(?:path|file|director(?:y|ies)|folder|project\s+root|glob)\b`)
)

// secTestRun is a tool that runs a local project's tests (or runs them to
// measure coverage): the project's test code and configuration run on the
// server's host, in a project the model points it at.
func secTestRun(t *model.Tool, facts secTool) secExecSurface {
	words := facts.words
	named := false
	for i, w := range words {
		if (w == "run" || w == "execute") && i+1 < len(words) && secHasWord(words[i+1:i+2], "test", "tests", "spec", "specs", "suite") {
			named = true
		}
	}
	coverage := secHasWord(words, "coverage") && secHasWord(words, "analyze", "analyse", "measure", "run", "collect", "compute") && secCoverageTalk.MatchString(facts.desc)
	if !named && !secTestRunTalk.MatchString(facts.desc) && !coverage {
		return secExecSurface{}
	}
	if secOnlyTransforms(facts) || secNoRunTalk.MatchString(facts.desc) || secRemoteReport.MatchString(facts.desc) {
		return secExecSurface{}
	}
	for _, p := range secDeepParams(t) {
		if !secIsFreeTextOrList(p.obj) {
			continue
		}
		if pd := secParamDesc(t, p.name); secPathTalk.MatchString(pd) && !strings.Contains(pd, "url") {
			return secExecSurface{why: fmt.Sprintf("it runs the tests of the local project its `%s` points at", p.name), reach: reachProject, real: true}
		}
	}
	return secExecSurface{}
}

// secRunsNamedCommand reports whether a tool's description says it runs
// the command a parameter is named for ("then execute a jump command" for
// `jumpCommand`).
func secRunsNamedCommand(desc string, pw []string) bool {
	if len(pw) < 2 {
		return false
	}
	quoted := make([]string, len(pw))
	for i, w := range pw {
		quoted[i] = regexp.QuoteMeta(w)
	}
	re, err := regexp.Compile(`\b(?:execut\w*|run\w*)\s+(?:an?\s+|the\s+|your\s+)?` + strings.Join(quoted, `[\s_-]+`) + `s?\b`)
	return err == nil && re.MatchString(desc)
}

// secModeStores reports whether a tool's operation parameter (`action`,
// `operation`, `op`, `mode`) has a mode that creates, updates or replaces
// (pg_manage_functions: operation "create" with a function body).
func secModeStores(t *model.Tool) bool {
	props := t.Params()
	for _, name := range t.ParamNames() {
		obj, _ := props[name].(map[string]any)
		if obj == nil || !preciseActionParams[strings.ToLower(name)] {
			continue
		}
		for _, v := range preciseEnumValues(obj) {
			if secHasWord(secIdentifierWords(v), "create", "update", "replace", "deploy", "add", "upsert") {
				return true
			}
		}
	}
	return false
}

// secBootWords name a script a machine runs when it starts.
var secBootWords = []string{"init", "boot", "startup", "bootstrap", "provision", "provisioning"}

// secBootScript returns a free-text parameter that carries a script a new
// machine runs when it starts (a cloud-init or startup script: it runs as
// root on that machine), or "".
func secBootScript(t *model.Tool) string {
	for _, p := range secDeepParams(t) {
		if !secIsFreeText(p.obj) {
			continue
		}
		pw := secIdentifierWords(p.name)
		if len(pw) > 1 && secHasWord(pw[len(pw)-1:], "script", "commands") && secHasWord(pw, secBootWords...) {
			return p.name
		}
	}
	return ""
}
