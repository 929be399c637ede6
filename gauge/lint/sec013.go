package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// sec013 is SEC013 guardrail-control.
func sec013() Rule {
	return Rule{
		ID: "SEC013", Name: "guardrail-control", Family: "Security",
		Summary: "A tool lets the model change or lift guardrails (allowed directories, blocked commands, confirmations, protection rules).",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge, Revision: 10, Check: checkSEC013,
	}
}

// checkSEC013 finds a tool that lets the model change the server's own
// guardrails (desktop-commander's set_config_value sets allowedDirectories
// and blockedCommands).
func checkSEC013(ctx *Context) []Problem {
	if !ctx.Precise() {
		return nil
	}
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		if a := t.Annotations; a != nil && a.ReadOnlyHint != nil && *a.ReadOnlyHint {
			continue
		}
		words := facts[i].words
		if p, ok := sec013SelfApproval(t); ok {
			out = append(out, p)
			continue
		}
		if !secHasWord(words, secSetterWords...) || !secHasWord(words, secConfigWords...) {
			continue
		}
		var texts []string
		texts = append(texts, t.RawDescription)
		props := t.Params()
		for _, name := range t.ParamNames() {
			if secConfirmGateParam(name, props[name]) {
				continue // satisfying the server's own gate is not changing it
			}
			texts = append(texts, name)
			secSchemaText(props[name], func(_, s string) { texts = append(texts, s) }, 0)
		}
		seen := map[string]bool{}
		var keys []string
		for _, name := range t.ParamNames() {
			// A sandbox switch (a boolean or an enum named for the
			// sandbox) sets the guardrail; a sandbox_id names the
			// machine a product calls its sandbox.
			if secSandboxSwitch(name, props[name]) && !seen[strings.ToLower(name)] {
				seen[strings.ToLower(name)] = true
				keys = append(keys, name)
			}
		}
		for _, s := range texts {
			s = preciseCodeOnly(s)
			for _, loc := range secGuardrailTalk.FindAllStringIndex(s, -1) {
				k := s[loc[0]:loc[1]]
				if secAudienceList(s, loc) {
					// auth_set_sms_region_policy: "an ALLOW or DENY list
					// of country codes" is the product's policy for its
					// end users, no limit on what the model may do.
					continue
				}
				if !seen[strings.ToLower(k)] {
					seen[strings.ToLower(k)] = true
					keys = append(keys, k)
				}
			}
		}
		if len(keys) == 0 {
			continue
		}
		if len(keys) > 4 {
			keys = keys[:4]
		}
		out = append(out, Problem{Tool: t.Name,
			Message: fmt.Sprintf("Tool `%s` lets the model change the server's own guardrails (%s): one injected instruction can lift the limits the user chose.",
				t.Name, strings.Join(keys, ", ")),
			Suggestion: "Keep guardrail settings (allowed directories, blocked commands, confirmation, sandboxing) out of the tools: read them from the server's configuration, which only the user edits, or refuse to widen them from a tool call."})
	}
	return out
}

// secGuardrailTalk names a setting that limits what the server lets the
// model do: allowed directories, blocked commands, allow/deny lists, a
// read-only or safe mode, confirmation prompts, sandboxing.
var secGuardrailTalk = regexp.MustCompile(`(?i)\b(?:allowed[\s_-]?(?:directories|dirs|paths|roots|commands|hosts|domains|origins|tools|urls)|allowed(?:Directories|Dirs|Paths|Roots|Commands|Hosts|Domains|Origins|Tools|Urls)|blocked[\s_-]?(?:commands|paths|directories|hosts|domains|tools|urls)|blocked(?:Commands|Paths|Directories|Hosts|Domains|Tools|Urls)|(?:allow|deny|block|white|black)[\s_-]?list(?:ed)?|read[\s_-]?only[\s_-]?mode|safe[\s_-]?mode|sandboxing|sandbox(?:ed)?[\s_-]?(?:mode|modes|settings?|polic(?:y|ies)|levels?|restrictions?|permissions?|enabled|disabled)|(?:disabl\w*|enabl\w*|turn\w*\s+off|without|no|bypass\w*|skip\w*)[\s_-]+(?:the[\s_-]+)?sandbox(?:ing)?|require[sd]?[\s_-]?(?:confirmation|approval)|(?:confirmation|approval)[\s_-]?(?:prompts?|required|mode)|auto[\s_-]?approv\w*)\b`)

