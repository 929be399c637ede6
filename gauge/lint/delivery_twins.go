package lint

import (
	"regexp"
	"slices"
	"strings"
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

// deliveryTalk is a description saying its tool streams its result
// (Server-Sent Events, chunks, token by token): the delivery word in its
// name is then how the result comes, not a stream object the tool creates
// or reads.
var deliveryTalk = regexp.MustCompile(`(?i)\b(?:server[- ]sent\s+events?|sse|streaming|streamed|streams\s+(?:back|the|its)|chunks?|incremental(?:ly)?|token[- ]by[- ]token)\b`)

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
// chat_stream), the streamed tool's description says it streams
// (deliveryTalk), and both take the same parameters (preciseSameInputs, at
// least one) and require the same ones. Tools are indexed by their name's
// key, so the reading is linear in tools. A name that differs in any other
// word (stream-job beside get-job-status), other parameters (a follow
// flag, a wait in milliseconds) or a stream that is the object of another
// verb (create_stream) is not paired.
func preciseDeliveryTwins(tools []tgTool) [][2]int {
	plain := map[string][]int{}
	var streamed []int
	keys := make([]string, len(tools))
	for i := range tools {
		t := &tools[i]
		if len(t.params) == 0 {
			continue
		}
		key, delivery, ok := deliveryKey(t.nameWords)
		keys[i] = key
		switch {
		case !ok:
		case delivery:
			if deliveryTalk.MatchString(t.desc) {
				streamed = append(streamed, i)
			}
		default:
			plain[key] = append(plain[key], i)
		}
	}
	var out [][2]int
	for _, i := range streamed {
		for _, j := range plain[keys[i]] {
			if tools[i].name == tools[j].name || !preciseSameInputs(&tools[i], &tools[j]) || !sameRequired(&tools[i], &tools[j]) {
				continue
			}
			out = append(out, [2]int{min(i, j), max(i, j)})
		}
	}
	slices.SortFunc(out, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	return out
}

// sameRequired reports whether two tools require the same parameters
// (by name, case aside).
func sameRequired(l, r *tgTool) bool {
	lower := func(t *tgTool) []string {
		req := t.t.Required()
		out := make([]string, len(req))
		for i, s := range req {
			out[i] = strings.ToLower(s)
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	return slices.Equal(lower(l), lower(r))
}
