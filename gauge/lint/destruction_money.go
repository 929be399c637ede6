package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Names, flags and sentences that destroy or spend: destructive flag and
// mode names, irreversible names, money that moves or is paid (pay links,
// purchases, settlements, automatic payments), routing rewrites and
// overwrites of pushed state.

// precisePayLinkTalk is a description saying the call only makes a
// checkout or payment link (or session) that a person opens to pay:
// "Create a Stripe checkout session to top up credits. Returns a checkout
// URL", "Generates a payment link", "devuelve un enlace de pago", "crée une
// session de paiement", "erstellt einen Zahlungslink". No money moves until
// that person pays, so the call spends nothing.
var precisePayLinkTalk = regexp.MustCompile(`(?i)\b(?:checkout|payment|pay)\s+(?:session|link|url|page)s?\b|\b(?:link|url)\s+(?:for\s+(?:the\s+|a\s+|your\s+)?[\w-]+\s+)?to\s+(?:pay|top\s+up|fund|purchase|buy|complete\s+(?:the\s+)?(?:payment|purchase))\b|\b(?:returns?|creates?|generates?|gives?)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+)?(?:link|url)\s+(?:to|for)\s+(?:pay|checkout|complete\s+(?:the\s+)?(?:payment|purchase))\b` +
	`|\benlace\s+de\s+pago\b|\bsesi[oó]n\s+de\s+pago\b|\b(?:lien|session|page)\s+de\s+paiement\b|\bzahlungs(?:link|sitzung|seite)\b|\bcheckout-(?:link|sitzung)\b`)

// precisePayParamTalk is a number parameter's description saying it is
// what the call pays people: "Payment in USD per worker", "Winner prize in
// USD", "Pay per approved post in USD", "Recompensa en USD por tarea",
// "Prime versée au gagnant", "Belohnung pro Aufgabe".
var precisePayParamTalk = regexp.MustCompile(`(?i)^\s*(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:payment|pay|payout|prize|reward|bounty|wage|compensation|recompensa|premio|pago|prime|r[ée]compense|belohnung|pr[äa]mie|verg[üu]tung)\b`)

// precisePostVerbs open the name of a tool that puts work or an offer out.
var precisePostVerbs = []string{"post", "create", "launch", "start", "publish", "submit", "open", "new", "add"}

// precisePaysPeopleParam says why a tool that posts work commits money to
// the people who do it, or "": its name opens on posting or creating
// (post_task, post_competition, create_bounty) and a number parameter is
// described as the payment, prize or reward it pays (budget_usd "Payment in
// USD per worker", prize_usd "Winner prize in USD"). A price, cost or budget
// described as such (create_product's price_usd "Price in USD") pays no one.
func precisePaysPeopleParam(t *tgTool) string {
	if len(t.nameWords) == 0 || !secHasWord(t.nameWords[:min(2, len(t.nameWords))], precisePostVerbs...) {
		return ""
	}
	props := t.t.Params()
	for _, n := range t.t.ParamNames() {
		obj, _ := props[n].(map[string]any)
		if obj == nil || !isJSONString(obj["type"], "number") && !isJSONString(obj["type"], "integer") {
			continue
		}
		if d, _ := obj["description"].(string); precisePayParamTalk.MatchString(d) {
			return fmt.Sprintf("its `%s` parameter is what it pays the people who take the work (%q), committed when it is posted", n, secSnippet(d))
		}
	}
	return ""
}

// preciseIrreversibleNames are name tokens that make a tool irreversible
// without a delete verb: what it cancels, rolls back or spends cannot be
// taken back by calling it again.
var preciseIrreversibleNames = map[string]string{
	"cancel": "cancels", "rollback": "rolls back", "revert": "reverts", "refund": "refunds", "void": "voids",
	"purchase": "spends money", "buy": "spends money", "sell": "spends money", "pay": "spends money", "charge": "spends money",
	"topup": "spends money", "debit": "takes money",
}

// preciseQuotedMode is a destructive value quoted in an operation
// parameter's description: `"remove" to delete the action entirely`.
var preciseQuotedMode = regexp.MustCompile(`(?i)["'\x60](?:delete|remove|drop|destroy|purge|wipe|truncate)["'\x60]`)

// preciseUndoGloss is an operation description that glosses its removal
// as undoing an earlier act: `"remove" to unregister`.
var preciseUndoGloss = regexp.MustCompile(`(?i)["'\x60](?:remove|delete)["'\x60]\s+(?:to|=|:|-+)\s*un\w+`)

