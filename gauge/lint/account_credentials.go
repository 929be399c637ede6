package lint

import (
	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// accountEditVerbs are name words of a tool that changes a record in
// place, wherever they stand (respira_update_user, user_update). "create" is not one: a new account's first role or password is
// how an account comes to exist, a different reading.
var accountEditVerbs = []string{"update", "set", "change", "edit", "modify", "patch", "put", "upsert"}

// accountPeople are name words naming a person's account on the service.
var accountPeople = []string{"user", "users", "member", "members", "account", "accounts", "staff", "employee", "employees", "admin", "admins", "operator", "operators"}

// secAccountAccessParam reads a tool that edits a person's account and
// takes that account's role or password as a parameter
// (update_user(role, password)): changing who someone is on the service,
// or the secret they log in with, grants access whatever the tool's
// description calls it ("Update user information"). A parameter is read
// by its name's words: role, roles, password, passwd; a display name,
// e-mail or a password policy's length is not one.
func secAccountAccessParam(t *model.Tool, words []string) string {
	if !secHasWord(words, accountEditVerbs...) || !secHasWord(words, accountPeople...) || secHasWord(words, secGrantStop...) {
		return ""
	}
	for _, w := range words {
		if text.IsReadVerb(w) || text.IsDestructiveVerb(w) {
			return "" // get_user_roles, delete_user: a read or a removal
		}
	}
	for _, name := range t.ParamNames() {
		pw := secIdentifierWords(name)
		if len(pw) == 0 || len(pw) > 3 {
			continue
		}
		last := pw[len(pw)-1]
		switch last {
		case "role", "roles":
			return "changes an account's role (`" + name + "`)"
		case "password", "passwd":
			return "sets an account's password (`" + name + "`)"
		}
	}
	return ""
}
