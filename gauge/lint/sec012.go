package lint

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// sec012 is SEC012 annotation-contradiction.
func sec012() Rule {
	return Rule{
		ID: "SEC012", Name: "annotation-contradiction", Family: "Security",
		Summary: "The tool's behaviour hints contradict its name or description, or a default destroys or widens access.",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge, Revision: 51, Check: checkSEC012,
	}
}

// checkSEC012 finds behaviour hints that contradict the tool's name or the
// opening of its description: readOnlyHint on a tool that changes things,
// destructiveHint: false on one that destroys, both at once, and
// idempotentHint on one that adds something each call. The default profile
// also reads destructive and mutating modes, remote sends and read-named
// tools. A contradiction that hides no destructive action is marked Design.
func checkSEC012(ctx *Context) []Problem {
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		if ctx.Precise() {
			// A flag that deletes, archives or overwrites, or that writes
			// from a read, on by default: the model need not say a word.
			if p, what := secDangerousDefault(t, facts[i]); p != "" {
				out = append(out, Problem{Tool: t.Name, Parameter: p,
					Message:    secDefaultTrueMessage(t.Name, p, what),
					Suggestion: fmt.Sprintf("Default `%s` to false so the side effect is asked for, not assumed, and say in its description what turning it on does.", p)})
			} else if p, def := secDangerousModeDefault(t.Params(), t.ParamNames(), "", 0); p != "" {
				// A mode whose default charges at once or destroys: the
				// model picks it by saying nothing.
				out = append(out, Problem{Tool: t.Name, Parameter: p,
					Message:    fmt.Sprintf("`%s.%s` defaults to %q, so every call does that unless the model picks another value.", t.Name, p, def),
					Suggestion: fmt.Sprintf("Make `%s` required, or default it to the value that neither charges nor destroys, so the side effect is asked for, not assumed.", p)})
			} else if p, m := secOmissionDestroysAll(t); p != "" {
				// config_reset key "omit to reset all": leaving the
				// optional parameter out destroys everything (round 41).
				out = append(out, Problem{Tool: t.Name, Parameter: p,
					Message:    fmt.Sprintf("`%s.%s` is optional, and its description says a call that leaves it out destroys everything (%q).", t.Name, p, m),
					Suggestion: fmt.Sprintf("Make `%s` required, or give the everything case its own explicit value (\"all\") or tool, so a call that forgets the parameter destroys nothing.", p)})
			} else if p := secSafetySwitchAskedFirst(t); p != "" {
				// renameSymbol "use dryRun first" with dryRun optional
				// and off: the call the advice warns against is the
				// default (round 41).
				out = append(out, Problem{Tool: t.Name, Parameter: p,
					Message:    fmt.Sprintf("`%s`'s description says to use `%s` first, but `%s` is optional and off by default, so a call that leaves it out makes the change at once.", t.Name, p, p),
					Suggestion: fmt.Sprintf("Default `%s` to true (and say how to turn it off), or make it required, so the preview the description asks for is what a bare call does.", p)})
			} else if p, what := trustDefault(t, facts[i]); p != "" {
				// autoTrust, auto_apply, gitHooks on by default: trust
				// or what runs widens by a bare call (trust_defaults.go,
				// round 49).
				out = append(out, Problem{Tool: t.Name, Parameter: p,
					Message:    secDefaultTrueMessage(t.Name, p, what),
					Suggestion: fmt.Sprintf("Default `%s` to false so the user's trust is asked for, not assumed, and say in its description what turning it on does.", p)})
			} else if p, v := accessWidestDefault(t, facts[i]); p != "" {
				// An access bound (run-as user, networking, visibility, an
				// invite's uses or lifetime) left out is at its widest:
				// root, unrestricted, public, unlimited, never
				// (access_defaults.go, round 32).
				out = append(out, Problem{Tool: t.Name, Parameter: p,
					Message:    accessWidestMessage(t.Name, p, v),
					Suggestion: fmt.Sprintf("Default `%s` to its narrowest value, or make it required, so wider access is asked for, not assumed.", p)})
			}
		}
		a := t.Annotations
		if a == nil {
			continue
		}
		words, desc := facts[i].words, facts[i].desc
		if ctx.Precise() {
			// drag_drop: the drop of a drag-and-drop gesture deletes nothing.
			words = secWithoutGestureDrop(words)
		}
		// Only the description's opening verb counts: descriptions often
		// mention destruction to steer away from it ("To permanently remove a
		// ticket, use archive_ticket").
		destructiveText := secDestructiveOpening.MatchString(desc)
		// destroys is the default profile's reading of destruction, when
		// the opening verb is not one.
		destroys := ""
		if ctx.Precise() && !destructiveText {
			// The default profile also reads an operation or flag that
			// destroys (git_branch mode "delete", git_push force).
			destroys = preciseDescribesDestruction(&tgTools(ctx)[i])
			destructiveText = destroys != "" && !preciseUpsertOfFields(&tgTools(ctx)[i])
		}
		// design marks a contradiction that hides no destructive action: the
		// mcpgauge score counts it as tool design, not security.
		design := true
		add := func(msg, fix string) {
			out = append(out, Problem{Tool: t.Name, Message: msg, Suggestion: fix, Design: design})
		}
		// A change word in a noun's place (git_commit_frequency "Analyze
		// commit frequency") is what is read (round 38).
		readNamed := ctx.Precise() && (nameReadHeaded(words, desc) || nameChangeWordIsNoun(words, desc)) && !secMutatingOpening.MatchString(desc)
		if destroys != "" && destructiveText && secStoresDestructiveValue(t, words, desc, destroys) {
			destructiveText = false
		}
		if ctx.Precise() && destructiveText && preciseTransformsCarriedCopy(&tgTools(ctx)[i]) {
			// optimize_style_tool "removing unused sources" from the
			// style JSON the call carries: it changes a copy it returns.
			destructiveText = false
		}
		if ctx.Precise() && destructiveText && secHasWord(words[:min(2, len(words))], secCheckVerbs...) {
			// DNS_validateDNSRecords: a check of a change destroys nothing,
			// whatever the flag it validates says.
			destructiveText = false
		}
		// saysReadOnly: the description says it only reads ("runs saved
		// queries in read-only transactions") or only hands back
		// instructions ("Provide installation instructions"), so a write
		// word in its name is what it is about, not what it does.
		saysReadOnly := ctx.Precise() && (secSaysReadOnly.MatchString(desc) || secSaysNoChange.MatchString(strings.ToLower(t.Description)) || secPlansOnly(words, desc))
		// copyOnly: the tool changes only the content the call carries and
		// hands the result back (strip_comments(code) "returns it").
		copyOnly := ctx.Precise() && secChangesReturnedCopy(t, desc)
		if a.ReadOnlyHint != nil && *a.ReadOnlyHint {
			design = secDestructiveVerb(words) == "" && !destructiveText && (a.DestructiveHint == nil || !*a.DestructiveHint)
			// sideFlag and compoundMode (round 36): a flag whose own
			// description opens on a change, and a compound write value
			// among the tool's operations; read once per read-only tool.
			sideFlag, compoundMode := "", ""
			if ctx.Precise() {
				sideFlag, compoundMode = secSideEffectFlag(t), secCompoundWritingMode(t)
			}
			// nameOutweighed is secNameOutweighed, read once, by the
			// first case that asks (several may).
			nameOutweighed := sync.OnceValue(func() bool { return secNameOutweighed(t, &tgTools(ctx)[i], facts[i]) })
			switch {
			case ctx.Precise() && secHasWord(words[:min(2, len(words))], "manage") && !saysReadOnly && !secEnumOnlyReads(t, facts[i]):
				// manage-list-entry: a manage tool adds, changes and removes,
				// whatever read word follows it.
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but its name says it manages (adds, changes or removes) things.", t.Name),
					"Set readOnlyHint: false (and destructiveHint to match), or split the reads into their own read-only tool. Clients skip confirmation for read-only tools.")
			case copyOnly && (a.DestructiveHint == nil || !*a.DestructiveHint):
				// strip_comments(code) "returns it": what it removes is
				// gone from the copy it hands back, nothing stored.
			case (readNamed || saysReadOnly) && (a.DestructiveHint == nil || !*a.DestructiveHint) && secWritesLocal(t, desc) == "" && secWidensTools(desc) == "" && sideFlag == "":
				// get_merge_request_commits: a verb inside a read tool's name
				// names what is read, not an action.
			case ctx.Precise() && (secRunsAnalysis(words) || secRunsTestsBySelect(words, desc) || secRunsStoredQuery(t, facts[i]) || secWaitsForState(words, desc)) && !secTakesCommand(t) && secWriteFlagOn(t) == "" && (a.DestructiveHint == nil || !*a.DestructiveHint) && !secMutatingOpening.MatchString(desc) && secWritesLocal(t, desc) == "":
				// runAccessibilityAudit, run_security_scan: a run verb whose
				// object is an audit, check, test or report produces a
				// result to read; the run changes nothing. Nor does running
				// a query the server stores (run_saved_report_query by its
				// id), or waiting for a job to finish and reading its state.
			case ctx.Precise() && secReadsJobReport(words, desc) && !destructiveText && (a.DestructiveHint == nil || !*a.DestructiveHint) && secWritesLocal(t, desc) == "":
				// deploy_status "Check the status of a background
				// deployment job": the write word names the job whose
				// status, progress or log the call reads.
			case (secDestructiveVerb(words) != "" || secHasWord(words, secWriteVerbs...)) && !(ctx.Precise() && (secComputesOnArguments(t, words, desc) || nameOutweighed()) || copyOnly):
				// The name's change word counts unless the tool's own
				// text and schema say the call only reads, runs a query
				// or an analysis, computes, plans or waits (round 43):
				// then the author's readOnlyHint stands.
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but its name says it changes things.", t.Name),
					"Set readOnlyHint: false (and destructiveHint to match), or rename the tool if it really only reads. Clients skip confirmation for read-only tools.")
			case ctx.Precise() && secHasWord(words[:min(1, len(words))], secHandOverVerbs...):
				// submit_bug_or_feature_request: the name's verb hands
				// what the call carries over to someone else (round 36).
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but its name says it submits or transmits what the call carries.", t.Name),
					"Set readOnlyHint: false (and openWorldHint: true if it leaves the machine) so clients ask before the data is handed over. Clients skip confirmation for read-only tools.")
			case secMutatingOpening.MatchString(desc) && !(ctx.Precise() && (secExecutesReadQuery(desc) || nameOutweighed())):
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but its description says it modifies or deletes data.", t.Name),
					"Set readOnlyHint: false (and destructiveHint to match), or fix the description. Clients skip confirmation for read-only tools.")
			case ctx.Precise() && secReadOrWriteOpening.MatchString(desc):
				// mb_visualization_settings "Get or update visualization
				// settings": one of its two acts changes data.
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but its description opens on reading or changing: %q.", t.Name, secSnippet(secReadOrWriteOpening.FindString(desc))),
					"Set readOnlyHint: false, or split the change into its own tool so the read can stay read-only. Clients skip confirmation for read-only tools.")
			case ctx.Precise() && secWriteFlagOn(t) != "" && !secHasWord(words[:min(2, len(words))], secCheckVerbs...):
				// mb_auto_describe's force_update "Update existing
				// descriptions": a flag whose name is a change.
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but its `%s` flag makes it change things.", t.Name, secWriteFlagOn(t)),
					"Set readOnlyHint: false, or move the changing mode into its own tool so the read can stay read-only. Clients skip confirmation for read-only tools.")
			case ctx.Precise() && secImperativeMutation.MatchString(desc) && !nameOutweighed() && !secComputesOffline.MatchString(desc):
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but its description says it changes data.", t.Name),
					"Set readOnlyHint: false (and destructiveHint to match), or fix the description. Clients skip confirmation for read-only tools.")
			case ctx.Precise() && destructiveText && (a.DestructiveHint == nil || !*a.DestructiveHint) && !(strings.HasPrefix(destroys, "its name says") && nameOutweighed()):
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but it can destroy data (%s).", t.Name, preciseDescribesDestruction(&tgTools(ctx)[i])),
					"Set readOnlyHint: false and destructiveHint: true, or split the destructive operation into its own tool. Clients skip confirmation for read-only tools.")
			case ctx.Precise() && secSendsRemote(t.RawDescription) != "":
				design = false // the hint hides data leaving the machine
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but its description says it sends data to a remote service: %q. Clients run read-only tools without asking, so the user's data leaves without a prompt.", t.Name, secSendsRemote(t.RawDescription)),
					"Set readOnlyHint: false and openWorldHint: true so clients ask before the data leaves, and say in the description what is sent and where.")
			case ctx.Precise() && preciseMutatingMode(&tgTools(ctx)[i]) != "":
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but it can change state (%s).", t.Name, preciseMutatingMode(&tgTools(ctx)[i])),
					"Set readOnlyHint: false, or move the changing operation into its own tool so the reads can stay read-only. Clients skip confirmation for read-only tools.")
			case ctx.Precise() && secWidensTools(desc) != "":
				design = false // the hint hides new powers the session gains
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but it changes the session's tool set: %q. Clients call read-only tools without asking, so the model can give itself new tools unseen.", t.Name, secWidensTools(desc)),
					"Set readOnlyHint: false so clients ask before the tool set grows, and say in the description which tools it enables.")
			case ctx.Precise() && secWritesLocal(t, desc) != "":
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but it writes local files (%s).", t.Name, secWritesLocal(t, desc)),
					"Set readOnlyHint: false (writing a file changes the user's machine), or return the content instead of saving it.")
			case sideFlag != "" && (a.DestructiveHint == nil || !*a.DestructiveHint):
				// whatsapp_read_messages markRead "Mark the conversation
				// read up to now": the read changes state once the flag is
				// on (round 36).
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but its `%s` flag, by its own description, makes the call change state.", t.Name, sideFlag),
					"Set readOnlyHint: false, or move the side effect into its own tool so the read can stay read-only. Clients skip confirmation for read-only tools.")
			case compoundMode != "" && (a.DestructiveHint == nil || !*a.DestructiveHint):
				add(fmt.Sprintf("Tool `%s` is marked readOnlyHint: true, but one of its actions changes state (%s).", t.Name, compoundMode),
					"Set readOnlyHint: false, or move the changing actions into their own tool so the reads can stay read-only. Clients skip confirmation for read-only tools.")
			case a.DestructiveHint != nil && *a.DestructiveHint:
				add(fmt.Sprintf("Tool `%s` sets both readOnlyHint: true and destructiveHint: true.", t.Name),
					"A read-only tool cannot be destructive: decide which it is and drop the other hint.")
			}
		}
		if ctx.Precise() && a.DestructiveHint != nil && *a.DestructiveHint && (a.ReadOnlyHint == nil || !*a.ReadOnlyHint) {
			switch {
			case secOnlyReads(t, facts[i], &tgTools(ctx)[i], destructiveText):
				// search_issues marked destructive: a confirmation prompt on
				// every search trains users to approve destruction.
				design = true
				what := "only reads"
				if f := facts[i]; !secReadNamed(secDropHTTPMethod(f.words)) && !secExtractsReturning(f.words, f.desc) && !(secReadsByOpening(f.words, f.desc) && !secParamChanges(t)) {
					what = "only computes a value from its arguments"
				}
				add(fmt.Sprintf("Tool `%s` is marked destructiveHint: true, but its name and description say it %s.", t.Name, what),
					"Set destructiveHint: false (and readOnlyHint: true if it changes nothing). A prompt on every read trains users to approve destructive calls without reading them.")
			case !destructiveText && blanketDefaults(a) && blanketServer(ctx) && blanketOnlyReads(t, facts[i], &tgTools(ctx)[i]):
				// lc_prompt_list, compute_statistics under the hints an SDK
				// set on every tool: no one judged this tool destructive
				// (blanket_hints.go, round 57).
				design = true
				add(fmt.Sprintf("Tool `%s` is marked destructiveHint: true, the default set that every tool of this server carries, but its name and description say it reads or computes and changes nothing.", t.Name),
					"Set readOnlyHint: true (and destructiveHint: false) on each tool that changes nothing; the SDK's defaults make every call ask for the confirmation a destruction needs.")
			}
		}
		design = false
		// Removing a link (yourself as an owner, a label, a member from a
		// group) is undone by adding it back: not destruction (issue 21 §2).
		// A name that only mentions a link noun (create_subscription_charge)
		// removes nothing: the removal itself must be said.
		unlinks := ctx.Precise() && ((secHasWord(words, secUnlinkVerbs...) || secUnlinkTalk.MatchString(desc)) && secRemovesLink(words, desc) &&
			!secHasWord(words, "delete", "destroy", "purge", "drop", "wipe", "erase") && !secHardDeleteTalk.MatchString(desc) ||
			secRemovesMarkerOrMember(words, desc) ||
			// issue_unstar beside issue_star: the server's converse
			// tool puts back what goes (destruction_undo.go, round 43).
			undoConverse(tgTools(ctx), &tgTools(ctx)[i]) != "")
		// A cache or temporary store that is purged refills itself
		// (purge_cache): destructiveHint: false is right.
		rebuilds := ctx.Precise() && preciseClearsRebuildable(tgTools(ctx)[i].nameWords, tgTools(ctx)[i].desc)
		// A tool that brings back what was trashed, deleted or archived
		// (message_untrash "Remove a message from trash") destroys
		// nothing: the removal verb's object is the trash's hold on the
		// thing (destruction_restore.go, round 35). A restore of an
		// earlier state over the current one is still read below.
		restores := ctx.Precise() && secRestoresDeleted(words, desc)
		if a.DestructiveHint != nil && !*a.DestructiveHint && (secDestructiveVerb(words) != "" && !readNamed && !copyOnly && !(ctx.Precise() && secKeepsWorkReset(words, desc)) || destructiveText) && !unlinks && !rebuilds && !restores {
			add(fmt.Sprintf("Tool `%s` is marked destructiveHint: false, but its name or description says it deletes or irreversibly changes data.", t.Name),
				"Set destructiveHint: true so clients ask the user before calling it.")
			if ctx.Precise() && (secStopsRunning(words, desc) || !secDestroysByStructure(words, desc, destroys, readNamed || copyOnly)) {
				// mobile_terminate_app, kill_session, sql_cancel: what
				// stops can be started again; and a contradiction read
				// only from the description's phrases (not its name's
				// verb, a parameter, or an opening that deletes for good)
				// is unsure: both at info.
				out[len(out)-1].Severity = Info
			}
		} else if ctx.Precise() && a.DestructiveHint != nil && !*a.DestructiveHint {
			// The readings below contradict destructiveHint: false; they
			// run only where it is set.
			if said := preciseAuthorListed(ctx)[i]; said != "" {
				// The server's own text lists the tool as destructive
				// ("Destructive tools (restore_snapshot, ...)"): its author
				// contradicts its own hint.
				add(fmt.Sprintf("Tool `%s` is marked destructiveHint: false, but its server's own text lists it as destructive: %q.", t.Name, secSnippet(said)),
					"Set destructiveHint: true so clients ask the user before calling it, or drop it from the server's list of destructive tools.")
			} else if method, why := precisePassthroughDocuments(&tgTools(ctx)[i]); why != "" {
				// bb_put: "Replace Bitbucket resources (full update)"; bb_post
				// documents "Merge PR". One method to any path does whatever
				// the operations its description lists do.
				add(fmt.Sprintf("Tool `%s` is marked destructiveHint: false, but it sends %s to any path the model names and its description documents %s: not an only-additive update.", t.Name, method, why),
					"Set destructiveHint: true so clients ask the user before calling it, or drop the non-additive operations from what the tool documents and allows.")
			} else if secRunsStatements(ctx, i) {
				// mysql_transaction_execute: statements the model writes run
				// with writes on, so DELETE and DROP are among them.
				add(fmt.Sprintf("Tool `%s` is marked destructiveHint: false, but it runs what the model writes (reach: %s), which can destroy whatever that reaches.", t.Name, destructiveReach(ctx, i)),
					"Set destructiveHint: true so clients ask the user before calling it, or restrict it to statements that only add or read and say so.")
			} else if m := preciseSpendsTalk(&tgTools(ctx)[i]); (a.ReadOnlyHint == nil || !*a.ReadOnlyHint) && m != "" {
				// allocate_device: "a shared and billed resource"; the
				// tool's own words say the call spends, and money spent is
				// not the only-additive change false promises.
				add(fmt.Sprintf("Tool `%s` is marked destructiveHint: false, but its description says the call spends money (%q), which cannot be taken back.", t.Name, secSnippet(m)),
					"Set destructiveHint: true so clients ask the user before spending, or say in the description that the call is free.")
			} else if why := secRestoresOverCurrent(tgTools(ctx)[i].nameWords, desc); why != "" {
				// restore_snapshot, "Restore the workspace from a saved
				// copy": the earlier state is written over the current one,
				// and what the current one held since is gone.
				add(fmt.Sprintf("Tool `%s` is marked destructiveHint: false, but %s.", t.Name, why),
					"Set destructiveHint: true so clients ask the user before calling it, or say in the description that the current state is saved before it is replaced.")
			} else if why := secLosesUnsaved(&tgTools(ctx)[i]); why != "" {
				// godot_editor_edit's save "Set false to discard unsaved
				// editor changes": edits the user has not saved are gone,
				// and no later call brings them back.
				add(fmt.Sprintf("Tool `%s` is marked destructiveHint: false, but %s, which no later call brings back.", t.Name, why),
					"Set destructiveHint: true so clients ask the user before a call that can drop unsaved work, or make the call save first and say so.")
			} else if why := hiddenListReplaces(&tgTools(ctx)[i]); why != "" {
				// updateTeamMembers "Must include all the user IDs that are
				// part of the team": entries left out of the list are
				// removed (destruction_hidden.go, round 37).
				add(fmt.Sprintf("Tool `%s` is marked destructiveHint: false, but %s, so every entry the model leaves out is removed.", t.Name, why),
					"Set destructiveHint: true so clients ask the user before calling it, or make the list add and remove only the entries it names and say so.")
				out[len(out)-1].Severity = Warning
			}
		}
		design = true
		// The default profile needs the description to say each call adds
		// something: creating an association twice, or an entity keyed by
		// name, leaves one (issue 21), and "post" in read_post or
		// PostInstallScript is a noun.
		// A wrong idempotent hint only changes how a client retries, so
		// the default profile reads it only when the name's verb (its
		// first action word, not a noun such as update_post's post) adds
		// and the description says each call adds; a read-only tool's
		// idempotentHint is not meaningful (create_share_link that writes
		// nothing), and updates and deletes are idempotent.
		if a.IdempotentHint != nil && *a.IdempotentHint && secHasWord(words, secNonIdempotent...) && !secIdempotentTalk.MatchString(desc) &&
			(!ctx.Precise() || secEachCallAdds.MatchString(desc) && secVerbAdds(words) && (a.ReadOnlyHint == nil || !*a.ReadOnlyHint)) {
			add(fmt.Sprintf("Tool `%s` is marked idempotentHint: true, but its name says each call adds something new.", t.Name),
				"Set idempotentHint: false, or make repeated calls really have no extra effect (for example with an idempotency key) and say so in the description.")
		}
	}
	return out
}