// preciseFlagVerbs are words that, in a boolean parameter's name, switch a
// tool into destroying (delete_extra, purgeOld, overwrite_existing); remove
// is not among them, since removeScripts filters output.
var preciseFlagVerbs = map[string]string{
	"delete": "deleting", "purge": "purging", "prune": "pruning", "overwrite": "overwriting", "wipe": "wiping",
	"erase": "erasing", "clobber": "overwriting", "destroy": "destroying", "truncate": "truncating",
}

// preciseDestructiveFlagName returns what a boolean parameter named name
// switches the tool to ("deleting" for delete_extra), or "". A flag named
// only overwrite or prune is read from its description instead.
func preciseDestructiveFlagName(name string) string {
	toks := text.IdentifierTokens(name)
	if len(toks) < 2 {
		return ""
	}
	for _, tok := range toks {
		if what, ok := preciseFlagVerbs[strings.ToLower(tok)]; ok {
			return what
		}
	}
	return ""
}

// preciseRecordNouns name a business record or a figure: after a money
// word (purchase_invoice, pay_slip, buy_price) they make it a noun that
// names the record, not the act of buying or paying.
var preciseRecordNouns = map[string]bool{
	"invoice": true, "invoices": true, "receipt": true, "receipts": true, "history": true, "price": true, "prices": true,
	"requisition": true, "requisitions": true, "ledger": true, "report": true, "reports": true, "summary": true,
	"details": true, "info": true, "record": true, "records": true, "slip": true, "slips": true, "stub": true,
	"rate": true, "rates": true, "grade": true, "analytics": true, "stats": true, "amount": true, "total": true,
	"totals": true, "terms": true, "quote": true, "quotes": true, "note": true, "notes": true,
}

// preciseRecordWriteVerbs are name tokens that, beside a money word
// followed by a noun, are the tool's own act: purchase_order_create
// creates a Purchase Order record. create_charge is not among them: there
// the money word is what is created.
var preciseRecordWriteVerbs = map[string]bool{
	"create": true, "new": true, "add": true, "draft": true, "update": true, "edit": true, "modify": true,
	"save": true, "store": true,
}

// preciseStandingPrefixes before a money word (auto_topup, automatic
// pay, recurring charge) name a standing arrangement the tool sets up, not
// money this call spends.
var preciseStandingPrefixes = map[string]bool{"auto": true, "automatic": true, "autopay": true, "recurring": true, "scheduled": true}

// preciseMoneyNoun reports whether the money word at words[i] (purchase,
// buy, pay, charge) names a record rather than the tool's act: it follows
// a word naming a standing arrangement (auto_topup_set), a read verb
// anywhere in the name is the act (purchase_invoice_get), a record noun
// follows it (purchase_history, pay_slip), or it qualifies a noun that
// another write verb acts on (purchase_order_create, draft_purchase_order).
// Only the spending words are read so: cancel_order_get still cancels.
// words are the tool's lower-cased name words (tgTool.nameWords).
func preciseMoneyNoun(words []string, i int) bool {
	if what := preciseIrreversibleNames[words[i]]; what != "spends money" && what != "takes money" {
		return false
	}
	if i+1 < len(words) && preciseRecordNouns[words[i+1]] || i > 0 && preciseStandingPrefixes[words[i-1]] {
		return true
	}
	if preciseMoneyWordInProductName(words, i) {
		return true
	}
	qualifies := i+1 < len(words) && !text.IsBareVerb(words[i+1])
	for j, w := range words {
		if j != i && (text.IsReadVerb(w) || qualifies && preciseRecordWriteVerbs[w]) {
			return true
		}
	}
	return false
}

// preciseMoneyWordInProductName reports whether the money word at
// words[i] is part of a noun phrase the name opens on, not the tool's act:
// a word that is no verb stands before it (apple_pay, google_pay,
// samsung_pay: a product) and right after it another verb acts on an
// object of its own (apple_pay_create_session, google_pay_register_domains;
// "new" qualifies what is bought, it is no verb). The
// tool then creates, registers or updates that object; the money word only
// says whose it is. A money word that opens the name (pay_invoice,
// charge_card), one whose verb takes no object of its own
// (card_charge_create: the charge is what is created), and one followed by
// a verb that itself moves money are still the act.
func preciseMoneyWordInProductName(words []string, i int) bool {
	if i == 0 || text.IsBareVerb(words[i-1]) || text.IsReadVerb(words[i-1]) || preciseIrreversibleNames[words[i-1]] != "" {
		return false
	}
	if i+2 >= len(words) {
		return false
	}
	w := words[i+1]
	if w == "new" || preciseIrreversibleNames[w] != "" || preciseValueMoveVerbs[w] || preciseSettleVerbs[w] {
		// domains_purchase_new_domain: "new" qualifies what is bought.
		return false
	}
	if preciseMoneyObjects[words[i+2]] {
		// order_pay_create_payment: what the verb creates is itself money.
		return false
	}
	return (text.IsBareVerb(w) || w == "register" || w == "unregister") && !text.IsFiller(words[i+2])
}

