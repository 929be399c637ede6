package lint

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
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
var secTransformOpening = regexp.MustCompile(`^\W*(?:assess(?:es)?|scores?|classif(?:y|ies)|estimates?|converts?|translates?|transforms?|validates?|checks?|lints?|explains?|formats?|parses?|previews?|shows?|describes?|dry[- ]runs?|simulates?|dumps?|inspects?|tokeni[sz]es?|highlights?|pretty[- ]?prints?|minif(?:y|ies)|beautif(?:y|ies))\b`)

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
		pd := p.desc()
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
// coverage. Since SEC011 revision 28 (round 34) the opening verb may be
// the second of two joined by "and" ("Schedule and execute tests",
// "Build and run the tests"): the tool still runs them.
var (
	secTestRunTalk  = regexp.MustCompile(`^\W*(?:[a-z]+\s+(?:and|&)\s+)?(?:run|execute)s?\s+(?:the\s+|a\s+|your\s+)?(?:[\w.-]+\s+){0,2}?(?:tests?|specs?|test\s+suites?)\b`)
	secCoverageTalk = regexp.MustCompile(`\btest\s+coverage\b|\bcoverage\b[^.]{0,60}\btests?\b|\btests?\b[^.]{0,60}\bcoverage\b`)
	secRemoteReport = regexp.MustCompile(`\b(?:fetch|retriev|download)\w*\b|\b(?:reported|uploaded)\s+to\b|\bfrom\s+(?:the\s+|a\s+)?(?:[\w-]+\s+){0,2}?(?:api|service|platform|dashboard)\b`)
	secPathTalk     = regexp.MustCompile(`\b(?:paths?|files?|director(?:y|ies)|folders?|project\s+root|globs?)\b`)
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
		// A bare array (no items schema) holds strings as well: test
		// files given as a list of paths.
		if _, typed := p.obj["items"]; !secIsFreeTextOrList(p.obj) && (typed || !isJSONString(p.obj["type"], "array")) {
			continue
		}
		if pd := p.desc(); secPathTalk.MatchString(pd) && !strings.Contains(pd, "url") {
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
	for _, av := range preciseActionValues(t) {
		if secHasWord(secIdentifierWords(av.value), "create", "update", "replace", "deploy", "add", "upsert") {
			return true
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

// Readings since SEC011 revision 9 (issue 21, sixth audit): the reach
// comes only from what the text affirms, a cloud CLI reaches the user's
// cloud account, an expression evaluated on a debugger server runs in the
// debugged process, a query language without write statements reads, and
// a start command stored in a service's configuration runs where the
// platform starts that service.

// More reaches of the surfaces read here.
const (
	reachCloud         = "the user's cloud account or cluster, through any command of its CLI run with the user's credentials (create, delete, IAM, billing)"
	reachDebuggee      = "the debugged process: the code runs inside the program the server's debugger is attached to, with its memory and access"
	reachReadOnlyQuery = "the service's records, through a query language that has no write statements"
)

// secNegationCue opens the part of a sentence that denies or excludes
// what follows it: "Do not use this tool to execute SSH commands", "not
// for remote hosts", "instead of ssh", "refuses pipes".
var secNegationCue = regexp.MustCompile(`\b(?:do\s+not|does\s+not|don't|doesn't|must\s+not|should\s+not|shouldn't|may\s+not|cannot|can't|can\s+not|will\s+not|won't|never|not|no|nor|instead\s+of|rather\s+than|other\s+than|except|excluding|unlike|without|refuses?|rejects?|forbids?|disallows?|avoid|avoids)\b`)

// secNegatedClauseEnd ends the sentence or clause a negation governs: a full
// stop, a question or exclamation mark, a semicolon or colon, a line
// break, a dash between spaces, a bracket.
var secNegatedClauseEnd = regexp.MustCompile(`[.!?;:](?:\s|$)|\n|\s[-–—]{1,2}\s|[()]`)

// secAffirmative returns a folded description with every negated or
// excluded span cut out, from its cue to the end of its clause: what is
// left is what the text affirms. The reach of a surface is read from it,
// so "Do not use this tool to execute SSH commands" gives no SSH reach.
func secAffirmative(desc string) string {
	var b strings.Builder
	rest := desc
	for {
		loc := secNegationCue.FindStringIndex(rest)
		if loc == nil {
			b.WriteString(rest)
			return b.String()
		}
		b.WriteString(rest[:loc[0]])
		tail := rest[loc[1]:]
		end := secNegatedClauseEnd.FindStringIndex(tail)
		if end == nil {
			return b.String()
		}
		b.WriteByte(' ')
		rest = tail[end[0]:]
	}
}

// secCloudCLIWords are the names of command-line tools that act on a
// cloud account or cluster with the user's own credentials.
var secCloudCLIWords = []string{"gcloud", "gsutil", "aws", "az", "doctl", "flyctl", "heroku", "terraform", "tofu", "opentofu", "pulumi", "oci", "eksctl", "ibmcloud", "aliyun", "hcloud", "wrangler", "helm"}

// secCloudCLITalk is a description naming a cloud CLI's commands ("Executes
// a gcloud command", "runs AWS CLI commands", "any az subcommand").
// Its CLI names are secCloudCLIWords and BigQuery's bq, which the name
// list leaves out.
var secCloudCLITalk = regexp.MustCompile(`\b(?:` + strings.Join(secCloudCLIWords, "|") + `|bq)\s+(?:cli\s+)?(?:commands?|subcommands?|cli)\b` +
	`|\b(?:aws|azure|google\s+cloud|gcp|oracle\s+cloud|digitalocean|digital\s+ocean|ibm\s+cloud|alibaba\s+cloud|fly(?:\.io)?|heroku|hetzner(?:\s+cloud)?|cloudflare)\s+(?:cli|command[- ]line(?:\s+interface)?)\b`)

// secCloudCLI reports whether a surface runs commands of a cloud CLI: its
// name carries the CLI's name beside a run, command or CLI word, or its
// affirmative text names the CLI's commands.
func secCloudCLI(words []string, affirmative string) bool {
	if secHasWord(words, secCloudCLIWords...) && secHasWord(words, "run", "exec", "execute", "command", "commands", "cmd", "cli", "call", "invoke") {
		return true
	}
	return secCloudCLITalk.MatchString(affirmative)
}

// secServerRuntime is what a server's tools, taken together, attach to
// (a browser page, a debugged process, or neither) and the languages its
// own text says it evaluates (since revision 20).
type secServerRuntime struct {
	attach secAttach
	// langs are the languages some tool of the server says it evaluates,
	// executes or runs code in ("Evaluate raw Strudel/Tidal code",
	// "Execute GDScript inside the running game"), each between spaces:
	// " strudel tidal gdscript ".
	langs string
}

// secAttach is what a server's tools attach to.
type secAttach int

const (
	runtimeUnknown secAttach = iota
	runtimeBrowser
	runtimeDebugger
)

// secBrowserToolWords and secDebuggerToolWords are name words of the tools
// of a browser automation server and of a debugger server.
var (
	secBrowserToolWords  = []string{"browser", "navigate", "goto", "puppeteer", "playwright", "webview", "screenshot", "click"}
	secDebuggerToolWords = []string{"breakpoint", "breakpoints", "debugger", "dbg", "gdb", "lldb", "stepover", "stepinto", "stepout"}
	secDebuggerTalk      = regexp.MustCompile(`\bdebugg(?:er|ed|ee)\b|\bbreakpoints?\b|\bstep\s+(?:over|into|out)\b`)
	// secDebuggeeTalk is a tool evaluating where a debugger stopped: "in
	// the current context", "in the paused frame".
	secDebuggeeTalk = regexp.MustCompile(`\b(?:current|paused|selected|top)\s+(?:execution\s+|stack\s+)?(?:context|frame|scope)\b|\bpaused\b|\bdebugg(?:ed|ee)\b`)
)

// secRuntimeOf reads, from every tool of a server and its instructions,
// the runtime its tools attach to: a browser automation server drives a
// page; a debugger server (breakpoints, stepping, a debugged process)
// drives the process it attaches to. A browser wins when a server is
// both (a page's debugger evaluates in the page).
func secRuntimeOf(facts []secTool, instructions string) secServerRuntime {
	return secServerRuntime{attach: secAttachOf(facts, instructions), langs: secEvaluatedLangs(facts)}
}

// secAttachOf reads what a server's tools attach to (secRuntimeOf).
func secAttachOf(facts []secTool, instructions string) secAttach {
	browser, debugger := 0, 0
	for _, f := range facts {
		w := f.words
		if secHasWord(w, secBrowserToolWords...) {
			browser++
		}
		if secHasWord(w, secDebuggerToolWords...) || secSteps(w) || secDebuggerTalk.MatchString(f.desc) {
			debugger++
		}
	}
	folded, _ := secFold(instructions)
	switch {
	case browser >= 2 || secReachBrowserServer.MatchString(folded):
		return runtimeBrowser
	case debugger >= 2 || secDebuggerTalk.MatchString(folded):
		return runtimeDebugger
	}
	return runtimeUnknown
}

// secSteps reports whether a tool's name steps through code: "step"
// followed by over, into or out (step_over, debugger_step_into).
func secSteps(words []string) bool {
	for i := 0; i+1 < len(words); i++ {
		if words[i] == "step" && secHasWord(words[i+1:i+2], "over", "into", "out") {
			return true
		}
	}
	return false
}

// secReachBrowserServer is server instructions that present a browser
// automation server.
var secReachBrowserServer = regexp.MustCompile(`\b(?:browser\s+automation|puppeteer|playwright|headless\s+(?:browser|chrome))\b`)

// secSQLLikeTalk is a description of a query dialect that is not SQL
// itself: "using SQL-like syntax", "its own query language".
var secSQLLikeTalk = regexp.MustCompile(`\bsql[- ]like\b|\bsql[- ]style\b|\bsubset\s+of\s+sql\b|\bquery\s+(?:language|syntax)\b`)

// secWritableDialect names query languages that have write statements
// even where they look like SQL (CQL, N1QL, InfluxQL, Cypher, SPARQL
// Update, GraphQL mutations, Gremlin).
var secWritableDialect = regexp.MustCompile(`\b(?:cql|cassandra|scylla|n1ql|sql\+\+|couchbase|influxql|influx|cypher|neo4j|sparql|graphql|mutations?|gremlin|dml|ddl)\b`)

// secWriteStatement is a write statement, or a list offering one, in a
// tool's text: "INSERT INTO", "UPDATE t SET", "DELETE FROM", "DROP
// TABLE", "supports INSERT, UPDATE".
var secWriteStatement = regexp.MustCompile(`\binsert\s+into\b|\bupdate\s+\S+\s+set\b|\bdelete\s+from\b|\b(?:drop|alter|create|truncate)\s+(?:table|index|view|database|schema|collection)\b|\bmerge\s+into\b|\bupsert\b|\b(?:insert|update|delete)\s*(?:,|/|\band\b|\bor\b)\s*(?:insert|update|delete|select)\b|\b(?:select|insert|update)\s*(?:,|/)\s*(?:insert|update|delete)\b|\bwrite\s+(?:queries|statements)\b`)

// secSelectExample is a SELECT statement shown in a tool's text.
var secSelectExample = regexp.MustCompile(`\bselect\s+(?:\*|\w+|count\s*\()[^.;]{0,80}?\bfrom\b`)

// secSQLEngineTalk names a SQL database engine, or SQL itself as the
// language: its "query syntax" is SQL, which writes.
var secSQLEngineTalk = regexp.MustCompile(`\b(?:postgres(?:ql)?|mysql|mariadb|sqlite|sql\s+server|mssql|t-sql|pl/sql|oracle\s+database|bigquery|snowflake|redshift|duckdb|clickhouse|databricks|standard\s+sql|ansi\s+sql)\b|\bsql\s+(?:quer(?:y|ies)|statements?|commands?)\b`)

// secReadsOnlyLanguage reports whether a query tool takes a dialect that
// has no write statements: its text calls it a SQL-like syntax or a query
// language of its own (not SQL, and not one of the dialects that write),
// shows SELECT statements, and offers no write statement anywhere in the
// tool's description or its parameters' descriptions.
func secReadsOnlyLanguage(t *model.Tool, desc string) bool {
	text := desc
	for _, p := range secDeepParams(t) {
		text += " " + p.desc()
	}
	if !secSQLLikeTalk.MatchString(text) || secWritableDialect.MatchString(text) || secWriteStatement.MatchString(text) || secSQLEngineTalk.MatchString(text) {
		return false
	}
	// Since revision 21: a language the tool's own text gives a reading
	// purpose ("a SQL-style query language for analyzing runs and
	// metrics", "an analytics query language", "read-only") reads as
	// well as one shown by its SELECT examples, when no verb of a write
	// to data appears anywhere in the tool's text.
	return secSelectExample.MatchString(text) || secAnalysisLanguageTalk.MatchString(text) && !secDataWriteVerb.MatchString(text)
}

// secAnalysisLanguageTalk is a query language's text giving it a reading
// purpose: "for analyzing", "to analyse", "analytics", "for reporting",
// "read-only".
var secAnalysisLanguageTalk = regexp.MustCompile(`\b(?:for|to)\s+(?:analy[sz](?:e|ing)|explor(?:e|ing)|report(?:ing)?\s+on|inspect(?:ing)?|aggregat(?:e|ing))\b|\banalytics?\b|\bread[- ]only\b`)

// secDataWriteVerb is a verb of a write to data anywhere in a tool's
// text ("insert", "updates", "deleting", "mutate"): a query language
// whose tool says any of them is not read as one that only reads. The
// model "writing a query" is no write to data, so "write" is not one.
var secDataWriteVerb = regexp.MustCompile(`\b(?:insert|update|delete|modify|modifie|mutate|drop|alter|truncate|upsert|remove|overwrite|create)(?:s|d|es|ing)?\b`)

// secStartCommandTalk is a parameter description of the command a
// service, application or container runs when it starts: "Command to run
// the application", "Custom command to run the PostgreSQL database",
// "start command", "entrypoint".
var secStartCommandTalk = regexp.MustCompile(`\b(?:to|that)\s+(?:run|start|launch|boot)s?\s+(?:the|this|your|a|an|each)\s+(?:[\w.-]+\s+){0,3}?(?:app|apps|application|applications|service|services|container|containers|database|databases|db|server|process|instance|instances|worker|workers|job|image)\b|\b(?:start(?:up)?|entry\s*point|launch)\s+commands?\b|\bentrypoint\b`)

// secConfigVerbs open the name of a tool that stores a service's
// configuration rather than running anything now.
var secConfigVerbs = []string{"create", "update", "add", "set", "save", "edit", "configure", "upsert", "put", "patch", "modify"}

// secStoredStartCommand reports whether a surface's command parameter is
// the start command a tool stores in a service's configuration
// (Dokploy's application-update `command`: "Command to run the
// application"): the tool's name stores, not runs, its description says
// nothing of running, and the parameter says it is the command the
// service starts with. The platform runs it there, not the server's shell.
func secStoredStartCommand(t *model.Tool, facts secTool, param string) bool {
	if param == "" || !secHasWord(facts.words, secConfigVerbs...) ||
		secHasWord(facts.words, "run", "exec", "execute", "eval", "shell", "terminal", "ssh") {
		return false
	}
	if secRunsTalk.MatchString(facts.affirmative) {
		return false
	}
	_, pd := secResolvedParam(secIndexParams(t), param)
	return secStartCommandTalk.MatchString(pd)
}

// reachBrowserAgent is the reach of an agent that acts in a browser.
const reachBrowserAgent = "an agent acting in a browser on the model's free-text task (it navigates, signs in, fills and submits forms as it decides)"

// secAutonomousTalk is a tool or task description that says an agent or a
// model carries out a task by itself: "autonomously execute browser
// tasks", "a browser automation agent", "the task to perform".
var secAutonomousTalk = regexp.MustCompile(`\bautonomous(?:ly)?\b|\b(?:automation|computer[- ]use|browser|web)\s+agents?\b|\bagents?\s+(?:that|which|to)\s+(?:acts?|performs?|executes?|carr(?:y|ies)\s+out|completes?|navigates?|browses?)\b`)

// secTaskToPerform is a parameter description of a task that something
// carries out: "The task to perform inside the browser", "what the agent
// should do".
var secTaskToPerform = regexp.MustCompile(`\b(?:tasks?|goals?|instructions?)\s+(?:(?:for|that)\s+(?:the\s+)?(?:agent|model|assistant)\s+)?(?:to|should|will)\s+(?:perform|execute|carry\s+out|complete|accomplish|do)\b|\b(?:agent|model|assistant)\s+(?:should|will|must)\s+(?:do|perform|complete|accomplish)\b`)

// secAutonomousRun is a description saying something carries out tasks by
// itself: "autonomously execute browser tasks", "autonomously completes
// the goal".
var secAutonomousRun = regexp.MustCompile(`\bautonomous(?:ly)?\s+(?:[\w-]+\s+){0,2}?(?:execut|perform|complet|carr(?:y|ies)\s+out|accomplish|navigat|brows|acts?\b)`)

// secBrowserWords are words of a tool that acts in a browser or drives a
// computer.
var secBrowserWords = regexp.MustCompile(`\b(?:browser|browsers|web\s+pages?|websites?|computer[- ]use|desktop)\b`)

// secBrowserAgent is a tool that hands a free-text task to an autonomous
// agent acting in a browser or on a computer (a browser-automation or
// computer-use agent): what the agent does (logins, registrations, form
// submissions) is decided from the task the model writes.
func secBrowserAgent(t *model.Tool, facts secTool) secExecSurface {
	name := secFreeTextParam(t, "task", "goal", "instruction", "instructions", "prompt")
	if name == "" {
		return secExecSurface{}
	}
	pd := secParamDesc(t, name)
	nameSays := secHasWord(secIdentifierWords(t.Name), "agent", "agents")
	if !nameSays && !secAutonomousTalk.MatchString(facts.desc) {
		return secExecSurface{}
	}
	if !secBrowserWords.MatchString(facts.desc+" "+pd+" "+strings.Join(facts.words, " ")) || !secTaskToPerform.MatchString(pd) && !secAutonomousRun.MatchString(facts.desc) {
		return secExecSurface{}
	}
	return secExecSurface{why: fmt.Sprintf("it hands the `%s` it is given to an agent that carries it out in a browser by itself", name), reach: reachBrowserAgent, real: true}
}

// secReadOnlyWords are "read-only" in languages the folded description
// cannot keep (its non-ASCII letters are folded away): Chinese, Japanese,
// Korean, Spanish, French, German, Portuguese, Italian.
var secReadOnlyWords = regexp.MustCompile(`只读|唯读|唯讀|読み取り専用|읽기\s*전용|\bs[oó]lo\s+(?:de\s+)?lectura\b|\blecture\s+seule\b|\bnur[- ]lesend\b|schreibgeschützt|\b(?:somente|apenas)\s+(?:de\s+)?leitura\b|\bsola\s+lettura\b`)

// secSaysReadOnlyRaw reports whether the tool's own text (description,
// title, or the description of a parameter) calls what it runs read-only
// in another language: "执行只读 SQL" limits a SQL tool to reads as
// "runs read-only SQL" does.
func secSaysReadOnlyRaw(t *model.Tool) bool {
	texts := []string{t.RawDescription, t.Title}
	for _, p := range secDeepParams(t) {
		d, _ := p.obj["description"].(string)
		texts = append(texts, d)
	}
	return secReadOnlyWords.MatchString(strings.ToLower(strings.Join(texts, "\n")))
}

// reachScriptFile is the reach of a tool that runs a script file the
// model names.
const reachScriptFile = "the script file it names, run on the server's host by its interpreter with the server's privileges (files and network included)"

// secRunsScriptTalk is a description that says the tool runs a script or
// program in an interpreted language: "Executes a PHP script", "runs the
// given Python file".
var secRunsScriptTalk = regexp.MustCompile(`\b(?:executes?|runs?|launch(?:es)?|invokes?)\s+(?:a|an|the|any|given|this)?\s*(?:given\s+)?(?:php|python|node(?:\.js)?|ruby|perl|bash|shell|powershell|lua|r|deno|bun)\s+(?:scripts?|files?|programs?)\b`)

// secScriptToolAfter is what follows "runs the shell script" when a tool
// runs a checker of scripts, not the script: "runs the shell script
// linter".
var secScriptToolAfter = regexp.MustCompile(`^\s+(?:linters?|checkers?|formatters?|analy[sz]\w*|validators?)\b`)

// secScriptFile is a tool that runs, with its language's interpreter, a
// script file whose path the model gives: the model picks the code that
// runs, and anything that can write that path writes it.
func secScriptFile(t *model.Tool, facts secTool) secExecSurface {
	loc := secRunsScriptTalk.FindStringIndex(facts.desc)
	if secOnlyTransforms(facts) || loc == nil || secScriptToolAfter.MatchString(facts.desc[loc[1]:]) {
		return secExecSurface{}
	}
	for _, pn := range t.ParamNames() {
		w := secIdentifierWords(pn)
		if !secHasWord(w, "script", "file", "program") || len(w) > 1 && !secHasWord(w, "path", "file", "name") {
			continue
		}
		obj, _ := t.Params()[pn].(map[string]any)
		if obj == nil || !secIsFreeText(obj) {
			continue
		}
		return secExecSurface{why: fmt.Sprintf("it runs the script its `%s` names with the language's interpreter", pn), reach: reachScriptFile, real: true}
	}
	return secExecSurface{}
}

// Reaches read since SEC011 revision 11 (issue 21, ninth audit): commands
// go where the text says they go. A command sent through an API to a
// remote system (a mainframe's TSO or console, a router, a managed host)
// runs there, not in a shell on the server's host; a shell on the host is
// named only when the text says shell, local or this machine.

// reachConnectedSystem is the reach of commands whose target the text
// does not name.
const reachConnectedSystem = reachCommandsPrefix + "the system the server connects to (its text names no target; a shell on the server's host only if it runs them locally)"

// secLocalShellTalk is a description placing the commands it runs on the
// server's own machine: a shell, a local or child process, this machine.
var secLocalShellTalk = regexp.MustCompile(`\b(?:shell|bash|zsh|powershell|cmd\.exe|terminal|subprocess|child\s+process|local(?:ly)?|this\s+(?:[\w-]+\s+)?(?:machine|computer|host|box|system|mac|pc|workstation|laptop)|(?:your|the\s+user's)\s+(?:own\s+)?(?:machine|computer|mac|pc|workstation|laptop))\b`)

// The reaches secCommandReach and secBatchJob build around the target the
// text names open with these words; reachRunsOnTarget reads them back.
const (
	reachCommandsPrefix = "commands run on "
	reachBatchPrefix    = "a batch job on "
)

// reachRunsOnTarget reports whether a reach is commands or a batch job run
// on a system the server connects to (named or not), code run through
// an application's plugin API on its open documents, or any tool of
// another server a proxy calls by name: they destroy there as a shell
// would.
func reachRunsOnTarget(reach string) bool {
	return strings.HasPrefix(reach, reachCommandsPrefix) || strings.HasPrefix(reach, reachBatchPrefix) || reach == reachPlugin || strings.HasPrefix(reach, reachProxyPrefix)
}

// secRemoteTargetTalk is a description naming the remote system commands
// run on: "on the z/OS system", "against the router", "to each device".
var secRemoteTargetTalk = regexp.MustCompile(`\b(?:on|against|to|in)\s+((?:the|a|an|your|each|every|any|one|all|remote|target|connected|managed)\s+(?:[\w/.-]+\s+){0,3}?(?:systems?|mainframes?|routers?|switch(?:es)?|devices?|firewalls?|appliances?|servers?|hosts?|consoles?|nodes?|clusters?|instances?|vms?|machines?|lpars?|controllers?))\b`)

// secCommandReach is the reach of a tool that runs commands: a shell on
// the server's host when its name or affirmed text says shell, local or
// this machine; the remote system the text names ("on the z/OS system")
// otherwise; or, when it names none, the system the server connects to.
func secCommandReach(words []string, affirmative string) string {
	if secHasWord(words, "shell", "bash", "zsh", "powershell", "terminal", "subprocess", "local") || secLocalShellTalk.MatchString(affirmative) {
		return reachLocalShell
	}
	if target := secRemoteTarget(affirmative); target != "" {
		return reachCommandsPrefix + target + ", the remote system the server sends them to (not a shell on the server's host)"
	}
	return reachConnectedSystem
}

// secRemoteTarget returns the remote system a description says commands
// run on ("the z/os system"), or "" when it names none or only a bare
// "the server" or "the host" (which may be the server's own).
func secRemoteTarget(affirmative string) string {
	for _, m := range secRemoteTargetTalk.FindAllStringSubmatch(affirmative, -1) {
		target := strings.Join(strings.Fields(m[1]), " ")
		switch target {
		case "the server", "the host", "the machine", "a server", "a host", "a machine", "the system", "a system":
			continue
		}
		return target
	}
	return ""
}

// Surfaces read since SEC011 revision 11 (issue 21, ninth audit): a
// batch job submitted to run, keyboard and mouse control of the user's
// desktop, an installer that runs a package or registers a directory as
// a server, and a run of a local project (a game, an app).

// More reaches of the surfaces read here.
const (
	reachDesktop   = "every application open on the user's desktop: it types, presses key combinations and clicks anywhere on the screen as the user (terminals and signed-in browsers included)"
	reachInstaller = "code from a package registry or the directory it names, which is installed and started on the user's machine with the user's privileges"
	reachRunProj   = "the project it names: its scripts and code run on the user's machine with the user's privileges"
)

// secBatchJobTalk is a description of a batch job that runs: "Submit a JCL
// member to run on z/OS", "executes a batch job", "submits the job script
// to the scheduler".
var secBatchJobTalk = regexp.MustCompile(`\bjcl\b|\bbatch\s+jobs?\b|\bjob\s+(?:scripts?|files?|definitions?|decks?|streams?)\b|\bjobs?\b[^.;]{0,40}?\b(?:to\s+(?:run|execute)|runs?|executes?|executed)\b|\b(?:runs?|executes?)\s+(?:a|an|the|this)?\s*(?:[\w-]+\s+){0,2}?jobs?\b|\bsbatch\b|\bqsub\b`)

// secJobReadWords open the name of a tool that only looks at or stops a
// job: its output, status, spool files, or a cancel.
var secJobReadWords = []string{"get", "list", "read", "view", "show", "status", "output", "outputs", "spool", "log", "logs", "cancel", "purge", "delete", "stop", "kill", "describe", "search", "find", "watch", "wait", "download", "fetch", "result", "results"}

// secBatchJob is a tool that submits a batch job to run (JCL from a
// dataset or text, a job script): what the job runs is whatever the
// JCL or script the model names says, with the submitter's authority.
func secBatchJob(t *model.Tool, facts secTool) secExecSurface {
	w := facts.words
	if !secHasWord(w, "submit", "enqueue", "queue", "sbatch", "qsub") || !secHasWord(w, "job", "jobs", "jcl", "batch") && !secHasWord(w, "sbatch", "qsub") ||
		secHasWord(w, secJobReadWords...) || secOnlyTransforms(facts) || secNoRunTalk.MatchString(facts.desc) {
		return secExecSurface{}
	}
	if !secBatchJobTalk.MatchString(facts.desc) {
		return secExecSurface{}
	}
	name := secFreeTextParam(t, "jcl", "script", "dataset", "member", "file", "path", "content", "body", "source", "command", "commands", "definition", "spec", "text")
	if name == "" {
		return secExecSurface{}
	}
	where := "the system the server connects to"
	if target := secRemoteTarget(facts.affirmative); target != "" {
		where = target
	}
	return secExecSurface{why: fmt.Sprintf("it submits the job its `%s` names, which runs whatever its JCL or script says", name),
		reach: reachBatchPrefix + where + ", running whatever its JCL or script says with the submitter's authority (delete, overwrite and run programs included)", real: true}
}

// secDesktopTalk is a description of control over the user's desktop:
// its keyboard, mouse, screen or GUI.
var secDesktopTalk = regexp.MustCompile(`\b(?:mouse|keyboard|desktop|gui|cursor|screen|computer\s+control|control\s+(?:the|a|your)\s+computer)\b`)

// secTypeActions are actions (or name words) that type text or press keys.
var secTypeActions = []string{"type", "key", "keys", "keypress", "press", "hotkey", "typing", "keyboard", "write"}

// secDesktopControl is a tool that types text and presses key combinations
// on the user's desktop (an action enum with type or key, or a tool named
// for typing, on a tool that talks of the keyboard, mouse or screen): it
// reaches every application open there, a terminal included. A browser
// page's own typing is the page's reach, read elsewhere.
func secDesktopControl(t *model.Tool, facts secTool) secExecSurface {
	if !secDesktopTalk.MatchString(facts.desc) || secInputIntoProgram(facts) || secReachBrowser.MatchString(facts.desc) && !strings.Contains(facts.desc, "desktop") ||
		secHasWord(facts.words, "browser", "page", "tab", "puppeteer", "playwright", "webview") || facts.runtime.attach == runtimeBrowser || secTargetsElement(t) {
		return secExecSurface{}
	}
	typed := ""
	for _, av := range preciseActionValues(t) {
		if vw := secIdentifierWords(av.value); len(vw) > 0 && secHasWord(vw[:1], secTypeActions...) {
			typed = av.param
		}
	}
	if typed == "" && secHasWord(facts.words, secTypeActions...) {
		typed = secFreeTextParam(t, "text", "keys", "key", "combo", "combination", "shortcut", "string", "input")
	}
	if typed == "" || secFreeTextParam(t, "text", "keys", "key", "combo", "combination", "shortcut", "string", "input", "value") == "" {
		return secExecSurface{}
	}
	return secExecSurface{why: fmt.Sprintf("its `%s` types text and presses keys the model chooses on the user's desktop", typed), reach: reachDesktop, real: true}
}

// secInputIntoProgramTalk is a description that injects or sends input
// into a program it names, a game, an engine, an emulator, a simulator or
// a virtual machine ("Inject input into a running Godot game", "sends key
// events to the emulator"): its keys land in that program's input, not on
// the user's desktop.
var secInputIntoProgramTalk = regexp.MustCompile(`\b(?:inject|send|deliver|dispatch|simulat|feed|forward|post)\w*\s+(?:(?:the|a|an|synthetic|simulated|virtual|fake)\s+)?(?:[\w-]+\s+){0,3}?(?:inputs?|input\s+events?|events?|keys?|keystrokes?|key\s+presses|actions?)\s+(?:in)?to\s+(?:(?:the|a|an|your)\s+)?(?:(?:running|launched|open|active|focused|live)\s+)?(?:[\w.-]+\s+){0,2}?(?:games?|engines?|emulators?|simulators?|vms?|virtual\s+machines?)\b`)

// secInputIntoProgram reports whether a tool's affirmed text places the
// input it injects in a program it names rather than on the desktop: the
// reach comes from what the tool says it drives.
func secInputIntoProgram(facts secTool) bool {
	return secInputIntoProgramTalk.MatchString(facts.affirmative) && !strings.Contains(facts.affirmative, "desktop")
}

// secTargetsElement reports whether a tool aims its input at a page, tab,
// element or window it names (`pageId`, `selector`, `ref`, `element`):
// its typing lands there, not anywhere on the desktop.
func secTargetsElement(t *model.Tool) bool {
	for _, p := range secDeepParams(t) {
		if pw := secIdentifierWords(p.name); secHasWord(pw, "page", "tab", "selector", "element", "ref", "xpath", "locator", "frame") {
			return true
		}
	}
	return false
}

// secPackageRunnerTalk names a command that fetches a package and runs it
// (npx, uvx, pipx run, bunx, dlx) or installs one (pip, npm, cargo).
var secPackageRunnerTalk = regexp.MustCompile(`\b(?:npx|uvx|pipx|bunx|dlx|pip3?|npm|pnpm|yarn|uv|cargo|gem|docker\s+run)\b`)

// secServerTalk is a description of an MCP server, a plugin or an
// extension: what a client starts and runs.
var secServerTalk = regexp.MustCompile(`\b(?:mcp\s+servers?|servers?|plugins?|extensions?)\b`)

// secRegistersServerTalk is a description that installs, registers or
// adds a server (an MCP server) for a client to start.
var secRegistersServerTalk = regexp.MustCompile(`\b(?:install|register|add|configure)\w*\s+(?:an?\s+|the\s+|your\s+)?(?:[\w.-]+\s+){0,3}?(?:mcp\s+)?servers?\b`)

// reachPluginInstall is where an installed plugin's code runs.
const reachPluginInstall = "the site or application it installs into: the plugin's code, from a registry or any URL or ZIP the model gives, runs there with its privileges"

// secInstallURLTalk is a parameter description admitting any URL or
// archive: code of the model's choosing. A registry's slug alone names a
// reviewed package and is not read.
var secInstallURLTalk = regexp.MustCompile(`\b(?:urls?|zip|download\s+link|archive)\b`)

// secInstaller is a tool that installs and registers a server, plugin or
// package from a registry (by npx, uvx, pip) or from a local directory, so
// that a client starts it: the code it names runs on the user's machine.
func secInstaller(t *model.Tool, facts secTool) secExecSurface {
	w := facts.words
	if !secHasWord(w, "install", "installs", "register", "add", "setup") || secHasWord(w, "list", "get", "uninstall", "remove", "search", "check", "status") ||
		secOnlyTransforms(facts) {
		return secExecSurface{}
	}
	if secHasWord(w, "install", "installs") && secHasWord(w, "plugin", "plugins", "extension", "extensions", "theme", "themes", "addon", "addons", "module", "modules") {
		// install_plugin(slug_or_url): "from WordPress.org or a ZIP URL":
		// the plugin's code runs in the site or application it lands in.
		for _, p := range secDeepParams(t) {
			pw := secIdentifierWords(p.name)
			if len(pw) == 0 || !secIsFreeText(p.obj) {
				continue
			}
			pd := p.desc()
			if secHasWord(pw, "url", "uri", "zip", "link") || secInstallURLTalk.MatchString(pd) {
				return secExecSurface{why: fmt.Sprintf("it installs the plugin or extension its `%s` names (from a registry or any URL), whose code then runs", p.name), reach: reachPluginInstall, real: true}
			}

		}
	}
	if !secServerTalk.MatchString(facts.desc) && !secHasWord(w, "server", "plugin", "extension") {
		return secExecSurface{}
	}
	if secPackageRunnerTalk.MatchString(facts.affirmative) {
		if name := secFreeTextParam(t, "name", "package", "pkg", "repo", "repository", "url", "source", "command", "spec"); name != "" {
			return secExecSurface{why: fmt.Sprintf("it installs and starts the package its `%s` names", name), reach: reachInstaller, real: true}
		}
	}
	if !secHasWord(w, "local") && !strings.Contains(facts.desc, "local") || !secHasWord(w, "server", "servers") && !secRegistersServerTalk.MatchString(facts.affirmative) {
		// A directory becomes a server a client starts only when the tool
		// says so: patching a tool's config files in a directory
		// (figma_ds_setup_storybook) registers nothing.
		return secExecSurface{}
	}
	for _, p := range secDeepParams(t) {
		pw := secIdentifierWords(p.name)
		if len(pw) == 0 || !secIsFreeText(p.obj) || !secHasWord(pw[len(pw)-1:], "path", "dir", "directory", "folder") {
			continue
		}
		return secExecSurface{why: fmt.Sprintf("it registers the code in the directory its `%s` names as a server the client will start", p.name), reach: reachInstaller, real: true}
	}
	return secExecSurface{}
}

// secProjectObjects are name words of a local project whose code runs
// when it is run: a game, an app, a scene.
var secProjectObjects = []string{"project", "game", "app", "application", "scene"}

// secElsewhereTalk is text placing a run on another machine: a cloud, a
// device or emulator, an upload.
var secElsewhereTalk = regexp.MustCompile(`\b(?:cloud|upload\w*|remote(?:ly)?|hosted|devices?|emulators?|simulators?)\b`)

// secRunProject is a tool that runs, plays or launches a local project (a
// game engine's project, an app) the model points it at: the project's
// scripts run on the user's machine.
func secRunProject(t *model.Tool, facts secTool) secExecSurface {
	w := facts.words
	verb := -1
	for i, x := range w {
		if secHasWord([]string{x}, "run", "play", "launch", "start", "debug") {
			verb = i
			break
		}
	}
	if verb < 0 || !secHasWord(w[verb+1:], secProjectObjects...) || secRemoteReport.MatchString(facts.desc) || secNoRunTalk.MatchString(facts.desc) || secElsewhereTalk.MatchString(facts.desc) {
		return secExecSurface{}
	}
	for _, p := range secDeepParams(t) {
		pw := secIdentifierWords(p.name)
		if len(pw) < 1 || !secIsFreeText(p.obj) || !secHasWord(pw[len(pw)-1:], "path", "dir", "directory", "folder", "root") {
			continue
		}
		if pd := p.desc(); strings.Contains(pd, "url") || secElsewhereTalk.MatchString(pd) || !secHasWord(pw, secProjectObjects...) && !secPathTalk.MatchString(pd) {
			continue
		}
		return secExecSurface{why: fmt.Sprintf("it runs the local project its `%s` points at, whose scripts execute", p.name), reach: reachRunProj, real: true}
	}
	return secExecSurface{}
}

// Readings since SEC011 revision 12 (issue 21, tenth audit): a tool that
// starts another agent's CLI with command-line arguments the model
// chooses, and a multiplexed tool whose operations both write a script
// and run what holds it.

// Reaches of the surfaces read since revision 12.
const (
	reachAgentLaunch = "another agent's CLI, started with command-line arguments the model chooses (permission flags included)"
	reachOpsScript   = "the platform that runs the scripts and code the model writes through the tool's own operations"
)

// secLaunchTalk is a description (or name) that starts, spawns or opens
// something: English, German, French and Spanish verbs.
var secLaunchTalk = regexp.MustCompile(`\b(?:creates?|spawns?|launch(?:es)?|starts?|opens?|runs?|new|startet|erstellt|lance|démarre|cr[ée]e|inicia|lanza|crea)\b`)

// secLaunchedAgent names an agent, worker or coding CLI that a tool can
// start as a process.
var secLaunchedAgent = regexp.MustCompile(`\b(?:agents?|agenten|agente|agentes|workers?|sub-?agents?|cli|claude(?:\s+code)?|codex|aider|gemini|opencode|goose|cursor-agent)\b`)

// secProcessPlace is where such a process runs: a terminal, a tmux or
// screen pane or window, a subprocess, the command line.
var secProcessPlace = regexp.MustCompile(`\b(?:tmux|pane|panes|terminal|terminals|screen|subprocess|process|command[- ]line|cli|shell|fenster|ventana|fenêtre)\b|\b(?:claude\s+code|codex|aider|opencode|cursor-agent)\b`)

// secArgsParams carry a process's command-line arguments.
var secArgsParams = []string{"args", "arguments", "argv", "flags", "cliargs", "cli_args", "extraargs", "extra_args"}

// secArgsElsewhere is an arguments description that places them in a
// function call, template, tool call or query, not on a command line.
var secArgsElsewhere = regexp.MustCompile(`\b(?:function|method|template|tool|query|json|payload|prompt)\b`)

// secArgsOwnerTalk is an arguments description naming whose arguments
// they are: "Optional arguments for the skill", "arguments passed to the
// recipe", "the macro's arguments". Group 1 holds up to three words
// after the determiner, group 2 the possessor.
var secArgsOwnerTalk = regexp.MustCompile(`\b(?:arguments|args|parameters|params|flags)\s+(?:to\s+pass\s+)?(?:for|to|of|passed\s+to|given\s+to|forwarded\s+to)\s+(?:the|this|that|each|a|an|your)\s+((?:[\w-]+\s*){1,3})|\b(?:the|this|that|a|an)\s+([\w-]+)'s\s+(?:arguments|args|parameters|flags)\b`)

// secLaunchedNouns name what is started as a process: arguments for one
// of these are command-line arguments.
var secLaunchedNouns = regexp.MustCompile(`^(?:agents?|sub-?agents?|cli|clis|process|processes|command|commands|binary|binaries|program|programs|executable|executables|worker|workers|claude|codex|aider|gemini|opencode|goose|shell|terminal|session|sessions|tmux|pane)$`)

// secArgsOfOther reports whether an arguments description says they are
// the arguments of something that is not started as a process (a skill,
// a recipe, a macro, a template): the tool passes them to that thing,
// not to an agent's command line (Since revision 21).
func secArgsOfOther(pd string) bool {
	m := secArgsOwnerTalk.FindStringSubmatch(strings.ToLower(pd))
	if m == nil {
		return false
	}
	// Any of the words after the determiner may be the owner ("the
	// coding agent", "the skill"): one that is started as a process
	// keeps the reading.
	for _, w := range strings.Fields(m[1] + " " + m[2]) {
		if secLaunchedNouns.MatchString(w) {
			return false
		}
	}
	return true
}

// secAgentLaunch is a tool that starts another agent (a coding CLI) as a
// process in a terminal or pane with free command-line arguments the
// model writes: those flags can turn its permission checks off
// ("Create a new agent in a new tmux pane" with `args: string[]`).
func secAgentLaunch(t *model.Tool, facts secTool) secExecSurface {
	text := strings.Join(facts.words, " ") + " " + facts.affirmative
	if !secLaunchTalk.MatchString(text) || !secLaunchedAgent.MatchString(text) || !secProcessPlace.MatchString(text) {
		return secExecSurface{}
	}
	for _, p := range secDeepParams(t) {
		if !secIsFreeTextOrList(p.obj) || !slices.Contains(secArgsParams, strings.ToLower(p.name)) {
			continue
		}
		if pd := p.desc(); secArgsElsewhere.MatchString(pd) || secArgsOfOther(pd) {
			continue
		}
		return secExecSurface{why: fmt.Sprintf("it starts another agent's CLI with the free command-line arguments `%s` the model writes", p.name), reach: reachAgentLaunch, real: true}
	}
	return secExecSurface{}
}

// secOpsList is an operation list in a description ("Scenario ops:
// list/run/status/get/create/update/delete", "Actions: create, run").
var secOpsList = regexp.MustCompile(`\b(?:ops|operations?|actions?|modes?|commands?|operationen|aktionen|opérations|operaciones)\s*:\s*([\w\s/,|-]+)`)

// secScriptTalk says the tool's objects hold a script or code
// ("includeScript", "Python code"); a description is no script.
var secScriptTalk = regexp.MustCompile(`(?:\b|include|with)scripts?\b|\bskript\w*|\bcode\b|\bcódigo\b|\bpython\b|\bsql\b`)

// secOpsOf returns the operations a tool offers: the values of its
// operation parameter's enum and the entries of an operation list in its
// description, each split into words.
func secOpsOf(t *model.Tool, desc string) [][]string {
	var out [][]string
	for _, av := range preciseActionValues(t) {
		out = append(out, secIdentifierWords(av.value))
	}
	for _, m := range secOpsList.FindAllStringSubmatch(desc, -1) {
		for _, op := range strings.FieldsFunc(m[1], func(r rune) bool { return r == '/' || r == ',' || r == '|' || r == ' ' }) {
			out = append(out, secIdentifierWords(op))
		}
	}
	return out
}

// secMetadataWords name what an operation writes when it writes no code:
// labels, tags, a name, a title, a status, permissions.
var secMetadataWords = []string{"label", "labels", "tag", "tags", "name", "names", "title", "description", "status", "permissions", "acl", "owner", "metadata", "visibility", "priority"}

// secJobCommandKey is an example call in a description that passes a
// command, a script or an entrypoint ({"image": "python:3.12",
// "command": ["python", "-c", "..."]}).
var secJobCommandKey = regexp.MustCompile(`"(?:command|commands|cmd|script|entrypoint)"\s*:`)

// reachRemoteJob is where a job's command runs.
const reachRemoteJob = "the service's (often billed) compute, which runs the command, script or container image the model chooses as a job, with the account's access"

// secRemoteJob is a tool that runs jobs on a service's compute (a job
// platform, a cluster's batch queue) with the command, script or image the
// model gives: a command or script parameter, or, for a router whose
// arguments are an open object, an example call in its description that
// passes one. Reading a job's logs or status runs nothing.
func secRemoteJob(t *model.Tool, facts secTool) secExecSurface {
	w := facts.words
	if !secHasWord(w, "job", "jobs") || len(w) > 0 && secHasWord(w[:1], secJobReadWords...) || secOnlyTransforms(facts) || secNoRunTalk.MatchString(facts.desc) {
		return secExecSurface{}
	}
	runs := secHasWord(w, "run", "submit", "create", "start", "launch", "schedule")
	for _, op := range secOpsOf(t, facts.affirmative) {
		if len(op) > 0 && secHasWord(op, "run", "submit", "start", "launch", "uv") {
			runs = true
		}
	}
	if !runs {
		return secExecSurface{}
	}
	if name := secFreeTextParam(t, "command", "commands", "cmd", "script", "entrypoint"); name != "" {
		return secExecSurface{why: fmt.Sprintf("it runs a job with the command or script its `%s` gives", name), reach: reachRemoteJob, real: true}
	}
	if m := secJobCommandKey.FindString(facts.desc); m != "" {
		return secExecSurface{why: fmt.Sprintf("it runs a job with the command its arguments give (its description's example passes %s)", strings.TrimSpace(strings.TrimSuffix(m, ":"))), reach: reachRemoteJob, real: true}
	}
	return secExecSurface{}
}

// secOpsCodeWords name what holds code when an operation names its object
// (update_script, create_function).
var secOpsCodeWords = []string{"script", "scripts", "code", "source", "body", "definition", "content", "function", "functions", "program", "macro", "runbook", "automation", "flow", "workflow", "job", "task", "scenario", "hook", "snippet"}

// secOpsRunScript is a multiplexed tool whose operations both create or
// update its objects and run them, where its text says those objects
// hold a script or code ("Scenario ops: list/run/create/update ... use
// includeScript"): the run executes what the model wrote. Since revision
// 20 an operation that names its own object writes that object: it
// counts only when the object holds code (update_script), is the tool's
// own (create_runbook on manage_runbook) or is what the run operation
// runs; set_viewport_2d writes an editor's viewport.
func secOpsRunScript(t *model.Tool, facts secTool) secExecSurface {
	if !secScriptTalk.MatchString(facts.affirmative) {
		return secExecSurface{}
	}
	var runs string
	var runObj []string
	var writeOps [][]string
	for _, op := range secOpsOf(t, facts.affirmative) {
		if len(op) == 0 {
			continue
		}
		switch {
		case runs == "" && secHasWord(op[:1], "run", "execute", "exec", "trigger", "rerun", "ausführen", "exécuter", "ejecutar"):
			runs = strings.Join(op, " ")
			runObj = op[1:]
		case secHasWord(op[:1], "create", "update", "edit", "replace", "upsert", "write", "set", "save") && !secHasWord(op[1:], secMetadataWords...):
			// update-labels sets a job's labels: no script it runs.
			writeOps = append(writeOps, op)
		}
	}
	writes := ""
	for _, op := range writeOps {
		// set_viewport_2d writes the editor's viewport: an operation
		// that names its own object writes that object, not the code or
		// the tool's objects the run operation runs.
		if obj := op[1:]; len(obj) == 0 || secHasWord(obj, secOpsCodeWords...) || secHasWord(obj, facts.words...) || secHasWord(obj, runObj...) {
			writes = strings.Join(op, " ")
			break
		}
	}
	if runs == "" || writes == "" {
		return secExecSurface{}
	}
	return secExecSurface{why: fmt.Sprintf("its operation `%s` runs what its operation `%s` writes, a script or code", runs, writes), reach: reachOpsScript, real: true}
}

// Readings since SEC011 revision 14 (issue 21, twelfth audit): an
// expression a calculator evaluates as math, code run through a host
// application's plugin API, and a script registered on a site's pages.

// Reaches of the surfaces read since revision 14.
const (
	reachMath   = "nothing beyond its math evaluator: it computes the expression and returns the value"
	reachPlugin = "the documents open in the application whose plugin API the code runs in: it can read and change them"
)

// secReachPlugin is text saying code runs in a host application's plugin
// context or through its plugin API ("in Figma's plugin context", "via the
// plugin API").
var secReachPlugin = regexp.MustCompile(`\bplugin(?:'s)?\s+(?:context|api|sandbox|runtime|environment|scope)\b|\b(?:as|inside|within)\s+(?:an?\s+|the\s+)?plugin\b`)

// secMathTalk names math: a calculator, an arithmetic or mathematical
// expression, a formula (English, French, German, Spanish, Chinese).
var secMathTalk = regexp.MustCompile(`\b(?:math|maths|mathematical|mathematics|arithmetic|arithmetical|calculator|calculates?|calculation|calc|mathjs|formula|formulas|equations?|numeric|numerical|math[ée]matiques?|mathematisch\w*|matem[áa]tic\w*|berechnet|calcule|calcula)\b|数学|计算|算式`)

// secCodeLanguageTalk is text that puts code of a programming language in
// an expression ("a Python expression", "JavaScript code").
var secCodeLanguageTalk = regexp.MustCompile(`\b(?:code|javascript|js|typescript|python|ruby|lua|bash|shell|node(?:\.js)?|script|program)\b`)

// secMathOnly reports whether the expression a tool evaluates is math: its
// parameter is an expression or formula, and the tool's name, description
// or the parameter's description speak of math and of no programming
// language ("Evaluate math expressions" with mathjs).
func secMathOnly(t *model.Tool, facts secTool, param string) bool {
	pw := secIdentifierWords(param)
	if len(pw) == 0 || !secHasWord(pw[len(pw)-1:], "expression", "expr", "formula", "equation") {
		return false
	}
	// The raw description too: folding turns "mathématique" and 数学
	// into placeholders.
	text := strings.Join(facts.words, " ") + " " + facts.desc + " " + strings.ToLower(t.RawDescription) + " " + secParamDesc(t, param)
	return secMathTalk.MatchString(text) && !secCodeLanguageTalk.MatchString(text)
}

// secSiteCodeTalk says a parameter carries code for a page: source code,
// JavaScript, an inline or custom script.
var secSiteCodeTalk = regexp.MustCompile(`\bsource\s+code\b|\bjavascript\b|\bjs\b|<script|\b(?:inline|custom|tracking)\s+(?:script|code)s?\b`)

// secSiteScript is a tool that adds, registers or injects a script or
// custom code into a site's pages, header, footer or theme from a
// parameter that carries source code: it runs in every visitor's browser
// (add_inline_site_script with `sourceCode`, inject_footer_code).
func secSiteScript(t *model.Tool, facts secTool) secExecSurface {
	w := facts.words
	if !secHasWord(w, "add", "insert", "inject", "set", "update", "embed", "append", "register", "create", "upsert", "apply") ||
		!secHasWord(w, "script", "scripts", "js", "javascript", "snippet", "snippets", "code") ||
		!secHasWord(w, secSiteObjects...) || secHasWord(w, "get", "list", "read", "search", "find", "validate", "lint", "check", "analyze", "delete", "remove", "preview") || secNoRunTalk.MatchString(facts.desc) {
		return secExecSurface{}
	}
	for _, p := range secSiteParams(t) {
		pw := secIdentifierWords(p.name)
		if len(pw) == 0 || !secIsFreeText(p.obj) || !secHasWord(pw[len(pw)-1:], "code", "source", "script", "js", "javascript", "snippet") {
			continue
		}
		if !secHasWord(pw, "code", "js", "javascript") && !secSiteCodeTalk.MatchString(secObjDesc(p.obj)) {
			continue
		}
		return secExecSurface{why: fmt.Sprintf("it adds the code its free-text parameter `%s` carries to the site's pages", p.name), reach: reachSiteVisitors, real: true}
	}
	return secExecSurface{}
}

// secObjDesc is the folded description of one parameter's schema: a
// nested parameter's own (secParamDesc finds a name among the top-level
// and union parameters only, and misses `request.sourceCode`).
func secObjDesc(obj map[string]any) string {
	d, _ := obj["description"].(string)
	folded, _ := secFold(d)
	return folded
}

// secSiteParams returns secDeepParams followed by the properties of each
// object parameter, one level down (webflow's `request.sourceCode`).
func secSiteParams(t *model.Tool) []secDeepParam {
	deep := secDeepParams(t)
	out := deep
	for _, p := range deep {
		props, _ := p.obj["properties"].(map[string]any)
		for _, name := range slices.Sorted(maps.Keys(props)) {
			if obj, _ := props[name].(map[string]any); obj != nil {
				out = append(out, secDeepParam{name, obj})
			}
		}
	}
	return out
}

// Readings since SEC011 revision 15 (issue 21, thirteenth audit): where a
// shell command runs when the server drives a phone, tablet or emulator;
// SQL a tool only explains or searches; a function named, not written;
// a debugger that launches or attaches to a program; and a tool that runs
// another agent with a switch that turns its approvals off.

// reachDevice is the reach of commands run through a device bridge (adb,
// hdc, an iOS simulator's shell): they run on the device, not the server's
// host. It opens with reachCommandsPrefix: such commands destroy there
// (uninstall apps, wipe data) as a shell would.
const reachDevice = reachCommandsPrefix + "the connected device (the phone, tablet, emulator or other device the server drives), not the server's host"

// secDeviceTalk is text placing commands on a mobile device or emulator:
// adb, hdc, an Android or iOS device, an emulator or simulator, a phone.
// Cisco's IOS alone is no device of this kind.
var secDeviceTalk = regexp.MustCompile(`\b(?:adb|hdc|android|harmonyos|emulators?|simulators?|avds?|emulad[oa]r(?:es)?|[ée]mulateurs?|(?:ios|mobile|usb|connected|attached)\s+(?:[\w-]+\s+)?devices?|iphones?|ipads?|(?:smart)?phones?|handsets?|tablets?)\b`)

// secDeviceWords are name and parameter words of a device bridge.
var secDeviceWords = []string{"adb", "hdc", "android", "emulator", "simulator", "udid", "avd", "iphone", "ipad", "phone"}

// secOnDevice reports whether a tool's commands run on a mobile device or
// emulator: its name or a parameter names the bridge or the device (adb,
// udid, emulator), or its affirmed text does.
func secOnDevice(t *model.Tool, words []string, affirmative string) bool {
	if secHasWord(words, secDeviceWords...) || secDeviceTalk.MatchString(affirmative) {
		return true
	}
	for _, pn := range t.ParamNames() {
		if secHasWord(secIdentifierWords(pn), "udid", "adb", "emulator", "simulator", "avd") {
			return true
		}
	}
	return false
}

// secAnalysisWords are name words of a tool that explains, reviews or
// reshapes SQL it is given rather than running it.
var secAnalysisWords = []string{"explain", "analyze", "analyse", "optimize", "optimise", "format", "formatter", "lint", "linter", "validate", "validator", "review", "beautify", "prettify", "translate", "convert", "document", "summarize", "summarise", "refactor", "rewrite", "improve", "describe", "parse", "parser", "suggest", "critique"}

// secAnalysisTalk is text that explains, analyses, reviews, optimises or
// reshapes SQL (English, Spanish, French, German, Portuguese): "Break down
// complex SQL queries into plain English", "SQL query to optimize".
var secAnalysisTalk = regexp.MustCompile(`\b(?:explain|analy[sz]|optimi[sz]|format|lint|validat|review|beautif|prettif|refactor|rewrit|improv|summari[sz]|critiqu|tun(?:e|es|ing)\b|suggest|recommend|break\s+down|plain\s+(?:english|language)|explica|analiza|optimiza|erkl[aä]r|optimier|analysier)\w*`)

// secDBTargetWords name a parameter that picks the database, connection
// or engine a statement runs on.
var secDBTargetWords = []string{"database", "databases", "db", "connection", "conn", "dsn", "datasource", "warehouse", "cluster", "instance", "host", "server", "dataset", "catalog", "engine", "uri", "url", "endpoint", "session"}

// secOnlyAnalysesSQL reports whether a tool that takes SQL only explains,
// reviews, optimises or formats it: no parameter names a database or
// connection for it to run on, nothing in its name, text or the SQL
// parameter's description says it runs, and its name, text or that
// parameter says analysis ("SQL query to explain", ai_sql_optimize). A
// tool with a database_id that explains a query plan is not read here.
func secOnlyAnalysesSQL(t *model.Tool, facts secTool, param string) bool {
	if param == "" {
		return false
	}
	for _, pn := range t.ParamNames() {
		if secHasWord(secIdentifierWords(pn), secDBTargetWords...) {
			return false
		}
	}
	pd := secParamDesc(t, param)
	if secHasWord(facts.words, "run", "execute", "exec", "query", "submit") || secRunClaim.MatchString(facts.desc) || secParamRunsTalk.MatchString(pd) || secRunsTalk.MatchString(pd) {
		return false
	}
	return secHasWord(facts.words, secAnalysisWords...) || secAnalysisTalk.MatchString(facts.desc+" "+pd)
}

// secNamesFunctionTalk is a parameter description saying a `function`
// parameter carries a function's name, not its code: "break on entry to
// this function", "symbol name", "name of the method to trace".
var secNamesFunctionTalk = regexp.MustCompile(`\b(?:symbol|function|method)(?:'s)?\s+names?\b|\bnames?\s+of\s+(?:the\s+|a\s+)?(?:function|method|symbol)s?\b|\bby\s+(?:symbol\s+|its\s+)?name\b|\bbreak\s+on\b|\bfully[- ]qualified\b|\bnombre\s+de\s+la\s+funci|\bnom\s+de\s+la\s+fonction\b|\bfunktionsname`)

// secFunctionBodyTalk is a description that puts code in a parameter: a
// function body, an arrow function, source code to run.
var secFunctionBodyTalk = regexp.MustCompile(`\bfunction\s+body\b|\barrow\s+function\b|=>|\bsource\s+code\b|\bcode\s+to\s+(?:run|execute|evaluate)\b`)

// secNamesFunction reports whether a parameter's description says it
// takes the name of a function (to break on, trace or call) and not the
// function's code.
func secNamesFunction(pdesc string) bool {
	return secNamesFunctionTalk.MatchString(pdesc) && !secFunctionBodyTalk.MatchString(pdesc)
}

// Reaches of a debugger that launches or attaches to a program.
const (
	reachDebugLaunch = "the program or script it names, launched on the server's host under the debugger with the arguments the model passes (the debugger can then run code in it)"
	reachDebugAttach = "any process whose debug port it reaches, on a host and port the model names: once attached, the debugger reads its memory and runs code in it"
)

// secDebugStopWords open the name of a debugger tool that lists, stops or
// reads a session rather than starting one.
var secDebugStopWords = []string{"get", "list", "stop", "terminate", "kill", "close", "detach", "end", "delete", "remove", "status", "restart", "disconnect", "pause", "step", "set", "clear", "read", "show"}

// secDebugLaunch is a debugger tool that starts a session: with a host
// parameter it attaches to a debug endpoint the model names, and with a
// program, script or executable parameter it launches that program. A
// server of breakpoints and stepping, or a tool named for debugging, is a
// debugger.
func secDebugLaunch(t *model.Tool, facts secTool) secExecSurface {
	w := facts.words
	if facts.runtime.attach != runtimeDebugger && !secHasWord(w, "debug", "debugging", "debugger", "dap", "gdb", "lldb", "dbg") {
		return secExecSurface{}
	}
	// "debug" opens a verb only on a debugger server (debugFile); a
	// debug_request of an HTTP client starts no debugger.
	if secHasWord(w, secDebugStopWords...) || !secHasWord(w, "start", "launch", "run", "create", "spawn", "new", "attach", "connect", "begin", "open", "iniciar", "lanzar", "lancer", "demarrer", "starten", "avvia", "avviare") && (len(w) == 0 || w[0] != "debug" || facts.runtime.attach != runtimeDebugger) {
		return secExecSurface{}
	}
	var host, program string
	port := false
	for _, p := range secDeepParams(t) {
		pw := secIdentifierWords(p.name)
		port = port || secHasWord(pw, "port")
		if len(pw) == 0 || !secIsFreeText(p.obj) {
			continue
		}
		switch {
		case host == "" && secHasWord(pw[len(pw)-1:], "host", "hostname", "address", "addr"):
			host = p.name
		case program == "" && secHasWord(pw, "script", "program", "executable", "binary", "exe") && (len(pw) == 1 || secHasWord(pw[len(pw)-1:], "path", "file", "name")):
			program = p.name
		}
	}
	switch {
	case host != "" && (port || strings.Contains(secObjDesc(secParamObj(t, host)), "port")):
		// A host and a debug port: an endpoint anywhere the model names.
		return secExecSurface{why: fmt.Sprintf("it attaches the debugger to the host its `%s` names", host), reach: reachDebugAttach, real: true}
	case program != "" && !secHasWord(w, "attach", "connect"):
		// Attaching a script to a scene node, or connecting one, starts
		// no program.
		return secExecSurface{why: fmt.Sprintf("it launches the program its `%s` names under the debugger", program), reach: reachDebugLaunch, real: true}
	}
	return secExecSurface{}
}

// secAgentQueryParams are free-text parameters a tool that runs an agent
// may hand it besides a task or prompt.
var secAgentQueryParams = []string{"query", "question", "q", "input", "text", "message", "request", "goal", "topic", "ask"}

// secAgentSwitch is an unchecked mode that only an agent has: yolo, full
// auto, skipped or bypassed permissions or approvals, an approval policy
// or permission mode, a sandbox mode of danger-full-access. A bare
// "dangerous" flag or a browser's no-sandbox launch is no agent's.
var secAgentSwitch = regexp.MustCompile(`\byolo\b|\bfull\s*auto\b|\b(?:skip|bypass|disable)\s+(?:all\s+)?(?:permissions?|approvals?)\b|\bdangerously\s+skip\b|\bapprovals?\b|\bpermission\s+mode\b|\bdanger\s+full\s+access\b`)

// secUncheckedAgent is a tool whose schema lets the model switch off an
// agent's approvals or sandbox (secUncheckedModeParam: `yolo`,
// `dangerouslySkipPermissions`, `sandbox: danger-full-access`) and that
// takes free text: only an agent that acts has such a switch, so the text
// is run by an agent whose checks the model can turn off, whatever the
// tool calls itself (a search tool that runs gemini-cli).
func secUncheckedAgent(t *model.Tool, facts secTool) secExecSurface {
	mode := secUncheckedModeParam(t)
	if mode == "" || !secAgentSwitch.MatchString(strings.Join(secIdentifierWords(mode), " ")) {
		return secExecSurface{}
	}
	name := secFreeTextParam(t, append(slices.Clone(secAgentParams), secAgentQueryParams...)...)
	if name == "" {
		return secExecSurface{}
	}
	return secExecSurface{why: fmt.Sprintf("it hands the `%s` it is given to an agent whose approvals or sandbox the model can switch off with %s", name, mode), reach: reachAgentControls, real: true}
}

// reachProseReadOnlyConn is the reach of SQL a tool calls read-only in
// prose only while the model picks the connection it runs on.
const reachProseReadOnlyConn = "the database the model's connection string names, with the credentials in it: the tool calls its queries read-only in prose only (no readOnlyHint, no schema limit), and a read-only database user configured for the server no longer applies"

// secConnectionParam names a free-text parameter with which the model
// picks the database connection itself: a connection string, a DSN, a
// database URL or URI.
func secConnectionParam(t *model.Tool) string {
	for _, pn := range t.ParamNames() {
		obj, _ := t.Params()[pn].(map[string]any)
		w := secIdentifierWords(pn)
		if obj == nil || !secIsFreeText(obj) || len(w) == 0 {
			continue
		}
		last := w[len(w)-1]
		switch {
		case last == "dsn",
			secHasWord(w, "connection", "conn") && secHasWord([]string{last}, "string", "str", "url", "uri"),
			secHasWord(w, "database", "db") && secHasWord([]string{last}, "url", "uri"):
			return pn
		}
	}
	return ""
}

// secReadOnlyInProseOnly reports whether the only things that call a SQL
// tool read-only are words: no readOnlyHint, no parameter pattern that
// admits SELECT alone, and no query language that cannot write.
func secReadOnlyInProseOnly(t *model.Tool, facts secTool) bool {
	if a := t.Annotations; a != nil && a.ReadOnlyHint != nil && *a.ReadOnlyHint {
		return false
	}
	if secReadOnlyDialect.MatchString(facts.desc) {
		return false
	}
	for _, p := range secDeepParams(t) {
		if pat, _ := p.obj["pattern"].(string); secSelectPattern.MatchString(pat) {
			return false
		}
		if secReadEnum(p.obj) {
			return false // operation: select, count or exists
		}
	}
	return true
}

// secReadVerbs are values of an operation enum that only read.
var secReadVerbs = []string{"select", "count", "exists", "read", "find", "get", "list", "fetch", "query", "search", "describe", "explain", "show", "aggregate", "sample", "preview"}

// secReadEnum reports whether a parameter is an enum whose every value
// only reads (an `operation` of select, count or exists).
func secReadEnum(obj map[string]any) bool {
	vals := preciseEnumValues(obj)
	if len(vals) == 0 {
		return false
	}
	for _, v := range vals {
		if w := secIdentifierWords(v); len(w) == 0 || !secHasWord(w[:1], secReadVerbs...) {
			return false
		}
	}
	return true
}

// secParamObj is the schema of the parameter secDeepParams names name, or
// nil.
func secParamObj(t *model.Tool, name string) map[string]any {
	for _, p := range secDeepParams(t) {
		if p.name == name {
			return p.obj
		}
	}
	return nil
}

// reachAgentLater is where a stored agent prompt runs.
const reachAgentLater = "agent sessions its trigger or schedule starts later, unattended, which act with their own tools"

// secAgentSchedule is a tool that stores a prompt that agent sessions
// run later: a trigger, schedule, cron or automation tool (by its name)
// with a free-text prompt parameter (prompt, prompt_template) and an
// agent in its schema or description. Nothing asks the user when it
// fires.
func secAgentSchedule(t *model.Tool, facts secTool) secExecSurface {
	if !secHasWord(facts.words, "trigger", "triggers", "schedule", "schedules", "scheduled", "cron", "automation", "automations", "routine", "routines", "recurring") {
		return secExecSurface{}
	}
	prompt, agent := "", secScheduledAgent.MatchString(secUserAgent.ReplaceAllString(facts.desc, ""))
	for _, p := range secDeepParams(t) {
		w := secIdentifierWords(p.name)
		if prompt == "" && secIsFreeText(p.obj) && secHasWord(w, "prompt") {
			prompt = p.name
		}
		if secHasWord(w, "agent", "agents") || secAgentToolset(w) {
			agent = true
		}
	}
	if prompt == "" || !agent {
		return secExecSurface{}
	}
	return secExecSurface{why: fmt.Sprintf("it stores the `%s` it is given as the prompt of agent sessions that its trigger or schedule starts later", prompt), reach: reachAgentLater, real: true}
}

// secScheduledAgent is an agent named in a trigger's description, in
// English, German, French or Spanish ("coding agent", "Coding-Agenten",
// "l'agent", "el agente").
var secScheduledAgent = regexp.MustCompile(`(?:^|[^\w])(?:sub-?)?agent(?:s|en|e|es)?\b`)

// secAgentToolset is a parameter name that sets the tools an agent gets
// (mcp_servers, allowed_tools).
func secAgentToolset(w []string) bool {
	return secHasWord(w, "mcp") && secHasWord(w, "servers", "server") || secHasWord(w, "allowed") && secHasWord(w, "tools")
}

// Readings since SEC011 revision 17 (issue 21, fourteenth and fifteenth
// audits as design material): code written to a file is not run by the
// tool that writes it; a workflow node of a code type makes a server one
// whose workflows the model writes; app builds installed from any URL;
// code generated from the model's instructions and run; a project's
// dependencies installed where a development server starts.

// Reaches of the surfaces read since revision 17.
const (
	reachWritesFile   = "nothing it runs itself: it writes the code to a file, which runs only when something else runs that file"
	reachAppInstall   = "the device or machine it installs onto: an app build from any URL, remote source or artifact the model names, whose code then runs there"
	reachGenerated    = "code the service generates from the model's free-text instructions and runs against the app or project it names"
	reachProjectSetup = "the project directory it names: installing its dependencies runs their install scripts, and the server it starts runs the project's code, on the host"
)

// secWritesFileTalk is a description saying the tool saves or writes code,
// a script or a test to a file ("Save generated test code to a file",
// "writes the script into the given path").
var secWritesFileTalk = regexp.MustCompile(`\b(?:saves?|writes?|stores?|persists?|exports?)\s+(?:(?:the|a|an|your|this|generated|given)\s+){0,2}(?:[\w-]+\s+){0,2}?(?:code|scripts?|tests?|source)\s+(?:to|into|in|as|on)\s+(?:(?:a|an|the|given|its)\s+)?(?:[\w.-]+\s+){0,2}?(?:files?|disk|paths?|director(?:y|ies)|folders?)\b`)

// secOnlyWritesFile reports whether a tool only writes the code it takes
// to a file: its text says it saves or writes code to a file, a parameter
// names the file or directory, its name says no run, and nothing in its
// text says it runs what it writes ("and executes it"). Running that file
// is another tool's call, which is where the surface is.
func secOnlyWritesFile(t *model.Tool, facts secTool) bool {
	if !secWritesFileTalk.MatchString(facts.desc) || secHasWord(facts.words, "run", "runs", "execute", "exec", "eval", "evaluate", "shell", "bash") {
		return false
	}
	for _, loc := range secRunClaim.FindAllStringIndex(facts.desc, -1) {
		if !secNegatedBefore.MatchString(facts.desc[max(0, loc[0]-40):loc[0]]) {
			return false
		}
	}
	for _, p := range secDeepParams(t) {
		pw := secIdentifierWords(p.name)
		if len(pw) > 0 && secIsFreeText(p.obj) && secHasWord(pw[len(pw)-1:], "file", "filename", "path", "filepath", "dir", "directory", "folder") {
			return true
		}
	}
	return false
}

// secCodeStepKinds are the words of a workflow node or step type that runs
// code, a script, a shell command or SQL (custom_code, run_script,
// postgres_sql).
var secCodeStepKinds = []string{"code", "script", "javascript", "js", "python", "shell", "bash", "command", "sql"}

// secAddsCodeStep reports whether a tool adds or changes one node or step
// of a workflow or pipeline (its name says node, step or stage with a
// write verb; a parameter or its text names the workflow) and lets the
// model pick a type that runs code: a `type` or `kind` parameter whose enum
// or description lists a code, script, shell or SQL type. A server with
// such a tool writes workflows as surely as one that takes whole steps.
func secAddsCodeStep(t *model.Tool, facts secTool) bool {
	w := facts.words
	if !secHasWord(w, "node", "nodes", "step", "steps", "stage", "stages") || !secHasWord(w, "add", "create", "insert", "update", "set", "put", "upsert", "edit", "replace") {
		return false
	}
	inFlow := strings.Contains(facts.desc, "workflow") || strings.Contains(facts.desc, "pipeline")
	kind := false
	for _, p := range secDeepParams(t) {
		pw := secIdentifierWords(p.name)
		if secHasWord(pw, "workflow", "pipeline", "flow") {
			inFlow = true
		}
		if len(pw) == 0 || !secHasWord(pw[len(pw)-1:], "type", "kind") || !isJSONString(p.obj["type"], "string") {
			continue
		}
		text := p.desc()
		if vals, _ := p.obj["enum"].([]any); len(vals) > 0 {
			for _, v := range vals {
				if s, ok := v.(string); ok {
					text += " " + s
				}
			}
		}
		for _, part := range strings.FieldsFunc(text, func(r rune) bool {
			return r == ',' || r == ':' || r == ';' || r == ' ' || r == '\n' || r == '|' || r == '/'
		}) {
			if secHasWord(secIdentifierWords(part), secCodeStepKinds...) {
				kind = true
			}
		}
	}
	return inFlow && kind
}

// secAppInstallTalk is a description saying the tool installs an app,
// build or package from a URL, a remote source or an artifact ("Install
// app builds from URLs", "installs the APK from any download link").
var secAppInstallTalk = regexp.MustCompile(`\binstall\w*\s+(?:(?:an?|the|any)\s+)?(?:[\w-]+\s+){0,2}?(?:apps?|builds?|apks?|ipas?|binar(?:y|ies)|applications?|packages?|bundles?)\b[^.;]{0,40}?\bfrom\s+(?:(?:an?|the|any)\s+)?(?:[\w-]+\s+){0,2}?(?:urls?|links?|remote\b|artifacts?|download)`)

// secAppInstall is a tool that installs an app build from a URL, a remote
// source or a CI artifact the model gives (a free-text or open-object
// source, url or artifact parameter): whatever that build contains runs
// on the device or machine it lands on. An install by store id or from a
// local path is not read.
func secAppInstall(t *model.Tool, facts secTool) secExecSurface {
	w := facts.words
	if !secHasWord(w, "install", "installs", "deploy", "sideload") || secHasWord(w, "uninstall", "list", "get", "status", "check") || !secAppInstallTalk.MatchString(facts.affirmative) {
		return secExecSurface{}
	}
	for _, p := range secDeepParams(t) {
		pw := secIdentifierWords(p.name)
		if len(pw) == 0 || !secHasWord(pw, "source", "url", "uri", "link", "artifact", "spec") {
			continue
		}
		_, declared := p.obj["properties"].(map[string]any)
		if secIsFreeText(p.obj) || isJSONString(p.obj["type"], "object") && !declared {
			return secExecSurface{why: fmt.Sprintf("it installs the app build its `%s` names, from any URL, remote source or artifact", p.name), reach: reachAppInstall, real: true}
		}
	}
	return secExecSurface{}
}

// secGenerateRunTalk is a name or description saying the tool generates
// code, tests or a script and runs them ("Generate and execute tests",
// "writes a script and runs it").
var secGenerateRunTalk = regexp.MustCompile(`\b(?:generates?|writes?|drafts?)\s+and\s+(?:executes?|runs?)\b|\b(?:generates?|writes?|creates?|drafts?)\s+(?:(?:the|a|an|new)\s+)?(?:[\w-]+\s+){0,2}?(?:code|tests?|checks?|scripts?|programs?)\s+(?:and|then)\s+(?:(?:then|also)\s+)?(?:executes?|runs?)\b`)

// secInstructionParams name a parameter carrying free instructions.
var secInstructionParams = []string{"instruction", "instructions", "prompt", "requirements", "requirement", "goal", "task"}

// secGenerateAndRun is a tool that generates code or tests and runs them
// (its name pairs generate with execute or run, or its affirmed text says
// so), steered by a free-text instruction parameter: the model's words
// become code that runs.
func secGenerateAndRun(t *model.Tool, facts secTool) secExecSurface {
	w := facts.words
	// The name must also say what is generated is code: a
	// generate_and_run_report writes prose.
	named := secHasWord(w, "generate", "generates") && secHasWord(w, "execute", "executes", "run", "runs") && secHasWord(w, "code", "test", "tests", "script", "scripts", "check", "checks", "program")
	if !named && !secGenerateRunTalk.MatchString(facts.affirmative) {
		return secExecSurface{}
	}
	for _, p := range secDeepParams(t) {
		pw := secIdentifierWords(p.name)
		if len(pw) > 0 && secIsFreeText(p.obj) && secHasWord(pw[len(pw)-1:], secInstructionParams...) {
			return secExecSurface{why: fmt.Sprintf("it generates code or tests and runs them, steered by the free text its `%s` carries", p.name), reach: reachGenerated, real: true}
		}
	}
	return secExecSurface{}
}

// secDevServerTalk is text that starts or prepares a development server,
// a bundler or a watch build.
var secDevServerTalk = regexp.MustCompile(`\b(?:dev(?:elopment)?\s+servers?|bundlers?|watch\s+mode)\b`)

// secProjectSetup is a tool that starts or prepares a development server
// for a project directory the model names (a free-text `projectRoot`,
// `projectDir`, `projectPath`) and has a switch to install the project's
// dependencies (`installDependencies`, `installDeps`): a package install
// runs its packages' install scripts and the server runs the project's
// code on the host.
func secProjectSetup(t *model.Tool, facts secTool) secExecSurface {
	if !secDevServerTalk.MatchString(facts.affirmative) {
		return secExecSurface{}
	}
	root, install := "", false
	for _, p := range secDeepParams(t) {
		pw := secIdentifierWords(p.name)
		if len(pw) == 0 {
			continue
		}
		if secHasWord(pw, "install") && secHasWord(pw, "dependencies", "deps", "packages", "modules") && !secHasWord(pw, "skip", "no") {
			install = true
		}
		if root == "" && secIsFreeText(p.obj) && secHasWord(pw, "project", "app", "workspace") && secHasWord(pw[len(pw)-1:], "root", "dir", "directory", "path", "folder") {
			root = p.name
		}
	}
	if root == "" || !install {
		return secExecSurface{}
	}
	return secExecSurface{why: fmt.Sprintf("it installs the dependencies of the project its `%s` names and starts its development server", root), reach: reachProjectSetup, real: true}
}

// reachScriptSteps is where the steps of an automation script or flow
// file run.
const reachScriptSteps = "the device or app it drives, through every step of the script or flow file it names (and any code those steps run); anything that can write that path chooses the steps"

// secRunsFlowFileTalk is a description saying the tool runs, replays or
// plays back a script, flow or macro ("Run a recorded automation script",
// "plays back the saved UI flow", "executes the macro file").
var secRunsFlowFileTalk = regexp.MustCompile(`\b(?:run|runs|execute|executes|replay|replays|play|plays|play\s+back|plays\s+back)\s+(?:(?:a|an|the|any|given|this)\s+)?(?:(?:recorded|saved|stored|automation|ui|test|yaml|json)\s+){0,2}(?:scripts?|flows?|macros?)\b`)

// secFlowFile is a tool that runs, replays or plays back an automation
// script, flow or macro from a file whose path the model gives (a
// free-text `path`, `file`, `scriptPath`): what runs is whatever that file
// says. A flow or script picked by id, and a file only validated, are not
// read.
func secFlowFile(t *model.Tool, facts secTool) secExecSurface {
	if secOnlyTransforms(facts) || !secRunsFlowFileTalk.MatchString(facts.affirmative) {
		return secExecSurface{}
	}
	for _, p := range secDeepParams(t) {
		pw := secIdentifierWords(p.name)
		if len(pw) == 0 || !secIsFreeText(p.obj) || !secHasWord(pw[len(pw)-1:], "path", "file", "filepath", "filename") {
			continue
		}
		if pd := p.desc(); secHasWord(pw, "output", "out", "log", "save", "dest", "destination", "export") || strings.Contains(pd, "output") || strings.Contains(pd, "save") {
			continue // where a run's output or log goes
		}
		return secExecSurface{why: fmt.Sprintf("it runs the script or flow in the file its `%s` names", p.name), reach: reachScriptSteps, real: true}
	}
	return secExecSurface{}
}

var (
	// secServerArtefactRun is a description saying the tool runs one of
	// the server's own artefacts, named or made earlier: "Execute a saved
	// plan against the sources", "Runs the configured checks", "Run the
	// job with this id". What runs is the server's, not text the model
	// writes.
	secServerArtefactRun = regexp.MustCompile(`\b(?:execut|run)\w*\s+(?:(?:a|an|the|this|that|your|each|every|all|one)\s+)?(?:(?:saved|stored|existing|prepared|generated|previously[- ]created|created|named|selected|configured|predefined|pre-defined|registered|scheduled|approved)\s+)?(?:[\w-]+\s+)?(?:plans?|jobs?|workflows?|pipelines?|suites?|checks?|checklists?|migrations?|recipes?|audits?|scans?|benchmarks?)\b`)
	// secRunsCodeTalk is a description saying the tool runs code, a
	// command or a script ("executes arbitrary code", "runs shell
	// commands"): then its bare name is read as it reads.
	secRunsCodeTalk = regexp.MustCompile(`\b(?:execut|run|eval)\w*\s+(?:[\w-]+\s+){0,2}?(?:code|commands?|scripts?|javascript|js|python|shell|sql|snippets?|programs?)\b`)
	// secServerArtefactRef is a parameter that points at such an artefact
	// by id, path or name (planPath, job_id, workflowName).
	secServerArtefactRef = map[string]bool{"plan": true, "job": true, "workflow": true, "pipeline": true, "suite": true, "check": true, "checklist": true, "migration": true, "recipe": true, "audit": true, "scan": true, "benchmark": true}
)

// secRunsServerArtefact reports whether a tool named only for running
// (execute, runcode) runs something the server defines or made earlier: its
// description says it runs a saved plan, a job, a check suite, or a
// parameter points at one by id, path or name (planPath), and no
// description or parameter speaks of code, a command or a script. Such a
// tool runs no text the model writes, whatever its bare name says; a
// parameter that carries code is still read as one.
func secRunsServerArtefact(t *model.Tool, facts secTool) bool {
	if secRunsCodeTalk.MatchString(facts.affirmative) {
		return false
	}
	if secServerArtefactRun.MatchString(facts.affirmative) {
		return true
	}
	for _, p := range secDeepParams(t) {
		pw := secIdentifierWords(p.name)
		if len(pw) == 2 && secServerArtefactRef[pw[0]] && secHasWord(pw[1:], "id", "path", "name", "file", "ref", "key") {
			return true
		}
	}
	return false
}

// Readings since SEC011 revision 19 (issue 21, nineteenth audit as design
// material): a proxy or relay that calls any tool of another server by
// the name the model gives, and the reach of a shell command the text
// places on a remote machine.

// reachProxyPrefix opens the reach of a tool that calls any tool of
// another server, page or service by name; reachRunsOnTarget reads it
// back, since those tools may destroy there as a shell would.
const reachProxyPrefix = "any tool of "

// Reaches of a tool proxy, by where the tools it calls live.
const (
	reachProxyUpstream = reachProxyPrefix + "the upstream MCP servers it proxies to, with the arguments the model passes (whatever those tools do, writes and deletes included, behind this one tool's annotations)"
	reachProxyBrowser  = reachProxyPrefix + "the browser pages connected to it, run in the user's own browser and signed-in sessions with the arguments the model passes"
	reachProxyDev      = reachProxyPrefix + "the development server it connects to, with the arguments the model passes (whatever those tools do, behind this one tool's annotations)"
	reachProxyOther    = reachProxyPrefix + "the other server or service it forwards the call to, with the arguments the model passes (whatever those tools do, behind this one tool's annotations)"
)

var (
	// secCallsToolTalk is a description saying the tool calls, runs or
	// proxies a tool it is told ("Call a WebMCP tool registered by a
	// page", "Execute a tool from a specific MCP group", "Proxies the
	// call to the upstream server").
	secCallsToolTalk = regexp.MustCompile(`\b(?:call|calls|invoke|invokes|execute|executes|run|runs|proxy|proxies|forward|forwards)\s+(?:(?:a|an|the|any|one|specific|given|named|remote|upstream)\s+){0,3}(?:[\w.-]+\s+){0,2}?tools?\b|\bprox(?:y|ies)\s+(?:the\s+)?(?:tool\s+)?calls?\b`)
	// secOwnToolsTalk is a description whose tools are the server's own
	// ("any tool of this server", "the tools above"): a batch of its own
	// tools, each listed with its own annotations.
	secOwnToolsTalk = regexp.MustCompile(`\b(?:this|the\s+same|our|its\s+own)\s+(?:mcp\s+)?server'?s?\b|\b(?:these|the\s+above|the\s+other|our\s+own)\s+tools\b|\btools?\s+(?:listed\s+)?(?:above|below)\b`)
	// secProxyBrowserTalk, secProxyUpstreamTalk, secProxyDevTalk and
	// secProxyOtherTalk place the tools a proxy calls outside the server:
	// registered by browser pages, on upstream MCP servers or groups, on a
	// development server, on another or a connected server.
	secProxyBrowserTalk  = regexp.MustCompile(`\b(?:registered|exposed|provided)\s+by\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}?(?:browser|pages?|tabs?|web\s*sites?)\b|\b(?:connected|open)\s+(?:browser\s+)?(?:pages?|tabs?)\b`)
	secProxyUpstreamTalk = regexp.MustCompile(`\b(?:upstream|downstream)\b|\bprox(?:y|ies)\b|\bmcp\s+groups?\b|\bbackend\s+(?:mcp\s+)?servers?\b`)
	secProxyDevTalk      = regexp.MustCompile(`\bdev(?:elopment)?\s+servers?\b`)
	secProxyOtherTalk    = regexp.MustCompile(`\b(?:another|other|remote|connected|external|third[- ]party)\s+(?:mcp\s+)?(?:servers?|services?)\b`)
	// secToolWord is a parameter description that speaks of a tool.
	secToolWord = regexp.MustCompile(`\btools?\b`)
)

// secRemoteShellTarget returns the remote machine a shell command runs
// on, as the tool's affirmed text names it ("Execute a command on a
// running agent machine", "in the target VM"), or "" when the text
// names none or places the command on this machine: a shell command
// sent to a machine another tool provisions is not a shell on the
// server's host.
func secRemoteShellTarget(affirmative string) string {
	if secLocalShellTalk.MatchString(affirmative) {
		return ""
	}
	return secRemoteTarget(affirmative)
}

// secToolNameParam returns a free-text parameter naming the tool to call:
// a name with the word tool (toolName, tool_name, tool), or a bare `name`
// whose description speaks of a tool. An enum (a dispatcher over the
// server's own fixed operations) is not free text.
func secToolNameParam(t *model.Tool) string {
	for _, p := range secDeepParams(t) {
		if !secIsFreeText(p.obj) || !isJSONString(p.obj["type"], "string") {
			continue
		}
		pw := secIdentifierWords(p.name)
		switch {
		case len(pw) == 0:
		case secHasWord(pw, "tool") && (len(pw) == 1 || secHasWord(pw[len(pw)-1:], "name", "id", "slug")):
			return p.name
		case len(pw) == 1 && pw[0] == "name" && secToolWord.MatchString(p.desc()):
			return p.name
		}
	}
	return ""
}

// secFreeArgsParam returns a parameter carrying the called tool's
// arguments as the model writes them: args, arguments, params, parameters
// or input, an object that declares no properties of its own, or a JSON
// string.
func secFreeArgsParam(t *model.Tool) string {
	for _, p := range secDeepParams(t) {
		pw := secIdentifierWords(p.name)
		if len(pw) == 0 || !secHasWord(pw[len(pw)-1:], "args", "arguments", "params", "parameters", "input") {
			continue
		}
		_, declared := p.obj["properties"].(map[string]any)
		if isJSONString(p.obj["type"], "object") && !declared || secIsFreeText(p.obj) && isJSONString(p.obj["type"], "string") {
			return p.name
		}
	}
	return ""
}

// secToolProxy is a tool that calls any tool of another server, group,
// browser page or service by the name the model gives (free text, not an
// enum of its own operations), with free arguments, and says it calls,
// executes or proxies that tool: every one of those tools, destructive or
// not, runs behind this one tool and its annotations. Its text must place
// those tools outside the server (upstream servers or groups, browser
// pages that register them, a development server, another server). A
// tool that lists, describes or searches tools takes no arguments to
// pass; a batch of the server's own tools ("any tool of this server", or
// steps that name no other place) is not read.
func secToolProxy(t *model.Tool, facts secTool) secExecSurface {
	if !secHasWord(facts.words, "call", "invoke", "execute", "exec", "run", "proxy", "use") {
		return secExecSurface{}
	}
	name := secToolNameParam(t)
	if name == "" || secFreeArgsParam(t) == "" {
		return secExecSurface{}
	}
	text := facts.affirmative
	if !secCallsToolTalk.MatchString(text) || secOwnToolsTalk.MatchString(text) {
		return secExecSurface{}
	}
	// The tools must live elsewhere, as the text says: a batch of the
	// server's own steps (each listed with its own annotations) names no
	// other place.
	var reach string
	switch {
	case secProxyDevTalk.MatchString(text):
		reach = reachProxyDev
	case secProxyUpstreamTalk.MatchString(text):
		reach = reachProxyUpstream
	case secProxyBrowserTalk.MatchString(text):
		reach = reachProxyBrowser
	case secProxyOtherTalk.MatchString(text):
		reach = reachProxyOther
	default:
		return secExecSurface{}
	}
	return secExecSurface{why: fmt.Sprintf("it calls whatever tool its free-text `%s` names, with the arguments the model passes", name), reach: reach, real: true}
}

var (
	// secCodingAgentCLITalk names a coding agent that runs as a CLI with
	// its own tools (file edits, shell commands): Claude Code, Codex,
	// Gemini CLI, OpenCode, Aider, Qwen Code.
	secCodingAgentCLITalk = regexp.MustCompile(`\b(?:claude[ _-]?code|codex(?:[ _-]cli)?|gemini[ _-]cli|open[ _-]?code|aider|qwen[ _-]code|cursor[ _-]agent|kilo[ _-]code)\b`)
	// secAgentCLIChoice is an enum value naming such an agent by its
	// bare name, offered by a parameter that picks a CLI.
	secAgentCLIChoice = regexp.MustCompile(`^(?:claude|codex|gemini|opencode|aider|qwen)\b`)
	// secSendsToCLITalk is a description that sends a prompt or task to a
	// CLI or an agent, or starts an agent, worker or CLI ("Send a prompt
	// to a CLI provider", "Spawn a worker agent"); "Run a code review
	// using Codex CLI" runs a review, not the agent on a prompt.
	secSendsToCLITalk = regexp.MustCompile(`\b(?:sends?|delegates?|hands?|dispatch(?:es)?|pass(?:es)?|forwards?)\s+(?:(?:a|an|the|your|this)\s+)?(?:[\w-]+\s+){0,2}?(?:prompts?|tasks?|subtasks?|messages?|instructions?|requests?)\s+to\s+(?:(?:a|an|the|any|your)\s+)?(?:[\w-]+\s+){0,3}?(?:cli|agents?|workers?)\b|\b(?:spawns?|starts?|launch(?:es)?|runs?)\s+(?:(?:a|an|the|new|another)\s+)?(?:[\w-]+\s+){0,2}?(?:cli|agents?|workers?)\b`)
)

// secCodingAgentCLI is a tool that starts a coding agent's CLI (Claude
// Code, Codex, Gemini CLI) or sends it a prompt or task the model writes:
// that agent acts with its own tools, editing files and running commands
// where it starts. Its text or a parameter's choices must name such an
// agent; a prompt sent to a hosted model API (no CLI, no agent) is not
// read.
func secCodingAgentCLI(t *model.Tool, facts secTool) secExecSurface {
	prompt := secFreeTextParam(t, "task", "prompt", "instruction", "instructions", "message")
	if prompt == "" || !secSendsToCLITalk.MatchString(facts.affirmative) {
		return secExecSurface{}
	}
	named := secCodingAgentCLITalk.MatchString(facts.affirmative)
	for _, p := range secDeepParams(t) {
		pd := p.desc()
		choices := preciseEnumValues(p.obj)
		for _, v := range choices {
			lv := strings.ToLower(v)
			named = named || secCodingAgentCLITalk.MatchString(lv) ||
				secAgentCLIChoice.MatchString(lv) && (strings.Contains(pd, "cli") || secHasWord(secIdentifierWords(p.name), "cli"))
		}
	}
	if !named {
		return secExecSurface{}
	}
	return secExecSurface{why: fmt.Sprintf("it hands the `%s` it is given to a coding agent's CLI, which acts on it with its own tools", prompt), reach: reachAgentTask, real: true}
}

// Readings since SEC011 revision 20 (issue 21, twenty-third audit as
// design material): code in a language the server evaluates, carried by a
// parameter of any name and shape (a string, a list of strings, a map of
// names to strings); a query in a query language that writes; and the
// reach of code evaluated inside a running game or engine.

// reachGame is where code evaluated in a running game or engine runs.
const reachGame = "the running game or engine process the server drives: the code runs inside it, with the engine's scripting API and whatever the text puts in scope"

var (
	// secLangRunClaim is a tool's own claim that it evaluates, executes or
	// runs code in a language it names: "Evaluate raw Strudel/Tidal
	// code", "Execute GDScript inside the running game", "Runs Lua
	// chunks". Group 1 is the language (alternatives joined by '/'),
	// group 2 the code noun when there is one.
	secLangRunClaim = regexp.MustCompile(`\b(?:re-?)?(?:evaluat(?:e|es|ed|ing)|execut(?:e|es|ed|ing)|interpret(?:s|ed|ing)?|runs?|running|ran)\s+(?:(?:the|a|an|any|some|raw|arbitrary|inline|custom|one-shot|your|user|given|provided|untrusted)\s+){0,3}([a-z][a-z0-9+#]*(?:/[a-z][a-z0-9+#]*)*)(?:\s+(code|scripts?|statements?|expressions?|snippets?|programs?|chunks?))?\b`)
	// secNotALanguage are words a run claim can put where a language
	// stands that name none, and languages other readings own (SQL, a
	// shell): "Run test code", "Execute shell scripts".
	secNotALanguage = map[string]bool{
		"the": true, "a": true, "an": true, "this": true, "that": true, "these": true, "those": true, "it": true, "them": true, "its": true, "their": true, "our": true, "my": true, "all": true, "each": true, "every": true,
		"code": true, "script": true, "scripts": true, "statement": true, "statements": true, "expression": true, "expressions": true, "snippet": true, "snippets": true, "program": true, "programs": true,
		"test": true, "tests": true, "unit": true, "sample": true, "example": true, "generated": true, "existing": true, "following": true, "new": true, "own": true, "source": true, "plain": true, "local": true, "remote": true,
		"safe": true, "unsafe": true, "trusted": true, "full": true, "whole": true, "multiple": true, "multi-line": true, "multiline": true, "single": true, "simple": true, "small": true, "short": true, "more": true, "other": true, "same": true,
		"math": true, "maths": true, "mathematical": true, "arithmetic": true, "algebraic": true, "numeric": true, "numerical": true, "boolean": true, "logical": true, "conditional": true, "formula": true,
		"regular": true, "regex": true, "regexp": true, "glob": true, "cron": true, "filter": true, "search": true, "template": true, "jsonpath": true, "jmespath": true, "jq": true, "xpath": true, "cel": true,
		"sql": true, "shell": true, "bash": true, "zsh": true, "sh": true, "cmd": true, "cli": true, "terminal": true, "query": true, "queries": true, "command": true, "commands": true, "error": true, "status": true, "exit": true,
	}
	// secScriptFalseFriends end in "script" and name no language.
	secScriptFalseFriends = map[string]bool{"transcript": true, "manuscript": true, "postscript": true, "subscript": true, "superscript": true, "prescript": true}
	// secKnownLanguage is a general-purpose programming or scripting
	// language, named without a code noun after it ("Execute GDScript").
	secKnownLanguage = regexp.MustCompile(`^(?:[a-z]{2,}script|python[23]?|lua|luau|ruby|perl|php|groovy|kotlin|java|scala|julia|elixir|erlang|clojure|haskell|tcl|node(?:\.js)?|nodejs|js|ts)$`)
	// secCodeNoun is what a parameter's description calls code: code,
	// a script, statements, an expression or a predicate, a snippet, a
	// program, a chunk, a function body.
	secCodeNoun = `(?:code|scripts?|statements?|expressions?|predicates?|snippets?|programs?|chunks?|function\s+bod(?:y|ies))`
	// secCodeNounTalk is a code noun in a parameter description.
	secCodeNounTalk = regexp.MustCompile(`\b` + secCodeNoun + `\b`)
	// secEvaluatedTalk is a parameter description saying its value is
	// evaluated, executed, interpreted or compiled and run ("GDScript expressions
	// evaluated once before the first input", "re-evaluated every frame").
	secEvaluatedTalk = regexp.MustCompile(`\b(?:re-?)?evaluated\b|\bexecuted\b|\binterpreted\b|\bcompiled\s+and\s+(?:run|executed)\b|\bto\s+(?:be\s+)?(?:evaluate|execute|interpret|run)d?\b|\b(?:is|are|gets?|will\s+be|being)\s+run\b`)
	// secReachGameTalk places code in a running game or engine: "against
	// the running game", "inside the RUNNING game process", "into a
	// running Godot game".
	secReachGameTalk = regexp.MustCompile(`\b(?:running|launched|live|playing)\s+(?:[\w.-]+\s+){0,2}?(?:game|games|engine)\b|\bgame\s+(?:process|engine|runtime)\b|\bin-game\b`)
)

// secCodeReaderWords open the name of a tool that reads, checks or
// converts the code it is given without running it (validate_script,
// format_code, explain_query): "compiled to check" is no run.
var secCodeReaderWords = []string{"validate", "lint", "check", "verify", "analyze", "analyse", "review", "format", "explain", "convert", "parse", "transform", "diff", "translate", "document", "summarize", "summarise", "compare", "highlight", "refactor", "optimize", "minify", "beautify", "tokenize", "preview"}

// secIsLanguage reports whether a word from a run claim names a language:
// not a word of secNotALanguage, and, when no code noun follows it, a
// known programming or scripting language.
func secIsLanguage(word string, noun bool) bool {
	if secNotALanguage[word] || secScriptFalseFriends[word] || len(word) < 2 {
		return false
	}
	return noun || secKnownLanguage.MatchString(word)
}

// secEvaluatedLangs returns the languages a server's own tools say they
// evaluate, execute or run code in (secLangRunClaim, in each tool's
// affirmed description), each between spaces, or "".
func secEvaluatedLangs(facts []secTool) string {
	seen := map[string]bool{}
	var langs []string
	for _, f := range facts {
		for _, m := range secLangRunClaim.FindAllStringSubmatch(f.affirmative, -1) {
			for _, l := range strings.Split(m[1], "/") {
				if !seen[l] && secIsLanguage(l, m[2] != "") {
					seen[l] = true
					langs = append(langs, l)
				}
			}
		}
	}
	if len(langs) == 0 {
		return ""
	}
	return " " + strings.Join(langs, " ") + " "
}

// secIsFreeTextMap is an object whose values are free text (a map of role
// names to code: additionalProperties of type string).
func secIsFreeTextMap(obj map[string]any) bool {
	if !isJSONString(obj["type"], "object") {
		return false
	}
	if _, declared := obj["properties"].(map[string]any); declared {
		return false
	}
	ap, _ := obj["additionalProperties"].(map[string]any)
	return ap != nil && isJSONString(ap["type"], "string") && secIsFreeText(ap)
}

// secLangCode returns the language a parameter description says its
// value is code in ("Strudel code for this layer", "A GDScript boolean
// expression", "Map of role name to new Strudel code"): one of the three
// words before a code noun, when it is one of langs (" strudel gdscript
// ") or a known language, and whether it is one the server says it
// evaluates.
func secLangCode(pd, langs string) (lang, noun string, served bool) {
	// A description that says its own value is evaluated ("The Nushell
	// source code to evaluate") names the language in the word that
	// stands right before "code", known or not; statements and
	// expressions are read only in a known language ("SELECT statements",
	// "combination expression" name none).
	own := secEvaluatedTalk.MatchString(pd)
	for _, loc := range secCodeNounTalk.FindAllStringIndex(pd, -1) {
		// The clause the noun stands in: what follows the last stop,
		// colon, semicolon, comma, dash or bracket before it.
		start := strings.LastIndexAny(pd[:loc[0]], ".;:!?,()[]{}\n") + 1
		if k := strings.LastIndex(pd[:loc[0]], " - "); k >= 0 && k+3 > start {
			start = k + 3
		}
		before := strings.Fields(pd[start:loc[0]])
		if n := len(before); n > 0 && before[n-1] == "source" && pd[loc[0]:loc[1]] == "code" {
			// "Nushell source code": source is part of the code noun.
			before = before[:n-1]
		}
		for k := len(before) - 1; k >= 0 && k >= len(before)-3; k-- {
			w := strings.Trim(before[k], "\"'`<*_")
			for _, l := range strings.Split(w, "/") {
				served := strings.Contains(langs, " "+l+" ")
				adjacent := own && k == len(before)-1 && pd[loc[0]:loc[1]] == "code" && secLanguageToken.MatchString(l) && !secConjunctions[l]
				if !secIsLanguage(l, served || adjacent) {
					continue
				}
				// The value is that code only when the clause opens on
				// it ("Wobble code for the next bar", "A Lua boolean
				// expression", "Map of track name to Wobble code"), not
				// when the code is what the value is about or beside
				// ("New name, shown next to the Wobble code").
				if opener := strings.Join(before[:k], " "); !secCodeValueOpener.MatchString(strings.TrimPrefix(opener+" ", " ")) {
					continue
				}
				if served {
					return l, pd[loc[0]:loc[1]], true
				}
				if lang == "" {
					lang, noun = l, pd[loc[0]:loc[1]]
				}
			}
		}
	}
	return lang, noun, false
}

// secConjunctions join words; none names a language.
var secConjunctions = map[string]bool{"and": true, "or": true, "nor": true, "but": true, "plus": true, "then": true}

// secProductCode is a name ending in a capitalised Code (Claude Code,
// Visual Studio Code, QR Code): case-sensitive, on the description as
// given.
var secProductCode = regexp.MustCompile(`\b([A-Z][\w.+#-]*)\s+Code\b`)

// secCodeOpeners are words that stand before a code noun without naming
// a product: determiners and kinds of code ("The Code To Execute",
// "Source Code", "Custom Code"), and languages the known-language pattern
// does not cover.
var secCodeOpeners = map[string]bool{"the": true, "a": true, "an": true, "your": true, "this": true, "that": true, "any": true,
	"arbitrary": true, "custom": true, "raw": true, "source": true, "sample": true, "example": true, "inline": true, "user": true,
	"sql": true, "bash": true, "shell": true, "go": true, "rust": true, "swift": true, "dart": true, "c": true, "c++": true, "c#": true}

// secProductNames rewrites each capitalised name ending in a capital Code
// (Claude Code, Visual Studio Code, QR Code) as a product, so its "Code" is
// not read as code. A known language before Code ("Python Code to
// evaluate") and a determiner or kind of code ("The Code", "Source Code")
// are kept: that Code is code. A language only the server's own tools
// name is not enough: a server that runs "claude --chrome" lists claude
// among its languages, and "Claude Code session UUID" is still a product.
func secProductNames(given string) string {
	return secProductCode.ReplaceAllStringFunc(given, func(m string) string {
		w := strings.ToLower(strings.Fields(m)[0])
		if secCodeOpeners[w] || secKnownLanguage.MatchString(w) {
			return m
		}
		return strings.TrimSuffix(m, "Code") + "Product"
	})
}

// secLanguageToken is a word that can name a language: letters, then
// letters, digits, + or # ("nushell", "c++", "f#").
var secLanguageToken = regexp.MustCompile(`^[a-z][a-z0-9+#]*$`)

// secCodeValueOpener is what may stand in a parameter description's
// clause before the code it says the value is: nothing, an article or
// "optional", or a container of such code ("Array of", "List of", "Map
// of role name to", "Object mapping each track to").
var secCodeValueOpener = regexp.MustCompile(`^(?:(?:a|an|the|one|optional|required|raw|inline|new|single|each|several|multiple)\s+)*(?:(?:array|list|set|sequence|map|mapping|dictionary|dict|object|record|table)\s+(?:(?:of|from|mapping)\s+)?(?:[\w-]+\s+){0,3}?(?:(?:to|->|=>)\s+)?(?:(?:a|an|the|one|new|optional|raw)\s+)*)?$`)

// secNotEvaluatedTalk is a parameter description saying its value is
// never evaluated or run ("quoted in the note; it is never executed").
var secNotEvaluatedTalk = regexp.MustCompile(`\b(?:never|not|isn't|aren't|nor)\s+(?:\w+\s+)?(?:evaluated|executed|run|interpreted|compiled)\b`)

// secEvaluatedCode is a tool with a parameter whose own description says
// its value is code in a language the server evaluates: a language some
// tool of the same server says it evaluates, executes or runs ("Strudel
// code to play directly" beside "Evaluate raw Strudel/Tidal code"), or a
// programming language the description says is evaluated, executed or
// compiled ("GDScript expressions evaluated once before the first
// input"). The parameter may be a string, a list of strings or a map of
// names to strings, and may have any name. A tool that only checks,
// converts, previews or saves what it is given, or says it does not
// evaluate it, is not read; neither is a regular expression, a glob, a
// filter or a query (not a code noun).
func secEvaluatedCode(t *model.Tool, facts secTool) secExecSurface {
	if secHasWord(facts.words, secCodeReaderWords...) || secOnlyTransforms(facts) || secOnlyWritesFile(t, facts) ||
		secNoRunTalk.MatchString(facts.desc) || secAssessTalk.MatchString(facts.desc) {
		return secExecSurface{}
	}
	// A tool whose name says it reads, saves or generates (get_state,
	// save_pattern) is read only on its parameter's own word that the
	// code is evaluated.
	checker := secHasWord(facts.words, secCheckerWords...)
	for _, p := range secDeepParams(t) {
		if !secIsFreeTextOrList(p.obj) && !secIsFreeTextMap(p.obj) || secMathOnly(t, facts, p.name) {
			continue
		}
		given, _ := p.obj["description"].(string)
		// "Claude Code session UUID", "VS Code", "QR Code": a capital
		// Code after a capitalised word is part of a name, not code in
		// a language (which is written "Python code").
		raw, _ := secFold(secProductNames(given))
		if secNoRunTalk.MatchString(raw) || secNotEvaluatedTalk.MatchString(raw) {
			continue
		}
		pd := secAffirmative(raw)
		lang, noun, served := secLangCode(pd, facts.runtime.langs)
		if lang == "" {
			continue
		}
		var why string
		verb := "is"
		if strings.HasSuffix(noun, "s") {
			verb = "are"
		}
		switch {
		case secEvaluatedTalk.MatchString(pd):
			why = fmt.Sprintf("its parameter `%s` takes %s %s, which its description says %s evaluated", p.name, secLangName(given, lang), noun, verb)
		case served && !checker:
			why = fmt.Sprintf("its parameter `%s` takes %s %s, code in a language the server's own tools say they evaluate", p.name, secLangName(given, lang), noun)
		default:
			continue
		}
		reach := reachProcess
		switch text := facts.affirmative + " " + pd; {
		case secReachGameTalk.MatchString(text):
			reach = reachGame
		case secReachBrowser.MatchString(text) || facts.runtime.attach == runtimeBrowser:
			reach = reachBrowser
		}
		return secExecSurface{why: why, reach: reach, real: true}
	}
	return secExecSurface{}
}

// secLangName is a language as a parameter's description, given as
// written, spells it ("GDScript", "Strudel"), or the folded word.
func secLangName(desc, lang string) string {
	if m := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(lang) + `\b`).FindString(desc); m != "" {
		return m
	}
	return lang
}

// secWritableQueryLang names a query language with write statements: a
// graph query language (Cypher's CREATE, SET, DELETE; Gremlin's addV and
// drop; nGQL), SurrealQL, EdgeQL, N1QL and SQL++. SQL has its own reading;
// SPARQL (its query form), KQL, PromQL, JSONPath and search syntaxes read.
var secWritableQueryLang = regexp.MustCompile(`\b(?:open\s*)?cypher\b|\bgremlin\b|\bngql\b|\bsurrealql\b|\bedgeql\b|\bn1ql\b|\bsql\+\+`)

// secQueryParamWords name a parameter that carries a query.
var secQueryParamWords = []string{"query", "queries", "statement", "statements", "cypher", "gremlin", "traversal", "q"}

// secWritableQuery is a tool that runs a query the model writes in a
// query language that can write ("Execute Cypher graph query over the
// property graph" with a free `query`): like raw SQL, it reaches the
// database, writes included. Its name or affirmed text must say it
// executes or runs the query; a query the tool or the parameter calls
// read-only, a natural-language or search query, and a tool that only
// converts or explains a query are not read.
func secWritableQuery(t *model.Tool, facts secTool) secExecSurface {
	text := strings.Join(facts.words, " ") + " " + facts.affirmative
	if !secRunsTalk.MatchString(text) || secOnlyTransforms(facts) || secNoRunTalk.MatchString(facts.desc) || secReachReadOnly.MatchString(facts.desc) {
		return secExecSurface{}
	}
	for _, p := range secDeepParams(t) {
		pw := secIdentifierWords(p.name)
		if len(pw) == 0 || !secIsFreeText(p.obj) || !secHasWord(pw[len(pw)-1:], secQueryParamWords...) {
			continue
		}
		given, _ := p.obj["description"].(string)
		pd, _ := secFold(given)
		if secReachReadOnly.MatchString(pd) || secNotSQLTalk.MatchString(pd) {
			continue
		}
		lang := secWritableQueryLang.FindString(pd)
		if lang == "" {
			lang = secWritableQueryLang.FindString(text)
		}
		if lang == "" {
			continue
		}
		return secExecSurface{why: fmt.Sprintf("its free-text parameter `%s` takes a %s query it runs, in a query language with write statements", p.name, secLangName(given, lang)), reach: reachDatabase, real: true}
	}
	return secExecSurface{}
}

// Reading since SEC011 revision 25 (issue 21, round 32): a tool that
// starts a program from a path the model gives. A parameter that names the
// binary, executable or entry point a tool launches hands the model the
// choice of what runs: whatever file is at that path runs on the server's
// host, with the server's privileges.

// reachExecutablePath is the reach of a program started from a path the
// model gives.
const reachExecutablePath = "the program at the path it is given, run on the server's host with the server's privileges (any file there that can be executed)"

// secExecutablePathTalk is a parameter description saying it is the path
// of a binary, an executable or an entry point: "New Firefox binary
// path", "Path to the process JS entrypoint file", "Path to language
// executable".
var secExecutablePathTalk = regexp.MustCompile(`\b(?:path|location)\s+(?:to|of)\s+(?:the\s+|a\s+|an\s+|your\s+)?(?:[\w.-]+\s+){0,2}?(?:binary|binaries|executable|entry[\s-]?point)\b` +
	`|\b(?:binary|executable|entry[\s-]?point)\s+(?:file\s+)?path\b`)

// secExecutableUnused is a parameter description saying the tool ignores
// the value ("Reserved for Phase 2; ignored in Phase 1").
var secExecutableUnused = regexp.MustCompile(`\b(?:ignored|reserved|unused|not\s+(?:yet\s+)?used|no\s+effect)\b`)

// secLaunchWords are name words of a tool that starts what it is given:
// run, start, launch, restart, execute, spawn, and debug (a debugger
// launches the program it debugs).
var secLaunchWords = []string{"run", "start", "launch", "restart", "relaunch", "execute", "exec", "spawn", "debug"}

// secExecutablePath is a tool that starts a program, a binary or a
// script's entry point from a path the model gives: its name starts or
// runs something (run, start, launch, restart, execute, debug), and a free-text
// parameter's own description says it is the path to the binary,
// executable or entry point. Installing an app binary onto a device, a
// path the tool says it ignores, and a tool that only converts or checks
// what it is given are not read.
func secExecutablePath(t *model.Tool, facts secTool) secExecSurface {
	if !secHasWord(facts.words, secLaunchWords...) || secOnlyTransforms(facts) || secNoRunTalk.MatchString(facts.desc) {
		return secExecSurface{}
	}
	for _, p := range secDeepParams(t) {
		if !secIsFreeText(p.obj) || !isJSONString(p.obj["type"], "string") {
			continue
		}
		if pd := p.desc(); secExecutablePathTalk.MatchString(pd) && !secExecutableUnused.MatchString(pd) {
			return secExecSurface{why: fmt.Sprintf("it starts the program whose path its free-text `%s` gives (a binary, executable or entry point the model picks)", p.name), reach: reachExecutablePath, real: true}
		}
	}
	return secExecSurface{}
}

// reachContainerRun is where a container image or a compose file or
// manifest the model gives runs.
const reachContainerRun = "the Docker host or cluster that pulls and starts the image, or every container the compose file or manifest declares, with the command, mounts and privileges the model sets"

// secContainerImageTalk is a parameter description of a container image
// ("Container Image to run in the Pod", "Image ref, e.g. alpine:3.20", "a
// registry address such as ccr.example.com/ns/img:v1"), not a picture: it
// names a container, Docker or a registry, or gives a reference with a
// tag.
var secContainerImageTalk = regexp.MustCompile(`\b(?:container|docker|oci)\s+images?\b|\bimages?\s+(?:ref|reference)s?\b|\bregistry\b|\bdocker\s+pull\b|\b[a-z][\w.-]*(?:/[\w.-]+)*:(?:v?\d[\w.-]*|latest)\b`)

// secDeclaredRunTalk is a parameter description of the text of a compose
// file or a Kubernetes manifest: a declaration of containers to run.
var secDeclaredRunTalk = regexp.MustCompile(`\bdocker[- ]compose\b|\bcompose\s+(?:file|yaml|yml|spec|definition)s?\b|\b(?:kubernetes|k8s)\s+(?:yaml\s+|json\s+)?manifests?\b|\byaml\s+manifests?\b`)

// secContainerStartWords are the verbs of a tool that starts or deploys
// what it is given; secContainerStopWords lead the name of one that
// removes, checks or only shows it; secContainerNameWords end the name of
// a parameter that names a project or stack rather than holding it.
var (
	secContainerStartWords = []string{"run", "deploy", "redeploy", "create", "start", "launch", "apply", "up", "update", "install"}
	secContainerNameWords  = []string{"name", "names", "id", "ids", "key", "slug", "title", "label"}
	secContainerStopWords  = []string{"delete", "remove", "rm", "stop", "kill", "validate", "lint", "check", "get", "list", "describe", "inspect", "show", "generate", "convert", "render", "explain", "diff", "search", "find", "pull", "push", "build", "tag", "scan"}
)

// secContainerRun is a tool that starts containers from what the model
// gives (since revision 29, round 36): a free-text parameter holding a
// container image (docker run, a pod run, a service deployed from an
// image), or the text of a compose file or Kubernetes manifest it
// creates, updates or applies. An image or a compose file is code and a
// command line in one: any image runs whatever it was built to run, and a
// compose file sets the command, the privileges and the host mounts. A
// tool that deletes, validates, lists or renders such text runs nothing,
// and a picture's image (a logo, a message's image URL) is no container.
func secContainerRun(t *model.Tool, facts secTool) secExecSurface {
	w := facts.words
	if len(w) == 0 || secHasWord(w[:1], secContainerStopWords...) || secOnlyTransforms(facts) || secNoRunTalk.MatchString(facts.desc) {
		return secExecSurface{}
	}
	if !secHasWord(w, secContainerStartWords...) {
		return secExecSurface{}
	}
	for _, p := range secDeepParams(t) {
		if !secIsFreeText(p.obj) {
			continue
		}
		pw := secIdentifierWords(p.name)
		if len(pw) == 0 || secHasWord(pw[len(pw)-1:], secContainerNameWords...) {
			// project_name, "Docker Compose project name": it names
			// what exists, it holds no image or compose text.
			continue
		}
		pd := p.desc()
		switch {
		case secHasWord(pw, "image") && secContainerImageTalk.MatchString(pd):
			return secExecSurface{why: fmt.Sprintf("it starts a container from the image its `%s` names", p.name), reach: reachContainerRun, real: true}
		case secDeclaredRunTalk.MatchString(pd):
			return secExecSurface{why: fmt.Sprintf("its `%s` is the text of a compose file or manifest it deploys", p.name), reach: reachContainerRun, real: true}
		}
	}
	return secExecSurface{}
}