var (
	secWriteVerbs         = []string{"create", "update", "write", "set", "insert", "modify", "send", "post", "upload", "put", "patch", "edit", "move", "rename", "add", "save", "publish", "deploy", "execute", "exec", "run", "append", "merge", "push", "commit", "install", "transfer", "pay", "cancel", "close", "archive"}
	secMutatingOpening    = regexp.MustCompile(`^\s*(?:deletes|removes|destroys|drops|purges|wipes|erases|truncates|overwrites|creates|updates|writes|modifies|sends|uploads|inserts|moves|renames|publishes|deploys|executes|cancels|archives|resets|revokes|terminates|kills)\b`)
	secDestructiveOpening = regexp.MustCompile(`^\s*(?:permanently\s+|irreversibly\s+)?(?:deletes|removes|destroys|drops|purges|wipes|erases|truncates|overwrites|resets|revokes|terminates|kills|uninstalls)\b`)
	secIdempotentTalk     = regexp.MustCompile(`\balready\s+exists?\b|\bsucceeds?\s+silently\b|\bno-?op\b|\bidempoten|\bif\s+(?:it|they)\s+(?:does|do)\s+not\s+(?:already\s+)?exist|\bupsert|\bcreates?\s+or\s+(?:updates?|replaces?)\b|\bidempotency\s+key\b`)
	secNonIdempotent      = []string{"append", "create", "add", "insert", "post", "send", "push", "increment", "enqueue", "submit", "publish", "comment", "reply", "duplicate", "clone", "fork"}
)

// secHandOverVerbs open a name whose call hands what it carries over to
// someone else, as send, post and upload among secWriteVerbs do: submit,
// transmit (round 36). Read in the name's first word only, where it is the
// act and not a noun (a form's submit button).
var secHandOverVerbs = []string{"submit", "transmit"}