// secBareListTalk is a guardrail match that names only a list (an allow,
// deny or block list), not what it limits.
var secBareListTalk = regexp.MustCompile(`(?i)^(?:allow|deny|block|white|black)[\s_-]?list(?:ed)?$`)

// secAudienceTalk names the people or places a product serves (countries,
// regions, phone numbers, end users, customers, senders, recipients,
// e-mail addresses): a list of them is the product's policy for its users.
var secAudienceTalk = regexp.MustCompile(`(?i)\b(?:countr(?:y|ies)|country[\s_-]?codes?|regions?|locales?|phone[\s_-]?numbers?|(?:end[\s_-]?)?users?|customers?|visitors?|subscribers?|senders?|recipients?|e-?mail[\s_-]?(?:addresses|domains)|signups?|sign-ups?|players?|buyers?|sellers?|shoppers?|patients?|students?)\b`)

// secModelReachTalk names what a guardrail limits: what the server, and so
// the model, may run, read or reach.
var secModelReachTalk = regexp.MustCompile(`(?i)\b(?:commands?|paths?|director(?:y|ies)|dirs?|folders?|files?|tools?|hosts?|urls?|websites?|sites?|ips?|operations?|actions?|programs?|executables?|binaries|packages?|endpoints?|models?|agents?)\b`)

// secAudienceList reports whether a bare allow/deny/block list match at loc
// in s is a list of the people or places a product serves ("an ALLOW or
// DENY list of country codes", "a blocklist of sender addresses"): its
// sentence names such an audience and nothing the server itself may run,
// read or reach. Such a list is the product's policy for its end users,
// set by its owner, not a limit on the model; "the allowlist of commands
// the agent may run" still is one.
func secAudienceList(s string, loc []int) bool {
	if !secBareListTalk.MatchString(s[loc[0]:loc[1]]) {
		return false
	}
	start := strings.LastIndexAny(s[:loc[0]], ".;!?\n") + 1
	end := len(s)
	if i := strings.IndexAny(s[loc[1]:], ".;!?\n"); i >= 0 {
		end = loc[1] + i
	}
	sentence := s[start:end]
	return secAudienceTalk.MatchString(sentence) && !secModelReachTalk.MatchString(sentence)
}

// secSetterWords mark a tool that changes settings.
var secSetterWords = []string{"set", "update", "edit", "change", "configure", "modify", "unset", "disable", "enable", "toggle", "unblock", "allow", "add", "remove", "write", "put", "patch"}

// secConfigWords mark what a setter tool changes.
var secConfigWords = []string{"config", "configuration", "setting", "settings", "option", "options", "policy", "permission", "permissions", "preference", "preferences", "guardrail", "guardrails", "sandbox", "allowlist", "denylist", "blocklist", "whitelist", "blacklist", "confirmation", "allowed", "blocked"}

