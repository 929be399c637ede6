package lint

import (
	"regexp"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Blanket hints: a server whose tools all carry the annotation set an SDK
// fills in when the author sets none (readOnlyHint false, destructiveHint
// true, idempotentHint false, openWorldHint true; mark3labs/mcp-go does
// this for every tool). The hints judge no tool, so every read among them
// asks the user to confirm a destruction that never happens (round 57).

// blanketDefaults reports whether a tool's annotations are exactly the
// specification's defaults, each of the four hints set explicitly.
func blanketDefaults(a *model.Annotations) bool {
	return a != nil && a.ReadOnlyHint != nil && !*a.ReadOnlyHint && a.DestructiveHint != nil && *a.DestructiveHint &&
		a.IdempotentHint != nil && !*a.IdempotentHint && a.OpenWorldHint != nil && *a.OpenWorldHint
}

// blanketServer reports whether at least three tools, and at least half
// of the server's tools, carry exactly the default annotation set: the
// author set no hint on them, an SDK did.
func blanketServer(ctx *Context) bool {
	return ctx.Memo("blanket.server", func() any {
		n := 0
		for i := range ctx.Tools {
			if blanketDefaults(ctx.Tools[i].Annotations) {
				n++
			}
		}
		return n >= 3 && 2*n >= len(ctx.Tools)
	}).(bool)
}

// blanketAnalysisVerbs are name words of a call that computes a result
// from what it reads and stores nothing: compute, detect, profile, filter,
// summarise, compare.
var blanketAnalysisVerbs = map[string]bool{
	"compute": true, "calculate": true, "detect": true, "profile": true, "filter": true, "summarize": true, "summarise": true,
	"compare": true, "diff": true, "analyze": true, "analyse": true, "estimate": true,
}

// blanketReadNouns are name words that name what a read returns
// (funnel_analysis, concentration_metrics, git_log, klaus_logs). They
// count only after the name's first word: first, log and history are
// verbs that write (log_event "Log an event to the audit trail").
var blanketReadNouns = map[string]bool{
	"analysis": true, "metrics": true, "statistics": true, "stats": true, "log": true, "logs": true, "history": true,
	"info": true, "summary": true,
}

// blanketBanner is a description's leading banner: symbols, emoji and
// words in capitals ("🚨 CRITICAL MANDATORY FIRST ACTION 🚨").
var blanketBanner = regexp.MustCompile(`^(?:[^\p{L}]+|\p{Lu}{2,}[\p{Lu}\d_-]*\b[:!,]?)+`)

// blanketReadOpening is a description opening, after any banner, on a
// read or an analysis verb.
var blanketReadOpening = regexp.MustCompile(`(?i)^\s*(?:` + readOpeningVerbs + `|shows?|previews?|comput(?:e|es)|calculates?|detects?|profiles?|filters?|summari[sz]es?|compares?|estimates?|returns?)\b`)

// blanketOpensOnRead reports whether a description, its banner passed
// over, opens on a read or an analysis verb.
func blanketOpensOnRead(desc string) bool {
	return blanketReadOpening.MatchString(blanketBanner.ReplaceAllString(desc, ""))
}

// blanketOnlyReads reports whether a tool under the blanket set reads or
// computes and changes nothing: a read or analysis word in its name (the
// first two words, or the last: lc_prompt_list) or a description opening
// on one, no change verb in its name, and none of the readings that find
// a write, a send, a local file, a run or a mode that changes.
func blanketOnlyReads(t *model.Tool, f secTool, tg *tgTool) bool {
	words := secDropHTTPMethod(f.words)
	if len(words) == 0 || secDestructiveVerb(words) != "" {
		return false
	}
	for _, w := range words {
		if secChangeVerb(w) && !text.IsReadVerb(w) && !blanketAnalysisVerbs[w] && !blanketReadNouns[w] {
			return false
		}
	}
	named := false
	for i, w := range words {
		if (i < 2 || i == len(words)-1) && (text.IsReadVerb(w) || blanketAnalysisVerbs[w] || i > 0 && blanketReadNouns[w]) {
			named = true
		}
	}
	if !named && !blanketOpensOnRead(t.Description) {
		return false
	}
	desc := f.desc
	if secMutatingOpening.MatchString(desc) || secImperativeMutation.MatchString(desc) || secDestructiveOpening.MatchString(desc) ||
		preciseMutatingMode(tg) != "" || preciseDescribesDestruction(tg) != "" || secExecutionSurface(t, f).real ||
		secWritesLocal(t, desc) != "" || secOutputTalk.MatchString(desc) || secStartsOrCreatesAside.MatchString(desc) ||
		secThenChanges.MatchString(secReadNounsBlanked(desc)) || secSendsOut(t, f) || secWidensTools(desc) != "" ||
		secWriteFlagOn(t) != "" || secSideEffectFlag(t) != "" || secCompoundWritingMode(t) != "" {
		return false
	}
	return true
}

// SDKDefaultHints reports, per tool in server order, whether its hints are
// the specification's default set that an SDK stamped on every tool of a
// server whose author set none: at least three tools, and at least half of
// them, carry exactly readOnlyHint false, destructiveHint true,
// idempotentHint false and openWorldHint true. Such hints say nothing the
// author decided; the score counts them as no hints at all.
func SDKDefaultHints(snap *model.Snapshot) []bool {
	ctx := NewContext(snap)
	out := make([]bool, len(ctx.Tools))
	if !blanketServer(ctx) {
		return out
	}
	for i := range ctx.Tools {
		out[i] = blanketDefaults(ctx.Tools[i].Annotations)
	}
	return out
}
