package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Round 43 (branch put43): two readings of destruction the name's verb
// does not give. A trade order read from its schema (a buy/sell side beside
// a quantity) spends, whatever verb opens its name; and a put, or a
// description that opens "Create or update", stores a value where one may
// already be, writing over it.

// preciseOrderSideWords name a parameter that picks the side of a trade:
// side, action, direction (an order's side, orderSide, trade_direction).
var preciseOrderSideWords = []string{"side", "action", "direction"}

// preciseOrderSizeWords name a parameter that holds how much is traded.
var preciseOrderSizeWords = []string{"quantity", "qty", "amount", "size", "volume", "shares", "units", "lots", "notional"}

// preciseOrderNameReads are name words of a tool that prices, checks or
// rehearses an order without placing it (get_order_quote, estimate_fee,
// simulate_trade, test_order, paper_order), besides the read verbs and the
// spend estimates of effectSpendNameReads.
var preciseOrderNameReads = map[string]bool{"test": true, "paper": true, "validate": true, "check": true, "cancel": true, "fee": true, "fees": true, "mock": true, "backtest": true}

// preciseOrderNotRealTalk is a description saying the order is not real:
// a paper or simulated trade, a test order that is validated and not sent,
// a quote, a dry run, a testnet or sandbox account.
var preciseOrderNotRealTalk = regexp.MustCompile(`(?i)\bpaper[- ]trad\w*|\bpaper\s+(?:account|order|portfolio)s?\b|\bsimulat\w*|\bdry[- ]?run\b|\btest\s+(?:order|trade|mode)s?\b|\btestnet\b|\bsandbox\b|\bbacktest\w*|\bhypothetical\b|\bwithout\s+(?:placing|sending|executing|submitting)\b|\b(?:does\s+not|doesn't|will\s+not|won't|never)\s+(?:place|send|execute|submit)\b|\b(?:estimates?|quotes?|previews?)\s+(?:the\s+|an?\s+)?(?:[\w-]+\s+)?(?:order|trade|cost|price|fee)s?\b`)

// preciseTradeSides reports whether an enum offers both sides of a trade:
// buy and sell, or long and short.
func preciseTradeSides(vals []any) bool {
	seen := map[string]bool{}
	for _, v := range vals {
		if s, ok := v.(string); ok {
			seen[strings.ToLower(strings.TrimSpace(s))] = true
		}
	}
	return seen["buy"] && seen["sell"] || seen["long"] && seen["short"]
}

// preciseOrderBySchema says why a tool places a trade order, read from its
// schema rather than its verb, or "": a top-level parameter named for a
// side, action or direction whose enum offers buy and sell (or long and
// short), beside a parameter holding how much is traded (a quantity,
// amount, size, volume). An order on a live account spends money or sells
// holdings, which no call takes back (create_spot_order(symbol, side:
// BUY|SELL, quantity)). Left out: a name that reads, quotes, estimates,
// simulates, tests, checks or cancels (get_order_quote, test_order,
// cancel_order), and a description that says the order is paper,
// simulated, a test or a dry run, or only estimated.
func preciseOrderBySchema(t *tgTool) string {
	for i, w := range t.nameWords {
		if i < 2 && text.IsReadVerb(w) || effectSpendNameReads[w] || preciseOrderNameReads[w] {
			return ""
		}
	}
	if preciseOrderNotRealTalk.MatchString(t.desc) {
		return ""
	}
	props := t.t.Params()
	side, size := "", ""
	for _, n := range t.t.ParamNames() {
		obj, _ := props[n].(map[string]any)
		if obj == nil {
			continue
		}
		w := secIdentifierWords(n)
		vals, _ := obj["enum"].([]any)
		switch {
		case side == "" && secHasWord(w, preciseOrderSideWords...) && preciseTradeSides(vals):
			side = n
		case size == "" && secHasWord(w, preciseOrderSizeWords...) && (obj["type"] == "number" || obj["type"] == "integer" || obj["type"] == "string"):
			size = n
		}
	}
	if side == "" || size == "" {
		return ""
	}
	return fmt.Sprintf("its schema places a trade order: `%s` offers both sides of a trade beside `%s`, and an order on a live account spends money or sells holdings", side, size)
}

// preciseUpsertOpening is a description that opens on creating or updating,
// an upsert in words: "Create or update a policy for a vhost.", "Creates or
// updates the user", "Add or update an entry", "Upsert a record". The name
// create_or_update_* or upsert_* says the same and is read from the name
// (preciseIrreversibleName).
var preciseUpsertOpening = regexp.MustCompile(`(?i)^\s*(?:(?:creates?|adds?|inserts?)\s+or\s+(?:updates?|modif(?:y|ies)|edits?)\b|upserts?\b)`)