var (
	// secRunVerbs open a name whose object is what is run.
	secRunVerbs = []string{"run", "execute", "exec", "perform", "start", "launch", "trigger", "do", "ejecutar", "lancer", "executar"}
	// secAnalysisNouns are results a run produces for reading: an audit,
	// a check, a scan, a report (not a job, a script or a migration).
	secAnalysisNouns = []string{"audit", "audits", "check", "checks", "scan", "scans", "report", "reports", "analysis", "analyses", "benchmark", "benchmarks", "lint", "diagnostic", "diagnostics", "lighthouse", "inspection", "assessment", "evaluation", "auditoria", "auditoría", "analyse", "analisis", "análisis"}
	// secCheckVerbs open the name of a tool that checks a change rather
	// than making it.
	secCheckVerbs = []string{"validate", "check", "verify", "preview", "simulate", "test", "dry", "lint", "diff", "plan"}
	// secSaysReadOnly is a description saying the tool only reads or only
	// returns instructions.
	secSaysReadOnly = regexp.MustCompile(`\bread[- ]only\b|^\s*(?:provides?|returns?|gets?|shows?|gives?|lists?)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}(?:instructions|steps|guide|guidance|checklists?)\b`)
	// secSaysNoChange is a description, read unfolded so that other
	// scripts count, that says in so many words that the tool changes
	// nothing: read-only in Chinese, Japanese, Spanish, French, German or
	// Portuguese ("只读操作", "solo lectura"), or a dry run that changes
	// nothing ("dry-run，不产生任何变更", "makes no changes").
	secSaysNoChange = regexp.MustCompile(`只读|唯讀|只讀|読み取り専用|\bsolo\s+lectura\b|\blecture\s+seule\b|\bschreibgeschützt\b|\bnur\s+lesend\b|\bsomente\s+leitura\b|不(?:会)?(?:产生|做|作|进行)任何(?:变更|修改|更改|改动)|\b(?:changes|modifies|alters|writes)\s+nothing\b|\b(?:makes|performs|applies)\s+no\s+(?:changes|modifications|writes)\b|\bnothing\s+is\s+(?:changed|modified|written|applied)\b` +
		`|\b(?:does|do|will)\s+not\s+(?:write|modify|change|alter|touch)\s+(?:any\s+)?(?:files?|anything|data)\s*(?:[.;]|$)`)
	// secPlanOpening is a description opening on planning, previewing or
	// simulating a change ("Plans the upgrade of ...", "Previews the
	// migration"): the tool works out what a change would do.
	secPlanOpening = regexp.MustCompile(`^\s*(?:plans?|previews?|simulates?|dry[- ]runs?)\s+[a-z]`)
	// secPlanAlsoApplies is a plan tool's description saying it also
	// carries the change out ("plans and applies", "then writes").
	secPlanAlsoApplies = regexp.MustCompile(`\b(?:and|then)\s+(?:appl(?:y|ies)|execut(?:e|es)|writ(?:e|es)|perform(?:s)?|commit(?:s)?|carr(?:y|ies)\s+out)\b`)
	// secEachCallAdds is a description saying every call adds something.
	// A bare "append" or "duplicate" is not enough: "edit the duplicate"
	// names a thing, and an append may say where, not how often.
	secEachCallAdds = regexp.MustCompile(`\b(?:each|every)\s+(?:call|time|invocation|run|request)\b|\balways\s+(?:creates?|adds?|appends?|inserts?)\b|\b(?:creates?|adds?|appends?|inserts?)\s+(?:a\s+|one\s+)?(?:new|another|second|separate)\s+(?:[\w-]+\s+){0,2}?(?:each|every)\b|\bcalling\s+(?:it\s+)?(?:twice|again)\s+(?:creates?|adds?)\b|^\s*appends?\b`)
)

// secRemoteSend is prose saying the tool sends data to a service outside
// the user's machine.
var secRemoteSend = regexp.MustCompile(`\b(?:sends?|uploads?|posts?|submits?|transmits?|forwards?|shares?)\s+(?:the\s+|your\s+|its\s+|all\s+|a\s+copy\s+of\s+the\s+)?(?:[\w'-]+\s+){0,3}?(?:to|with)\s+(?:the\s+|a\s+|an\s+)?(?:[\w-]+\s+)?(?:remote|external|third[- ]party|cloud|hosted|public|online|[\w-]+'s)\s+(?:[\w-]+\s+)?(?:servers?|services?|apis?|endpoints?|backends?|platforms?|renderers?)\b` +
	`|\b(?:is|are|gets?|get|will\s+be)\s+(?:sent|uploaded|posted|transmitted|forwarded|shared)\s+to\s+(?:the\s+|a\s+|an\s+)?(?:remote|external|third[- ]party|cloud|hosted|[\w-]+'s|[\w.-]+\.(?:com|io|net|org|ai|dev|app)\b)` +
	`|\b(?:sends?|uploads?|posts?|submits?|transmits?|forwards?)\s+[^.\n]{0,60}?\bto\s+https?://`)

// secSendsRemote returns what a read-only tool's prose says it sends to a
// remote service, or "".
func secSendsRemote(desc string) string {
	prose := preciseCodeOnly(desc)
	folded, starts := secFold(prose)
	for _, loc := range secRemoteSend.FindAllStringIndex(folded, -1) {
		if secNegatedBefore.MatchString(folded[max(0, loc[0]-40):loc[0]]) {
			continue
		}
		return secSnippet(prose[starts[loc[0]]:starts[loc[1]]])
	}
	return ""
}

// preciseWriteModes are the values of an action parameter that make the
// tool change state (kubectl_context operation "set").
var preciseWriteModes = map[string]bool{
	"set": true, "create": true, "update": true, "write": true, "add": true, "apply": true, "patch": true, "put": true,
	"edit": true, "rename": true, "move": true, "enable": true, "disable": true, "switch": true, "use": true,
}

// preciseMutatingMode says which operation of a tool changes state (its
// `operation` parameter takes "set"), or "".
func preciseMutatingMode(t *tgTool) string {
	for _, av := range preciseActionValues(t.t) {
		if v := strings.ToLower(av.value); preciseWriteModes[v] || preciseDestructiveModes[v] {
			return fmt.Sprintf("its `%s` parameter takes %q", av.param, av.value)
		}
	}
	return ""
}

// secCompoundWritingMode says which compound operation value of a tool
// opens on a verb that changes state (update_plan, create_page,
// enable_bundle) among other operations, or "": one action of a
// multi-action tool writes, whatever the others read (round 36). A value
// among nouns only (a kind of view) is not an act.
func secCompoundWritingMode(t *model.Tool) string {
	avs := preciseActionValues(t)
	for _, av := range avs {
		if secCompoundWriteValue(av.value) && preciseActsAmong(secParamValues(avs, av.param), av.value) {
			return fmt.Sprintf("its `%s` parameter takes %q", av.param, av.value)
		}
	}
	return ""
}

// secCompoundWriteValue reports whether an operation value of two or more
// words opens on a verb that changes state (create_page, update_plan,
// enableBundle): the value names an act on its object. A value of one word
// is preciseWriteModes' to read.
func secCompoundWriteValue(v string) bool {
	w := secIdentifierWords(v)
	return len(w) >= 2 && preciseWriteModes[w[0]]
}

// secParamValues returns the values avs offers through param.
func secParamValues(avs []actionValue, param string) []string {
	var out []string
	for _, av := range avs {
		if av.param == param {
			out = append(out, av.value)
		}
	}
	return out
}

// secReadNamed reports whether a name's words open with a read verb (in
// the first or second place, after a namespace such as git_ or gitlab_),
// with no destructive verb before it.
func secReadNamed(words []string) bool {
	for i, w := range words {
		if i > 1 {
			return false
		}
		if text.IsDestructiveVerb(w) || i == 0 && secHasWord(words[:1], secWriteVerbs...) && !secHasWord(words[:1], "execute", "exec", "run") {
			// update_status, set_state: the first verb acts, and the read
			// word after it names what it acts on (execute_read_query runs
			// the read it names).
			return false
		}
		if text.IsReadVerb(w) {
			return true
		}
	}
	return false
}

var (
	// secWidenTalk is prose saying a tool adds tools to the session.
	secWidenTalk = regexp.MustCompile(`\b(?:enables?|activates?|registers?|unlocks?|adds?|exposes?|turns?\s+on|switch(?:es)?\s+on|makes?\s+available)\s+(?:the\s+|more\s+|new\s+|additional\s+|further\s+|extra\s+)?(?:[\w-]+\s+){0,3}?(?:tools|toolsets?|tool\s+(?:categories|category|groups?|sets?))\b`)
	// secSavesTalk is prose saying a tool saves something to disk.
	secSavesTalk = regexp.MustCompile(`\b(?:saves?|writes?|downloads?|stores?|exports?)\s+(?:[\w'-]+\s+){0,6}?(?:to|into|on)\s+(?:the\s+|a\s+|your\s+)?(?:local\s+)?(?:disk|file\s*system|filesystem|files?|folder|directory|path)\b`)
	// secImperativeMutation is a description opening on an order to
	// change data ("Add, update or remove list entries").
	secImperativeMutation = regexp.MustCompile(`^\s*(?:adds?|creates?|updates?|deletes?|removes?|modif(?:y|ies)|inserts?|renames?|uploads?|publish(?:es)?|deploys?|archives?|cancels?)\b(?:\s*(?:,|and|or|\/)\s*(?:adds?|creates?|updates?|deletes?|removes?|modif(?:y|ies)|inserts?))*\s+(?:an?\s+|the\s+|new\s+|one\s+|or\s+)?[a-z]`)
	// secComputesOffline is prose saying the call computes where it runs,
	// with no service behind it (round 54): "Create a buffer zone
	// (polygon) around a point ... Works offline without API calls"
	// makes a value to return, nothing stored.
	secComputesOffline = regexp.MustCompile(`\b(?:works|runs)\s+(?:entirely\s+|fully\s+)?offline\b|\bwithout\s+(?:any\s+)?(?:api|network)\s+(?:calls?|requests?|access)\b`)
	// secOutputTalk is prose about where a tool saves its output.
	secOutputTalk = regexp.MustCompile(`\boutput\s*(?:dir|directory|folder|path|file)\b|\boutputdir\b|\bsaved?\s+(?:to|in|into)\b|\bwrites?\s+(?:[\w-]+\s+){0,3}?files?\b`)
	// secHardDeleteTalk is prose saying a removal deletes for good.
	secHardDeleteTalk = regexp.MustCompile(`\b(?:permanently|irreversibl[ey]|cannot\s+be\s+undone|deletes?|destroys?|purges?)\b`)
	// secUnlinkObjects are what removing undoes by adding back.
	secUnlinkObjects = []string{"association", "associations", "member", "members", "membership", "owner", "owners", "label", "labels",
		"tag", "tags", "assignee", "assignees", "reaction", "reactions", "star", "follower", "subscription", "relation", "relations",
		"link", "links", "bookmark", "favorite", "favourite", "watcher", "watchers", "collaborator", "collaborators", "from"}
	// secUnlinkVerbs are name words of a removal.
	secUnlinkVerbs = []string{"remove", "unlink", "detach", "disassociate", "unassign", "revoke", "leave", "unsubscribe", "unfollow", "unwatch"}
	// secUnlinkTalk is prose saying the removal only unlinks.
	secUnlinkTalk = regexp.MustCompile(`\bremoves?\s+(?:yourself|myself|me|(?:the\s+)?(?:current|authenticated)\s+user)\b|\b(?:unlinks?|disassociates?|detaches?)\b|\b(?:revok\w*|remov\w*)\s+(?:[\w'-]+\s+){0,4}?(?:access|permissions?|grants?)\s+(?:to|from|on)\b`)
	// secDangerFlag are words of a flag that destroys.
	secDangerFlag = []string{"delete", "remove", "purge", "overwrite", "replace", "archive", "prune", "wipe", "drop", "destroy", "erase", "truncate", "cascade", "clobber", "kill", "terminate"}
	// secDangerState are words of a flag that names the state a deletion
	// leaves (Notion's archived, in_trash).
	secDangerState = []string{"archived", "deleted", "removed", "purged", "trashed", "trash", "destroyed", "erased", "wiped", "overwritten", "replaced", "pruned", "dropped"}
	// secFilterWords mark a flag that filters what is read or shown.
	secFilterWords = []string{"include", "includes", "including", "show", "only", "exclude", "filter", "hide", "with", "return", "list", "ignore", "skip", "count", "is"}
	// secTrueDestroys is a flag's description saying true destroys: "Set
	// to true to archive (delete) a block".
	secTrueDestroys = regexp.MustCompile(`(?i)\b(?:set\s+(?:it\s+)?to|if|when)\s+true\b[^.]{0,20}?\b(?:to\s+|it\s+|will\s+)?(?:delete|archive|remove|purge|overwrite|erase|wipe|destroy|trash|drop)s?\b`)
	// secWriteFlag are words of a flag that writes.
	secWriteFlag = []string{"save", "write", "persist", "store", "download", "publish", "send", "post", "commit", "push"}
)

// secWidensTools returns what a tool's prose says about adding tools to
// the session, or "".
func secWidensTools(desc string) string {
	loc := secWidenTalk.FindStringIndex(desc)
	if loc == nil || secNegatedBefore.MatchString(desc[max(0, loc[0]-40):loc[0]]) {
		return ""
	}
	return secSnippet(desc[loc[0]:loc[1]])
}

// secWritesLocal says how a tool writes local files, or "": a parameter
// that names where to save (savePath, output_file, destination_dir), a
// save flag on by default, or prose saying it saves to disk.
func secWritesLocal(t *model.Tool, desc string) string {
	props := t.Params()
	for _, name := range t.ParamNames() {
		obj, _ := props[name].(map[string]any)
		pw := secIdentifierWords(name)
		if len(pw) < 2 || obj == nil {
			continue
		}
		if secHasWord(pw[:1], "save", "output", "dest", "destination", "download", "write", "export") && secHasWord(pw[len(pw)-1:], "path", "file", "dir", "directory", "folder", "filename") {
			return fmt.Sprintf("its `%s` parameter names where it saves", name)
		}
	}
	if loc := secSavesTalk.FindStringIndex(desc); loc != nil && !secNegatedBefore.MatchString(desc[max(0, loc[0]-40):loc[0]]) {
		return fmt.Sprintf("its description says %q", secSnippet(desc[loc[0]:loc[1]]))
	}
	return ""
}

