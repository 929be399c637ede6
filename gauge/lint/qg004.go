package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/qualitygate"
)

// qg004 is QG004 qg-deprecated-tool.
func qg004() Rule {
	return Rule{
		ID: "QG004", Name: "qg-deprecated-tool", Family: "Quality-gate",
		Summary: "The description says the tool is deprecated or obsolete, yet it is still listed.",
		Default: Error, Scope: ScopeTool, Origin: OriginQualityGate,
		Revision: 5, Check: checkQG004,
	}
}

// checkQG004 fires where quality-gate's deprecation pattern matches the
// description; the default profile reads only its prose, not example XML
// or code.
func checkQG004(ctx *Context) []Problem {
	var out []Problem
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		desc := t.RawDescription
		if ctx.Precise() {
			desc = preciseProse(desc) // "deprecated" inside example XML or code is not the tool speaking
		}
		if saysDeprecated(ctx, desc) {
			out = append(out, Problem{Tool: t.Name,
				Message:    fmt.Sprintf("`%s` describes itself as deprecated or obsolete but is still listed.", t.Name),
				Suggestion: "Remove the tool from tools/list (or hide it behind an option); a model cannot tell it should avoid a listed tool, and every listed tool costs context."})
		}
	}
	return out
}

// saysDeprecated is quality-gate's test; the default profile asks that
// the tool be what is deprecated, and also reads a tool that says it is
// superseded or due for removal without the word.
func saysDeprecated(ctx *Context, desc string) bool {
	if !ctx.Precise() {
		return qualitygate.IsDeprecated(desc)
	}
	return qualitygate.IsDeprecated(desc) && preciseSaysItIsDeprecated(desc) || preciseSaysItIsSuperseded(desc) || preciseSaysItIsRetired(desc) || saysItIsLegacy(desc)
}

// preciseRetiredState is a word or phrase that says a thing is out of
// service: decommissioned, retired, discontinued, sunset, shut down, no
// longer supported or available, and "deprecated" or "obsolete" in German,
// French, Spanish, Portuguese and Italian.
const preciseRetiredState = `(?:sunset(?:ted)?|shut\s+down|end[\s-]+of[\s-]+life|` + preciseRetiredOpener + `)`

// preciseRetiredOpener is the part of preciseRetiredState that can open a
// sentence as a label ("DECOMMISSIONED:"); "Sunset:" and "Shut down:" open
// what a tool reports or does as often.
const preciseRetiredOpener = `(?:decommissioned|retired|discontinued|no\s+longer\s+(?:supported|available|maintained|functional|works?|operational)|veraltet|eingestellt|abgekündigt|nicht\s+mehr\s+(?:unterstützt|verfügbar)|obsolète|déprécié|dépréciée|retiré|retirée|obsoleto|obsoleta|descontinuad[oa]|en\s+desuso|deprecad[oa]|deprecat[oa]|obsolet[oa]|dismess[oa])`

// preciseRetiredSubject is a sentence that says the tool itself is out of
// service or cannot work: one that opens on the state followed by a colon,
// dash or stop ("DECOMMISSIONED: the API was shut down", "Retired — use
// X", "Veraltet: nutzen Sie …"), says this tool or it is in that state
// ("this tool has been discontinued", "cette fonction est obsolète"), or
// says this tool always fails ("This tool always fails with a clear
// message"). A value, endpoint or API it calls is another subject ("the
// Schema value is no longer supported", "the v1 endpoint is retired, so
// this tool calls v2"), and a failure under a condition ("always fails if
// the file exists") is a precondition, not a retirement.
var preciseRetiredSubject = regexp.MustCompile(`^[^\pL\pN]*` + preciseRetiredOpener + `\s*(?:[:;.!—–(-]|$)` +
	`|\b(?:this|the)\s+(?:tool|function|command|method|action|operation|call)\s+(?:is|has\s+been|was|will\s+be)\s+(?:now\s+)?(?:permanently\s+)?` + preciseRetiredState +
	`|^\s*it\s+(?:is|has\s+been)\s+(?:now\s+)?(?:permanently\s+)?` + preciseRetiredState +
	`|\b(?:diese[rs]?\s+(?:tool|werkzeug|funktion|befehl)|cet\s+outil|cette\s+(?:fonction|commande)|este\s+(?:tool|comando|método)|esta\s+(?:herramienta|función|ferramenta|funzione)|questo\s+(?:strumento|comando))\s+(?:ist|wurde|est|a\s+été|es|está|fue|ha\s+sido|foi|è|é)\s+(?:jetzt\s+|désormais\s+|ahora\s+|ora\s+)?` + preciseRetiredState +
	`|\b(?:this|the)\s+(?:tool|function|command|method|action|operation|call)\s+(?:now\s+)?(?:will\s+)?always\s+(?:fails?|errors?|returns?\s+an?\s+error)(?:\s+with\b|\s*[.;:,(—–-]|\s*$)`)