// preciseMoneyObjects are money nouns: a verb that creates one moves money.
var preciseMoneyObjects = map[string]bool{
	"payment": true, "payments": true, "charge": true, "charges": true, "transfer": true, "transfers": true,
	"payout": true, "payouts": true, "refund": true, "refunds": true, "invoice": true, "invoices": true,
}

// preciseValueNouns name what holds money or value on a ledger or a
// chain: moving them to someone else is not undone by the sender.
var preciseValueNouns = map[string]bool{
	"token": true, "tokens": true, "nft": true, "nfts": true, "erc": true, "erc20": true, "erc721": true, "erc1155": true,
	"spl": true, "native": true, "coin": true, "coins": true, "crypto": true, "eth": true, "btc": true, "sol": true,
	"bnb": true, "usdc": true, "usdt": true, "funds": true, "fund": true, "money": true, "payment": true,
	"payments": true, "cash": true, "sats": true, "lamports": true, "lightning": true, "stablecoin": true,
}

// preciseValueMoveVerbs move value out of the caller's hands.
var preciseValueMoveVerbs = map[string]bool{"transfer": true, "send": true, "withdraw": true, "deposit": true, "remit": true}

// preciseSettleVerbs carry out a pending transfer or payment.
var preciseSettleVerbs = map[string]bool{
	"confirm": true, "execute": true, "approve": true, "authorize": true, "authorise": true, "complete": true,
	"finalize": true, "finalise": true, "make": true, "submit": true,
}

// preciseMovesValueName says why a tool's lower-cased name words move
// money or value irreversibly, or "": a transfer of tokens, an NFT or
// funds (transfer_erc20, send_tokens, withdraw_funds), a pending transfer
// or payment carried out (confirm_transfer, execute_payment), an
// allowance granted (approve_token_spending, increase_allowance), or every
// pending request denied at once (deny_all_requests). A read verb
// anywhere (get_token_transfers, transfer_status) or a record noun after
// the act (transfer_history) names what is read.
func preciseMovesValueName(words []string) string {
	var move, value, settle, moved, approve, spend, deny, all bool
	for i, w := range words {
		if text.IsReadVerb(w) || i > 0 && preciseRecordNouns[w] {
			return ""
		}
		switch {
		case preciseValueMoveVerbs[w]:
			move = true
		case preciseValueNouns[w]:
			value = true
		}
		switch w {
		case "transfer", "transfers", "payment", "payments", "payout", "payouts", "withdrawal", "withdrawals":
			moved = true
		case "approve", "increase", "grant":
			approve = true
		case "spending", "spender", "allowance":
			spend = true
		case "deny", "reject", "decline":
			deny = true
		case "all":
			all = true
		}
		if preciseSettleVerbs[w] {
			settle = true
		}
	}
	switch {
	case move && value:
		return "its name says it moves tokens, funds or payments to another holder, which the sender cannot take back"
	case settle && moved:
		return "its name says it carries out a transfer or payment, which cannot be taken back"
	case approve && spend || len(words) > 0 && words[len(words)-1] == "allowance" && words[0] == "set":
		// increase_allowance is approve && spend already.
		return "its name says it lets another address spend the holder's tokens"
	case deny && all:
		return "its name says it denies every pending request at once, which cannot be asked again"
	}
	return ""
}