// secOnlyReads reports whether a tool's name opens with a read verb
// (search, list, get, query) and nothing about it changes state: no
// destructive or mutating word, mode or opening, and no execution surface
// (a "query" tool that runs SQL may write).
func secOnlyReads(t *model.Tool, f secTool, tg *tgTool, destructiveText bool) bool {
	f.words = secDropHTTPMethod(f.words)
	computes := secComputesOnlyOnArguments(t, f)
	if secStartsOrCreatesAside.MatchString(f.desc) {
		// "finds or creates a customer", "using a temporary curl pod": a
		// read that makes something on the way is no pure read.
		return false
	}
	if !(secReadNamed(f.words) || secExtractsReturning(f.words, f.desc) || (secReadsByOpening(f.words, f.desc) && !secParamChanges(t)) || computes) || destructiveText || secDestructiveVerb(f.words) != "" || secHasWord(f.words, secWriteVerbs...) {
		return false
	}
	if secThenChanges.MatchString(secReadNounsBlanked(f.desc)) {
		// "Get a room by its ID, then update the room title": a read
		// that goes on to change what it read is no pure read (round 48).
		return false
	}
	if secMutatingOpening.MatchString(f.desc) || preciseMutatingMode(tg) != "" || secExecutionSurface(t, f).real ||
		secWritesLocal(t, f.desc) != "" || secOutputTalk.MatchString(f.desc) {
		return false
	}
	// Evidence that it only reads, not just a read word: a name that
	// opens on a change verb (fixListFormatting: "list" is what it fixes)
	// or a description saying it converts or rewrites what it finds is a
	// write, and destructiveHint: true there is no contradiction. A
	// conversion of the values the call carries (computes) changes
	// nothing stored.
	if !computes && (len(f.words) > 0 && secChangeFirst[f.words[0]] || preciseAffirmed(f.desc, secConvertTalk) != "") {
		return false
	}
	return true
}

// secReadOpeningVerb is a description opening on a read, in the words
// authors use for one: read, get, find, list, show, display, look up,
// inspect, verify, validate, analyse, retrieve, fetch, describe, view,
// search or check, imperative or third person.
var secReadOpeningVerb = regexp.MustCompile(`^\s*(?:` + readOpeningVerbs + `|verif(?:y|ies)|validates?|checks?)\s+(?:the\s+|a\s+|an\s+|all\s+|that\s+|whether\s+|if\s+)?[a-z]`)

// readOpeningVerbs are the verbs, imperative or third person, that open
// the description of a read: read, get, find, list, show, display, look
// up, inspect, analyse, retrieve, fetch, describe, view, search. Shared
// by secReadOpeningVerb and nameReadOrAnalysisOpening.
const readOpeningVerbs = `reads?|gets?|finds?|lists?|shows?|displays?|look(?:s)?\s+up|inspects?|analy[sz]es?|retrieves?|fetch(?:es)?|describes?|views?|search(?:es)?`

// secAnyChangeTalk is a verb anywhere in a name or description that
// changes, starts, sends or deletes, in its acting forms (base, third
// person, -ing): a participle ("is installed", "last sent and
// acknowledged") describes and is not read.
var secAnyChangeTalk = regexp.MustCompile(`\b` + secChangeActs + `\b`)

// secChangeActs is secAnyChangeTalk's alternation of acting change verbs,
// shared with secThenChanges.
const secChangeActs = `(?:creat(?:e|es|ing)|install(?:s|ing)?|mark(?:s|ing)?|acknowledg(?:e|es|ing)|restart(?:s|ing)?|start(?:s|ing)?\s+(?:a|an|the|new)\b|launch(?:es|ing)?|spawn(?:s|ing)?|writ(?:e|es|ing)|sav(?:e|es|ing)|send(?:s|ing)?|post(?:s|ing)?\s+(?:it|them|the|a)\b|delet(?:e|es|ing)|remov(?:e|es|ing)|updat(?:e|es|ing)|modif(?:y|ies|ying)|apply|applies|applying|deploy(?:s|ing)?|execut(?:e|es|ing)|run(?:s|ning)?\s+(?:a|an|the|any|arbitrary)\b|kill(?:s|ing)?|stop(?:s|ping)?|reset(?:s|ting)?|upload(?:s|ing)?|publish(?:es|ing)?|commit(?:s|ting)?|clear(?:s|ing)?|set(?:s|ting)?\s+(?:the|a|an)\b|disabl(?:e|es|ing)|trigger(?:s|ing)?|temporary\s+(?:[\w-]+\s+)?(?:pods?|containers?|jobs?|vms?|instances?))`

// secStartsOrCreatesAside is prose saying a read makes something on the
// way: it gets or creates, finds or creates, or works through a
// temporary pod, container, job or instance it starts.
var secStartsOrCreatesAside = regexp.MustCompile(`\b(?:gets?|finds?|fetch(?:es)?|looks?\s+up|reads?)\s+or\s+creates?\b|\bcreates?\s+(?:it|one|them)\s+(?:if|when)\b|\btemporary\s+(?:[\w-]+\s+)?(?:pods?|containers?|jobs?|vms?|instances?)\b`)

// secReadsByOpening reports whether a name that does not open on a read
// verb (a noun only, as `hover` or `definition`; a read verb further in,
// as `rollouts_list`; a read the name list lacks, as `display_…`) is a
// read by its description: the description opens on a read verb and
// neither the name nor the description says, in an acting form, that it
// creates, installs, marks, acknowledges, starts, restarts, writes,
// saves, sends, deletes, updates or runs anything (issue 21, round 25).
func secReadsByOpening(words []string, desc string) bool {
	if len(words) == 0 || !secReadOpeningVerb.MatchString(desc) {
		return false
	}
	// Words that name another tool (webex_messages_delete, "use
	// delete_room to remove one") or a field of what is read
	// ("creation/update timestamps", "last update date") are not what
	// this call does (round 47).
	desc = secReadNounsBlanked(desc)
	if secAnyChangeTalk.MatchString(desc) || secAnyChangeTalk.MatchString(strings.Join(words, " ")) {
		return false
	}
	for _, w := range words {
		if secChangeVerb(w) {
			return false
		}
	}
	// The description's acting words go through the destructive and write
	// verbs the name is checked against ("Gets the order and cancels it",
	// "and purges the queue"; secChangeFirst, "xds sync", opens names
	// only): a participle (-ed, -en, sent) describes and is not read, and
	// run, set and post, nouns
	// or states as often ("is installed and running"), act only with the
	// object secAnyChangeTalk asks of them.
	for _, w := range strings.FieldsFunc(desc, func(r rune) bool { return r < 'a' || r > 'z' }) {
		if strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "en") || w == "sent" {
			continue
		}
		for _, s := range secVerbStems(w) {
			if (text.IsDestructiveVerb(s) || secHasWord([]string{s}, secWriteVerbs...)) && !secObjectBound[s] {
				return false
			}
		}
	}
	return true
}

// secReadNounsBlanked blanks, in a folded description, the identifiers
// (words joined by an underscore or a dot: another tool's name) and the
// change words that name a field of what is read (a creation or update
// timestamp, date, time, history or count), so that only the words that
// say what the call does are read for a change.
func secReadNounsBlanked(desc string) string {
	desc = secIdentifierToken.ReplaceAllString(desc, " ")
	return secChangeFieldTalk.ReplaceAllString(desc, " ")
}

var (
	// secIdentifierToken is a word joined to another by an underscore or
	// a dot, with letters on both sides (delete_room, messages.delete).
	secIdentifierToken = regexp.MustCompile(`\b[a-z0-9]+(?:[_.][a-z0-9]+)+\b`)
	// secChangeFieldTalk is a change word naming a field of a record:
	// "creation/update timestamps", "last update date", "update time".
	secChangeFieldTalk = regexp.MustCompile(`\b(?:last\s+)?(?:creat(?:e|ed|ion)|updat(?:e|ed)|modif(?:y|ied|ication)|delet(?:e|ed|ion))(?:\s*/\s*(?:creat(?:e|ed|ion)|updat(?:e|ed)|modif(?:y|ied|ication)|delet(?:e|ed|ion)))?\s+(?:timestamps?|times?|dates?|history|counts?|at)\b`)
)

// secThenChanges is a description that goes on, after "then" or "and
// then", to an act that changes state (secAnyChangeTalk's acts): "…, then
// update the room title".
var secThenChanges = regexp.MustCompile(`\b(?:and\s+)?then\s+(?:it\s+)?` + secChangeActs + `\b`)

// secObjectBound are change verbs secAnyChangeTalk reads as acting only
// with an object after them.
var secObjectBound = map[string]bool{"run": true, "set": true, "post": true}

// secChangeVerb reports whether a word is a verb that deletes, changes or
// writes: a destructive verb, a change verb that opens a name, or a write
// verb.
func secChangeVerb(w string) bool {
	return text.IsDestructiveVerb(w) || secChangeFirst[w] || secHasWord([]string{w}, secWriteVerbs...)
}

// secParamChanges reports whether a parameter's name or description
// says, in an acting form, that the call changes, starts or deletes
// something (`should_install`: "Whether to install the plugin if not
// found"): the read its description opens on is then not all it does.
func secParamChanges(t *model.Tool) bool {
	props := t.Params()
	for _, name := range t.ParamNames() {
		if secAnyChangeTalk.MatchString(strings.Join(secIdentifierWords(name), " ")) {
			return true
		}
		if obj, _ := props[name].(map[string]any); obj != nil {
			if d, _ := obj["description"].(string); d != "" && secAnyChangeTalk.MatchString(strings.ToLower(d)) {
				return true
			}
		}
	}
	return false
}

// secStoresOrSends is prose saying a tool keeps, sends or rewrites what
// it computes: it saves, stores, uploads, sends, posts, writes, persists,
// publishes or commits it, or works in place.
var secStoresOrSends = regexp.MustCompile(`\b(?:sav(?:e|es|ed|ing)|stor(?:e|es|ed|ing)|upload(?:s|ed|ing)?|send(?:s|ing)?|sent|posts?\s+(?:it|them|the)|writ(?:e|es|ing|ten)|overwrit\w*|persist\w*|publish\w*|commit(?:s|ted)?|in[- ]place|emails?|attach(?:es|ed)?)\b`)

// secComputesOnlyOnArguments reports whether a tool only computes a value
// from its own arguments (issue 21, round 24): its name and description
// say so as secComputesOnArguments reads them (hash_generate "Generate
// hash values for text", text_encode "Encode or decode text"), no
// parameter names a stored place for the result, and nothing in its
// description says the result is stored, sent or written back ("hash and
// upload", "format the file in place"). Such a tool destroys nothing, so
// destructiveHint: true on it is a false hint.
func secComputesOnlyOnArguments(t *model.Tool, f secTool) bool {
	if !secComputesOnArguments(t, f.words, f.desc) {
		return false
	}
	return preciseAffirmed(f.desc, secStoresOrSends) == "" && secSendsRemote(t.RawDescription) == "" && secLaterAct(f.desc) == ""
}

// secLaterActVerbs are the acts that change stored state when a later
// clause of a description names them: the write and destructive verbs,
// and the verbs that take data in or put it to use (import, apply, load,
// ingest, replace, sync).
var secLaterActVerbs = append(append([]string{"import", "apply", "load", "ingest", "replace", "sync", "store", "persist", "commit"}, secWriteVerbs...),
	"delete", "remove", "destroy", "drop", "purge", "wipe", "erase", "truncate", "clear", "discard", "revoke", "terminate", "kill", "uninstall", "reset", "overwrite")

// secLaterActTalk finds a description's later acts (mend of SEC012 r27
// and r28, issue 21): a verb after and, then or also, or after a
// semicolon or a sentence break ("and imports it", "then deletes the
// matches", ". Moves the entries"), and a passive that says something is
// changed ("are then deleted", "is overwritten"). Group 1 is a verb in
// any form, group 2 one opening a sentence (third person only: ". Set
// limit ..." is an instruction to the caller), group 3 a participle.
var secLaterActTalk = regexp.MustCompile(`(?i)(?:\b(?:and|then|also)|;)\s+(?:then\s+|also\s+|permanently\s+|immediately\s+|automatically\s+)*([a-z]+)\b` +
	`|[.!?]\s+(?:then\s+|also\s+|finally\s+|it\s+|the\s+tool\s+)?([a-z]+s)\b` +
	`|\b(?:is|are|gets?|be|been|being)\s+(?:then\s+|also\s+|permanently\s+|immediately\s+|automatically\s+)*([a-z]+(?:ed|en)|sent)\b`)

// secVerbStems returns the base forms an inflected verb may have:
// imports, applies, deleted, dropped, writing, written.
func secVerbStems(w string) []string {
	w = strings.ToLower(w)
	out := []string{w}
	add := func(cut int, suffix string) {
		if len(w) > cut+1 {
			out = append(out, w[:len(w)-cut]+suffix)
		}
	}
	switch {
	case strings.HasSuffix(w, "ies"), strings.HasSuffix(w, "ied"):
		add(3, "y")
	case strings.HasSuffix(w, "es"):
		add(2, "")
		add(1, "")
	case strings.HasSuffix(w, "s"):
		add(1, "")
	case strings.HasSuffix(w, "ed"):
		add(2, "")
		add(1, "")
		add(3, "")
	case strings.HasSuffix(w, "ing"):
		add(3, "")
		add(3, "e")
		add(4, "")
	case strings.HasSuffix(w, "en"):
		add(2, "")
		add(2, "e")
		add(3, "e")
	}
	if w == "sent" {
		out = append(out, "send")
	}
	return out
}