// secGuardrailLift names what in a tool lifts a guardrail, or "": a
// parameter, enum value or const whose name joins a lifting verb and a
// guardrail noun (suppressConfirmations, delete_protection), or a
// description that says the tool bypasses, disables or removes a guardrail
// or protection ("a bypass of the SYSTEMIC_DROP guardrail"). A `confirm`
// parameter that satisfies the tool's own confirmation gate lifts
// nothing: it is the gate.
func secGuardrailLift(t *model.Tool) string {
	var found string
	check := func(name string) {
		if found != "" {
			return
		}
		w := secIdentifierWords(name)
		if secHasWord(w, secLiftWords...) && secHasWord(w, secGuardNouns...) ||
			secHasWord(w, secSwitchOffWords...) && secHasWord(w, secPromptNouns...) {
			found = "`" + name + "`"
		}
	}
	props := t.Params()
	for _, name := range t.ParamNames() {
		check(name)
		for _, v := range secEnumConstValues(props[name]) {
			check(v)
		}
	}
	if found != "" {
		return found
	}
	if mode := secUncheckedModeParam(t); mode != "" {
		return mode
	}
	if p := secGateLiftParam(t); p != "" {
		return p
	}
	if p := secCheckSwitchParam(t); p != "" {
		return p
	}
	text := preciseCodeOnly(t.RawDescription)
	if loc := secFirstNotNegated(secGuardrailLiftTalk, text); loc != nil { // not "never use it to remove branch protection"
		return "\"" + secSnippet(text[loc[0]:loc[1]]) + "\""
	}
	return ""
}

// secLiftNegated ends the clause before a lifting phrase that denies it
// ("never use it to", "cannot", "does not").
var secLiftNegated = regexp.MustCompile(`\b(?:never|not|no|cannot|can't|won't|don't|doesn't)\b[^.;,!?\n]{0,30}$`)

// secFirstNotNegated is the first match of re in text that secLiftNegated
// does not deny (read in the 40 bytes before it), or nil.
func secFirstNotNegated(re *regexp.Regexp, text string) []int {
	for _, loc := range re.FindAllStringIndex(text, -1) {
		if !secLiftNegated.MatchString(strings.ToLower(text[max(0, loc[0]-40):loc[0]])) {
			return loc
		}
	}
	return nil
}

// secGuardrailLiftTalk is a description saying the tool bypasses, disables
// or removes a guardrail or protection.
var secGuardrailLiftTalk = regexp.MustCompile(`(?i)\b(?:bypass(?:es|ing)?|disabl(?:e|es|ing)|remov(?:e|es|ing)|lift(?:s|ing)?|turn(?:s|ing)?\s+off|suppress(?:es|ing)?|override(?:s)?)\s+(?:of\s+)?(?:the\s+|a\s+|any\s+|all\s+)?(?:[\w-]+\s+){0,2}?(?:guardrails?|safeguards?|safety\s+(?:checks?|limits?|confirmations?)|branch\s+protections?|protection\s+rules?|deletion\s+protection)\b`)

// secLiftWords and secGuardNouns make a name that lifts a guardrail
// (delete + protection, bypass + guardrail); secSwitchOffWords and
// secPromptNouns one that switches off the confirmations or precautions
// a service shows (suppressConfirmations). "delete_confirmation" or
// "skip_confirmation" stay silent: they read as the tool's own gate,
// which a confirm flag satisfies.
var (
	secLiftWords      = []string{"suppress", "bypass", "disable", "remove", "delete", "lift", "unset", "override", "unprotect"}
	secGuardNouns     = []string{"guardrail", "guardrails", "safeguard", "safeguards", "protection", "protections"}
	secSwitchOffWords = []string{"suppress", "bypass", "disable", "override"}
	secPromptNouns    = []string{"confirmation", "confirmations", "precaution", "precautions"}
)

// secConfirmGateParam reports whether a parameter is a confirmation flag
// (a boolean named confirm, confirmed, approve, acknowledge…): it
// satisfies the server's own confirmation gate for one call, so what its
// description says about that gate ("calls without confirm: true return
// confirmation_required") describes the guardrail, not a way to change it.
func secConfirmGateParam(name string, schema any) bool {
	w := secIdentifierWords(name)
	if !secHasWord(w, "confirm", "confirmed", "confirmation", "approve", "approved", "approval", "acknowledge", "acknowledged", "ack", "yes", "sure") {
		return false
	}
	if secHasWord(w, secLiftWords...) || secHasWord(w, "require", "required", "requires", "mode", "gate", "enable", "enabled", "skip", "auto") {
		return false // requireConfirmation, skip_confirmation set the gate itself
	}
	m, ok := schema.(map[string]any)
	if !ok {
		return false
	}
	typ, _ := m["type"].(string)
	return typ == "boolean" || typ == "string" && m["const"] != nil
}

