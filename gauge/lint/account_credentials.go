package lint

import (
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// accountCreates are secGrantSetters that make a new record or bring one
// in rather than change an account in place: a new account's first role
// or password is how an account comes to exist, a different reading.
var accountCreates = []string{"add", "create", "new", "register", "invite", "import", "upload", "save", "publish", "expose", "link", "attach", "bind"}

// accountHolders are name words, beyond secPersonWords and
// secGrantPrincipals, that name a person's account on the service.
var accountHolders = []string{"account", "accounts", "staff", "employee", "employees", "operator", "operators"}

// accountNotPerson are name words that make an account a machine's: a
// service account, a bot's or an app's.
var accountNotPerson = []string{"service", "bot", "bots", "robot", "machine", "app", "apps", "integration", "workload"}

// accountPerson reports whether w names a person or their account.
func accountPerson(w string) bool {
	return secHasWord([]string{w}, secPersonWords...) || secHasWord([]string{w}, secGrantPrincipals...) || secHasWord([]string{w}, accountHolders...)
}

// accountOpensOnEdit reports whether the name opens on a verb that changes
// a record in place (a secGrantSetters word that creates nothing), at its
// start or after one namespace word: update_user, respira_update_user; not
// user_update or get_user_roles_update_history.
func accountOpensOnEdit(words []string) bool {
	for i := 0; i < len(words) && i < 2; i++ {
		w := words[i : i+1]
		if secHasWord(w, secGrantSetters...) && !secHasWord(w, accountCreates...) {
			return true
		}
		if accountPerson(words[i]) {
			return false // a person word before the verb: user_update
		}
	}
	return false
}

// accountAccessField returns "role" or "password" when a parameter's name
// is that account's role or password: the whole name (role, password,
// passwd) or the last word after a person word or "new" (user_role,
// staff_role, new_password). ai_role or bot_role is a persona, not access.
func accountAccessField(pw []string) string {
	if len(pw) == 0 || len(pw) > 2 {
		return ""
	}
	kind := ""
	switch pw[len(pw)-1] {
	case "role", "roles":
		kind = "role"
	case "password", "passwd":
		kind = "password"
	default:
		return ""
	}
	if len(pw) == 2 && pw[0] != "new" && !accountPerson(pw[0]) {
		return ""
	}
	return kind
}

// secAccountAccessParam reads a tool that edits a person's account and
// takes that account's role or password as a parameter
// (update_user(role, password)): changing who someone is on the service,
// or the secret they log in with, grants access whatever the tool's
// description calls it ("Update user information"). The name opens on an
// edit verb and names a person's account (not a service account); the
// parameter is the role or password itself (accountAccessField).
func secAccountAccessParam(t *model.Tool, words []string) string {
	if !accountOpensOnEdit(words) || secHasWord(words, secGrantStop...) || secHasWord(words, accountNotPerson...) {
		return ""
	}
	person := false
	for _, w := range words {
		if text.IsReadVerb(w) || text.IsDestructiveVerb(w) {
			return "" // get_user_roles, delete_user: a read or a removal
		}
		person = person || accountPerson(w)
	}
	if !person {
		return ""
	}
	for _, name := range t.ParamNames() {
		switch accountAccessField(secIdentifierWords(name)) {
		case "role":
			return "changes an account's role (`" + name + "`)"
		case "password":
			return "sets an account's password (`" + name + "`)"
		}
	}
	return ""
}