// secLaterAct returns the first later act of a description that stands
// in a sentence which does not deny it ("deleted documents are never
// returned" is no act), or "".
func secLaterAct(desc string) string {
	// deniedTo is the end of the last sentence found denying: later hits
	// inside it share its verdict, so each sentence is bounded and read
	// once (hostile text repeating "and deletes" with no full stop would
	// otherwise be read again for every hit).
	deniedTo := -1
	for _, m := range secLaterActTalk.FindAllStringSubmatchIndex(desc, -1) {
		if m[0] < deniedTo {
			continue
		}
		for g := 1; g <= 3; g++ {
			if m[2*g] < 0 {
				continue
			}
			verb := desc[m[2*g]:m[2*g+1]]
			if g == 1 && (strings.HasSuffix(verb, "ed") || strings.HasSuffix(verb, "en")) {
				// "lines that were added and removed": a participle
				// after and describes, it does not act.
				continue
			}
			if !secHasWord(secVerbStems(verb), secLaterActVerbs...) {
				continue
			}
			start := strings.LastIndexAny(desc[:m[0]+1], ".!?;") + 1
			end := len(desc)
			if i := strings.IndexAny(desc[m[1]:], ".!?;"); i >= 0 {
				end = m[1] + i
			}
			if preciseNegated.MatchString(desc[start:end]) {
				deniedTo = end
				break
			}
			return verb
		}
	}
	return ""
}

// secExtractsReturning reports whether a name opens on a verb that takes
// something out of what it reads (extract, retrieve, obtain) and the
// description says the tool returns it ("Returns the sensitivity labels
// assigned to a file", "Devuelve ..."): a read that names no read verb.
// An extraction that saves files is still caught by the write readings.
func secExtractsReturning(words []string, desc string) bool {
	if len(words) == 0 || !secExtractFirst[words[0]] {
		return false
	}
	return preciseAffirmed(desc, secReturnsTalk) != ""
}

// secExtractFirst are verbs that, opening a name, take data out of a
// source without naming a read verb.
var secExtractFirst = map[string]bool{"extract": true, "retrieve": true, "obtain": true, "extraer": true, "extraire": true, "extrahieren": true}

// secReturnsTalk is prose saying a tool returns what it found, in the
// languages descriptions are written in. It reads the folded description,
// where "zurück" is "zur0ck".
var secReturnsTalk = regexp.MustCompile(`(?i)\breturns?\s+(?:the|a|an|all|its|their|every|each)\b|\bdevuelve\s+(?:el|la|los|las|un|una)\b|\brenvoie\s+(?:le|la|les|un|une)\b|\bgibt\s+(?:den|die|das|alle)\b[^.]{0,60}\bzur[u0]ck\b`)

// secChangeFirst are verbs that, opening a tool's name, say it changes what
// the read word after them names.
var secChangeFirst = map[string]bool{
	"fix": true, "convert": true, "format": true, "reformat": true, "apply": true, "mark": true, "toggle": true,
	"sync": true, "import": true, "transform": true, "normalize": true, "clean": true, "sort": true,
}

// secConvertTalk is prose saying a tool changes what it finds in place.
var secConvertTalk = regexp.MustCompile(`\b(?:convert|transform|reformat|rewrite|normali[sz]e)s?\s+(?:them|it|these|those|the|each|every|all|any)\b|\b(?:converts?|applies|rewrites?)\s+(?:[\w-]+\s+){0,3}?(?:to|into|in\s+place)\b`)

// secRemovesLink reports whether a removal only unlinks something adding
// it back restores: remove_label, remove_member_from_group, "removes
// yourself as an owner".
func secRemovesLink(words []string, desc string) bool {
	return secHasWord(words, secUnlinkObjects...) || secHasWord(words, secUnlinkOnly...) || secUnlinkTalk.MatchString(desc)
}

// secUnlinkOnly are name words of a removal that can only remove a link
// (unassign, unsubscribe): whatever follows names who or what is
// unlinked, not a thing deleted.
var secUnlinkOnly = []string{"unassign", "unlink", "disassociate", "unsubscribe", "unfollow", "unwatch", "unstar", "untag", "unshare"}

// secRunningThings are name words of what runs and can be started again:
// an app on a device, a process, a session, a task.
var secRunningThings = []string{"app", "apps", "application", "process", "processes", "session", "sessions", "task", "tasks", "job", "jobs", "run", "thread",
	"query", "queries", "connection", "tab", "browser", "simulator", "emulator", "shell", "terminal", "pty", "command", "subprocess", "execution", "background", "worker", "script"}

// secStopsRunning reports whether a tool's name stops something running
// (terminate_app, kill_process, kill_session, cancel_job, sql_cancel "Cancel
// a running query") and says nothing of deleting it: the thing can be
// started or submitted again.
func secStopsRunning(words []string, desc string) bool {
	stops := secHasWord(words, "terminate", "kill", "stop", "quit", "close", "end") && secHasWord(words, secRunningThings...)
	cancels := secHasWord(words, "cancel", "abort") && (secHasWord(words, secRunningThings...) && !secHasWord(words, "order", "orders", "subscription", "booking", "payment") ||
		secCancelsRunningTalk.MatchString(desc))
	if !stops && !cancels {
		return false
	}
	for _, w := range words {
		if text.IsDestructiveVerb(w) && w != "terminate" && w != "kill" {
			return false
		}
	}
	return !secHardDeleteTalk.MatchString(desc) && !secDataLossTalk.MatchString(desc)
}

// secReadOrWriteOpening is a description opening on a read and a change
// as one tool's two acts: "Get or update visualization settings", "Read
// and write the config", "Obtener o actualizar", "Lire ou modifier",
// "Liest oder aktualisiert". Read on the folded description.
var secReadOrWriteOpening = regexp.MustCompile(`^\s*(?:gets?|reads?|retrieves?|views?|shows?|fetch(?:es)?|lists?|obtener|obtiene|consultar|lire|lit|afficher|liest|abrufen)\s+(?:or|and|\/|&|o|y|ou|et|oder|und)\s+(?:updates?|sets?|changes?|modif(?:y|ies)|edits?|writes?|creates?|deletes?|removes?|actualizar|actualiza|modificar|modifica|modifier|modifie|aktualisiert|aktualisieren)\b`)

// secChangeFlagVerbs are the verbs that, opening a boolean's name (or
// after force, allow or do), make a read-only tool change things.
var secChangeFlagVerbs = []string{"update", "overwrite", "write", "save", "delete", "apply", "commit", "persist", "purge"}

// secSaferFlagWords in a boolean flag's name make it one that makes the
// call safer or narrower (dry_run, no_write, skip_update, preview,
// check_only, simulate, validate): turning it on changes nothing. Read by
// secWriteFlagOn (the name) and secSideEffectFlag (the description).
var secSaferFlagWords = []string{"no", "not", "dry", "skip", "preview", "check", "only", "simulate", "validate"}

// secWriteFlagOn returns the boolean parameter of t whose name opens on a
// change (force_update, overwrite, apply_changes, writeBack), or "": on a
// tool marked readOnlyHint: true it is a mode that changes. A flag that
// makes the call safer (dry_run, no_write, skip_update, preview) is not one,
// nor one that removes or replaces in what is returned (remove_duplicates,
// removeBase64Images, replace_newlines).
func secWriteFlagOn(t *model.Tool) string {
	for name := range booleanParams(t) {
		pw := secIdentifierWords(name)
		if len(pw) > 1 && secHasWord(pw[:1], "force", "allow", "do", "auto") {
			pw = pw[1:]
		}
		if len(pw) > 0 && secHasWord(pw[:1], secChangeFlagVerbs...) && !secHasWord(pw, secSaferFlagWords...) {
			return name
		}
	}
	return ""
}

// secCancelsRunningTalk is a description opening on cancelling or aborting
// work that is running or queued: "Cancel a running async query", "Aborts
// the in-progress build", "Cancela la consulta en ejecución".
var secCancelsRunningTalk = regexp.MustCompile(`(?i)^\s*(?:cancel|abort|stop)s?\s+(?:an?\s+|the\s+|one\s+)?(?:currently\s+)?(?:running|in[- ]progress|queued|pending|ongoing|active|executing|long[- ]running)\b|^\s*(?:cancela|anula|annule|bricht)\b[^.]{0,40}\b(?:en\s+(?:ejecuci[oó]n|curso)|en\s+cours|laufende)\b`)

// secHardOpening is a description that opens on deleting or writing over
// for good: a hard verb (deletes, destroys, drops, purges, wipes, erases,
// truncates, overwrites, replaces), a write "or replaces"/"or overwrites"
// ("Adds or replaces an entry"), or any removal said to be permanent or
// irreversible. The opening clause says what the call does; later
// sentences often say what it does not, or what another tool does.
var secHardOpening = regexp.MustCompile(`(?i)^\s*(?:(?:permanently|irreversibly)\s+(?:delet|remov|destroy|drop|purg|wip|eras|truncat|overwrit|replac)\w*|(?:deletes|destroys|drops|purges|wipes|erases|truncates|overwrites|replaces)\b|(?:adds|saves|sets|inserts|creates|writes|updates|stores|puts|uploads)\s+or\s+(?:replaces|overwrites)\b)`)

// secDestroysByStructure reports whether a destructiveHint: false
// contradiction rests on structure or on the author's own statement of
// loss, not on a value or operation named in passing (issue 21: SEC012 held
// 28% on first judgement of unseen servers). At warning: a destructive verb
// in the name (drop_table, mysql_json_remove) of a tool that is not
// read-named and does not change a copy it returns (exempt); a reading of
// a parameter (a flag, an operation enum: "its `mode` parameter takes
// \"delete\"") or of the name (cancels, pays, upserts); a bulk edit whose
// field replaces all; a description that opens on deleting or writing
// over for good ("Permanently deletes old rows", "Adds or replaces"), or
// that says in so many words that the call overwrites, replaces what
// exists, deletes, destroys, cannot be undone, rotates a credential or
// moves money. At info: a description that only names delete among values
// or operations it lists (a method list, "INSERT, UPDATE, DELETE" on a tool
// that creates the action that runs them later), open work closed, or an
// opening that removes, resets or revokes without saying anything is lost.
func secDestroysByStructure(words []string, desc, why string, exempt bool) bool {
	if secDestructiveVerb(words) != "" && !exempt {
		return true
	}
	if secHardOpening.MatchString(desc) {
		return true
	}
	if preciseAffirmed(desc, preciseOverwriteTalk) != "" {
		// "Overwrites the primary nameservers of a Zone": the author's
		// own word for what the call does, whichever reading found it
		// first (round 57).
		return true
	}
	switch {
	case strings.HasPrefix(why, "its `"), strings.HasPrefix(why, "its name "), strings.HasPrefix(why, "it edits many records"),
		strings.HasPrefix(why, "its description opens with"):
		return true
	case strings.HasPrefix(why, "its description says it runs SQL"):
		// mb_action_create "for data modification (INSERT, UPDATE,
		// DELETE)": what a create stores runs later, by another call.
		// The create verb may close the name (mb_action_create).
		return !secHasWord(words, secCreateVerbs...) || secHasWord(words, "execute", "exec", "run", "query", "sql", "statement")
	case strings.HasPrefix(why, "its description says open work"), strings.HasPrefix(why, "its description says \""):
		return false
	case strings.HasPrefix(why, "its description says"):
		return true
	}
	return false
}

// secMarkerWords are name words of what a user keeps to find a thing again
// (a bookmark, a favourite, a star, a pin): removing one deletes no content
// and adding it back restores it.
var secMarkerWords = []string{"bookmark", "bookmarks", "favorite", "favorites", "favourite", "favourites", "star", "stars"}

// secPersonWords and secGroupWords name who is removed and what from: a
// user taken out of a group, a member out of a team.
var (
	secPersonWords = []string{"user", "users", "member", "members", "person", "people", "participant", "participants", "reviewer", "reviewers", "collaborator", "collaborators", "guest", "guests"}
	secGroupWords  = []string{"group", "groups", "team", "teams", "role", "roles", "channel", "channels", "organization", "organisation", "org", "orgs", "project", "projects", "workspace", "workspaces", "space", "board", "list", "room", "rooms"}
)

// secRemovalWords are name words of a removal that may only unlink.
var secRemovalWords = []string{"remove", "delete", "unassign", "kick", "drop", "detach"}

// secPermanentTalk says a removal cannot be had back.
var secPermanentTalk = regexp.MustCompile(`(?i)\b(?:permanent\w*|irreversibl\w*|cannot\s+be\s+(?:undone|recovered|restored)|destroys?\w*|purg\w*)\b`)

// secRemovesMarkerOrMember reports whether a removal only takes away a
// marker (mb_bookmark_delete "Remove a bookmark", unstar, delete_favorite)
// or a person's place in a group (permission_group_remove_user "Remove a
// user from a permission group", remove_team_member): adding it back
// restores it and no content is deleted. The name must hold the removal
// verb and either a marker noun, or both a person and a group noun, and the
// description must not say the loss is permanent.
func secRemovesMarkerOrMember(words []string, desc string) bool {
	if !secHasWord(words, secRemovalWords...) || secPermanentTalk.MatchString(desc) {
		return false
	}
	if secHasWord(words, secMarkerWords...) {
		return true
	}
	// The person must be what is removed: the name ends on them
	// (group_remove_user) or says from what (remove_user_from_group);
	// delete_user_group deletes the group.
	last := words[len(words)-1]
	return secHasWord(words, "remove", "unassign", "kick", "detach") && secHasWord(words, secGroupWords...) &&
		(secHasWord([]string{last}, secPersonWords...) || secHasWord(words, "from") && secHasWord(words, secPersonWords...))
}

// secVerbAdds reports whether the first action word of a tool's name (a
// verb: create, add, update, delete, get) is one that adds something each
// call: create_post yes, update_post and delete_post no, whatever noun
// follows.
func secVerbAdds(words []string) bool {
	for _, w := range words {
		if secHasWord([]string{w}, secNonIdempotent...) {
			return true
		}
		if secHasWord([]string{w}, secWriteVerbs...) || text.IsDestructiveVerb(w) || text.IsReadVerb(w) {
			return false
		}
	}
	return false
}