// secSandboxSwitch reports whether a parameter switches a sandbox on or
// off or picks its mode: named for the sandbox, and a boolean or an enum.
// "sandbox" alone is often a product's name for its machine (a
// sandbox_id, "write a file to a sandbox"): no guardrail of the server.
func secSandboxSwitch(name string, schema any) bool {
	if !secHasWord(secIdentifierWords(name), "sandbox", "sandboxed", "sandboxing") {
		return false
	}
	m, _ := schema.(map[string]any)
	if m == nil {
		return false
	}
	_, enum := m["enum"]
	return isJSONString(m["type"], "boolean") || enum
}

// secUncheckedValue is a value of a sandbox, approval or permission-mode
// parameter that turns it off: danger-full-access, bypassPermissions,
// yolo, full auto, no sandbox, an approval policy of never.
var secUncheckedValue = regexp.MustCompile(`\bdanger|\bfull\s*access\b|\bbypass|\bskip|\byolo\b|\bfull\s*auto\b|\bno\s*sandbox\b|^never$`)

// secUncheckedSwitch is a boolean's name that turns a sandbox or the
// approval prompts off (fullAuto, dangerouslySkipPermissions).
var secUncheckedSwitch = regexp.MustCompile(`\bdanger|\b(?:bypass|skip|disable)\s+(?:all\s+)?(?:permissions?|approvals?|sandbox|sandboxing)\b|\byolo\b|\bfull\s*auto\b|\bno\s*sandbox\b`)

// secUncheckedModeParam names a parameter with which the model turns off,
// call by call, the sandbox or the approval prompts the user set: one
// named for a sandbox, an approval policy or a permission mode with a
// value that lifts it (`sandbox: danger-full-access`), or a switch named
// for lifting it (`fullAuto`, `dangerouslySkipPermissions`); or "".
func secUncheckedModeParam(t *model.Tool) string {
	props := t.Params()
	for _, name := range t.ParamNames() {
		w := secIdentifierWords(name)
		obj, _ := props[name].(map[string]any)
		if obj == nil {
			continue
		}
		if isJSONString(obj["type"], "boolean") && secUncheckedSwitch.MatchString(strings.Join(w, " ")) {
			return "`" + name + "`"
		}
		if !secHasWord(w, "sandbox", "approval", "approvals") && !(secHasWord(w, "permission", "permissions") && secHasWord(w, "mode")) {
			continue
		}
		for _, v := range preciseEnumValues(obj) {
			if secUncheckedValue.MatchString(strings.Join(secIdentifierWords(v), " ")) {
				return fmt.Sprintf("`%s: %s`", name, v)
			}
		}
		if v := secUncheckedListedValue(obj); v != "" {
			return fmt.Sprintf("`%s: %s`", name, v)
		}
	}
	return ""
}

// secListedModeValue is a value a free-text mode parameter's description
// lists as one word joined in camel case or by a dash or underscore
// (bypassPermissions, danger-full-access, full_auto).
var secListedModeValue = regexp.MustCompile(`\b[a-z]+(?:[A-Z][a-z]+)+\b|\b[a-z]+(?:[-_][a-z]+)+\b`)