// preciseIrreversibleName says why a tool's name makes it irreversible
// (cancel_job, rollback_deployment, purchase_domain, place_order), or "".
func preciseIrreversibleName(t *tgTool) string {
	if nameChangeWordIsNoun(t.nameWords, t.desc) {
		// revert_analysis "Analyze revert patterns": the change word
		// names what is read (round 38); a parameter that pays people
		// still reads.
		return precisePaysPeopleParam(t)
	}
	var place, order bool
	for _, tok := range t.nameTokens {
		if w := strings.ToLower(tok); w == "transaction" || w == "tx" {
			// rollback_transaction discards what the caller's own open
			// transaction has not committed: the safe way out, not a loss.
			return ""
		}
	}
	if why := preciseRewritesRouting(t); why != "" {
		return why
	}
	for i, tok := range t.nameTokens {
		w := strings.ToLower(tok)
		if text.IsReadVerb(w) {
			// get_cancel_status, list_sell_orders: what follows a read
			// verb names what is read.
			return ""
		}
		if what, ok := preciseIrreversibleNames[w]; ok && !preciseMoneyNoun(t.nameWords, i) && !(strings.Contains(what, "money") && precisePayLinkTalk.MatchString(t.desc)) {
			return fmt.Sprintf("its name says it %s (%q)", what, w)
		}
		if w == "top" && i+1 < len(t.nameTokens) && strings.EqualFold(t.nameTokens[i+1], "up") && !precisePayLinkTalk.MatchString(t.desc) {
			return "its name says it spends money (\"top up\")"
		}
		switch w {
		case "place", "submit", "checkout":
			place = true
		case "order", "orders", "trade", "trades":
			order = true
		}
	}
	if place && order {
		return "its name says it places an order, which spends money"
	}
	if why := preciseOrderBySchema(t); why != "" {
		return why
	}
	if why := preciseMovesValueName(t.nameWords); why != "" {
		return why
	}
	if why := precisePaysPeopleParam(t); why != "" {
		return why
	}
	var or, update, write, file bool
	for i, tok := range t.nameTokens {
		switch w := strings.ToLower(tok); w {
		case "upsert":
			return "its name says it creates or overwrites (\"upsert\")"
		case "or":
			or = true
		case "update", "replace", "overwrite":
			update = true
		case "write":
			write = true
		case "file", "files":
			file = true
		case "push":
			if i+1 < len(t.nameTokens) && precisePushedState[strings.ToLower(t.nameTokens[i+1])] {
				return fmt.Sprintf("its name says it pushes %s over what the remote holds", strings.ToLower(t.nameTokens[i+1]))
			}
		}
	}
	switch {
	case or && update:
		return "its name says it creates or overwrites what exists"
	case write && file && !preciseAppendsOnly.MatchString(t.desc):
		return "its name says it writes a whole file, over any file already there"
	case update && file && preciseTakesContent(t):
		return "its name says it updates a file with new content, which replaces what the file held"
	case update && preciseTakesWholeContent(t):
		return "it updates with a new `content` that replaces what was held"
	}
	return ""
}

// preciseRoutingNouns name where a domain resolves: a DNS record or zone,
// a domain's nameservers.
var preciseRoutingNouns = map[string]bool{"dns": true, "nameserver": true, "nameservers": true}

// preciseRewriteVerbs change a value in place, dropping the one before.
var preciseRewriteVerbs = map[string]bool{
	"update": true, "set": true, "replace": true, "change": true, "edit": true, "modify": true, "put": true, "patch": true, "overwrite": true,
}

// preciseRewriteOpening is a description that opens on changing a value in
// place: "Update nameservers for a domain".
var preciseRewriteOpening = regexp.MustCompile(`(?i)^\s*(?:updates?|sets?|replaces?|changes?|modif(?:y|ies)|overwrites?|edits?)\b`)

// preciseRewritesRouting says why a tool that rewrites where a domain
// resolves is destructive, or "": domain_dns_update, set_nameservers,
// domain_nameservers ("Update nameservers for a domain"). The old record or
// nameserver set is gone, and whatever the domain served goes where the new
// value points, offline if it is wrong; adding a record (dns_add) or
// checking one (validate_dns) changes nothing that was there.
func preciseRewritesRouting(t *tgTool) string {
	routing, rewrite, other := false, false, false
	for _, tok := range t.nameTokens {
		w := strings.ToLower(tok)
		switch {
		case preciseRoutingNouns[w]:
			routing = true
		case preciseRewriteVerbs[w]:
			rewrite = true
		case text.IsReadVerb(w) || w == "add" || w == "create" || w == "validate" || w == "verify" || w == "check":
			other = true
		}
	}
	if !routing || other {
		return ""
	}
	if rewrite || preciseRewriteOpening.MatchString(strings.TrimSpace(preciseProse(t.desc))) {
		return "it rewrites where a domain resolves (DNS records or nameservers): the old value is gone and what the domain served can go offline"
	}
	return ""
}