// secDataLossTalk says stopping loses data ("unsaved changes are lost",
// "deletes its data", "cannot be undone").
var secDataLossTalk = regexp.MustCompile(`\b(?:delet\w*|eras\w*|wip\w*|purg\w*|destroy\w*|lost|los(?:e|es|ing)|discard\w*|cannot\s+be\s+(?:undone|restarted|recovered|resumed)|irreversibl\w*|permanent\w*)\b`)

// secStateShown says a state flag's own description opens on showing or
// selecting items in that state ("Show archived items in the sidebar",
// "Include deleted rows"): a view setting, not an act that leaves what
// the call changes in that state (revision 31).
func secStateShown(obj map[string]any) bool {
	d, _ := obj["description"].(string)
	w := secIdentifierWords(secOpeningSentence(d))
	return len(w) > 0 && secHasWord(w[:1], secFilterWords...)
}

// secDefaultTrueMessage is SEC012's message for a flag on by default
// whose effect every call then has: a dangerous default (what it
// destroys) or a trust default (what it trusts or runs).
func secDefaultTrueMessage(tool, p, what string) string {
	return fmt.Sprintf("`%s.%s` defaults to true, so every call %s unless the model turns it off.", tool, p, what)
}

// secDangerousDefault returns a boolean parameter that deletes, archives
// or overwrites, or writes from a tool that reads, with default: true, and
// what every call then does; or "".
func secDangerousDefault(t *model.Tool, f secTool) (string, string) {
	return secDangerousDefaultIn(t.Params(), t.ParamNames(), "", 0, f)
}

// secDangerousDefaultIn is secDangerousDefault over props and, since
// revision 30 (round 32), the objects nested under them: a request body's
// archived: {default: true} archives when the model sends the body, or
// none, without the flag. It returns the flag's dotted path.
func secDangerousDefaultIn(props map[string]any, names []string, prefix string, depth int, f secTool) (string, string) {
	if depth > 3 {
		return "", ""
	}
	for _, name := range names {
		obj, _ := props[name].(map[string]any)
		if obj == nil {
			continue
		}
		if depth < 3 {
			for _, sub := range preciseNestedProps(obj) {
				if p, what := secDangerousDefaultIn(sub, secSortedKeys(sub), prefix+name+".", depth+1, f); p != "" {
					return p, what
				}
			}
		}
		if d, _ := obj["description"].(string); obj["default"] != true && !(isJSONString(obj["type"], "boolean") && secDefaultTrueTalk.MatchString(d) &&
			secFirstWord(secIdentifierWords(name), secHardDangerFlag...) != "") {
			// A boolean whose description states "default: true" defaults
			// to true as surely as a schema default does; read more
			// strictly, only for a flag named for hard loss (drop,
			// delete), not for removing an upload or a script tag.
			continue
		}
		pw := secIdentifierWords(name)
		if secHasWord(pw, "no", "not", "dry", "skip", "confirm", "preview", "safe", "backup", "keep", "preserve") {
			continue
		}
		if depth > 0 && (secFirstWord(pw, secDangerFlag...) == "" && secFirstWord(pw, secDangerState...) == "" || secHasWord(secIdentifierWords(prefix), append(secFilterWords, "where", "query", "match", "criteria")...)) {
			// Nested, only a flag that destroys by its own name is read,
			// and not in an object that selects (filter.archived): a
			// write or activation flag inside an options object (a
			// browser profile's persistChanges) configures a feature the
			// model opted into by filling that object.
			continue
		}
		if isJSONString(obj["type"], "boolean") && secHasWord(pw[:min(1, len(pw))], secActivateFlag...) && secWidensTools(f.desc) != "" {
			// qase_discover_tools' activate: a tool that switches on
			// hidden tools does so on every call unless the model says no.
			return prefix + name, fmt.Sprintf("switches on the tools it finds (%s), widening the session's tool set", name)
		}
		if v := secFirstWord(pw, secDangerFlag...); v != "" {
			return prefix + name, fmt.Sprintf("does what `%s` says (%s)", name, v)
		}
		// A state the flag puts the object in (archived, deleted,
		// in_trash) is an act only on a tool that changes things: on a
		// read it filters ("archived: true" lists archived pages).
		if v := secFirstWord(pw, secDangerState...); v != "" && !secReadNamed(f.words) && !secHasWord(pw, secFilterWords...) && !secStateShown(obj) {
			return prefix + name, fmt.Sprintf("leaves what it changes %s", v)
		}
		if d, _ := obj["description"].(string); d != "" && !secReadNamed(f.words) {
			if m := secTrueDestroys.FindString(d); m != "" {
				return prefix + name, fmt.Sprintf("does what its description says true does (%q)", secSnippet(m))
			}
		}
		if v := secFirstWord(pw, secWriteFlag...); v != "" && secReadNamed(f.words) && !(v == "download" && secDownloadReturns(obj)) {
			return prefix + name, fmt.Sprintf("of this read also does what `%s` says (%s)", name, v)
		}
	}
	return "", ""
}

// secDownloadReturnsTalk is a download flag's description saying the
// data comes back in the result ("Download and return the screenshot as
// an image", "include the file contents in the response").
var secDownloadReturnsTalk = regexp.MustCompile(`(?i)\b(?:return(?:s|ed|ing)?|in(?:to)?\s+(?:the\s+)?(?:response|result|reply|output)|as\s+(?:an?\s+)?(?:image|base64|inline|attachment|content))\b|返回|devuelve|renvoie|zurück`)

// secDownloadStoresTalk says the download lands somewhere: a disk, a
// folder, a path.
var secDownloadStoresTalk = regexp.MustCompile(`(?i)\b(?:sav(?:e|es|ed|ing)|writ(?:e|es|ten|ing)|disk|folder|director(?:y|ies)|path|local(?:ly)?|stor(?:e|es|ed|ing)|persist\w*)\b|保存|guard`)

// secDownloadReturns reports whether a download flag's description says
// the fetched data is returned in the result and stored nowhere: the
// fetch is the read itself, no side effect (issue 21).
func secDownloadReturns(obj map[string]any) bool {
	d, _ := obj["description"].(string)
	return secDownloadReturnsTalk.MatchString(d) && !secDownloadStoresTalk.MatchString(d)
}

// secDangerousModeDefault finds, in props and the objects nested under them,
// a string parameter whose enum offers a choice and whose default is the
// one that charges at once or destroys (update_behavior defaulting to
// "proration-charge-immediately"), and returns its dotted path and that
// default; or "".
func secDangerousModeDefault(props map[string]any, names []string, prefix string, depth int) (string, string) {
	if depth > 3 {
		return "", ""
	}
	for _, name := range names {
		obj, _ := props[name].(map[string]any)
		if obj == nil {
			continue
		}
		if def, ok := obj["default"].(string); ok && len(preciseEnumValues(obj)) > 1 {
			w := secIdentifierWords(def)
			charges := secHasWord(w, "charge", "bill", "pay") && secHasWord(w, "immediately", "now")
			if charges || secHasWord(w, "delete", "purge", "overwrite", "wipe", "drop", "destroy", "erase", "truncate") {
				return prefix + name, def
			}
		}
		// Array items and anyOf/oneOf/allOf branches hold fields as
		// surely as properties do (rows[].on_conflict).
		for _, sub := range preciseNestedProps(obj) {
			if p, what := secDangerousModeDefault(sub, secSortedKeys(sub), prefix+name+".", depth+1); p != "" {
				return p, what
			}
		}
	}
	return "", ""
}

// secFirstWord returns the first of words that is in set, or "".
func secFirstWord(words []string, set ...string) string {
	for _, w := range words {
		if secHasWord([]string{w}, set...) {
			return w
		}
	}
	return ""
}

// secComputeVerbs are name words of a pure computation on values: the
// write verbs that also name one (merging two documents, appending to a
// list), and the verbs and values of a computation that changes nothing
// (hash, encode, decode, convert, format, parse, calculate, compare, diff;
// a hash, checksum, UUID or random value generated).
var secComputeVerbs = []string{"merge", "append", "concat", "combine",
	"hash", "encode", "decode", "convert", "format", "parse", "validate", "calculate", "calc", "compute", "count", "compare", "diff",
	"checksum", "digest", "uuid", "guid", "ulid", "random"}

// secComputesOnValues is a description opening on a computation over
// values the call carries ("Merge two JSON documents", "Encode or decode
// text", "Generate hash values for text", "Compare two texts"). A
// generation counts only when what it generates is a computed value (a
// hash, checksum, digest, UUID or random value), not a stored object (a
// report, a key); a document or file is no carried value for the verbs
// that may rewrite it in place (format, convert).
var secComputesOnValues = regexp.MustCompile(`^\s*(?:merges?|appends?|combines?|concatenates?)\s+(?:two|three|multiple|several|many|the\s+given|given|the\s+provided|provided|a\s+list\s+of|a\s+set\s+of|an?)?\s*(?:json|yaml|xml|text|string)?\s*(?:documents?|objects?|arrays?|strings?|lists?|values?|dictionaries|dicts?|maps?|texts?|patches|inputs?|schemas?)\b` +
	`|^\s*(?:generates?|computes?|calculates?|creates?|produces?|returns?)\s+(?:an?\s+|the\s+|one\s+|some\s+|new\s+)*(?:[\w-]+\s+)?(?:hash(?:es)?|checksums?|digests?|uuids?|guids?|ulids?|random)\b` +
	`|^\s*(?:hash(?:es)?|encodes?|decodes?|converts?|formats?|pars(?:e|es)|validates?|calculates?|computes?|counts?|compares?|diffs?)(?:\s*(?:,|or|and|/)\s*(?:hash(?:es)?|encodes?|decodes?|converts?|formats?|pars(?:e|es)|validates?|calculates?|computes?|counts?|compares?|diffs?))*\s+(?:two|three|multiple|several|the\s+given|given|the\s+provided|provided|a\s+list\s+of|a\s+set\s+of|an?|the)?\s*(?:json|yaml|xml|csv|plain|raw|base64|input)?\s*(?:texts?|strings?|values?|numbers?|expressions?|inputs?|amounts?|units?|timestamps?|dates?|data)\b`)

// secComputesOnArguments reports whether a tool named with a write verb
// only computes on its arguments (issue 21): every change word of its
// name also names a computation (mysql_json_merge), its description
// opens on merging values, and no parameter names a stored place (a
// table, a row id, a file, a branch, a range) for the result to go.
func secComputesOnArguments(t *model.Tool, words []string, desc string) bool {
	if secDestructiveVerb(words) != "" || !secHasWord(words, secComputeVerbs...) || !secComputesOnValues.MatchString(desc) {
		return false
	}
	for _, w := range words {
		if secHasWord([]string{w}, secWriteVerbs...) && !secHasWord([]string{w}, secComputeVerbs...) {
			return false
		}
	}
	for _, p := range secParams(t) {
		pw := secIdentifierWords(p.name)
		if secHasWord(pw, "table", "tables", "column", "columns", "row", "rows", "record", "records", "file", "files", "path", "paths", "branch", "branches", "ref",
			"repo", "repository", "range", "sheet", "cell", "cells", "collection", "database", "db", "bucket", "uuid", "dest", "destination", "output") ||
			len(pw) > 0 && secHasWord(pw[len(pw)-1:], "id", "ids") {
			return false
		}
	}
	return true
}

// secReturnsResult is a description saying the call hands its result
// back: "returns the cleaned text", "and return the result", "outputs".
var secReturnsResult = regexp.MustCompile(`(?i)\b(?:returns?|returning|outputs?|gives?\s+back|hands?\s+back)\b|(?:返回|輸出|输出)|\b(?:devuelve|renvoie|retourne|zurück)`)

// secChangesReturnedCopy generalises secComputesOnArguments to every
// change verb (issue 21): a tool whose name says it removes, replaces or
// rewrites (remove_duplicates, strip_comments, replace_in_text) changes
// only the content the call carries when no parameter names a stored
// thing and its description or output schema says it returns the result.
func secChangesReturnedCopy(t *model.Tool, desc string) bool {
	if !preciseCarriesCopyOnly(t) {
		return false
	}
	return secOutputCarriesCopy(t.OutputSchema) || secReturnsResult.MatchString(desc)
}

// secCopyOutWords are output field words that hold the changed content
// handed back: a result, an output, or the carried content itself.
var secCopyOutWords = append([]string{"result", "output", "cleaned", "transformed", "converted", "optimized", "optimised", "formatted", "stripped"}, preciseCarriedContentWords...)

// secOutputCarriesCopy reports whether an output schema declares the
// changed content it hands back: the schema itself a string, or a string,
// object or array field named for content (text, result, markdown). An
// output of a flag or a count ({removed: true, count: 3}) is no copy.
func secOutputCarriesCopy(out map[string]any) bool {
	if out == nil {
		return false
	}
	if isJSONString(out["type"], "string") {
		return true
	}
	props, _ := out["properties"].(map[string]any)
	for name, v := range props {
		obj, _ := v.(map[string]any)
		pw := secIdentifierWords(name)
		if obj == nil || len(pw) == 0 || !secHasWord(pw[len(pw)-1:], secCopyOutWords...) {
			continue
		}
		if preciseCarriesValue(obj) || isJSONString(obj["type"], "array") {
			return true
		}
	}
	return false
}

// secHTTPMethods are the HTTP methods an OpenAPI-generated tool name
// carries before its operation (API-post-search is POST /search).
var secHTTPMethods = []string{"post", "get", "put", "patch"}