// secUncheckedListedValue returns a value that lifts the checks among the
// values a free-text sandbox, approval or permission-mode parameter's
// description lists ("Claude permission mode: default, acceptEdits,
// bypassPermissions, dontAsk, plan"), or "" (round 58): the schema leaves
// the value free, and the text says which one turns the checks off. A
// value in a denial ("never bypassPermissions") is not read.
func secUncheckedListedValue(obj map[string]any) string {
	if _, enum := obj["enum"]; enum || !isJSONString(obj["type"], "string") {
		return ""
	}
	desc, _ := obj["description"].(string)
	for _, loc := range secListedModeValue.FindAllStringIndex(desc, -1) {
		v := desc[loc[0]:loc[1]]
		if !secUncheckedValue.MatchString(strings.Join(secIdentifierWords(v), " ")) {
			continue
		}
		if secLiftNegated.MatchString(strings.ToLower(desc[max(0, loc[0]-40):loc[0]])) {
			continue
		}
		return v
	}
	return ""
}

// secGatePassVerbs and secGateNouns make a tool name that passes a gate
// (pass_pipeline_validate, approve_checkpoint, skip_validation_gate).
var (
	secGatePassVerbs = []string{"pass", "approve", "bypass", "skip", "override", "accept"}
	secGateNouns     = []string{"validate", "validation", "validations", "checkpoint", "checkpoints", "gate", "gates"}
)

// secHumanGateTalk is a description saying the tool approves or passes a
// gate a person was to clear: a manual checkpoint, a human validation or
// approval, an approval gate; in Chinese, passing a manual checkpoint
// (人工卡点) or a stage's validation (阶段验证).
var secHumanGateTalk = regexp.MustCompile(`(?i)\b(?:approv\w*|pass(?:es|ing)?|accept\w*|skip\w*|bypass\w*|sign(?:s|ing)?\s+off)\b[^.;\n]{0,40}?\b(?:(?:manual|human)\s+(?:validation|approval|checkpoint|gate|review|sign-?off|intervention)s?|(?:validation|approval|review)\s+gates?)\b` +
	`|(?:通过|批准|跳过)[^。\n]{0,12}?(?:人工(?:卡点|审核|审批|验证|确认)|卡点|阶段验证)`)

// secHumanGatePass names how a tool lets the model pass a human approval
// or validation gate itself, or "": its name joins a passing verb and a
// gate (pass_pipeline_validate), or its description says it approves or
// passes a manual checkpoint or an approval gate. A confirm parameter
// that satisfies the server's own gate for one call is no such tool: the
// tool's job must be the approval.
func secHumanGatePass(t *model.Tool) string {
	w := secIdentifierWords(t.Name)
	if secHasWord(w, secGatePassVerbs...) && secHasWord(w, secGateNouns...) {
		return "`" + t.Name + "`"
	}
	text := preciseCodeOnly(t.RawDescription)
	if loc := secFirstNotNegated(secHumanGateTalk, text); loc != nil { // not "cannot approve a manual checkpoint"
		return "\"" + secSnippet(text[loc[0]:loc[1]]) + "\""
	}
	if v := secGateApproveAction(t); v != "" {
		return v
	}
	return secNoHumanApproval(t)
}

// secGateLiftTalk is text saying something bypasses, skips, overrides or
// switches off a gate or an approval (a process gate as much as a
// security one): "bypass gates", "Skip all workflow gates", "override the
// approval requirement", "even if gates block", "regardless of pending
// approvals". A confirmation the tool asks for on one call is not read:
// a confirm flag satisfies that gate (revision 2).
var secGateLiftTalk = regexp.MustCompile(`(?i)\b(?:bypass(?:es|ing)?|skip(?:s|ping)?|overrid(?:e|es|ing)|disabl(?:e|es|ing)|lift(?:s|ing)?|turn(?:s|ing)?\s+off|circumvent(?:s|ing)?)\s+(?:all\s+|any\s+|the\s+|every\s+)?(?:[\w-]+\s+){0,2}?(?:gates|gate|approvals?|approval\s+(?:gates?|requirements?|steps?|checks?))\b` +
	`|\beven\s+(?:if|when|though)\s+(?:the\s+|a\s+|any\s+)?(?:[\w-]+\s+)?(?:gates?|approvals?)\s+(?:block|blocks|fail|fails|deny|denies|(?:is|are)\s+(?:pending|missing|not\s+met))\b` +
	`|\bregardless\s+of\s+(?:the\s+|any\s+)?(?:[\w-]+\s+)?(?:gates?|approvals?)\b`)

