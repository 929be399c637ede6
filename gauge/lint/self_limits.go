package lint

import (
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// selfLimitSetter opens a sentence that changes an existing setting:
// set, change, update, raise, edit, adjust ("Create or update" counts;
// "Create a new ..." makes another profile and loosens nothing in force).
var selfLimitSetter = regexp.MustCompile(`^[^\pL\pN]*(?:(?:create\s+or\s+)?(?:set|sets|change|changes|update|updates|raise|raises|increase|increases|edit|edits|modify|modifies|adjust|adjusts|lift|lifts|remove|removes)|upsert)\b`)

// selfLimitSpend names a limit on spending: a spending or spend limit, cap,
// policy or budget, a purchase or order limit.
var selfLimitSpend = regexp.MustCompile(`\b(?:spend(?:ing)?|purchas(?:e|ing)|order)\s+(?:limits?|caps?|polic(?:y|ies)|budgets?|allowances?)\b`)

// selfLimitOwnerBefore is the agent or the caller as the possessor of the
// limit, in the noun phrase right before it: "your weekly", "the
// assistant's profile (", "agent". It captures the owner and the words
// between, which must not name other people ("your customers'").
var selfLimitOwnerBefore = regexp.MustCompile(`(?:^|[^\pL\pN'’])(your|agents?(?:'s|’s|'|’)?|assistants?(?:'s|’s)?|bots?(?:'s|’s)?)((?:\s+[\pL\pN'’-]+){0,2})\s*\(?\s*$`)

// selfLimitOwnerAfter is the agent named after the limit with "for":
// "spend policy for a worker agent".
var selfLimitOwnerAfter = regexp.MustCompile(`^\s+(?:[\pL\pN-]+\s+){0,2}?for\s+(?:an?\s+|the\s+|this\s+|each\s+|every\s+)?((?:[\pL\pN-]+\s+)?)(?:agents?|assistants?|bots?)\b`)

// selfLimitOthers are words that make "your" the product's own people, not
// the caller: "your customers", "your cardholders".
var selfLimitOthers = regexp.MustCompile(`\b(?:customers?|cardholders?|clients?|users?|teams?|employees?|members?|staff|buyers?|shoppers?|merchants?|vendors?|tenants?|accounts?\s+holders?)\b`)

// selfLimitHumanAgent is a word that makes "agent" a person's job: a
// support, sales or service agent.
var selfLimitHumanAgent = regexp.MustCompile(`\b(?:support|sales|service|human|live|helpdesk|call|field|travel|insurance|booking|customer|leasing|estate)\s*$`)

// selfLimitOnlyLowers is a description that says the tool can only lower
// the limit: the suggestion SEC013 makes for such tools.
var selfLimitOnlyLowers = regexp.MustCompile(`\b(?:only\s+(?:be\s+)?(?:lower(?:ed)?|reduc(?:e|ed)|decreas(?:e|ed)|tighten(?:ed)?)|(?:cannot|can't|can\s+not|can\s+never|never)\s+(?:be\s+)?(?:rais(?:e|ed)|increas(?:e|ed)|lift(?:ed)?|loosen(?:ed)?)|to\s+a\s+lower\s+(?:value|amount|limit))\b`)

// selfLimitOwned reports whether the limit at s[a:b] binds the agent or
// the caller: its owner is the possessor right before it or the one it is
// for right after it.
func selfLimitOwned(s string, a, b int) bool {
	if m := selfLimitOwnerBefore.FindStringSubmatchIndex(s[max(0, a-80):a]); m != nil {
		before := s[max(0, a-80):a]
		owner, between := before[m[2]:m[3]], before[m[4]:m[5]]
		if owner == "your" && !selfLimitOthers.MatchString(between) {
			return true
		}
		if owner != "your" && !selfLimitHumanAgent.MatchString(before[:m[2]]) {
			return true
		}
	}
	if m := selfLimitOwnerAfter.FindStringSubmatchIndex(s[b:min(len(s), b+80)]); m != nil {
		after := s[b:min(len(s), b+80)]
		return !selfLimitHumanAgent.MatchString(after[m[2]:m[3]])
	}
	return false
}

// secSelfSpendLimit reads a tool that changes a spending limit that binds
// the agent itself ("Change your monthly spending limit", "Update an
// agent's settings (spending limits, ...)", "Create or update runtime
// spend policy for a controller agent"): the cap the user set on what the
// model may spend is one call away from the model. The agent or the caller
// must own the limit: the possessor right before it ("your", "the
// assistant's profile (") or the one it is "for" right after it. A limit
// the product sets for its own customers or cardholders ("set a card's
// spending limit", "a card issued to your customers"), a human support or
// sales agent's limit, a tool that can only lower the limit, one that only
// reads it or creates a new profile stay silent.
func secSelfSpendLimit(t *model.Tool) string {
	for _, s := range preciseSentences(t.RawDescription) {
		if !selfLimitSetter.MatchString(s) {
			continue
		}
		loc := selfLimitSpend.FindStringIndex(s)
		if loc == nil || !selfLimitOwned(s, loc[0], loc[1]) {
			continue
		}
		if selfLimitOnlyLowers.MatchString(strings.ToLower(t.RawDescription)) {
			return "" // read once: the loop stops here either way
		}
		return s[loc[0]:loc[1]] + " of the agent itself"
	}
	return ""
}