// precisePaysTalk is prose saying a call pays from the user's money: "by
// paying via x402 from the local wallet", "Requires USDC payment", "it
// will be paid automatically from the wallet", "your default payment method
// will be used", "Deduct credits from a customer account".
var precisePaysTalk = regexp.MustCompile(`(?i)\bby\s+paying\b|\bpa(?:ys|ying)\s+(?:for|via|with|from|using|out\s+of)\b` +
	`|\b(?:will\s+be|is|are|gets?)\s+paid\s+(?:automatically\s+)?(?:from|with|via|using|out\s+of)\b|\bpaid\s+automatically\b|\bautomatic(?:ally)?\s+(?:[\w-]+\s+)?payments?\b` +
	`|(?:^|[.!?;:]\s+|\n)\s*requires?\s+(?:an?\s+)?(?:[\w$.-]+\s+){0,3}payments?\b` +
	`|\bpayment\s+method\s+will\s+be\s+(?:used|charged|billed)\b` +
	`|^\s*deducts?\s+(?:[\w-]+\s+){0,2}?(?:credits?|funds?|balance|money)\b`)

// precisePaysAutomatically is prose saying the tool pays by itself,
// whatever its name: a fetch that settles a payment demand from the wallet.
var precisePaysAutomatically = regexp.MustCompile(`(?i)\bpaid\s+automatically\b|\b(?:will\s+be|is|are|gets?)\s+paid\s+(?:automatically\s+)?(?:from|with|via|using|out\s+of)\b|\bpays?\s+automatically\b`)

// precisePaysByItself reports whether a tool's prose says it pays on its own
// (x402_fetch: "it will be paid automatically from the wallet"): reading
// in its name does not make it a read.
func precisePaysByItself(t *tgTool) bool {
	return preciseAffirmed(preciseProse(t.desc), precisePaysAutomatically) != ""
}

// precisePushedState follow push in the names of tools that write state
// over what a remote holds (push_files, push_config, push-perms); a push of commits
// (git_push) or of a notification adds and is read from its flags.
var precisePushedState = map[string]bool{
	"file": true, "files": true, "content": true, "contents": true, "config": true, "configuration": true,
	"settings": true, "schema": true, "data": true, "listing": true, "listings": true, "metadata": true,
	"schemas": true, "perms": true, "permissions": true, "rules": true, "policy": true, "policies": true,
}

// preciseAppendsOnly is a write tool's description that says it never
// replaces an existing file.
var preciseAppendsOnly = regexp.MustCompile(`(?i)\bappend|\b(?:fails?|errors?)\s+(?:if|when)\b[^.]{0,30}\bexist|\b(?:never|not|won't|will\s+not|does\s+not|doesn't)\s+overwrit|\bnew\s+files?\s+only\b|\bonly\s+(?:creates?|writes?)\s+new\b`)

// preciseSpendsTalk returns the sentence in which a tool's own description
// says the call itself spends money (text_to_video: "This tool calls the
// API and may incur costs"; create_pod: "BILLABLE from creation"), or "".
// A tool whose name opens with a read verb (list_billing: "spend across all
// billable resources") or names a price, an estimate or a bill
// (estimate_cost, get_pricing) reads what is spent, and a sentence that
// denies it ("does not incur charges", "free tier, no charge") says
// nothing is.
func preciseSpendsTalk(t *tgTool) string {
	for i, w := range t.nameWords {
		if i == 0 && text.IsReadVerb(w) || preciseCostReadWords[w] {
			return ""
		}
	}
	// Code is blanked, but not example lines: preciseProse drops a
	// one-line description whole for its "e.g.". A dash parts clauses
	// too: "a billed resource - only call this when asked" spends in
	// its first clause whatever the second restricts.
	prose := preciseCodeOnly(t.desc)
	if !preciseCallCostTalk.MatchString(prose) {
		return ""
	}
	for _, sent := range preciseCostClauseEnd.Split(prose, -1) {
		if preciseNegated.MatchString(sent) || preciseRefusedTalk.MatchString(sent) {
			continue
		}
		if m := preciseCallCostTalk.FindString(sent); m != "" {
			return strings.TrimSpace(m)
		}
	}
	return ""
}

// preciseCostClauseEnd splits prose into sentences and clauses, a spaced
// dash included.
var preciseCostClauseEnd = regexp.MustCompile(`[.!?;:]\s+|:$|\n+|\s+[-–—]+\s+`)