// secGateLiftParam names a parameter with which the model lifts a gate
// or an approval itself, or "": one whose own description says it does
// ("force: Force advancement even if gates block", "autonomous: Skip all
// workflow gates"), or one the tool's description names in the sentence
// that says so ("Use force=true to bypass gates"). "Abilities under this
// namespace bypass the opt-in gate" says what the server does with no
// parameter of the model's, and a confirm flag is the gate itself: both
// stay silent.
func secGateLiftParam(t *model.Tool) string {
	if secCircuitTalk.MatchString(t.RawDescription) {
		return "" // a gate of a circuit is an operation on it, not a check
	}
	props := t.Params()
	names := t.ParamNames()
	for _, name := range names {
		if secConfirmGateParam(name, props[name]) {
			continue
		}
		m, _ := props[name].(map[string]any)
		desc, _ := m["description"].(string)
		if secFirstNotNegated(secGateLiftTalk, preciseCodeOnly(desc)) != nil {
			return "`" + name + "`"
		}
	}
	text := secShellQuotes.Replace(t.RawDescription)
	for _, loc := range secGateLiftTalk.FindAllStringIndex(text, -1) {
		before := text[:loc[0]]
		if k := strings.LastIndexAny(before, ".;!?\n"); k >= 0 {
			before = before[k+1:]
		}
		if secLiftNegated.MatchString(strings.ToLower(before)) {
			continue
		}
		var words []string
		for _, w := range secParamToken.FindAllString(before, -1) {
			words = append(words, strings.ToLower(strings.Trim(w, ".-")))
		}
		for _, name := range names {
			if !secConfirmGateParam(name, props[name]) && secHasWord(words, strings.ToLower(name)) {
				return "`" + name + "`"
			}
		}
	}
	return ""
}

// secCheckSwitchTalk is a boolean's description that opens on switching
// off a check that guards what the call may do, so that true lifts it:
// a lifting verb (skip, bypass, disable, turn off, ignore, lift, release,
// override, suppress, circumvent) with a guarding check as its object
// (signature, integrity or checksum verification, security or safety
// checks, sanitization, a clean-tree check, approval gates or prompts),
// or "allow" with destructive, dangerous or unsafe tools or operations.
// It may follow a short label ("Advanced:"), "if true," "set true to",
// or "whether to". Checks that guard nothing of the user's (a cache, an
// update check, plain input validation, a confirmation the flag itself
// gives, TLS settings of a fetch) are not in the class.
var secCheckSwitchTalk = regexp.MustCompile(`(?i)^[^\pL\pN]*(?:\pL+(?:\s+\pL+)?\s*:\s*)?` +
	`(?:(?:if|when)\s+(?:set\s+(?:to\s+)?)?true\s*,?\s*|set\s+(?:(?:it|this)\s+)?(?:to\s+)?true\s+to\s+|true\s*[:=-]\s*|whether\s+(?:or\s+not\s+)?to\s+)?` +
	`(?:(?:skip(?:s|ping)?|bypass(?:es|ing)?|disabl(?:e|es|ing)|turn(?:s|ing)?\s+off|ignor(?:e|es|ing)|lift(?:s|ing)?|(?:auto-?)?releas(?:e|es|ing)|overrid(?:e|es|ing)|suppress(?:es|ing)?|circumvent(?:s|ing)?)` +
	`\s+(?:the\s+|all\s+|any\s+|[\w.'’-]+(?:'s|’s)\s+)?(?:[\w/.'’-]+\s+){0,3}?` +
	`(?:saniti[sz]ation|(?:signature|integrity|checksum|provenance|attestation)\s+(?:verifications?|checks?|validations?)|(?:security|safety|clean)\s+(?:checks?|validations?)|(?:approval|safety|security)\s+(?:gates?|prompts?))` +
	`|allow(?:s|ing)?\s+(?:[\w-]+\s+)?(?:destructive|dangerous|unsafe)\s+(?:tools?|operations?|commands?|actions?|calls?))\b`)

