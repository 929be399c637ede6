package lint

import (
	"regexp"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// Readings since SEC011 revision 33 (round 43, branch cmd43): the
// first-judged false findings of SEC011 across the 43 audits had two roots
// the earlier revisions read only in part. (1) The free text is a
// selector, not program text: the value picks something the target
// already has (a slash-command identifier, a session UUID, a function
// symbol: read before) or, now, one value of a closed set the parameter's
// own description lists ("One of 'cache:clear', 'cache:purge'"), a
// command addressed to a record a required sibling names (an item's ON or
// OFF) on a tool whose text names nothing that runs commands, and an
// undescribed `code` field of a record on a tool whose text never talks
// of code (a stock card's code). (2) The input is analysed, not run: a
// dry run is no run (read before for an opening verb; now a "dry-run"
// anywhere in the text is not read as a claim that the tool runs).

// secClosedSetTalk is a parameter description that lists the values it
// takes as a closed set: "One of 'cache:clear', 'cache:purge', 'update'",
// "Valid values: list, show, create". An example ("e.g. ls, cat") is no
// closed set.
var secClosedSetTalk = regexp.MustCompile("(?:^|[.;]\\s+)\\W*(?:(?:must\\s+be\\s+)?one\\s+of|(?:allowed|valid|supported|accepted|possible)\\s+(?:values|commands|options|choices))\\s*(?:are|is)?\\s*:?\\s*" +
	"[`'\"]?[\\w:./-]+[`'\"]?(?:\\s*(?:,|\\bor\\b|\\|)\\s*(?:or\\s+)?[`'\"]?[\\w:./-]+[`'\"]?)+")

// secCommandArgsParams are names of a parameter that passes free
// arguments or options to the command it runs.
var secCommandArgsParams = append([]string{"options", "params", "parameters"}, secArgsParams...)

// secPicksListedValue reports whether the command parameter name of t
// takes one value of a closed set its own (folded) description pd lists,
// with no free arguments beside it: the model picks one of the target's
// own commands and writes none.
func secPicksListedValue(t *model.Tool, pd string) bool {
	if !secClosedSetTalk.MatchString(pd) {
		return false
	}
	for _, p := range secDeepParams(t) {
		pw := secIdentifierWords(p.name)
		if len(pw) > 0 && secHasWord(pw[len(pw)-1:], secCommandArgsParams...) && (secIsFreeTextOrList(p.obj) || isJSONString(p.obj["type"], "object")) {
			return false
		}
	}
	return true
}

// secCommandRunnerWords name what a command runs on: a host, a container,
// a session. A required sibling named for one of them is where a shell
// command goes, not a record that receives a value.
var secCommandRunnerWords = []string{"host", "hostname", "server", "machine", "vm", "container", "pod", "session", "terminal", "shell", "connection", "conn", "instance", "process", "pid", "sandbox", "agent", "workspace", "environment", "env", "runtime", "worker", "kernel", "cluster", "node", "job", "target", "profile", "console"}

// secCommandToRecord reports whether the command parameter name of t is
// addressed to a record a required sibling names (`itemName`,
// `entity_id`) and its own description says nothing of running it or of
// a shell: "Send a command (ON, OFF, numeric value) to a single item".
// Read only where the tool's text names nothing that runs commands (the
// reach is the unnamed connected system), so a command to a host, a
// container or a device shell keeps its reading.
func secCommandToRecord(t *model.Tool, name string) bool {
	pw := secIdentifierWords(name)
	if len(pw) == 0 || !secHasWord(pw[len(pw)-1:], "command", "commands", "cmd") {
		return false
	}
	props, required := secHolder(t, name)
	if props == nil {
		return false
	}
	obj, _ := props[name].(map[string]any)
	d, _ := obj["description"].(string)
	pd, _ := secFold(d)
	if secRunWordTalk.MatchString(pd) || strings.Contains(pd, "shell") || strings.Contains(pd, "script") {
		return false
	}
	for _, r := range required {
		if r == name {
			continue
		}
		rw := secIdentifierWords(r)
		if len(rw) < 2 || !secHasWord(rw[len(rw)-1:], "name", "id", "ids", "names") || secHasWord(rw, secCommandRunnerWords...) {
			continue
		}
		if o, _ := props[r].(map[string]any); secIsFreeTextOrList(o) || o != nil && (isJSONString(o["type"], "integer") || isJSONString(o["type"], "number")) {
			return true
		}
	}
	return false
}

// secHolder returns the properties and the required names of the object
// of t's input schema that holds the parameter name: the input itself, a
// branch of a union, or the items of an array parameter (one level down,
// as secDeepParams reads them).
func secHolder(t *model.Tool, name string) (map[string]any, []string) {
	req := func(schema map[string]any) []string {
		var out []string
		list, _ := schema["required"].([]any)
		for _, r := range list {
			if s, ok := r.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	var found func(schema map[string]any, depth int) (map[string]any, []string)
	found = func(schema map[string]any, depth int) (map[string]any, []string) {
		if schema == nil || depth > 2 {
			return nil, nil
		}
		props, _ := schema["properties"].(map[string]any)
		if _, ok := props[name]; ok {
			return props, req(schema)
		}
		for _, k := range []string{"anyOf", "oneOf"} {
			branches, _ := schema[k].([]any)
			for _, b := range branches {
				if p, r := found(asMap(b), depth+1); p != nil {
					return p, r
				}
			}
		}
		if depth > 0 {
			return nil, nil
		}
		keys := make([]string, 0, len(props))
		for k := range props {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			obj := asMap(props[k])
			if p, r := found(asMap(obj["items"]), depth+1); p != nil {
				return p, r
			}
			if p, r := found(obj, depth+1); p != nil {
				return p, r
			}
		}
		return nil, nil
	}
	return found(t.InputSchema, 0)
}

// asMap returns v as a JSON object, or nil.
func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

// secUnsaidCode reports whether a `code` parameter is a field of a record
// rather than source code: its own (folded) description pd is empty, and
// neither the tool's name words (code, a script, or something made of
// code: middleware, a function, a hook) nor its text (its description,
// any parameter's) talk of code, a script, an expression or a language. A
// stock card's `code` beside its name, EAN and PLU is an identifier. A
// tool whose name runs, executes or evaluates (`run(code)`, `eval_code`)
// says what its `code` is by that verb: it stays code.
func secUnsaidCode(t *model.Tool, words []string, desc, pd string) bool {
	return strings.TrimSpace(pd) == "" && !secHasWord(words, secCodeObjects...) && !secHasWord(words, secArtifacts...) &&
		!secHasWord(words, secCodeRunNameVerbs...) && !secTalksCode(t, desc)
}

// secCodeRunNameVerbs are name words of a tool that runs what it is given.
var secCodeRunNameVerbs = []string{"run", "runs", "exec", "execute", "executes", "eval", "evaluate", "evaluates", "interpret", "invoke"}

// secDryRunTalk is a dry run: a preview that runs nothing ("shadow_run
// (dry-run preview)", "--dry-run").
var secDryRunTalk = regexp.MustCompile(`\bdry[- _]?runs?\b`)

// secAnalysedTalk is a parameter description whose purpose is to analyse
// what it carries: "JS to validate", "code to analyze", "the SQL to
// explain".
var secAnalysedTalk = regexp.MustCompile(`\bto\s+(?:be\s+)?(?:validated?|check(?:ed)?|lint(?:ed)?|analy[sz]ed?|verif(?:y|ied)|parsed?|format(?:ted)?|explain(?:ed)?|convert(?:ed)?|review(?:ed)?|inspect(?:ed)?|scored?|assess(?:ed)?|tokeni[sz]ed?|highlight(?:ed)?|preview(?:ed)?|simulated?|refactor(?:ed)?|diff(?:ed)?|compared?|summari[sz]ed?)\b`)

// secAnalysedOnly reports whether a parameter's own (folded) description
// says its value is analysed (validated, checked, explained) and says
// nothing of running it: the tool returns what it makes of the code.
func secAnalysedOnly(pd string) bool {
	return secAnalysedTalk.MatchString(pd) && !secRunWordTalk.MatchString(pd)
}