// secDropHTTPMethod returns words without an HTTP method that stands
// right before a read verb (post in API-post-search): the method is how
// the request travels, the read verb what it does.
func secDropHTTPMethod(words []string) []string {
	for i := 0; i+1 < len(words) && i < 2; i++ {
		if secHasWord(words[i:i+1], secHTTPMethods...) && text.IsReadVerb(words[i+1]) && words[i+1] != "get" {
			return append(append([]string{}, words[:i]...), words[i+1:]...)
		}
	}
	return words
}

// secRunsWhatItIsGiven is a description saying the tool's job is to run
// statements or commands: "Execute multiple SQL statements atomically".
var secRunsWhatItIsGiven = regexp.MustCompile(`^\s*(?:execut(?:e|es)|runs?)\s+(?:an?\s+|the\s+|one\s+|any\s+|multiple\s+|several\s+|arbitrary\s+|raw\s+)?(?:[\w-]+\s+){0,2}?(?:sql|statements?|quer(?:y|ies)|ddl|dml|commands?|shell)\b`)

// secRunsStatements reports whether tool i runs statements or commands the
// model writes against a database or shell, writes included (its reach),
// and says that is its job: such a tool deletes whenever it is told to, so
// destructiveHint: false is wrong on it. A tool whose job is something
// else (a JSON lookup with a SQL filter) is left to its own words.
func secRunsStatements(ctx *Context, i int) bool {
	switch destructiveReach(ctx, i) {
	case reachDatabase, reachLocalShell, reachRemoteHost:
		return secRunsWhatItIsGiven.MatchString(secTools(ctx)[i].desc)
	}
	return false
}

// secDefaultTrueTalk is a flag description stating its default is true:
// "(MongoDB only, default: true)", "Defaults to true", "true (default)".
var secDefaultTrueTalk = regexp.MustCompile(`(?i)\bdefaults?(?:\s+to)?\s*(?::|=|is)?\s*true\b|\btrue\s*\(default\)`)

// secActivateFlag open the name of a flag that switches on what the tool
// finds (activate, enable, load).
var secActivateFlag = []string{"activate", "enable", "load", "register", "expose", "unlock"}

// secHardDangerFlag are flag words of hard loss: a default of true stated
// only in prose is read for these.
var secHardDangerFlag = []string{"delete", "purge", "overwrite", "wipe", "drop", "destroy", "erase", "truncate", "clobber", "cascade", "kill", "terminate"}

// secCreateVerbs open the name of a tool that only adds a new thing.
var secCreateVerbs = []string{"create", "add", "new", "register", "insert"}

// secStoresDestructiveValue reports whether the only destruction read in a
// tool (why, preciseDescribesDestruction's reading) is a value it stores or
// a tool it names, not what the call does:
// a create tool whose HTTP `method` field may hold DELETE saves a request
// that deletes nothing now (createCollectionRequest), and a tool whose
// description says it is read-only and that is marked readOnlyHint: true
// names delete only among related tools ("READ-ONLY ... manage_x: create,
// update, delete").
func secStoresDestructiveValue(t *model.Tool, words []string, desc, why string) bool {
	if len(words) > 0 && secHasWord(words[:1], secCreateVerbs...) && secHTTPMethodValue.MatchString(why) {
		return true
	}
	a := t.Annotations
	return a != nil && a.ReadOnlyHint != nil && *a.ReadOnlyHint && secSaysReadOnly.MatchString(desc) &&
		strings.HasPrefix(why, "its description lists a destructive operation")
}

// secHTTPMethodValue is preciseDescribesDestruction's reading of an HTTP
// method parameter that takes DELETE.
var secHTTPMethodValue = regexp.MustCompile("(?i)^its `(?:[\\w.]*\\.)?(?:http_?)?method` parameter takes")

// secRunsAnalysis reports whether a tool's name runs an analysis and
// nothing else (runAccessibilityAudit, run_security_scan,
// execute_health_check): its first word is a run verb, its last word is
// the audit, check, scan or report it produces, and no other word of the
// name is a write or destructive verb ("run_cleanup_report" still reads,
// "run_and_delete_check" does not). A server prefix is not skipped
// (respira_run_security_audit has a flag that writes a probe file, which
// the flag readings do not see). Tests are left out: a test run
// executes the project's code.
func secRunsAnalysis(words []string) bool {
	if len(words) < 2 || !secHasWord(words[:1], secRunVerbs...) || !secHasWord(words[len(words)-1:], secAnalysisNouns...) {
		return false
	}
	rest := words[1 : len(words)-1]
	return secDestructiveVerb(rest) == "" && !secHasWord(rest, secWriteVerbs...)
}

// secTakesCommand reports whether a tool takes a parameter named for what
// it runs (percyRunCommand, test_cmd, script, build_args): an audit run
// over a command the model supplies runs that command.
func secTakesCommand(t *model.Tool) bool {
	for _, n := range t.ParamNames() {
		w := secIdentifierWords(n)
		if len(w) > 0 && secHasWord(w[len(w)-1:], "command", "commands", "cmd", "cmds", "script", "scripts", "code", "args", "argv", "shell") {
			return true
		}
	}
	return false
}

// secWithoutGestureDrop returns words without a "drop" that closes a
// drag-and-drop gesture (drag_drop, dragAndDrop, drag_and_drop): a pointer
// released over a target moves a page element or a file, it deletes
// nothing. A drop with no drag just before it (drop_table, drop_index) is
// kept, and words is returned unchanged when there is none to remove.
func secWithoutGestureDrop(words []string) []string {
	for i, w := range words {
		if w != "drop" || !secHasWord(words[max(0, i-2):i], "drag") {
			continue
		}
		out := make([]string, 0, len(words)-1)
		out = append(out, words[:i]...)
		return append(out, secWithoutGestureDrop(words[i+1:])...)
	}
	return words
}

// secPlansOnly reports whether a tool only works out a change it leaves to
// another call (issue 21): its name opens, after at most one prefix word
// that is no verb, on plan, preview, simulate or dry (bfs_plan_stack_update,
// preview_migration), and its description opens on planning or
// previewing without saying it then applies, writes or executes. The
// change words after the plan verb (update, add) name what is planned.
// create_plan or delete_plan, whose first verb acts on a plan, are not
// read.
func secPlansOnly(words []string, desc string) bool {
	for i, w := range words {
		if i > 1 {
			return false
		}
		if secHasWord([]string{w}, "plan", "preview", "simulate", "dry") {
			return secPlanOpening.MatchString(desc) && !secPlanAlsoApplies.MatchString(desc)
		}
		if text.IsDestructiveVerb(w) || text.IsReadVerb(w) || secHasWord([]string{w}, secWriteVerbs...) || secHasWord([]string{w}, secRunVerbs...) {
			return false
		}
	}
	return false
}

// secRestoreOpening is a description opening on restoring or reverting
// something from or to an earlier saved state: "Restore the workspace
// from a saved copy", "Reverts the page to a previous version", "Rolls
// the database back to a snapshot".
var secRestoreOpening = regexp.MustCompile(`^\s*(?:restores?|reverts?|rolls?\s+back|roll\s+back)\s+(?:[\w'-]+\s+){0,4}?(?:back\s+)?(?:from|to)\s+(?:an?\s+|the\s+|its\s+)?(?:saved|earlier|previous|prior|older|last|latest|most\s+recent)?\s*(?:saved\s+)?(?:copy|copies|snapshot|backup|checkpoint|version|revision|state)\b`)

// secSavesCurrentTalk is a restore's description saying the current state
// is kept first ("saves the current state before restoring", "the
// current version is kept in history").
var secSavesCurrentTalk = regexp.MustCompile(`\b(?:saves?|backs?\s+up|keeps?|preserves?|stashes?)\s+(?:the\s+)?current\b|\bcurrent\s+(?:state|version|copy)\s+(?:is|are)\s+(?:saved|kept|preserved|backed\s+up)\b`)

// secRestoresOverCurrent says why a tool writes an earlier state over the
// current one (issue 21): its name restores or reverts a revision,
// version, snapshot, checkpoint or backup (MCP040's reading), or its
// description opens on restoring or reverting from or to a saved copy,
// snapshot, backup, checkpoint or earlier version; or "". Restoring a
// deleted item (restore_page, "Restores a page from the trash") brings
// it back and is not read, nor a restore whose description says the
// current state is saved first. desc is read in lower case and quoted as
// given.
func secRestoresOverCurrent(nameWords []string, desc string) string {
	if secSavesCurrentTalk.MatchString(strings.ToLower(desc)) {
		return ""
	}
	if why := preciseRestoresOldState(nameWords); why != "" {
		return why
	}
	if loc := secRestoreOpening.FindStringIndex(strings.ToLower(desc)); loc != nil {
		m := desc[loc[0]:loc[1]]
		if len(strings.ToLower(desc)) != len(desc) {
			m = strings.ToLower(desc)[loc[0]:loc[1]]
		}
		return fmt.Sprintf("its description says it restores an earlier state over the current one (%q), and what the current one holds is replaced", secSnippet(strings.TrimSpace(m)))
	}
	return ""
}

// secJobReportNouns end a name that reads how an act went: its status,
// progress, result, log or history (deploy_status, backup_progress,
// import_result, sync_log).
var secJobReportNouns = map[string]bool{"status": true, "state": true, "progress": true, "result": true, "results": true, "log": true, "logs": true, "history": true, "report": true, "outcome": true}

// secJobReadOpening is a description opening on a read verb: "Check the
// status", "Get the progress", "Returns the log", "Shows the history".
var secJobReadOpening = regexp.MustCompile(`(?i)^\s*(?:check|get|fetch|retrieve|read|return|show|view|list|look\s+up|poll|query|inspect|see|monitor|track)(?:s|es)?\b`)

// secReadsJobReport reports whether a tool's name ends on what is read
// about an act (status, progress, result, log, history) and its
// description opens on reading it: the change word before it
// (deploy_status, migration_progress, sync_history) names the job read,
// not a change the call makes.
func secReadsJobReport(words []string, desc string) bool {
	return len(words) >= 2 && secJobReportNouns[words[len(words)-1]] && secJobReadOpening.MatchString(desc) && !secMutatingOpening.MatchString(desc) && !secReadOrWriteOpening.MatchString(desc)
}

// secLosesUnsaved says how a tool can throw away work the user has not
// saved, or "": its description says unsaved changes are lost or
// discarded ("Unsaved changes are DISCARDED silently"), or a parameter
// says one of its values does ("Set false to discard unsaved editor
// changes"). A sentence that steers away ("to avoid discarding unsaved
// changes", "without touching unsaved changes") is not read.
func secLosesUnsaved(t *tgTool) string {
	if m := preciseAffirmed(preciseProse(t.desc), preciseLosesUnsavedTalk); m != "" {
		return fmt.Sprintf("its description says a call loses unsaved work (%q)", secSnippet(m))
	}
	return preciseParamLosesUnsaved(t)
}

// secRunsStoredQuery reports whether a tool's name runs a query
// (run_saved_query, execute_widget_query: a run verb first, query or
// queries last, no write or destructive verb between) that the server
// stores: the tool takes no free-text query, SQL or statement of the
// model's and is no execution surface, so the query it runs is one its
// author wrote to read, picked by key or id (since revision 26, issue 21).
func secRunsStoredQuery(t *model.Tool, f secTool) bool {
	words := f.words
	if len(words) < 2 || !secHasWord(words[:1], secRunVerbs...) || !secHasWord(words[len(words)-1:], "query", "queries") {
		return false
	}
	if rest := words[1 : len(words)-1]; secDestructiveVerb(rest) != "" || secHasWord(rest, secWriteVerbs...) {
		return false
	}
	for _, p := range secDeepParams(t) {
		pw := secIdentifierWords(p.name)
		if len(pw) > 0 && secIsFreeText(p.obj) && secHasWord(pw[len(pw)-1:], "query", "queries", "sql", "statement", "statements", "expression", "filter") {
			return false
		}
	}
	return !secExecutionSurface(t, f).real
}

// secWaitOpening is a description opening on waiting: "Wait for a run to
// complete", "Waits until the deployment is ready", "Blocks until".
var secWaitOpening = regexp.MustCompile(`^\s*(?:waits?|awaits?|blocks?|polls?)\s+(?:for|until|till|on)\b`)

// secWaitThenActs is a waiting tool's description saying it acts once
// the wait is over: "and then publishes the release", "then deletes it".
var secWaitThenActs = regexp.MustCompile(`\b(?:and|then)\s+(?:then\s+)?(?:deletes?|removes?|publish(?:es)?|deploys?|creates?|updates?|writes?|sends?|starts?|triggers?|cancels?|merges?|push(?:es)?|commits?|restarts?|stops?|kills?|promotes?|releases?)\b`)

// secWaitsForState reports whether a tool's name opens on waiting (wait,
// await, after at most one prefix word that is no verb, then for, until
// or on) and its description opens on waiting for something and does not say it then
// acts ("and then deletes"): wait_for_run_to_complete reads the state it
// waits for, and the run or deploy word after it names what is waited on
// (since revision 26, issue 21).
func secWaitsForState(words []string, desc string) bool {
	if !preciseNameLeadsWith(words, "wait", "await") {
		return false
	}
	i := 0
	if !secHasWord(words[:1], "wait", "await") {
		i = 1 // after one prefix word that is no verb
	}
	// wait_for_..., wait_until_...: what follows is what is waited on;
	// wait_then_publish acts after the wait.
	return i+1 < len(words) && secHasWord(words[i+1:i+2], "for", "until", "till", "on") &&
		secWaitOpening.MatchString(desc) && !secPlanAlsoApplies.MatchString(desc) && !secWaitThenActs.MatchString(desc) && secDestructiveVerb(words) == ""
}

