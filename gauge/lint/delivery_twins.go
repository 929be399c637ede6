package lint

import (
	"regexp"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Delivery twins are one operation offered twice, once plainly and once
// streamed: opperai's `functions-call` ("Call a function") and
// `functions-stream` ("Stream a function call execution in real-time using
// Server-Sent Events"), with the same parameters. Streaming is a transport:
// an MCP client collects the tool's result and hands the model the whole of
// it either way, so the one word that tells the names apart names nothing
// the model can choose by.

// deliveryWords name how a result is delivered, not what a call does.
// "Live" and "realtime" are left out: a live item is a published one
// (webflow's create_item_live), a realtime transcription another object.
var deliveryWords = map[string]bool{"stream": true, "streaming": true, "streamed": true, "sse": true}

// deliveryInvokeVerbs name issuing a call itself, the plain twin's word
// where the other has its delivery word (call and stream, run and stream).
var deliveryInvokeVerbs = map[string]bool{"call": true, "run": true, "execute": true, "exec": true, "invoke": true}

// deliveryTalk is a description saying its tool streams its RESULT:
// Server-Sent Events (a server-to-client transport), or a stream word
// within a few words of a result word (results, response, output, answer,
// completion, tokens, reply) either way round ("streaming of function
// execution results", "returns the response in chunks", "streams back
// tokens"). The delivery word in its name is then how the result comes,
// not a stream object the tool creates or reads, nor an input it takes.
var deliveryTalk = regexp.MustCompile(`(?i)\b(?:server[- ]sent\s+events?|sse|stream(?:s|ing|ed)?\s+(?:back\s+)?(?:\S+\s+){0,4}?(?:results?|responses?|outputs?|answers?|completions?|tokens|repl(?:y|ies))|(?:results?|responses?|outputs?|answers?|completions?|tokens|repl(?:y|ies))\s+(?:\S+\s+){0,4}?(?:streamed|streaming|in\s+chunks|chunk\s+by\s+chunk|incrementally|token[- ]by[- ]token))\b`)

// deliveryOtherTalk is a streamed tool's description saying the stream is
// an input it takes (an upload, a microphone, an input or audio stream) or
// carries more than the plain call's result (intermediate steps,
// progress, logs): the streamed tool then does another job, not the same
// one delivered another way.
var deliveryOtherTalk = regexp.MustCompile(`(?i)\b(?:upload\w*|microphone|mic|input\s+streams?|stream(?:s|ing|ed)?\s+(?:of\s+)?(?:your\s+|the\s+)?(?:input|audio)|intermediate|progress|logs?|tail(?:s|ing)?)\b`)

// deliveryKey is a name's words once its delivery word and one invoking
// verb are set aside, in their order ("functions revision" for both
// functions-call-revision and functions-stream-revision), whether the name
// carries a delivery word, and whether the name is read at all: a name of
// two delivery words or of two invoking verbs, and a delivery word beside
// a verb of another operation (create_stream, get_stream: a stream is then
// the object), are not.
func deliveryKey(words []string) (key string, delivery, ok bool) {
	var rest []string
	invoked := false
	for _, w := range words {
		switch {
		case deliveryWords[w]:
			if delivery {
				return "", false, false
			}
			delivery = true
		case deliveryInvokeVerbs[w]:
			if invoked {
				return "", false, false
			}
			invoked = true
		default:
			rest = append(rest, w)
		}
	}
	if delivery {
		for _, w := range rest {
			if preciseLeadOp(w) != "" || preciseSynonymVerbs[w] != "" {
				return "", false, false
			}
		}
	}
	return strings.Join(rest, " "), delivery, true
}

// preciseDeliveryTwins returns the pairs (i<j) of tools that are one call
// delivered two ways: one name is the other's with a delivery word
// (deliveryWords) in place of an invoking verb or added to it
// (functions-call and functions-stream; call and stream; chat and
// chat_stream), the streamed tool's description says its result streams
// (deliveryTalk) and never that the stream is an input or carries more
// than the result (deliveryOtherTalk), and both take the same parameters
// (preciseSameInputs, at least one) and require the same ones
// (requiredKey). A key pairs only when exactly one plain and exactly one
// streamed tool carry it: names that share a key with others (alpha_beta
// beside alpha-beta, the removed word at other places) are a family, not
// a pair, so the reading is linear in tools. A name of no other word
// (call and stream, run and stream) pairs only when the two leads share a
// word besides the delivery and invoking words (deliveryLeadsShare). A
// name that differs in any other word (stream-job beside get-job-status),
// other parameters (a follow flag, a wait in milliseconds) or a stream
// that is the object of another verb (create_stream) is not paired.
func preciseDeliveryTwins(tools []tgTool) [][2]int {
	type twins struct{ plain, streamed, nPlain, nStreamed int }
	byKey := map[string]*twins{}
	var keys []string
	for i := range tools {
		t := &tools[i]
		if len(t.params) == 0 {
			continue
		}
		key, delivery, ok := deliveryKey(t.nameWords)
		if !ok {
			continue
		}
		g := byKey[key]
		if g == nil {
			g = &twins{}
			byKey[key] = g
			keys = append(keys, key)
		}
		if delivery {
			g.streamed, g.nStreamed = i, g.nStreamed+1
		} else {
			g.plain, g.nPlain = i, g.nPlain+1
		}
	}
	var out [][2]int
	for _, key := range keys {
		g := byKey[key]
		if g.nPlain != 1 || g.nStreamed != 1 {
			continue
		}
		p, s := &tools[g.plain], &tools[g.streamed]
		if p.name == s.name || !deliveryTalk.MatchString(s.desc) || deliveryOtherTalk.MatchString(s.desc) ||
			!preciseSameInputs(p, s) || requiredKey(p) != requiredKey(s) ||
			(key == "" && !deliveryLeadsShare(p.desc, s.desc)) {
			continue
		}
		out = append(out, [2]int{min(g.plain, g.streamed), max(g.plain, g.streamed)})
	}
	slices.SortFunc(out, comparePairs)
	return out
}

// deliveryLeadsShare reports whether two lead clauses (sameJobLead) share
// a word that is not a stop word, a delivery word or an invoking verb:
// `call` "Function Call" beside `stream` "Function Stream" share the
// function, `run` "Run a job" beside `stream` "Stream the build output"
// share nothing the call is about.
func deliveryLeadsShare(l, r string) bool {
	own := singularWordSet(sameJobLead(l))
	for _, w := range sameJobLead(r) {
		w = text.Singular(w)
		if own[w] && !preciseStopwords[w] && !deliveryWords[w] && !deliveryInvokeVerbs[w] {
			return true
		}
	}
	return false
}