// preciseUpsertSettingsOpening is an upsert or set opening whose object is
// a setting: settings, preferences, options, a configuration or a limit
// ("Create or update automatic card top-up settings", "Set a vhost limit
// for a vhost"), a link that binds or maps one thing to another (a
// binding, a mapping, an authorization), or the choice of a default ("Create
// or update a default runner binding"). What it writes over is a setting
// the same call sets back, not content (revision 10).
var preciseUpsertSettingsOpening = regexp.MustCompile(`(?i)^\s*(?:(?:creates?|adds?|inserts?)\s+or\s+(?:updates?|modif(?:y|ies)|edits?)|sets?)\s+(?:(?:the|an?|its|your)\s+)?` +
	`(?:default\b|(?:[\w'’-]+\s+){0,3}?(?:settings|preferences|options|config|configuration|limits?|bindings?|mappings?|authorizations?)\b)`)

// preciseUpsertsSettings reports whether an upsert or set opening writes
// settings.
func preciseUpsertsSettings(desc string) bool {
	return preciseUpsertSettingsOpening.MatchString(desc)
}

// precisePutAddsOpening is a description opening on adding one more thing
// ("Add a widget to a panel", "Add a secret to a Worker"): the put names
// an add, read from that opening.
var precisePutAddsOpening = regexp.MustCompile(`(?i)^\s*(?:adds?|appends?|attach(?:es)?|inserts?)\s+(?:an?|one|the|new)\b`)

// precisePutHTTPTalk is a description saying the put is an HTTP method the
// tool sends to a URL: "Perform an HTTP PUT request", "Sends a PUT".
var precisePutHTTPTalk = regexp.MustCompile(`\bPUT\b|(?i)\bhttps?\s+(?:put\s+)?request\b`)

// precisePutNoOverwriteTalk is a description saying a put never writes over
// what is there: it fails on an existing key, or stores only when the key
// is absent.
var precisePutNoOverwriteTalk = regexp.MustCompile(`(?i)\bfails?\s+(?:if|when)\s+(?:the\s+|a\s+|an\s+)?(?:[\w-]+\s+){0,2}?(?:already\s+)?exists?\b|\bonly\s+(?:if|when)\s+(?:the\s+|a\s+|an\s+)?(?:[\w-]+\s+){0,2}?(?:does\s+not|doesn't)\s+(?:already\s+)?exist\b|\b(?:does\s+not|doesn't|will\s+not|won't|never)\s+overwrite\b|\bif\s+not\s+exists\b|\bonly\s+creates?\b`)

// precisePutKeptApart are name words of a put the other rules read: a
// secret stored (SEC014 reads the value passing through the model), and a
// presigned or upload URL handed back for someone else to put with.
var precisePutKeptApart = map[string]bool{"secret": true, "secrets": true, "presigned": true, "presign": true, "signed": true, "url": true}

// precisePutsOver says why a tool stores a value over whatever a key or
// name already holds, or "": its name's first verb, after a server prefix,
// is put (put-kv, kv_put, r2_put_object, put-policy), or its description
// opens on creating or updating ("Create or update a user."), and it takes
// a new value to store. Left out: a put whose description opens on adding
// one more thing (put_widget "Add a widget to a panel"), an HTTP client's
// PUT to a URL (playwright_put "Perform an HTTP PUT request": an egress
// surface, read elsewhere), a presigned upload URL generated, a put of a
// secret (SEC014), a description saying the call fails on an existing key
// or only creates, a create-named tool whose text says "Create or update"
// (read from its create verb, as revision 9 reads one), and an upsert or a
// put whose opening writes a setting, a binding or a default ("Create or
// update automatic card top-up settings", "Set a vhost limit").
func precisePutsOver(t *tgTool) string {
	if precisePutNoOverwriteTalk.MatchString(t.desc) || precisePutHTTPTalk.MatchString(t.desc) || preciseHasAny(t.nameWords, precisePutKeptApart) || !preciseTakesNewValue(t) {
		return ""
	}
	if m := preciseUpsertOpening.FindString(t.desc); m != "" && !preciseCreates(t) && !preciseUpsertsSettings(t.desc) {
		// createAgendaSlide "Create or update one slide": a name that
		// opens on create is read from that verb, as revision 9 reads
		// create_change_request; its update is a branch of the call.
		return fmt.Sprintf("its description opens %q: an upsert, which writes over what already exists", strings.TrimSpace(m))
	}
	i := 0
	for _, w := range t.nameWords {
		if strings.Trim(w, "0123456789") == "" {
			// r2_put_object splits as r, 2, put: a digit finishes the
			// prefix's word and takes no place of its own.
			continue
		}
		if i > 1 {
			break
		}
		if w == "put" && !precisePutAddsOpening.MatchString(t.desc) && !preciseUpsertsSettings(t.desc) {
			return "its name says it puts a value at a key or name (\"put\"), replacing whatever is stored there"
		}
		if i == 0 && (text.IsReadVerb(w) || preciseCreates(t)) {
			break
		}
		i++
	}
	return ""
}
