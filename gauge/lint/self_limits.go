package lint

import (
	"regexp"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// selfLimitSetter opens a sentence that changes an existing setting:
// set, change, update, raise, edit, adjust ("Create or update" counts;
// "Create a new ..." makes another profile and loosens nothing in force).
var selfLimitSetter = regexp.MustCompile(`^[^\pL\pN]*(?:(?:create\s+or\s+)?(?:set|sets|change|changes|update|updates|raise|raises|increase|increases|edit|edits|modify|modifies|adjust|adjusts|lift|lifts|remove|removes)|upsert)\b`)

// selfLimitSpend names a limit on spending: a spending or spend limit, cap,
// policy or budget, a purchase or order limit.
var selfLimitSpend = regexp.MustCompile(`\b(?:spend(?:ing)?|purchas(?:e|ing)|order)\s+(?:limits?|caps?|polic(?:y|ies)|budgets?|allowances?)\b`)

// selfLimitOwner names who the limit binds as the agent or the caller
// itself: "your", "an agent's", "for a controller agent".
var selfLimitOwner = regexp.MustCompile(`\b(?:your|agents?(?:'s|’s)?|assistant(?:'s)?|bot(?:'s)?)\b`)

// secSelfSpendLimit reads a tool that changes a spending limit that binds
// the agent itself ("Change your monthly spending limit", "Update an
// agent's settings (spending limits, ...)", "Create or update runtime
// spend policy for a controller agent"): the cap the user set on what the
// model may spend is one call away from the model. A limit the product
// sets for its own customers or cardholders ("set a card's spending
// limit") names no agent or caller and stays silent, as does a tool that
// only reads the limit or creates a new profile.
func secSelfSpendLimit(t *model.Tool) string {
	for _, s := range preciseSentences(t.RawDescription) {
		if !selfLimitSetter.MatchString(s) {
			continue
		}
		m := selfLimitSpend.FindString(s)
		if m == "" || !selfLimitOwner.MatchString(s) {
			continue
		}
		return m + " of the agent itself"
	}
	return ""
}
