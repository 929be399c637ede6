package lint

import (
	"fmt"
	"regexp"

	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// Spending by the call's own act: a tool whose description says the call
// bills, charges, mints on-chain or carries out a spend request, or whose
// amount parameter is what it deposits, stakes, pays or sends. Money or
// tokens spent do not come back by another call, so MCP040 reads it as
// destruction, as it reads a purchase.

// effectSpendActTalk is a clause whose own verb spends: it opens on
// billing or charging someone or something ("Bill one approved use of a
// PREMIUM specialist", "Charges the customer's saved card": its object a
// payer, an account, a card, a use or a fee, so "Charges the battery" is
// left out), mints an NFT or an on-chain token as the clause's opening verb
// ("Mints an identity NFT linked to the room's wallet", "Mints an on-chain
// agent identity (NFT)"; "the mint address of the NFT" is a noun), or
// approves and carries out a spend request ("Approve and execute a runtime
// spend request"). A price that says how to charge ("Prices describe how to
// charge for products"), a URL or session token minted ("Mint a signed
// preview URL", "mints a 5-minute token") and a request listed, read or
// denied are not spending.
var effectSpendActTalk = regexp.MustCompile(`(?i)(?:^|[.!?;:]\s+|\n)\s*(?:it\s+|this\s+(?:tool\s+)?)?(?:bills?|charges?)\s+(?:one|a|an|the|each|every|your|their|its)\s+(?:[\w'’-]+\s+){0,2}?(?:customer|client|user|buyer|payer|account|card|wallet|subscriber|member|payment|order|invoice|use|fee|amount|credits?)s?\b` +
	`|(?:^|[.!?;:]\s+|\n)\s*(?:it\s+|this\s+(?:tool\s+)?)?mints?\s+(?:an?\s+|the\s+|one\s+|new\s+)?(?:[\w-]+\s+){0,3}?(?:nfts?\b|erc-?\d+\s+tokens?\b|\(nft\))` +
	`|\b(?:approves?\s+and\s+)?(?:execut(?:es?|ing)|carr(?:y|ies)\s+out)\s+(?:a|an|the|this)\s+(?:[\w-]+\s+){0,2}?spend(?:ing)?\s+requests?\b`)

// effectAmountMoved is an amount parameter's description saying the call
// moves that amount away: "The amount to deposit into the plan, in SQT",
// "The amount to boost the deployment with", "Amount of tokens to stake".
// An amount to filter by, to show or to estimate moves nothing, and a
// number or value "to send" is a count of messages or a header's text,
// not money: only an amount is read.
var effectAmountMoved = regexp.MustCompile(`(?i)^\s*(?:the\s+)?amount\s+(?:of\s+(?:[\w-]+\s+){1,2}?)?to\s+(?:deposit|stake|boost|pay|spend|lock|bid|donate|tip|top\s*up|send|transfer|withdraw)\b`)

// effectSpendNameReads are name words of a tool that works out what a
// spend would be without making it (estimate_gas, quote_transfer,
// simulate_deposit) or builds a transaction it does not send
// (build_unsigned_transfer, prepare_payment).
var effectSpendNameReads = map[string]bool{
	"estimate": true, "estimated": true, "quote": true, "quotes": true, "preview": true, "simulate": true,
	"simulation": true, "calculate": true, "dry": true, "build": true, "prepare": true, "encode": true,
	"draft": true, "construct": true, "serialize": true, "unsigned": true,
}

// effectSpendsByAct returns why a tool spends money or tokens by its own
// act, or "": an affirmed clause of its description that bills, charges,
// mints an NFT or carries out a spend request, or a parameter whose
// description says its amount is deposited, staked, paid or sent. A name
// that opens on a read verb (list_spend_requests) or that estimates,
// quotes or simulates (estimate_gas) is left out, and so is a description
// that says the money stays the owner's (effectKeepsMoney). Each
// parameter's description is read once.
func effectSpendsByAct(t *tgTool) string {
	for i, w := range t.nameWords {
		if i == 0 && text.IsReadVerb(w) || effectSpendNameReads[w] {
			return ""
		}
	}
	if effectKeepsMoney.MatchString(t.desc) {
		return ""
	}
	if m := preciseAffirmed(preciseProse(t.desc), effectSpendActTalk); m != "" {
		return fmt.Sprintf("its description says the call spends: %q", secSnippet(m))
	}
	props := t.t.Params()
	for _, n := range t.t.ParamNames() {
		obj, _ := props[n].(map[string]any)
		if d, _ := obj["description"].(string); effectAmountMoved.MatchString(d) {
			return fmt.Sprintf("its `%s` is an amount the call moves away: %q", n, secSnippet(d))
		}
	}
	return ""
}