// preciseRetiredCJK says the tool is deprecated, retired or always fails
// in Chinese or Japanese, where words have no spaces: the state opens the
// description or follows "this tool" ("此工具已弃用", "このツールは廃止されました",
// "该工具总是失败").
var preciseRetiredCJK = regexp.MustCompile(`^[^\pL\pN]*[【\[(（]?(?:已?弃用|已?废弃|已?停用|已下线|不再支持|非推奨|廃止|サポート終了)|(?:此|该|本|這|该)(?:工具|函数|接口|命令)(?:已经?|现已|已被)?(?:弃用|废弃|停用|下线|不再(?:支持|可用|维护)|总是失败|始终失败)|この(?:ツール|関数|コマンド)は(?:現在)?(?:非推奨|廃止|サポートが終了|常に失敗|使用できません)`)

// preciseSaysItIsRetired reports whether the description says the tool is
// out of service (decommissioned, retired, no longer supported, always
// failing), in English or another language, without "deprecated".
func preciseSaysItIsRetired(desc string) bool {
	if preciseRetiredCJK.MatchString(strings.TrimSpace(desc)) {
		return true
	}
	for _, sentence := range preciseSentences(desc) {
		if preciseRetiredSubject.MatchString(strings.TrimSpace(sentence)) {
			return true
		}
	}
	return false
}

// preciseSupersededSubject is a sentence that retires the tool without the
// word "deprecated": one that opens on "Superseded by X" or "Replaced by
// X" (a subjectless sentence in a tool's description is about the tool),
// says this tool or it is superseded, replaced, scheduled for removal or
// will be removed, or opens on "(kept for compatibility and) scheduled for
// removal" or "will be removed in a future version / v3". What the tool
// removes or replaces ("old files will be removed", "the text is replaced
// by the new value") has another subject.
var preciseSupersededSubject = regexp.MustCompile(`^[^\pL\pN]*(?:(?:now\s+)?(?:superseded|replaced)\s+by\b|(?:(?:kept|retained|maintained)\s+(?:only\s+)?for\s+(?:backwards?[\s-]+)?compat\w*\s+(?:and|but)\s+)?(?:(?:is\s+)?(?:scheduled|slated|planned|marked)\s+for\s+(?:removal|deletion)\b|will\s+be\s+removed\s+in\s+(?:a\s+|the\s+)?(?:future|next|upcoming|coming|v?\d)))|\b(?:this|the)\s+(?:tool|function|command|method|action|operation|endpoint)\s+(?:is|has\s+been|was|will\s+be)\s+(?:now\s+)?(?:superseded\s+by|replaced\s+by|(?:scheduled|slated|planned|marked)\s+for\s+removal|removed\s+in\s+(?:a\s+|the\s+)?(?:future|next|upcoming|coming|v(?:ersion)?\s*\d))|^\s*it\s+(?:is|has\s+been)\s+(?:now\s+)?(?:superseded\s+by|replaced\s+by|(?:scheduled|slated|planned|marked)\s+for\s+removal)`)

// preciseSaysItIsSuperseded reports whether a sentence of the description
// retires the tool itself: superseded or replaced by another, or due for
// removal.
func preciseSaysItIsSuperseded(desc string) bool {
	for _, sentence := range preciseSentences(desc) {
		if preciseSupersededSubject.MatchString(strings.ToLower(strings.TrimSpace(sentence))) {
			return true
		}
	}
	return false
}

// preciseDeprecation finds the word in the default profile's reading.
var preciseDeprecation = regexp.MustCompile(`\b(?:deprecated|obsolete)\b`)

// preciseDeprecationSubject is a sentence whose subject is the tool: it
// opens on the word ("DEPRECATED: use read_text_file instead", "⚠️
// DEPRECATED — migrate ...") or says this tool, it, or the server or
// package it belongs to is deprecated.
var preciseDeprecationSubject = regexp.MustCompile(`^[^\pL\pN]*(?:deprecated|obsolete)\b|\b(?:server|package|integration|plugin|extension|library|sdk|tool|function)\b[^.]{0,40}?\b(?:is|has\s+been)\s+(?:now\s+)?(?:deprecated|obsolete)\b|\b(?:this|the)\s+(?:tool|function|command|method|action|operation)\s+(?:is|has\s+been|was|will\s+be)\s+(?:now\s+)?(?:deprecated|obsolete)\b|^\s*it\s+(?:is|has\s+been)\s+(?:now\s+)?(?:deprecated|obsolete)\b|\b(?:deprecated|obsolete)\s*(?:[,;:-]|\.$|$)\s*(?:please\s+)?(?:use|prefer|switch\s+to|call)\b`)

// preciseSaysItIsDeprecated reports whether the description says the
// tool itself, or the whole server, is deprecated, not a mode value ("DEPRECATED ALIAS for
// FromPath"), an endpoint it calls ("/rest/api/3/search is deprecated") or
// what it works on ("redirects for deprecated pages", "obsolete
// configurations").
func preciseSaysItIsDeprecated(desc string) bool {
	for _, sentence := range preciseSentences(desc) {
		if !preciseDeprecation.MatchString(sentence) {
			continue
		}
		if preciseDeprecationSubject.MatchString(strings.TrimSpace(sentence)) {
			return true
		}
	}
	return false
}