// secCheckSwitchParam names a boolean parameter whose own description says
// that setting it switches off a check that guards the call ("skipVerification:
// Skip signature verification", "skipGitCheck: Skip git clean check",
// "auto_approve_tools: Auto-release the per-tool approval gates",
// "allowDestructive: Set true to allow destructive tools"), or "": the
// model lifts, call by call, a check the server keeps for the user. The
// description must open on the lift: "Skipped when signature verification
// fails", "skipCache: Skip cached analysis", "skipUpdateCheck: Skip
// checking for package updates" and "skipValidation: Skip validation"
// stay silent.
func secCheckSwitchParam(t *model.Tool) string {
	for name, m := range booleanParams(t) {
		desc, _ := m["description"].(string)
		if secCheckSwitchTalk.MatchString(preciseCodeOnly(desc)) {
			return "`" + name + "`"
		}
	}
	return ""
}

// secCircuitTalk is a tool about circuits, where a gate is an operation
// (a quantum or logic gate), not a check on the model.
var secCircuitTalk = regexp.MustCompile(`(?i)\b(?:qubits?|quantum|circuits?|logic\s+gates?|netlists?)\b`)

// secParamToken is a word as a parameter is spelt (skip_review,
// dry-run, force).
var secParamToken = regexp.MustCompile(`[A-Za-z0-9_.-]+`)

// secGateTalk is a tool's own text naming the gates or approvals it
// manages.
var secGateTalk = regexp.MustCompile(`(?i)\bgates?\b|\bapprovals?\b|\brequires?\s+approval\b`)

// secGateActionVerbs and secGateActionObjects make an action value that
// grants the approval a step of the work waits for (approvePlan,
// pass_stage_validation); secAutonomyWords one that switches the gates
// off (setAutonomous).
var (
	secGateActionVerbs   = []string{"approve", "pass", "accept", "grant", "signoff"}
	secGateActionObjects = []string{"plan", "plans", "phase", "phases", "stage", "stages", "step", "steps", "gate", "gates", "checkpoint", "checkpoints", "validation", "transition"}
	secAutonomyWords     = []string{"autonomous", "autonomy", "autopilot", "unattended", "yolo"}
)

// secGateApproveAction names an action value (an enum or const value of a
// tool that is not read-only) with which the model grants an approval or
// turns the gates off, in a tool whose own description names the gates or
// approvals it manages ("Manage workflow operations: ... gates,
// approvals" with approvePlan and setAutonomous), or "". The value must
// join the verb to a step of the work (a plan, phase, stage, step, gate,
// checkpoint, validation): a bare "approve" or "APPROVED" is a review's
// state (a pull request's, a comment's), "approve_merge_request" a
// review the user may well ask for, and both stay silent, as does an
// approval action in a tool that speaks of no gate.
func secGateApproveAction(t *model.Tool) string {
	if a := t.Annotations; a != nil && a.ReadOnlyHint != nil && *a.ReadOnlyHint {
		return ""
	}
	if !secGateTalk.MatchString(preciseCodeOnly(t.RawDescription)) {
		return ""
	}
	props := t.Params()
	for _, name := range t.ParamNames() {
		for _, v := range secEnumConstValues(props[name]) {
			w := secIdentifierWords(v)
			if secHasWord(w[:min(1, len(w))], secGateActionVerbs...) && secHasWord(w, secGateActionObjects...) || secHasWord(w, secAutonomyWords...) {
				return "`" + v + "`"
			}
		}
	}
	return ""
}