// secEnumOnlyReads reports whether a tool's operation parameters (action,
// operation, op, mode, command: preciseActionParams) enumerate what it
// does and every value reads: its first word is a read verb (get, list,
// search, describe) and no word of it writes or destroys
// (get_contact_points, list_time_intervals). The enum decides what the
// tool does, so a generic verb in its name (manage, handle) is no
// evidence of a change (since revision 27, issue 21). A tool with no
// enumerated operation, or one value that writes (get_x, update_x), is
// not read.
func secEnumOnlyReads(t *model.Tool, f secTool) bool {
	avs := preciseActionValues(t)
	if len(avs) == 0 || secTakesCommand(t) || secExecutionSurface(t, f).real {
		return false
	}
	for _, av := range avs {
		w := secIdentifierWords(av.value)
		if len(w) == 0 || !text.IsReadVerb(w[0]) || secDestructiveVerb(w) != "" || secHasWord(w, secWriteVerbs...) {
			return false
		}
	}
	return true
}

// secReadQueryOpening is a description opening on running a query the
// description itself calls a read: "Executes a READ query", "Runs a
// read-only query", "Executes a SELECT query", "Executes a log query
// against a Loki datasource", "Runs a PromQL query". The kind before
// query names what it reads (logs, metrics, traces, a search) or says it
// reads; a SQL, GraphQL or Cypher query, which may write, is not read.
var secReadQueryOpening = regexp.MustCompile(`^\s*(?:executes|runs|performs|issues)\s+(?:an?\s+|the\s+|one\s+)?(?:read(?:-only)?|readonly|select|search|lookup|log|logs|metrics?|traces?|promql|logql|logsql|traceql)\s+(?:[\w-]+\s+)?quer(?:y|ies)\b`)

// secReadQueryAlsoWrites is the first sentence of such a description
// saying the tool also changes something: "and writes the result to a
// table", "then deletes the matches". Only a verb after and, then, also
// or a comma is read: "against the event store" names no write.
var secReadQueryAlsoWrites = regexp.MustCompile(`(?:\b(?:and|then|also)|,)\s+(?:then\s+|also\s+)?(?:writes?|inserts?|updates?|deletes?|removes?|modif(?:y|ies)|creates?|drops?|saves?|stores?|overwrites?|truncates?|alters?)\b`)

// secExecutesReadQuery reports whether a description opening on executes
// or runs (secMutatingOpening's executes) runs a query it calls a read,
// and its first sentence says nothing else is changed (since revision
// 27, issue 21): running a read is reading.
func secExecutesReadQuery(desc string) bool {
	if !secReadQueryOpening.MatchString(desc) {
		return false
	}
	first, _, _ := strings.Cut(desc, ". ")
	return !secReadQueryAlsoWrites.MatchString(first) && secLaterAct(desc) == ""
}

// secSelectRunTalk is a description saying a run is done through a SQL
// SELECT: "via SELECT * FROM dolt_test_run()", "by running SELECT ...",
// "using a SELECT query".
var secSelectRunTalk = regexp.MustCompile(`\b(?:via|using|with|by|through|as)\s+(?:running\s+|executing\s+|issuing\s+)?(?:an?\s+)?select\b`)

// secSQLWriteTalk is SQL that writes: a statement keyword of DML or DDL.
var secSQLWriteTalk = regexp.MustCompile(`\b(?:insert\s+into|update\s+\w+\s+set|delete\s+from|drop\s+(?:table|database|view|index)|create\s+(?:table|database|view|index)|alter\s+table|truncate|merge\s+into|call\s+\w+)\b`)

// secRunsTestsBySelect reports whether a tool's name runs tests (a run
// verb first, test or tests last, no write or destructive verb between)
// and its description says the run is a SQL SELECT and names no SQL that
// writes: tests a database evaluates through a SELECT read and report
// (since revision 27, issue 21). A test run that says nothing of how it
// runs is left out, as secRunsAnalysis leaves it: it may execute the
// project's code.
func secRunsTestsBySelect(words []string, desc string) bool {
	if len(words) < 2 || !secHasWord(words[:1], secRunVerbs...) || !secHasWord(words[len(words)-1:], "test", "tests") {
		return false
	}
	if rest := words[1 : len(words)-1]; secDestructiveVerb(rest) != "" || secHasWord(rest, secWriteVerbs...) {
		return false
	}
	return secSelectRunTalk.MatchString(desc) && !secSQLWriteTalk.MatchString(desc)
}

// secKeepWorkQualifiers qualify a reset that keeps the work: git's and
// dolt's soft, mixed and keep resets move the branch head or unstage,
// and the working changes stay.
var secKeepWorkQualifiers = []string{"soft", "mixed", "keep", "unstage"}

// secKeepWorkResetTalk is a description opening on such a reset: "Soft
// resets the working set", "Performs a mixed reset", "Resets ... keeping
// the working changes".
var secKeepWorkResetTalk = regexp.MustCompile(`^\s*(?:(?:performs?|does|runs?)\s+an?\s+)?(?:soft|mixed|keep)(?:ly)?\s+resets?\b`)

// secLosesWorkResetTalk is a reset's description saying the work goes:
// hard or forced resets, discarded or lost changes.
var secLosesWorkResetTalk = regexp.MustCompile(`\b(?:hard|force[ds]?|discard\w*|lost|los(?:e|es|ing)|wip(?:e|es|ing)|clean\w*|delet\w*|overwrit\w*|throws?\s+away)\b`)

// secKeepsWorkReset reports whether the only destructive word of a name
// is reset and the reset keeps the work (since revision 27, issue 21): the
// name or the description's opening qualifies it soft, mixed, keep or
// unstage (dolt_reset_soft, "Soft resets the working set to the given
// revision"), and neither says hard, force, discard or lose. Kept narrow:
// a bare reset (reset_database, reset_password) is still read as
// destruction.
func secKeepsWorkReset(words []string, desc string) bool {
	if secDestructiveVerb(words) != "reset" {
		return false
	}
	for _, w := range words {
		if w != "reset" && text.IsDestructiveVerb(w) {
			return false
		}
	}
	if secHasWord(words, "hard", "force", "forced", "clean") || secLosesWorkResetTalk.MatchString(desc) {
		return false
	}
	for _, w := range secLetterWords.FindAllString(desc, -1) {
		// "and removes untracked files", "drops uncommitted changes",
		// "every document is erased": any destructive verb but the
		// reset itself loses work (mend of r27).
		for _, st := range secVerbStems(w) {
			if st != "reset" && text.IsDestructiveVerb(st) {
				return false
			}
		}
	}
	return secKeepQualifiedName(words) || secKeepWorkResetTalk.MatchString(desc)
}

// secLetterWords are a text's words of letters.
var secLetterWords = regexp.MustCompile(`[A-Za-z]+`)

// secKeepQualifiedName reports whether a name qualifies its reset as one
// that keeps the work (mend of SEC012 r27 and QG009 r19): the qualifier
// stands next to reset (soft_reset, reset_soft, repo_reset_mixed), and a
// keep or unstage after it ends the name (reset_keep; reset_keep_users
// keeps the users, not the work).
func secKeepQualifiedName(words []string) bool {
	for i, w := range words {
		if w != "reset" {
			continue
		}
		if i > 0 && secHasWord(words[i-1:i], secKeepWorkQualifiers...) {
			return true
		}
		if i+1 < len(words) && secHasWord(words[i+1:i+2], "soft", "mixed") {
			return true
		}
		if i+2 == len(words) && secHasWord(words[i+1:], secKeepWorkQualifiers...) {
			return true
		}
	}
	return false
}

// secOmissionTalk opens a parameter's description clause on leaving the
// parameter out: "If omitted", "omit to", "Omit or pass [] to", "if not
// provided", "when not specified", "leave empty to".
var secOmissionTalk = regexp.MustCompile(`(?i)\b(?:omit(?:ted)?|(?:if|when)\s+(?:it\s+is\s+|left\s+)?(?:omitted|absent|missing|unset|empty|blank|not\s+(?:provided|given|specified|set|passed|supplied))|leav(?:e|ing)\s+(?:it\s+)?(?:empty|blank|out))\b`)

// secAllWords name everything a destruction can reach.
var secAllWords = []string{"all", "every", "everything", "entire", "whole"}

// secOmissionNegation are words that turn an omission clause away from
// the act: "omit to avoid deleting all", "never clears all".
var secOmissionNegation = []string{"not", "never", "no", "avoid", "without", "nothing", "keep", "keeps", "preserve", "preserves"}

// secOmissionDestroysAll finds a top-level optional parameter whose own
// description says that leaving it out destroys everything: an omission
// clause (secOmissionTalk) followed, within the same sentence and at
// most eight words, by a destructive verb of the general class
// (text.IsDestructiveVerb: delete, clear, remove, reset, kill, ...)
// whose object, within two words, is all, every or the entire thing
// ("Key to delete. If omitted clears all items", "Specific key to reset
// (omit to reset all)", "Omit or pass [] to remove all"). A negation
// between the two (not, never, avoid, keep) turns it away. It returns
// the parameter and the clause, or "" (since revision 38, round 41).
func secOmissionDestroysAll(t *model.Tool) (string, string) {
	for _, op := range secOptionalParams(t) {
		name, obj := op.name, op.schema
		d, _ := obj["description"].(string)
		if d == "" {
			continue
		}
		for _, loc := range secOmissionTalk.FindAllStringIndex(d, -1) {
			rest := d[loc[1]:]
			if i := strings.IndexAny(rest, ".;\n"); i >= 0 {
				rest = rest[:i]
			}
			words := secLetterWords.FindAllString(strings.ToLower(rest), -1)
			if m := secDestroysAllIn(words[:min(8, len(words))], words); m != "" {
				return name, secSnippet(d[loc[0]:loc[1]] + rest)
			}
		}
	}
	return "", ""
}

// secOptionalParam is a top-level parameter a call may leave out, with
// its schema.
type secOptionalParam struct {
	name   string
	schema map[string]any
}

// secOptionalParams lists t's top-level parameters that are not required
// and have an object schema, in the schema's order.
func secOptionalParams(t *model.Tool) []secOptionalParam {
	props := t.Params()
	req := map[string]bool{}
	for _, r := range t.Required() {
		req[r] = true
	}
	var out []secOptionalParam
	for _, name := range t.ParamNames() {
		obj, _ := props[name].(map[string]any)
		if obj == nil || req[name] {
			continue
		}
		out = append(out, secOptionalParam{name: name, schema: obj})
	}
	return out
}

// secDestroysAllIn reports, as the verb found, whether head holds a
// destructive verb with all, every or entire within two words after it
// (in words, of which head is the start), and no negation before it.
func secDestroysAllIn(head, words []string) string {
	for i, w := range head {
		if secHasWord([]string{w}, secOmissionNegation...) {
			return ""
		}
		destroys := false
		for _, st := range secVerbStems(w) {
			destroys = destroys || text.IsDestructiveVerb(st)
		}
		if !destroys {
			continue
		}
		for j := i + 1; j < len(words) && j <= i+2; j++ {
			if secHasWord([]string{words[j]}, secAllWords...) {
				return w
			}
		}
	}
	return ""
}

// secSafetySwitchWords are the name words of a switch that makes a call
// only show what it would do: dry run, preview, simulate, what-if.
var secSafetySwitchWords = [][]string{{"dry", "run"}, {"dryrun"}, {"preview"}, {"simulate"}, {"what", "if"}, {"whatif"}}

// secUseSwitchFirst is a description telling the caller to use a switch
// first: "use dryRun first", "Use dryRun: true to preview first", "Use
// dryRun to preview changes before applying". Group 1 is the switch.
var secUseSwitchFirst = regexp.MustCompile("(?i)\\b(?:use|pass|set|call\\s+with|run\\s+with|try)\\s+`?([A-Za-z_-]+)`?" +
	`(?:\s*[:=]\s*true)?\s+(?:first\b|to\s+preview\b[^.]{0,40}?\b(?:first|before)\b)`)

// secSafetySwitchAskedFirst finds a boolean safety switch (dryRun,
// preview, simulate: secSafetySwitchWords is the whole name) that is
// optional and not true by default, on a tool whose own description
// tells the caller to use that switch first ("use dryRun first", "Use
// dryRun: true to preview first", "Use dryRun to preview changes before
// applying"). The author's advice and the schema disagree, and the
// schema wins: a call that leaves the switch out writes at once. It
// returns the switch's name, or "" (since revision 38, round 41).
func secSafetySwitchAskedFirst(t *model.Tool) string {
	for _, op := range secOptionalParams(t) {
		name, obj := op.name, op.schema
		if !isJSONString(obj["type"], "boolean") || obj["default"] == true {
			continue
		}
		pw := secIdentifierWords(name)
		safety := false
		for _, sw := range secSafetySwitchWords {
			safety = safety || strings.Join(pw, " ") == strings.Join(sw, " ")
		}
		if !safety {
			continue
		}
		for _, m := range secUseSwitchFirst.FindAllStringSubmatch(t.Description, -1) {
			if strings.EqualFold(m[1], name) {
				return name
			}
		}
	}
	return ""
}