// secNoHumanTalk is text saying an approval, acceptance or decision goes
// through with the person or the vote meant to make it left out: "unblock
// the flow without a human in the loop", "Decision types to auto-approve
// without voting".
var secNoHumanTalk = regexp.MustCompile(`(?i)` + secNoHumanVerbs + `[^.;\n]{0,60}?\bwithout\s+(?:a\s+|any\s+)?(?:human(?:\s+(?:in\s+the\s+loop|clicking|approving|approval|review|intervention|sign-?off))?|person\s+(?:approving|reviewing|in\s+the\s+loop)|voting|a\s+vote)\b`)

// secNoHumanApproval quotes, from the tool's description or a parameter's,
// what says the tool approves or accepts without the human or the vote
// meant to decide, or "".
func secNoHumanApproval(t *model.Tool) string {
	texts := []string{preciseCodeOnly(t.RawDescription)}
	props := t.Params()
	for _, name := range t.ParamNames() {
		m, _ := props[name].(map[string]any)
		if desc, _ := m["description"].(string); desc != "" {
			texts = append(texts, preciseCodeOnly(desc))
		}
	}
	for _, text := range texts {
		loc := secFirstNotNegated(secNoHumanTalk, text) // not "never approves without a human"
		if loc == nil {
			continue
		}
		span := text[loc[0]:loc[1]]
		verbs := secNoHumanVerb.FindAllStringIndex(span, -1)
		for i := len(verbs) - 1; i > 0; i-- {
			if secNoHumanTalk.MatchString(span[verbs[i][0]:]) {
				span = span[verbs[i][0]:] // quote the verb the "without" belongs to
				break
			}
		}
		return "\"" + secSnippet(span) + "\""
	}
	return ""
}

// secNoHumanVerbs are the verbs of secNoHumanTalk; secNoHumanVerb finds
// one, to quote the one nearest its "without".
const secNoHumanVerbs = `\b(?:auto-?)?(?:approv\w*|accept\w*|unblock\w*|resolv\w*|pass(?:es|ing)?|proceed\w*|continu\w*)\b`

var secNoHumanVerb = regexp.MustCompile(`(?i)` + secNoHumanVerbs)

// sec013SelfApproval reports the first self-approval reading that holds
// for t: a human gate the model passes, or a guardrail it lifts, each with
// how it is reported.
func sec013SelfApproval(t *model.Tool) (Problem, bool) {
	readings := [...]struct {
		read       func(*model.Tool) string
		message    string
		suggestion string
	}{
		{secHumanGatePass,
			"Tool `%s` lets the model itself pass a human approval or validation gate (%s): the check a person was meant to make is made by the model, and one injected instruction can wave a change through.",
			"Leave manual checkpoints and approval gates to the people they were set up for (in the service's own console), or have the tool ask the user in its own flow and say so; a model should not approve its own work."},
		{secGuardrailLift,
			"Tool `%s` lets the model lift a guardrail (%s): one injected instruction can switch off the protection the user relies on.",
			"Leave lifting protections (branch protection, safety confirmations, guardrail bypasses) to the user in the service's own console, or ask the user in the tool's own flow before it takes effect; a model should not be able to switch them off by itself."},
		{secSelfSpendLimit,
			"Tool `%s` lets the model change a limit that governs its own actions (%s): one injected instruction can raise the cap the user set on what it may spend.",
			"Leave spending limits and safety profiles that bind the agent to the user (in the service's own console), or let the tool only lower them; a model should not be able to raise its own cap."},
	}
	for _, r := range readings {
		if what := r.read(t); what != "" {
			return Problem{Tool: t.Name, Message: fmt.Sprintf(r.message, t.Name, what), Suggestion: r.suggestion}, true
		}
	}
	return Problem{}, false
}
