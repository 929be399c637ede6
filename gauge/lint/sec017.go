package lint

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// sec017 is SEC017 access-grant.
func sec017() Rule {
	return Rule{
		ID: "SEC017", Name: "access-grant", Family: "Security",
		Summary: "A tool grants people, accounts, hosts or keys access (invites members, changes roles, shares with others, registers keys, mints tokens, allow-lists IPs).",
		Default: Warning, Scope: ScopeTool, Origin: OriginMcpgauge, Revision: 25, Check: checkSEC017,
	}
}

// checkSEC017 finds a tool that grants access: one call from an injected
// instruction can let an outsider in, and a grant outlives the
// conversation. It reads the tool's name, the opening sentence of its
// description and its operation enum; a tool marked read-only, one whose
// name lists, reads or removes, and one that only shares a text are left
// alone.
func checkSEC017(ctx *Context) []Problem {
	if !ctx.Precise() {
		return nil
	}
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		if a := t.Annotations; a != nil && a.ReadOnlyHint != nil && *a.ReadOnlyHint {
			continue
		}
		what := secGrantWhat(t, facts[i].words)
		if what == "" {
			what = secAccountAccessParam(t, facts[i].words)
		}
		if what == "" || secGrantOnlyNames(t, what) {
			continue
		}
		msg := fmt.Sprintf("Tool `%s` %s: an access grant, which one injected instruction can aim at an outsider and which outlives the conversation.", t.Name, what)
		if top := secGrantTopRole(t); top != "" {
			msg += fmt.Sprintf(" Its schema offers the role `%s`.", top)
		}
		out = append(out, Problem{Tool: t.Name, Message: msg,
			Suggestion: "Mark the tool so clients confirm each call (destructiveHint: true, readOnlyHint: false), say in its description who gains what access, and cap what the model can grant (no owner or admin roles, no public sharing) unless the user enables it in the server's configuration."})
	}
	return out
}

// secGrantStop are name words of a tool that reads, lists, checks or
// takes access away rather than granting it, when they come first.
var secGrantStop = []string{"revoke", "remove", "delete", "deny", "block", "unshare", "cancel", "decline", "reject", "accept", "leave", "resend", "validate", "verify", "test", "suggest", "recommend", "analyze", "analyse", "audit"}

// secGrantAccessNouns are name words naming access itself.
var secGrantAccessNouns = []string{"role", "roles", "permission", "permissions", "perm", "perms", "access", "acl", "acls", "privilege", "privileges", "rolebinding", "rolebindings", "sharing", "membership", "memberships"}

// secGrantPrincipals are name words naming who is let in: a member,
// a collaborator, a guest, or a role given to a person (an admin, a
// moderator, a beta tester).
var secGrantPrincipals = []string{"member", "members", "collaborator", "collaborators", "delegate", "delegates", "guest", "guests", "admin", "admins", "owner", "owners", "teammate", "teammates", "moderator", "moderators", "tester", "testers"}

// secGrantSetters are name words of a tool that adds or changes something.
var secGrantSetters = []string{"add", "create", "update", "set", "change", "assign", "modify", "edit", "patch", "put", "upsert", "grant", "invite", "register", "upload", "import", "attach", "link", "bind", "allow", "replace", "manage", "new", "promote", "transfer", "save", "expose", "publish"}

// secGrantMinters are name words of a tool that mints a credential.
// "add" is not one: add_api_key stores a key the user brings.
var secGrantMinters = []string{"create", "generate", "mint", "issue", "new", "rotate", "regenerate"}

// secGrantNotAccess are name words of things members are added to that
// give no access (a card's assignees, a mailing list's subscribers, an
// event's attendees).
var secGrantNotAccess = []string{"card", "cards", "task", "tasks", "issue", "issues", "ticket", "tickets", "event", "events", "meeting", "meetings", "calendar", "reservation", "reservations", "booking", "bookings", "audience", "audiences", "subscriber", "subscribers", "segment", "segments", "contact", "contacts", "list", "lists", "conversation", "thread", "chat",
	"affiliate", "affiliates", "referral", "referrals", "waitlist", "newsletter", "newsletters"}

// secGrantWorkNouns are name words of things a membership may only record
// work on (a project, a cycle, a milestone): adding someone marks who
// works on it, and grants access only when a role, permission or access
// level comes with it, or the tool's text says it gives access.
var secGrantWorkNouns = []string{"project", "projects", "initiative", "initiatives", "milestone", "milestones", "cycle", "cycles", "sprint", "sprints", "epic", "epics", "goal", "goals"}

// secGrantBoundaryNouns are name words of what membership always opens: a
// team, group, organization, workspace, repository, account or vault.
var secGrantBoundaryNouns = []string{"team", "teams", "group", "groups", "org", "orgs", "organization", "organizations", "organisation", "workspace", "workspaces", "repo", "repos", "repository", "repositories", "account", "accounts", "vault", "vaults", "space", "spaces", "site", "sites", "channel", "channels", "server", "servers", "tenant", "tenants", "role", "roles"}

// secGrantPublicTalk is a tool's text saying what it exposes is public.
var secGrantPublicTalk = regexp.MustCompile(`\bpublic(?:ly)?\b|\bthe\s+internet\b|\banyone\b|\bexternal(?:ly)?\b`)

// secGrantAccessTalk is a description that speaks of access.
var secGrantAccessTalk = regexp.MustCompile(`\b(?:access|permissions?|roles?|rights|privileges?|can\s+(?:view|see|read|edit|write|manage))\b`)

// secGrantRecordsWork reports whether a membership tool only records who
// works on something: its name joins people to a project-like thing and
// to no access boundary, and neither its schema (a role, permission or
// access level) nor its text speaks of access (Linear's addProjectMember:
// access comes from teams).
func secGrantRecordsWork(t *model.Tool, words []string) bool {
	if !secHasWord(words, secGrantWorkNouns...) || secHasWord(words, secGrantBoundaryNouns...) || secHasWord(words, secGrantAccessNouns...) {
		return false
	}
	if secGrantHasRoleParam(t) || secGrantAccessTalk.MatchString(secToolText(t)) {
		return false
	}
	return true
}

// secGrantWhat says what access a tool grants ("invites members"), or "".
func secGrantWhat(t *model.Tool, words []string) string {
	if secHasWord(words, "shareable", "share", "sharing") && secHasWord(words, "link", "links") && !secHasWord(words, secGrantStop...) && secGrantAnyoneLink(t) {
		// getShareableLink "gets or creates" a link whose audience the
		// model picks: anyone with the link, up to writer.
		return "creates a sharing link that opens the resource to whoever holds it"
	}
	if w := secGrantDropsPassword(t); w != "" {
		// remove_send_password: taking the password off a link opens it
		// to whoever holds the link, though the name's verb removes.
		return w
	}
	// The name's first verb decides: list_members, revoke_access and
	// google_drive_list_permissions read or take away.
	for _, w := range words {
		if text.IsReadVerb(w) || text.IsDestructiveVerb(w) || secHasWord([]string{w}, secGrantStop...) {
			return ""
		}
		if secHasWord([]string{w}, secGrantSetters...) || secHasWord([]string{w}, secGrantMinters...) || w == "share" || w == "delegate" || w == "authorize" || w == "authorise" {
			break
		}
	}
	if secGrantPublicLink(words) {
		// create_dashboard_public_link: an anonymous link to the data,
		// whatever the opening calls the thing shared.
		return "creates a public link that opens the resource to anyone who holds it"
	}
	if w := secGrantShareParam(t, words); w != "" {
		return w
	}
	first := secOpeningSentence(t.RawDescription)
	if (secGrantReadOpening.MatchString(first) || secGrantSeeOpening.MatchString(first) && !secGrantSeeReference.MatchString(first)) && !secGrantListedGrant.MatchString(first) || secGrantShareText.MatchString(first) {
		return ""
	}
	if w := secGrantByName(t, words); w != "" {
		return w
	}
	for _, read := range []func() string{
		func() string { return secGrantAccessRequest(t, words) },
		func() string { return secGrantPolicySwitch(t, words) },
		func() string { return secGrantSpendAllowance(t, words) },
		func() string { return secGrantSpendMandate(t, words) },
		func() string { return secGrantJoinsAsNode(t, words) },
		func() string { return secGrantPrincipalMembers(t, words) },
		func() string { return secGrantContainerMembers(t, words) },
		func() string { return secGrantFirewallSource(t, words) },
		func() string { return secGrantIPAllowList(t, words) },
		func() string { return secGrantPrincipalLevels(t, words) },
		func() string { return secGrantAssignShares(t, words) },
		func() string { return secGrantUserClaims(t, words) },
		func() string { return secGrantUserAdminFlag(t, words) },
		func() string { return secGrantUnblocksPrincipal(t, words) },
	} {
		if w := read(); w != "" {
			return w
		}
	}
	if op := secGrantOperationOnPrincipals(t); op != "" {
		return fmt.Sprintf("changes roles or permissions (operation `%s`)", op)
	}
	if w := secGrantJoinLink(t, words); w != "" {
		return w
	}
	if w := secGrantPassThrough(t); w != "" {
		return w
	}
	if w := secGrantLiftsControl(t, words); w != "" {
		return w
	}
	if w := secGrantCORS(t, words); w != "" {
		return w
	}
	if w := secGrantCallableByAnyone(t, words); w != "" {
		return w
	}
	if w := secGrantListeningServer(t, words); w != "" {
		return w
	}
	if m := secGrantSetsPublicClause(secToolText(t)); m != "" {
		// publish_mock: "sets its Access Control setting to public".
		return fmt.Sprintf("makes a resource public (%q)", secSnippet(m))
	}
	if secGrantRecordsWork(t, words) {
		// "Add a member to a project" with no role: assignment.
		return ""
	}
	return secGrantByDescription(first)
}

// secGrantByName reads the tool's name (and, for a manage-style tool, its
// operation enum).
func secGrantByName(t *model.Tool, words []string) string {
	// access_token, access_key and access_log are not access granted.
	kept := make([]string, 0, len(words))
	for i, w := range words {
		if w == "access" && i+1 < len(words) && secHasWord(words[i+1:i+2], "token", "tokens", "key", "keys", "log", "logs") {
			continue
		}
		kept = append(kept, w)
	}
	has := func(set ...string) bool { return secHasWord(kept, set...) }
	switch {
	case has("invite", "invites") || has("invitation", "invitations") && has("create", "send", "add", "new", "issue", "resend"):
		// create_invitation issues the invite itself: whoever accepts it
		// joins (revoke_invitation and list_invitations stay silent).
		if has(secGrantNotAccess...) || has("attendee", "attendees") {
			return ""
		}
		return "invites people"
	case has("grant") && secGrantNamesGrantee(t) || has("authorize", "authorise") && has("app", "application", "client", "user", "users", "device", "access", "oauth"):
		// authorize_payment authorizes a charge, not a person. A grant
		// whose schema names no grantee (elevated_grant(node), a
		// one-time update grant for a version) lets no one in that an
		// injected instruction could pick (revision 20).
		return "grants access"
	case has("share", "sharing") && has("link", "links") && !has("text", "post", "social", "story"):
		// A sharing link whose scope or type reaches beyond the owner
		// (anonymous, organization, edit) opens the resource to whoever
		// holds the link.
		if secGrantLinkScope.MatchString(secToolText(t)) {
			return "creates a sharing link that opens the resource to whoever holds it"
		}
	case has("share") && !has("link", "text", "post", "social", "story"):
		if secGrantHasPrincipalParam(t) {
			return "shares a resource with other people"
		}
		if p, v := secGrantSharingLevel(t); p != "" {
			// share_board(accessLevel: edit): the level decides what the
			// others it is shared with can do.
			return fmt.Sprintf("shares a resource at the access level the model chooses (`%s` up to `%s`)", p, v)
		}
	case has("external", "public") && has("port", "ports") && has(secGrantSetters...):
		// saveExternalPort publishes a database or service to the network.
		return "exposes a service on an external or public port"
	case has("expose", "publish") && has("port", "ports") && secGrantPublicTalk.MatchString(secToolText(t)):
		// expose_port "to get a public URL": anyone can reach the service.
		return "exposes a service on a public URL or port"
	case has("delegate", "delegates") && has("add", "create", "set", "update"):
		return "adds a delegate to an account"
	case (has("allowlist", "whitelist") || has("firewall") && has("rule", "rules")) && has(secGrantSetters...) && !secGrantListsWords(t):
		// A firewall rule decides who reaches a host; a new, empty
		// firewall drops everything.
		return "opens access to hosts or addresses"
	case has("ssh", "deploy", "gpg", "authorized") && has("key", "keys") && has(secGrantSetters...):
		// A host key in known_hosts makes the client trust a server's
		// identity; it lets no one in.
		if text := secToolText(t); secGrantHostKeyTalk.MatchString(text) && !secGrantAuthorizedKeysTalk.MatchString(text) {
			return ""
		}
		return "registers keys that open access"
	case has("tunnel", "tunnels", "socks", "portforward") || has("port") && has("forward", "forwarding", "forwards"):
		// A port forward or SOCKS proxy carries traffic past the
		// firewall between the machine and the hosts behind the server.
		if has(secGrantSetters...) || has("open", "start") {
			return "opens a tunnel, port forward or proxy that carries traffic past the network boundary"
		}
	case has("bypass") && has("ip", "ips", "address", "addresses", "cidr", "cidrs") && has(secGrantSetters...):
		return "lets addresses bypass the firewall"
	case has("transfer") && has("owner", "owners", "ownership"):
		return "transfers ownership"
	case has("user", "users", "account", "accounts") && has("create", "add", "new") && !has(secGrantNotAccess...) && secGrantHasRoleParam(t):
		// A new user with a role the model picks (administrator among
		// them) is a login someone else holds.
		return "creates a user with the role the model chooses"
	case has("user", "users") && has("create", "add", "new") && !has(secGrantNotAccess...) && secGrantNewUserGroups(t) != "":
		// create_user(group_ids): the groups the model picks (an
		// administrators' group among them) decide what the login opens.
		return fmt.Sprintf("creates a user in the groups the model chooses (`%s`)", secGrantNewUserGroups(t))
	}
	if has(secGrantMinters...) && secGrantMintedCredential(words) {
		return "mints a credential that gives access"
	}
	if secGrantAccountKey(t, kept) {
		// CreateNewKey(AccountSid): a key the account answers for is a
		// credential of that account.
		return "mints a key of the account that gives access"
	}
	if has(secGrantMinters...) && (has("subaccount", "subaccounts") || has("sub", "child") && has("account", "accounts") ||
		has("account", "accounts") && secGrantSubaccountTalk.MatchString(secToolText(t))) {
		// A subaccount is a new principal with credentials of its own.
		return "mints a subaccount, a new principal with credentials of its own"
	}
	if op := secGrantMintOperation(t); op != "" {
		return fmt.Sprintf("mints a credential that gives access (operation `%s`)", op)
	}
	if has("user", "users", "login", "logins", "credential", "credentials") && has("create", "add", "new", "register") && !has(secGrantNotAccess...) &&
		!has("session", "sessions", "token", "tokens", "signin", "auth") && !secGrantStoresCredential.MatchString(secToolText(t)) {
		// user_create(username, hostScope, userPassword): a login whose
		// password the model, and whoever steers it, knows.
		if p := secGrantPasswordParam(t); p != "" {
			return fmt.Sprintf("creates a login whose password the model chooses (`%s`)", p)
		}
	}
	if secGrantCreatesUser(t, kept) {
		return "creates a user account, a new login on the service, for whoever the model names"
	}
	if has("map", "mapping", "mappings") && has("create", "add", "new", "set", "update") && has("credential", "credentials", "secret", "secrets", "policy", "policies", "role", "roles") {
		// A credential list or role mapped onto a domain lets those
		// credentials in.
		return "maps credentials, a policy or a role onto a resource, which lets them in"
	}
	if has("create", "add", "new", "set", "update", "allow", "register") {
		if p := secGrantAllowedAddressParam(t); p != "" {
			return fmt.Sprintf("allow-lists an address whose requests are let in (`%s`)", p)
		}
	}
	if has("link", "attach", "bind") && has("secret", "secrets", "credential", "credentials", "policy", "policies", "role", "roles") {
		return "gives a service or principal a secret or a role"
	}
	if has(secGrantAccessNouns...) && !has("mode", "modes") && !secGrantFileMode.MatchString(strings.ToLower(t.RawDescription)) {
		// set_permission_mode is the agent's own guardrail (SEC013);
		// chmod changes a local file's mode bits.
		// push_perms and apply_permissions replace the live rules with
		// the ones the model brings: who may read and write changes.
		if secGrantAnnotatesOnly(t, kept) || secGrantComponentRole(t, kept) {
			// update_membership_metadata merges notes on a membership;
			// replace_primary_role swaps a project's backend: no one
			// gains access.
			return ""
		}
		if secGrantRenamesRole(t, kept) {
			// update-security-role(name, description, businessUnitId):
			// a role's own properties change; no privilege is added and
			// no one is given the role.
			return ""
		}
		if has("add", "update", "set", "change", "assign", "modify", "edit", "patch", "put", "upsert", "grant", "attach", "bind", "promote", "push", "deploy", "apply", "replace") ||
			has("create", "new") && has("permission", "permissions", "access", "acl", "acls", "rolebinding", "rolebindings", "sharing", "membership", "memberships") {
			// create_calendar_permission creates a share entry; create_role
			// only defines a role nobody holds yet.
			return "changes roles or permissions"
		}
		if op := secGrantOperation(t); op != "" {
			return fmt.Sprintf("changes roles or permissions (operation `%s`)", op)
		}
	}
	if has(secGrantPrincipals...) && !has(secGrantNotAccess...) && !secGrantRecordsWork(t, kept) {
		if has("add", "invite", "create", "promote", "transfer") {
			switch {
			case has("moderator", "moderators"):
				// submolt_moderator_add: a moderator holds powers over
				// the community and its members.
				return "makes someone a moderator"
			case has("tester", "testers"):
				// add_tester_to_group: a beta tester gets the builds
				// that are not public yet.
				return "adds testers, who get access to what is under test (pre-release builds)"
			}
			return "adds members"
		}
		if has("update", "set", "change", "modify", "edit", "patch") && secGrantHasRoleParam(t) {
			return "changes a member's role"
		}
		if has("update", "set", "change", "modify", "edit", "patch", "replace") {
			// update_room_members(members_admin_ids, members_readonly_ids):
			// the lists decide who holds which role.
			if p := secGrantRoleListParam(t); p != "" {
				return fmt.Sprintf("sets who holds which role (`%s`)", p)
			}
		}
	}
	if has("user", "users") && has("add", "assign") && has("team", "teams", "group", "groups", "org", "organization", "organisation", "workspace", "project", "role", "roles") && !secGrantRecordsWork(t, kept) {
		return "adds users to a team, group or role"
	}
	nameUpdates := has("update", "set", "change", "edit", "modify", "patch", "manage", "configure") && !has("create", "new", "add")
	if nameUpdates && has(secGrantNotAccess...) {
		// update-list(public: "Whether the list is publicly
		// accessible"): a record kind that usually carries no access
		// (a list, an event) is opened to anyone when the parameter
		// itself says so; a comment's `public` (seen by the requester)
		// does not say anyone.
		if p := secGrantPublicParam(t); p != "" && secGrantAnyoneTalk.MatchString(secGrantParamDesc(t, p)) {
			return fmt.Sprintf("can make an existing resource public (`%s`)", p)
		}
	}
	if (nameUpdates || !has(secGrantSetters...) && secOperationUpdates(t)) && !has(secGrantNotAccess...) {
		// updateProject(publicSource: true), update_project(visibility:
		// public): an existing private resource opened to anyone. A new
		// resource created public exposes nothing that was private. A
		// noun-named router whose operation enum updates
		// (database(action: create|update, is_public)) opens an existing
		// one through its update.
		if p := secGrantPublicParam(t); p != "" {
			return fmt.Sprintf("can make an existing resource public (`%s`)", p)
		}
		if p, v := secGrantSharingLevel(t); p != "" {
			// update_board(sharingPolicy: private|view|comment|edit): the
			// policy opens an existing resource to others.
			return fmt.Sprintf("can open an existing resource to others (`%s` up to `%s`)", p, v)
		}
	}
	return ""
}

// secGrantPublicParam returns a top-level parameter that makes a resource
// public: a boolean named public (publicSource, isPublic), or a
// visibility, privacy or access enum with a public value; or "".
func secGrantPublicParam(t *model.Tool) string {
	for _, p := range secParams(t) {
		if strings.Count(p.path, ".") > 1 || strings.Contains(p.path, "[]") {
			continue // deeper than the fields object of the resource updated
		}
		w := secIdentifierWords(p.name)
		pdesc := strings.ToLower(p.desc())
		if p.parent != "" && !secGrantAnyoneTalk.MatchString(pdesc) && !secGrantVisibilityTalk.MatchString(pdesc) {
			// workspace.type, mock.private: a field of the object the
			// update writes counts when its own description says it is
			// the resource's visibility or who can reach it.
			continue
		}
		ty, _ := p.schema["type"].(string)
		if ty == "boolean" && secHasWord(w, "public") &&
			!secHasWord(w, "directory", "dir", "folder", "path", "key", "keys", "url", "ip", "ips", "address", "addresses") {
			return p.path
		}
		if ty == "boolean" && secHasWord(w, "private") && len(w) <= 2 && secGrantAnyoneTalk.MatchString(pdesc) {
			// mock.private: "By default, mock servers are public and can
			// receive requests from anyone": switching it off opens it.
			return p.path
		}
		if !secHasWord(w, "visibility", "privacy", "access", "sharing", "acl") && !(p.parent != "" && secGrantVisibilityTalk.MatchString(pdesc)) {
			continue
		}
		list, _ := p.schema["enum"].([]any)
		for _, e := range list {
			if s, _ := e.(string); secHasWord(secIdentifierWords(s), "public", "anyone", "everyone") {
				return p.path
			}
		}
	}
	return ""
}

var (
	// secGrantAnyoneTalk is a parameter saying the resource is reachable
	// by anyone: "publicly accessible", "can receive requests from
	// anyone", "visible to everyone".
	secGrantAnyoneTalk = regexp.MustCompile(`\bpublicly\s+(?:accessible|available|visible|viewable|readable|shared)\b|\b(?:from|by|to)\s+(?:anyone|everyone)\b|\banyone\s+(?:can|with|on)\b|\bwithout\s+(?:logging\s+in|signing\s+in|authentication)\b`)
	// secGrantVisibilityTalk is a field described as the resource's
	// visibility or privacy setting.
	secGrantVisibilityTalk = regexp.MustCompile(`\b(?:visibility|privacy)\b`)
)

// secGrantParamDesc returns the folded description of the tool's
// parameter at path.
func secGrantParamDesc(t *model.Tool, path string) string {
	for _, p := range secParams(t) {
		if p.path == path {
			return strings.ToLower(p.desc())
		}
	}
	return ""
}

// secGrantMintedCredential reports whether name words name a credential
// that gives access: an API key or token, an access or personal token, an
// app password, a client secret, a service-account key. A bare "token" is
// not one (crypto servers create tokens).
func secGrantMintedCredential(words []string) bool {
	for i, w := range words {
		next := ""
		if i+1 < len(words) {
			next = words[i+1]
		}
		switch w {
		case "apikey", "apikeys", "pat":
			return true
		case "api", "access", "auth", "personal", "deploy", "bearer", "service":
			if next == "key" || next == "keys" || next == "token" || next == "tokens" || w == "personal" && next == "access" || w == "service" && next == "account" {
				return true
			}
		case "app", "application":
			if next == "password" || next == "passwords" {
				return true
			}
		case "client":
			if next == "secret" || next == "secrets" {
				return true
			}
		}
	}
	return false
}

// secUpdateOps are the first words of an operation value that changes an
// existing resource (update-visitor-access-controls, set_public).
var secUpdateOps = []string{"update", "set", "edit", "modify", "patch", "configure", "change"}

// secOperationUpdates reports whether a tool's operation-like enum
// (`operation`, `action`, `op`, `mode`) offers a change of an existing
// resource: update, set, edit, modify, patch, configure or change.
func secOperationUpdates(t *model.Tool) bool {
	for _, s := range secOperationValues(t) {
		if w := secIdentifierWords(s); len(w) > 0 && secHasWord(w[:1], secUpdateOps...) {
			return true
		}
	}
	return false
}

// secGrantOperation returns a grant value of an operation-like enum
// (`operation`, `action`, `op`, `mode`), or "".
func secGrantOperation(t *model.Tool) string {
	for _, s := range secOperationValues(t) {
		if secGrantOpValue.MatchString(s) {
			return s
		}
		// addRoleMembers, updateResourcePermission: a grant verb first,
		// then what is granted.
		if w := secIdentifierWords(s); len(w) > 1 && secHasWord(w[:1], "grant", "add", "assign", "invite", "share", "set", "update") &&
			secHasWord(w[1:], "member", "members", "permission", "permissions", "access", "policy", "policies", "role", "roles", "privilege", "privileges") {
			return s
		}
	}
	return ""
}

// secGrantSetsPublicClause returns where a tool's folded text says it
// sets a resource's access, visibility or privacy to public, or "" when
// it does not or its clause denies it ("does not set the visibility to
// public").
func secGrantSetsPublicClause(text string) string {
	loc := secGrantSetsPublic.FindStringIndex(text)
	if loc == nil {
		return ""
	}
	clause := text[:loc[1]]
	if k := strings.LastIndexAny(clause[:loc[0]], ".;\n"); k >= 0 {
		clause = clause[k+1:]
	}
	if secGrantDenied.MatchString(clause) {
		return ""
	}
	return text[loc[0]:loc[1]]
}

// secGrantKeyUses is a tool's text about keys that open no account: a
// key-value entry, an encryption key, a licence, a translation, a table's
// foreign key, or an SSH or PGP key (read elsewhere).
var secGrantKeyUses = regexp.MustCompile(`\b(?:values?|namespaces?|encrypt\w*|decrypt\w*|kms|licen[cs]es?|translations?|foreign|ssh|gpg|pgp|redis|cache|keypairs?|signatures?)\b`)

// secGrantSubaccountTalk is a text saying the tool creates a subaccount.
var secGrantSubaccountTalk = regexp.MustCompile(`\b(?:create|creates|creating|add|adds)\s+(?:a\s+|an\s+)?(?:new\s+)?(?:\w+\s+)?sub-?accounts?\b`)

// secGrantAccountTalk is a text naming an account.
var secGrantAccountTalk = regexp.MustCompile(`\baccounts?\b`)

// secGrantAccountKey reports whether name words mint a bare key (create
// key, new signing key) that the tool's text ties to an account: a key of
// the account is a credential for it.
func secGrantAccountKey(t *model.Tool, words []string) bool {
	n := len(words)
	if n < 2 || !secHasWord(words[n-1:], "key", "keys") {
		return false
	}
	minted := false
	for i := n - 2; i >= 0; i-- {
		w := words[i : i+1]
		if secHasWord(w, secGrantMinters...) {
			minted = true
			break
		}
		if !secHasWord(w, "new", "signing") {
			return false
		}
	}
	text := secToolText(t)
	return minted && secGrantAccountTalk.MatchString(text) && !secGrantKeyUses.MatchString(text)
}

// secGrantMintOperation returns an operation value that mints a
// credential (createApiKey, generate_access_token), or "".
func secGrantMintOperation(t *model.Tool) string {
	for _, s := range secOperationValues(t) {
		if w := secIdentifierWords(s); len(w) > 1 && secHasWord(w[:1], secGrantMinters...) && secGrantMintedCredential(w[1:]) {
			return s
		}
	}
	return ""
}

// secGrantOpenLevels are enum words of an access level or sharing policy
// that let others in: read, comment or write it, or anyone at all.
var secGrantOpenLevels = []string{"view", "viewer", "read", "reader", "comment", "commenter", "edit", "editor", "write", "writer", "readwrite", "full", "public", "anyone", "everyone", "organization", "organisation", "team", "domain"}

// secGrantSharingLevel returns a top-level parameter naming a sharing
// policy or access level (sharingPolicy, accessLevel, share_permission)
// whose enum offers a level that lets others in, and the widest such
// value; or "", "".
func secGrantSharingLevel(t *model.Tool) (string, string) {
	for _, p := range secParams(t) {
		if p.parent != "" {
			continue
		}
		w := secIdentifierWords(p.name)
		if !secHasWord(w, "sharing", "share") && !(secHasWord(w, "access", "permission") && secHasWord(w, "level", "policy", "type")) {
			continue
		}
		list, _ := p.schema["enum"].([]any)
		best, rank := "", -1
		for _, e := range list {
			s, _ := e.(string)
			for i, lvl := range secGrantOpenLevels {
				if secHasWord(secIdentifierWords(s), lvl) && i > rank {
					best, rank = s, i
				}
			}
		}
		if best != "" {
			return p.path, best
		}
	}
	return "", ""
}

// secGrantShareParam says a tool that creates or changes a resource takes
// whom to share it with (sharePermissions, shared_with, share_with_users)
// on an operation or name that creates or updates; or "".
func secGrantShareParam(t *model.Tool, words []string) string {
	writes := secHasWord(words, "create", "add", "update", "set", "edit", "modify", "patch", "manage", "save")
	for _, s := range secOperationValues(t) {
		if w := secIdentifierWords(s); len(w) > 0 && secHasWord(w[:1], "create", "add", "update", "set", "edit", "modify", "patch", "share") {
			writes = true
		}
	}
	if !writes {
		return ""
	}
	for _, p := range secParams(t) {
		// Top level only: a generated entity body lists every field of
		// the resource, read-only ones included.
		if p.parent != "" {
			continue
		}
		w := secIdentifierWords(p.name)
		if secHasWord(w, "share", "sharing", "shared") && secHasWord(w, "permission", "permissions", "with", "users", "groups", "members", "principals", "emails", "grantees") {
			return fmt.Sprintf("shares a resource with the users, groups or audience the model chooses (`%s`)", p.path)
		}
	}
	return ""
}

// secGrantStoresCredential is a tool's text about keeping a credential
// for later (a vault item, a saved connection), not creating a login.
var secGrantStoresCredential = regexp.MustCompile(`\b(?:vaults?|password\s+managers?|keychains?|keyrings?|stores?|stored|saves?|saved|remembers?)\b`)

// secGrantPasswordParam returns a password parameter of a tool that
// creates a login, or "".
func secGrantPasswordParam(t *model.Tool) string {
	for _, p := range secParams(t) {
		if secHasWord(secIdentifierWords(p.name), "password", "passwd", "passphrase") {
			return p.path
		}
	}
	return ""
}

// secGrantAllowTalk is a parameter's text saying requests or traffic from
// the address are let in.
var secGrantAllowTalk = regexp.MustCompile(`(?i)\b(?:allow(?:ed|s)?|accept(?:ed|s|ing)?|trust(?:ed|s)?|white-?list(?:ed)?|permit(?:ted|s)?|authori[sz]e(?:d|s)?)\b`)

// secGrantAllowedAddressParam returns a parameter naming an IP address or
// CIDR range whose description says traffic from it is allowed, accepted
// or trusted, or "".
func secGrantAllowedAddressParam(t *model.Tool) string {
	for _, p := range secParams(t) {
		if !secHasWord(secIdentifierWords(p.name), "ip", "ips", "cidr", "cidrs", "ipaddress", "ipaddresses") {
			continue
		}
		if typ, _ := p.schema["type"].(string); typ == "boolean" || typ == "integer" || typ == "number" {
			// allow_ip_sans, allow_ipv6: a switch is no address
			// (revision 21).
			continue
		}
		if d, _ := p.schema["description"].(string); secGrantAllowTalk.MatchString(d) {
			return p.path
		}
	}
	return ""
}

// secGrantCORSTalk is a tool's text about a CORS allow-list: the origins
// whose pages may call the service from a browser.
var secGrantCORSTalk = regexp.MustCompile(`\bcors\b[^.。\n]{0,12}(?:白名单|白名單|ホワイトリスト|許可リスト|allow\s*-?\s*list|white\s*-?\s*list|allowed\s+origins?|origins?)|\ballowed\s+origins?\b`)

// secGrantCORS says a tool adds or changes the origins allowed to call a
// service from a browser (a CORS allow-list), or "": its text speaks of
// the allow-list and its name or an operation value adds, creates, sets
// or updates.
func secGrantCORS(t *model.Tool, words []string) string {
	sets := secHasWord(words, "add", "create", "set", "update", "allow", "put", "manage", "configure")
	for _, s := range secOperationValues(t) {
		if w := secIdentifierWords(s); len(w) > 0 && secHasWord(w[:1], "add", "create", "set", "update", "allow", "put") {
			sets = true
		}
	}
	if !sets {
		return ""
	}
	// Read unfolded: the allow-list may be named in any language.
	var b strings.Builder
	b.WriteString(strings.ToLower(preciseCodeOnly(t.RawDescription)))
	for _, p := range secParams(t) {
		b.WriteString(". " + strings.Join(secIdentifierWords(p.name), " ") + ": ")
		if d, ok := p.schema["description"].(string); ok {
			b.WriteString(strings.ToLower(preciseCodeOnly(d)))
		}
	}
	if secGrantCORSTalk.MatchString(b.String()) {
		return "changes which web origins may call the service from a browser (a CORS allow-list)"
	}
	return ""
}

// secGrantLinkScope is a sharing link's scope or type that reaches beyond
// the owner: anyone or anonymous, the organization, or edit rights.
var secGrantLinkScope = regexp.MustCompile(`\b(?:scope|type|role|access|permission|audience)s?\b[^.\n]{0,80}\b(?:anonymous|anyone|public|edit|write|organi[sz]ation)\b`)

// secGrantFileMode is a description of local file permissions.
var secGrantFileMode = regexp.MustCompile(`\bchmod\b|\bfile\s+modes?\b|\boctal\b|\b(?:unix|posix)\s+permissions?\b|\bmode\s+bits\b`)

var secGrantOpValue = regexp.MustCompile(`(?i)^(?:grant|add|assign|invite|share|set|update|create)(?:[_-](?:access|role|roles|permission|permissions|member|members))?$`)

// secGrantCreatesUser reports whether a tool's name does nothing but
// create a user: a creating verb, user or users, and at most one other
// word, the server's namespace before them (`create-user`,
// `jellyfin_create_user`, `mb_user_create`) or the database a login is
// made on (`db-cluster-create-user` has two: db and cluster). A new user
// is a login on the service, whoever the model names, whatever role it
// gets (round 47: the unseen audits' reviewers listed keycloak's,
// jellyfin's and servicenow's, which take no role or password). A name
// with another noun (`create_user_group`, `create_user_filter`) makes
// something else, and a description that makes a record or a profile of
// a user ("Create a user record manually") makes no login.
func secGrantCreatesUser(t *model.Tool, words []string) bool {
	if !secHasWord(words, "user", "users") || !secHasWord(words, "create", "add", "new", "register") {
		return false
	}
	for i, w := range words {
		switch {
		case secHasWord([]string{w}, "user", "users", "create", "add", "new", "register", "db", "database", "cluster"):
		case i == 0 && len(words) > 2:
			// the server's namespace (jellyfin_create_user)
		default:
			return false // another noun: create_user_group
		}
	}
	if !secHasWord(words[len(words)-1:], "user", "users", "create") {
		return false
	}
	return !secGrantUserRecordTalk.MatchString(strings.ToLower(t.RawDescription))
}

// secGrantUserRecordTalk is a description of a user as data kept about a
// person, not a login: a record, a profile, an identity to verify.
var secGrantUserRecordTalk = regexp.MustCompile(`\buser\s+(?:records?|profiles?|entr(?:y|ies)|data)\b|\bidentit(?:y|ies)\b|\bcontacts?\b|\bcustomers?\b`)

// secGrantHasPrincipalParam reports whether a share tool takes whom to
// share with: an email, user, group, domain, grantee, or a role.
func secGrantHasPrincipalParam(t *model.Tool) bool {
	for _, p := range secParams(t) {
		// A principal may sit under a request body (body.recipients).
		w := secIdentifierWords(p.name)
		if secHasWord(w, "role", "permission", "permissions") || secGrantGranteeName(w) {
			return true
		}
	}
	return false
}

// secGrantGranteeName reports whether a parameter's name words name who
// is let in: a user, an email, a member, a group, or another application
// by its client or app id (share_session(partner_client_id)).
func secGrantGranteeName(w []string) bool {
	return secHasWord(w, "email", "emails", "user", "users", "recipient", "recipients", "grantee", "grantees", "principal", "group", "groups", "member", "members", "collaborator", "collaborators", "people", "partner", "partners") ||
		secGrantDomainName(w) ||
		secHasWord(w, "client", "app", "application", "integration") && secHasWord(w, "id", "ids")
}

// secGrantRoleNames are role names a list of members can be qualified by.
var secGrantRoleNames = []string{"admin", "admins", "administrator", "administrators", "owner", "owners", "moderator", "moderators",
	"maintainer", "maintainers", "manager", "managers", "editor", "editors", "viewer", "viewers", "readonly", "reader", "readers", "writer", "writers"}

// secGrantRoleListParam returns a parameter that lists the people who
// hold a role (members_admin_ids, owner_user_ids, admin_emails), or "".
func secGrantRoleListParam(t *model.Tool) string {
	for _, p := range secParams(t) {
		w := secIdentifierWords(p.name)
		if secHasWord(w, secGrantRoleNames...) && secHasWord(w, "ids", "members", "users", "accounts", "emails", "people", "principals", "logins") {
			return p.path
		}
	}
	return ""
}

// secGrantJoinLink says a tool creates or changes an invitation or join
// link that can let people in without approval: a link tool (a setter
// verb and "link" in its name) whose schema offers the approval switch
// (need_acceptance, requireApproval, auto_approve), or "".
func secGrantJoinLink(t *model.Tool, words []string) string {
	if !secHasWord(words, "link", "links") || !secHasWord(words, "create", "update", "set", "change", "edit", "modify", "generate", "new", "reset", "regenerate", "patch") {
		return ""
	}
	for _, p := range secParams(t) {
		w := secIdentifierWords(p.name)
		if secHasWord(w, "acceptance", "approval", "approve", "approved", "moderation", "moderated") {
			return fmt.Sprintf("creates or changes an invitation link whose approval step the model can turn off (`%s`)", p.path)
		}
	}
	return ""
}

// secGrantPassThrough says a generic write tool (an API path and a free
// request body) documents an access-control write among its operations:
// branch restrictions or protection rules, permissions, collaborators or
// members; or "".
func secGrantPassThrough(t *model.Tool) string {
	var path, body bool
	for _, p := range secParams(t) {
		if p.parent != "" {
			continue
		}
		w := secIdentifierWords(p.name)
		if ty, _ := p.schema["type"].(string); ty == "string" && secHasWord(w, "path", "endpoint", "route", "url", "uri") {
			path = true
		}
		if secIsFreeMap(p.schema) && secHasWord(w, "body", "data", "payload", "json") {
			body = true
		}
	}
	if !path || !body {
		return ""
	}
	desc, _ := secFold(t.RawDescription)
	if m := secGrantEndpointTalk.FindString(desc); m != "" {
		return fmt.Sprintf("sends any request body to any API path, and its description documents an access-control write (%q)", strings.TrimSpace(m))
	}
	return ""
}

// secGrantEndpointTalk is a description documenting an access-control
// write: branch restrictions or protection rules, or an endpoint for
// permissions, collaborators, members or invitations.
var secGrantEndpointTalk = regexp.MustCompile(`\bbranch[- ](?:restrictions?|protections?)\b|\bprotected[- ]branch(?:es)?\b|\bbranch\s+protection\s+rules?\b|/(?:permissions|collaborators|members|memberships|invitations|branch-restrictions|restrictions)\b`)

// secGrantHasRoleParam reports whether a tool takes a role or a permission.
func secGrantHasRoleParam(t *model.Tool) bool {
	for _, name := range t.ParamNames() {
		if secHasWord(secIdentifierWords(name), "role", "roles", "permission", "permissions", "access", "privilege", "privileges") {
			return true
		}
	}
	return false
}

// secGrantTopRole returns the most powerful role a role-like parameter's
// enum offers (owner, admin, organizer, full access), or "".
func secGrantTopRole(t *model.Tool) string {
	props := t.Params()
	best, rank := "", 0
	for _, name := range t.ParamNames() {
		if !secHasWord(secIdentifierWords(name), "role", "roles", "permission", "permissions", "access", "level", "scope", "scopes") {
			continue
		}
		p, _ := props[name].(map[string]any)
		list, _ := p["enum"].([]any)
		for _, e := range list {
			s, _ := e.(string)
			r := 0
			switch strings.ToLower(s) {
			case "owner", "organizer", "full_access", "full-access", "superadmin", "super_admin":
				r = 3
			case "admin", "administrator", "maintainer", "manager":
				r = 2
			case "writer", "editor", "write", "member":
				r = 1
			}
			if r > rank {
				best, rank = s, r
			}
		}
	}
	if rank < 2 {
		return ""
	}
	return best
}

// secGrantByDescription reads the opening sentence of a description.
func secGrantByDescription(first string) string {
	for _, g := range secGrantPhrases {
		if g.re.MatchString(first) {
			return g.what
		}
	}
	return ""
}

var (
	// secGrantReadOpening is an opening sentence that lists, reads or
	// checks access, or takes it away.
	secGrantReadOpening = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:lists?|gets?|retrieves?|returns?|shows?|views?|reads?|fetch(?:es)?|search(?:es)?|finds?|checks?|describes?|counts?|looks?\s+up|revokes?|removes?|deletes?|denies|den(?:y)|cancels?|declines?|rejects?|accepts?)\b`)
	// secGrantSeeOpening is an opening that only looks at something ("See
	// rooms in your network", "Inspect the members of a team"): a read,
	// whatever noun the tool's name carries.
	secGrantSeeOpening = regexp.MustCompile(`^\s*(?:this\s+tool\s+(?:lets\s+you\s+)?)?(?:sees?|inspects?|browses?)\b`)
	// secGrantSeeReference is a "see" that points the reader elsewhere
	// ("See also invite_user", "See the docs"), not a read.
	secGrantSeeReference = regexp.MustCompile(`^\s*see\s+(?:also|below|above|note|https?:|(?:the\s+)?(?:docs?|documentation|readme|guide|section|reference|manual))\b`)
	// secGrantListedGrant is an opening whose list of verbs grants too
	// ("List, grant, update or revoke an agent's access").
	secGrantListedGrant = regexp.MustCompile(`^\s*\w+\s*,\s*(?:\w+\s*,\s*)*(?:and\s+|or\s+)?(?:grant|share|invite)\b`)
	// secGrantSetsPublic is a tool's text saying it sets the access,
	// visibility or privacy of a resource to public.
	secGrantSetsPublic = regexp.MustCompile(`\b(?:sets?|setting|changes?|changing|turns?|switch(?:es)?)\s+(?:its|the|their|a|an)\s+(?:\w+\s+){0,2}?\**(?:access\s+control|visibility|privacy|access|sharing)\b[^.]{0,40}\bto\s+\**public\b`)
	// secGrantDenied is a clause that denies what it names.
	secGrantDenied = regexp.MustCompile(`\b(?:not|never|cannot|can't|won't|doesn't|does\s+not)\b`)
	// secGrantShareText is "share" that produces a text or a link to
	// post, not access.
	secGrantShareText = regexp.MustCompile(`\bshar(?:e|es|ing)\b[^.]{0,40}\b(?:text|message|post|tweet|story|social|summary|snippet|card)\b`)
	// secGrantHostKeyTalk is a tool's text about host keys: the keys a
	// client pins to trust servers.
	secGrantHostKeyTalk = regexp.MustCompile(`\bknown_hosts\b|\bknown\s+hosts\b|\bhost\s+keys?\b|\bhost\s+key\s+fingerprints?\b`)
	// secGrantAuthorizedKeysTalk is a tool's text about keys that let
	// people log in.
	secGrantAuthorizedKeysTalk = regexp.MustCompile(`\bauthorized_keys\b|\bauthorized\s+keys\b|\bdeploy\s+keys?\b`)
	secGrantPhrases            = []struct {
		what string
		re   *regexp.Regexp
	}{
		{"grants access", regexp.MustCompile(`\b(?:grants?|granting)\b[^.]{0,60}\b(?:access|permissions?|roles?|rights|privileges)\b|\bgives?\s+(?:\w+\s+){1,3}?(?:read|write|edit|admin|owner|full)?\s*(?:access|permissions?|rights)\s+(?:to|on|over)\b`)},
		{"invites people", regexp.MustCompile(`\binvit(?:e|es|ing)\b[^.]{0,60}\b(?:to|into|as)\s+(?:the\s+|a\s+|an\s+|your\s+|this\s+)?(?:team|org|organi[sz]ation|workspace|project|repo(?:sitory)?|group|account|space|vault|site|member|collaborator|owner|admin)s?\b`)},
		{"shares a resource with other people", regexp.MustCompile(`\bshar(?:e|es|ing)\b[^.]{0,60}\bwith\s+(?:a\s+|an\s+|the\s+|another\s+|other\s+|specific\s+|one\s+or\s+more\s+)?(?:users?|people|persons?|anyone|everyone|emails?|email\s+address(?:es)?|domains?|groups?|teams?|members?|collaborators?|accounts?|others|someone)\b`)},
		{"adds people to a team, group or account", regexp.MustCompile(`\b(?:adds?|adding)\s+(?:a\s+|an\s+|the\s+|new\s+|one\s+or\s+more\s+)*(?:users?|members?|collaborators?|people|persons?|accounts?|delegates?|guests?|owners?|admins?)\b[^.]{0,40}\b(?:to|as)\s+(?:the\s+|a\s+|an\s+|your\s+|this\s+|specified\s+)*(?:team|org|organi[sz]ation|workspace|project|repo(?:sitory)?|group|account|mailbox|space|vault|site|role|owner|admin|collaborator|member)s?\b`)},
		{"changes roles or permissions", regexp.MustCompile(`\b(?:change|changes|update|updates|set|sets|assign|assigns|modif(?:y|ies)|edit|edits)\s+(?:the\s+|a\s+|an\s+)?(?:\w+\s+){0,3}?(?:roles?|permissions?|access\s+levels?|privileges)\b[^.]{0,40}\b(?:of|for|to)\s+(?:a\s+|an\s+|the\s+)?(?:\w+\s+)?(?:users?|members?|collaborators?|people|persons?|accounts?|profiles?|groups?|teams?|principals?)\b`)},
		{"registers keys that open access", regexp.MustCompile(`\b(?:adds?|registers?|uploads?|imports?|replaces?|creates?|sets?)\b[^.]{0,40}\b(?:(?:ssh|deploy|gpg)(?:\s+public)?\s+keys?\b|public\s+keys?\s+(?:to|on|for)\s+(?:the\s+|your\s+|an?\s+|this\s+)?(?:account|server|vps|host|instance|repository|repo|pod|machine|user)s?\b)`)},
		{"mints a credential that gives access", regexp.MustCompile(`\b(?:creates?|generates?|mints?|issues?|rotates?|regenerates?)\b[^.]{0,40}\b(?:api\s+(?:keys?|tokens?)|access\s+tokens?|auth(?:entication)?\s+tokens?|personal\s+access\s+tokens?|app\s+passwords?|service\s+account\s+keys?|client\s+secrets?|deploy\s+tokens?)\b`)},
		{"manages roles, role assignments or permissions", regexp.MustCompile(`\bmanag(?:e|es|ing)\s+(?:the\s+|your\s+|an?\s+)?(?:\w+\s+){0,3}?(?:role[\s-]based\s+access\s+control|rbac|role\s+assignments?|role\s+bindings?|iam\s+(?:policies|policy|roles|bindings|permissions)|(?:user|member|team|group|access)\s+(?:roles|permissions)|permissions|access\s+control\s+lists?)\b`)},
		// "Manage the console's service accounts and site permissions":
		// permissions closing a list of things the tool manages.
		{"manages roles, role assignments or permissions", regexp.MustCompile(`\bmanag(?:e|es|ing)\s+(?:the\s+|your\s+|an?\s+)?(?:[\w'’-]+,?\s+){1,6}?(?:and|&)\s+(?:\w+\s+){0,2}?(?:permissions|roles|access\s+rights)\b`)},
		// "Change display settings or app permissions on the device": the
		// operating system's grants to an app (camera, location,
		// contacts), given or taken back.
		{"grants or revokes an app's permissions on a device (camera, location, contacts and the like)", regexp.MustCompile(`\b(?:change|changes|set|sets|grant|grants|toggle|toggles|update|updates|modif(?:y|ies)|manage|manages|adjust|adjusts)\s+(?:[\w-]+,?\s+){0,8}?(?:or\s+|and\s+)?(?:an?\s+|the\s+)?(?:app|application|apps|applications)(?:'s)?\s+permissions\b`)},
		{"transfers ownership", regexp.MustCompile(`\btransfer(?:s|ring)?\s+(?:the\s+|a\s+|an\s+)?(?:\w+\s+){0,2}?(?:owner|ownership)\b`)},
		{"sends a sharing invitation that grants access", regexp.MustCompile(`\b(?:sends?|creates?)\s+(?:a\s+|an\s+)?sharing\s+invitations?\b`)},
		{"exposes a service on an external or public port", regexp.MustCompile(`\bexpos(?:e|es|ing)\b[^.]{0,60}\bon\s+(?:a|an|the)\s+(?:public|external)\s+ports?\b`)},
		{"lets hosts or people connect", regexp.MustCompile(`\ballows?\s+(?:a\s+|an\s+|the\s+|another\s+|new\s+)?(?:remote\s+|external\s+)?(?:hosts?|ips?|ip\s+address(?:es)?|addresses|users?|accounts?|clients?|people|servers?)\s+to\s+(?:connect|access|log\s?in|sign\s?in|reach)\b`)},
		{"opens a private resource to the whole company, organization or workspace", regexp.MustCompile(`\b(?:publish(?:es|ing)?|shar(?:e|es|ing)|expos(?:e|es|ing)|mak(?:e|es|ing)|releas(?:e|es|ing))\s+(?:a\s+|an\s+|the\s+|this\s+|your\s+)?private\s+(?:\w+\s+){0,2}?(?:(?:visible|available|accessible)\s+)?(?:into|to|with|across|for)\s+(?:the\s+|your\s+)?(?:whole\s+|entire\s+)?(?:company|organi[sz]ation|org|workspace|everyone|all\s+(?:users|members|employees|staff)|tenant)\b`)},
		{"adds entries to an allowlist that decides who or what is let through", regexp.MustCompile(`^\s*(?:adds?|creates?|inserts?|appends?|puts?)\s+(?:an?\s+|the\s+|one\s+or\s+more\s+|new\s+)*(?:\w+\s+)?(?:entry|entries|values?|items?|records?)\s+(?:to|into|on)\s+(?:an?\s+|the\s+|your\s+)?(?:\w+\s*/\s*)*(?:allow\s*-?\s*list|white\s*-?\s*list|safe\s*-?\s*list)s?\b`)},
		{"opens access to hosts or addresses", regexp.MustCompile(`\b(?:allow(?:s|lists?)?|white-?lists?|adds?)\b[^.]{0,40}\b(?:ip|ips|ip\s+address(?:es)?|cidrs?|ip\s+ranges?)\b[^.]{0,40}\b(?:allow\s*-?list|white\s*-?list|access|firewall|trusted)\b|\b(?:allow\s*-?list|white\s*-?list)\s+(?:an?\s+|the\s+)?(?:ip|ips|ip\s+address(?:es)?|cidrs?)\b`)},
	}
)

// secOpeningSentence returns the folded, code-free opening sentence of a
// description (the first non-empty one).
func secOpeningSentence(desc string) string {
	prose, _ := secFold(preciseCodeOnly(desc))
	prose = strings.TrimLeft(prose, " \n")
	if k := strings.IndexAny(prose, ".\n"); k >= 0 {
		prose = prose[:k]
	}
	return prose
}

// secGrantAnyoneLink reports whether a link tool lets the model choose an
// audience beyond named people (anyone, anyone with the link, the whole
// domain): an enum value of an audience-like parameter, or its text.
func secGrantAnyoneLink(t *model.Tool) bool {
	for _, p := range secParams(t) {
		list, _ := p.schema["enum"].([]any)
		for _, e := range list {
			s, _ := e.(string)
			if secHasWord(secIdentifierWords(s), "anyone", "anyonewithlink", "public", "anonymous", "everyone") {
				return true
			}
		}
	}
	return secGrantLinkScope.MatchString(secToolText(t))
}

// secGrantLiftsControl reads a tool that can switch off an access control
// of the resource it changes, or "": a boolean that requires a password,
// login, SSO or authentication to reach the resource
// (`requirePassword`, `requireSSOTeamLogin`) on a tool that updates (its
// name, or an operation value anywhere in its schema), which the model
// can set to false; or an operation value that disables (`disable`,
// `turn_off`) on a tool whose description says what it disables is an
// access control (row-level security, password protection, SSO,
// authentication). Creating a resource without protection exposes nothing
// that was protected, so a create-only tool is silent.
func secGrantLiftsControl(t *model.Tool, words []string) string {
	var ops []string
	props := t.Params()
	for _, name := range t.ParamNames() {
		ops = append(ops, secEnumConstValues(props[name])...)
	}
	updates := secHasWord(words, "update", "updater", "set", "change", "edit", "modify", "patch", "manage", "configure")
	disables := false
	for _, op := range ops {
		w := secIdentifierWords(op)
		if len(w) == 0 {
			continue
		}
		updates = updates || secHasWord(w[:1], secUpdateOps...) || w[0] == "manage"
		disables = disables || secHasWord(w[:1], "disable", "unprotect") || len(w) > 1 && w[0] == "turn" && w[1] == "off"
	}
	if updates {
		for _, p := range secParams(t) {
			if ty, _ := p.schema["type"].(string); ty != "boolean" {
				continue
			}
			w := secIdentifierWords(p.name)
			if len(w) > 1 && secHasWord(w[:1], "require", "requires", "enforce") && secHasWord(w[1:], secAccessControlWords...) {
				return fmt.Sprintf("can switch off the access control `%s` of an existing resource", p.path)
			}
			// auth, enableAuth: a switch for the resource's authentication
			// whose text says that off lets anonymous or public callers in.
			if d, _ := p.schema["description"].(string); secGrantAuthSwitch(w) && secGrantAnonymousTalk.MatchString(d) {
				return fmt.Sprintf("can switch off the authentication `%s` of an existing resource, letting anonymous callers in", p.path)
			}
		}
	}
	if disables {
		if m := secAccessControlTalk.FindString(preciseCodeOnly(t.RawDescription)); m != "" {
			return fmt.Sprintf("can disable an access control (%q)", secSnippet(m))
		}
	}
	return ""
}

// secGrantAuthSwitch reports whether a boolean's name words are an
// authentication switch: an access-control word, alone or with enable,
// enabled, is, use or require.
func secGrantAuthSwitch(w []string) bool {
	if !secHasWord(w, secAccessControlWords...) {
		return false
	}
	for _, x := range w {
		if !secHasWord([]string{x}, secAccessControlWords...) && !secHasWord([]string{x}, "enable", "enabled", "is", "use", "require", "required") {
			return false
		}
	}
	return true
}

// secGrantAnonymousTalk is a switch's text about anonymous or public
// callers (in English or Chinese).
var secGrantAnonymousTalk = regexp.MustCompile(`(?i)\b(?:anonymous(?:ly)?|unauthenticated|public(?:ly)?|anyone)\b|匿名|公网|公开`)

// secAccessControlWords are name words of what a require switch demands
// before anyone reaches a resource.
var secAccessControlWords = []string{"password", "login", "sso", "auth", "authentication", "signin", "mfa", "2fa"}

// secAccessControlTalk names an access control a tool can disable.
var secAccessControlTalk = regexp.MustCompile(`(?i)\b(?:row[\s-]level\s+security|rls|access\s+controls?|password\s+protection|sso\s+protection|authentication\s+requirements?)\b`)

// secGrantNameParams are parameter name words that only name or describe
// a thing: its name, title, label or description.
var secGrantNameParams = []string{"name", "title", "label", "description", "desc", "comment", "comments", "note", "notes", "alias", "caption"}

// secGrantOwnerParams are parameter name words of where a thing lives:
// the account, organization, workspace or tenant that holds it.
var secGrantOwnerParams = []string{"account", "accounts", "org", "organization", "organisation", "workspace", "tenant", "subaccount", "parent"}

// secGrantSelectorParts name the parts of a request that pick what it
// acts on (its path and query); preciseBodyParts name the part carrying
// the state. The fields of either are the tool's parameters.
var secGrantSelectorParts = map[string]bool{"path": true, "query": true, "params": true, "path_params": true, "query_params": true, "pathparams": true, "queryparams": true}

// secGrantRequestPartName reports whether a parameter name is that of a
// request part (body, path or query).
func secGrantRequestPartName(name string) bool {
	n := strings.ToLower(name)
	return preciseBodyParts[n] || secGrantSelectorParts[n]
}

// secGrantRequestPart reports whether a top-level parameter is such a
// part: an object named for it with fields of its own.
func secGrantRequestPart(p secParam) bool {
	props, _ := p.schema["properties"].(map[string]any)
	return len(props) > 0 && secGrantRequestPartName(p.name)
}

// secGrantOnlyNames reports whether a tool whose reading is a grant only
// creates or renames an empty named container: every parameter names or
// describes the thing, identifies the thing itself (id, sid, uuid) or the
// account that holds it. Since round 38 the fields of a request's body,
// path or query part count as its parameters. An empty permission group or address list lets
// no one in until members or addresses are added and it is attached
// (other calls); a rename changes no access. A minted credential or a
// sharing link gives access however few parameters it takes.
func secGrantOnlyNames(t *model.Tool, what string) bool {
	if strings.HasPrefix(what, "mints") || strings.Contains(what, "link") || strings.HasPrefix(what, "creates a user account") {
		// A new user's name is the login itself (jellyfin_create_user
		// takes only `name`), not a label on something else.
		return false
	}
	named := false
	for _, p := range secParams(t) {
		if p.parent == "" && secGrantRequestPart(p) {
			// create_access_group(body: {name}): the request's body,
			// path or query part is read through to its fields.
			continue
		}
		if p.parent != "" && !(secGrantRequestPartName(p.parent) && p.path == p.parent+"."+p.name) {
			return false
		}
		w := secIdentifierWords(p.name)
		switch {
		case len(w) == 0:
			return false
		case secHasWord(w, "friendly", "display") || len(w) == 1 && secHasWord(w, secGrantNameParams...):
			named = true
		case len(w) == 1 && secHasWord(w, "id", "sid", "uuid", "gid"):
			// The thing's own identifier.
		case len(w) == 2 && secHasWord(w[1:], "id", "ids", "sid", "uuid") && secHasWord(w[:1], secGrantOwnerParams...):
			// The account that holds it.
		default:
			return false
		}
	}
	return named
}

// secGrantPublicLink reports whether name words create a public link or
// URL to a resource (create_dashboard_public_link, generatePublicUrl): a
// link anyone who holds it can open without signing in. A link to share a
// text or a post is not one.
func secGrantPublicLink(words []string) bool {
	return secHasWord(words, "public") && secHasWord(words, "link", "links", "url", "urls") &&
		secHasWord(words, "create", "generate", "new", "enable", "make", "mint", "issue") &&
		!secHasWord(words, "text", "post", "social", "story", "tweet")
}

// secGrantNewUserGroups returns a parameter of a user-creating tool that
// puts the new login in groups or teams the model picks (group_ids,
// groups, teamIds), or "".
func secGrantNewUserGroups(t *model.Tool) string {
	for _, name := range t.ParamNames() {
		if secHasWord(secIdentifierWords(name), "group", "groups", "team", "teams") {
			return name
		}
	}
	return ""
}

// secGrantRawText is a tool's name words, description and parameter
// descriptions, lowercased but not folded, so that readings in other
// languages can see their letters.
func secGrantRawText(t *model.Tool) string {
	// Enum values name the kinds a parameter picks (require_mfa).
	return strings.ToLower(secToolWords(t, toolWords{enumValues: true}))
}

var (
	// secGrantApproveRequest is an opening that approves someone else's
	// request to get in: a device's login, a request to join or to
	// access, a membership or enrolment request (English, Spanish,
	// Portuguese, French, German, Chinese).
	secGrantApproveRequest = regexp.MustCompile(`\b(?:approves?|approving|authori[sz]es?|admits?|grants?)\b[^.]{0,50}?\b(?:device|login|log-in|sign-in|signin|access|join|joining|membership|enrol(?:l)?ment|authori[sz]ation|admission)\s+requests?\b` +
		`|\b(?:aprueba|aprobar|aprobar|aprova|aprovar|approuve|approuver|genehmigt|genehmigen|bewilligt)\b[^.]{0,50}?(?:solicitud(?:es)?|pedidos?|solicita\S*|demandes?|anfragen?|antr[aä]ge?)\s+(?:de\s+|d'|des\s+)?(?:acceso|acesso|acc[eè]s|ingreso|adhesi[oó]n|uni[oó]n|entrada|dispositivo|connexion|appareil|inicio\s+de\s+sesi[oó]n|login)` +
		`|\b(?:genehmigt|genehmigen|bewilligt)\b[^.]{0,50}?(?:zugriffs|beitritts|anmelde|ger[aä]te|mitglieds)\S*(?:anfrage|antrag)` +
		`|(?:批准|同意|通过|审批通过)[^。.]{0,20}?(?:访问|加入|登录|设备|入群|成员)[^。.]{0,6}?(?:申请|请求)`)
	// secGrantConfirmMember is an opening that confirms an invited or
	// pending member, the step that lets them in.
	secGrantConfirmMember = regexp.MustCompile(`\bconfirm(?:s|ing)?\s+(?:an?\s+|the\s+|one\s+or\s+more\s+|all\s+)?(?:invited|pending|accepted|new)\s+(?:\w+\s+){0,2}?(?:members?|users?|collaborators?|seats?)(?:[^'\w]|$)` +
		`|\bconfirm(?:s|ing)?\s+(?:the\s+|a\s+)?(?:membership|invitation)\s+of\b` +
		`|\b(?:best[aä]tigt|best[aä]tigen)\s+(?:ein|eine|einen|das|die|den)?\s*(?:eingeladene[snr]?|ausstehende[snr]?)\s+(?:mitglied|benutzer|nutzer)` +
		`|\b(?:confirma|confirmar|confirme|confirmer)\s+(?:a\s+|un\s+|una\s+|um\s+|uma\s+|el\s+|la\s+|le\s+|o\s+)*(?:miembro|membro|membre|usuario|usu[aá]rio|utilisateur)s?\s+(?:invitad|convidad|invit[eé]|pendiente|pendente|en\s+attente)` +
		`|确认[^。.]{0,10}?(?:受邀|已邀请|待确认|被邀请)[^。.]{0,6}?(?:成员|用户)`)
	// secGrantRemovePassword is a text that takes the password off a
	// share, link, Send, meeting or page: anyone with the link gets in.
	secGrantRemovePassword = regexp.MustCompile(`\b(?:remove|removes|removing|clear|clears|clearing|disable|disables|disabling|unset|unsets|delete|deletes|drop|drops|strip|strips|turn\s+off|turns\s+off)\s+(?:the\s+|a\s+|an\s+|its\s+|any\s+)?(?:access\s+)?(?:password|passcode|passphrase|pin)(?:\s+protection)?\s+(?:from|of|on|for)\s+(?:the\s+|a\s+|an\s+|this\s+|your\s+)?(?:\w+\s+){0,2}?(?:sends?|shares?|shared|sharing|links?|urls?|meetings?|rooms?|sites?|pages?|portals?|galler(?:y|ies)|drops?)\b` +
		`|\b(?:remove|removes|clear|clears|disable|disables|unset|unsets|delete|deletes)\s+(?:the\s+|its\s+)?access\s+(?:password|passcode)\b` +
		`|\b(?:entfernt|entfernen|l[oö]scht|deaktiviert)\s+(?:das\s+|den\s+)?(?:passwort|kennwort|zugangspasswort)[^.]{0,40}?(?:freigabe|link|teilen)` +
		`|\b(?:quita|quitar|elimina|eliminar|retira|retirer|supprime|supprimer|remove)\s+(?:la\s+|le\s+|el\s+|a\s+)?(?:contrase[nñ]a|mot\s+de\s+passe|senha|clave)[^.]{0,40}?(?:enlace|link|lien|compartid|partag|envío|envio)` +
		`|(?:移除|删除|取消|去掉|关闭)[^。.]{0,10}?(?:分享|共享|链接)[^。.]{0,6}?(?:密码|访问密码)`)
	// secGrantAuthPolicy is a tool's text naming an authentication
	// requirement a policy enforces: two-factor, MFA, SSO, a master
	// password.
	secGrantAuthPolicy = regexp.MustCompile(`two[\s_-]?factor|\b2fa\b|\bmfa\b|multi[\s_-]?factor|(?:\b|require|enforce)sso\b|single[\s_-]sign[\s_-]on|master[\s_-]?password|zwei[\s-]?faktor|doble\s+factor|dos\s+factores|deux\s+facteurs|双重验证|两步验证|多因素|单点登录`)
	// secGrantSpendApproval is a text that lets another address spend the
	// wallet's tokens.
	secGrantSpendApproval = regexp.MustCompile(`\b(?:approves?|approving|authori[sz]es?|allows?|lets?|permits?)\s+(?:an?\s+|the\s+|another\s+)?(?:\w+\s+){0,3}?(?:address|spender|contract|protocol|wallet|account)\w*\b[^.]{0,40}?\bto\s+(?:spend|transfer|use)\b` +
		`|\b(?:sets?|increases?|raises?|grants?|approves?|creates?)\s+(?:an?\s+|the\s+)?(?:\w+\s+){0,2}?(?:token\s+|spending\s+|erc-?20\s+)?allowances?\b`)
)

// secGrantAccessRequest says a tool approves someone's request to get
// in (a device's login, a join or access request), or confirms an
// invited member, or "".
func secGrantAccessRequest(t *model.Tool, words []string) string {
	if secHasWord(words, "deny", "reject", "decline", "list", "get", "revoke", "cancel") {
		return ""
	}
	raw := strings.ToLower(strings.TrimSpace(preciseCodeOnly(t.RawDescription)))
	first := secOpeningSentence(t.RawDescription)
	rawFirst := raw
	if k := strings.IndexAny(raw, ".\n。"); k >= 0 {
		rawFirst = raw[:k]
	}
	if secHasWord(words, "approve", "approval", "approvals") || secGrantApproveRequest.MatchString(first) {
		if secGrantApproveRequest.MatchString(first) || secGrantApproveRequest.MatchString(rawFirst) {
			return "approves a request to get in (a device's login, a request to join or to access)"
		}
	}
	if secGrantApproveRequest.MatchString(rawFirst) {
		return "approves a request to get in (a device's login, a request to join or to access)"
	}
	if secGrantConfirmMember.MatchString(first) || secGrantConfirmMember.MatchString(rawFirst) {
		return "confirms an invited member, the step that lets them in"
	}
	return ""
}

// secGrantDropsPassword says a tool takes the password off a share or
// link (remove_send_password: anyone holding the link opens it), or "".
func secGrantDropsPassword(t *model.Tool) string {
	if secGrantRemovePassword.MatchString(secToolText(t)) || secGrantRemovePassword.MatchString(secGrantRawText(t)) {
		return "removes the password from a share or link, so anyone who holds the link gets in"
	}
	return ""
}

// secGrantPolicySwitch says a tool switches an authentication policy on
// or off (two-factor, SSO, master password requirements), or "": an
// update or set tool on policies with a boolean enabled switch or an
// enable/disable operation, whose text names such a requirement.
func secGrantPolicySwitch(t *model.Tool, words []string) string {
	if !secHasWord(words, "policy", "policies") || !secHasWord(words, "update", "set", "edit", "change", "configure", "modify", "manage", "toggle", "enable", "disable", "put", "upsert", "patch") {
		return ""
	}
	switched := secHasWord(words, "toggle", "enable", "disable")
	for _, p := range secParams(t) {
		if p.parent != "" {
			continue
		}
		if ty, _ := p.schema["type"].(string); ty == "boolean" && secHasWord(secIdentifierWords(p.name), "enabled", "enable", "enforced", "enforce", "active", "on", "required") {
			switched = true
		}
	}
	for _, s := range secOperationValues(t) {
		if w := secIdentifierWords(s); len(w) > 0 && secHasWord(w[:1], "enable", "disable", "toggle") {
			switched = true
		}
	}
	if !switched || !secGrantAuthPolicy.MatchString(secGrantRawText(t)) {
		return ""
	}
	return "switches sign-in policies (two-factor, single sign-on, master password requirements) on or off"
}

// secGrantSpendAllowance says a tool lets another address spend the
// wallet's tokens (an ERC-20 approval or allowance), or "".
func secGrantSpendAllowance(t *model.Tool, words []string) string {
	if secHasWord(words, "decrease", "reduce", "revoke", "check", "get", "read", "list", "query") {
		return ""
	}
	byName := secHasWord(words, "approve", "approval", "allowance", "allowances") && secHasWord(words, "spend", "spending", "spender", "allowance", "allowances", "token", "tokens", "erc20")
	spender := false
	for _, p := range secParams(t) {
		if secHasWord(secIdentifierWords(p.name), "spender", "spenders") {
			spender = true
		}
	}
	first := secOpeningSentence(t.RawDescription)
	if (byName && spender) || secGrantSpendApproval.MatchString(first) && (spender || byName) {
		return "lets another address spend the wallet's tokens (an allowance)"
	}
	return ""
}

// secGrantPrincipalMembers says an update tool sets who belongs to a
// team, group or other access boundary (update_group_members(memberIds)),
// or "".
func secGrantPrincipalMembers(t *model.Tool, words []string) string {
	// A channel's, space's or server's member list stays with the
	// member-lists-by-role reading (revision 5): only the boundaries
	// whose members reach what they hold are read here.
	if !secHasWord(words, "update", "set", "replace", "put", "edit", "modify", "change", "sync") || !secHasWord(words, "member", "members", "users") ||
		!secHasWord(words, "group", "groups", "team", "teams", "role", "roles", "org", "orgs", "organization", "organisation", "organizations", "workspace", "workspaces", "vault", "vaults", "tenant", "tenants") ||
		secHasWord(words, secGrantNotAccess...) {
		return ""
	}
	for _, p := range secParams(t) {
		if p.parent != "" {
			continue
		}
		if ty, _ := p.schema["type"].(string); ty != "array" {
			continue
		}
		w := secIdentifierWords(p.name)
		if secHasWord(w, "member", "members", "user", "users") {
			return fmt.Sprintf("sets who belongs to a team or group (`%s`)", p.path)
		}
	}
	return ""
}

// secGrantLevelWords are property names of an entry that says what a
// principal may do with the resource.
var secGrantLevelWords = []string{"readonly", "read", "write", "manage", "permission", "permissions", "role", "access", "level", "admin", "can", "edit", "hide"}

// secGrantPrincipalLevels says an update tool sets which users or groups
// reach an existing resource and at what level: a top-level array of
// users, groups or principals whose entries carry an access level
// (groups[].readOnly, users[].role), or "".
func secGrantPrincipalLevels(t *model.Tool, words []string) string {
	if !secHasWord(words, "update", "set", "edit", "modify", "change", "replace", "put", "patch", "manage") || secHasWord(words, "create", "new", "add") || secHasWord(words, secGrantNotAccess...) {
		return ""
	}
	props := t.Params()
	for _, name := range t.ParamNames() {
		if !secHasWord(secIdentifierWords(name), "groups", "users", "members", "principals", "collaborators", "teams", "grantees") {
			continue
		}
		p, _ := props[name].(map[string]any)
		items, _ := p["items"].(map[string]any)
		sub, _ := items["properties"].(map[string]any)
		for _, k := range slices.Sorted(maps.Keys(sub)) {
			w := secIdentifierWords(k)
			if secHasWord(w, secGrantLevelWords...) {
				return fmt.Sprintf("sets which users or groups reach the resource and at what level (`%s[].%s`)", name, k)
			}
		}
	}
	return ""
}

// secGrantOpNouns are operation words naming access itself.
var secGrantOpNouns = []string{"permission", "permissions", "role", "roles", "access", "privilege", "privileges", "acl", "acls", "owner", "ownership"}

// secGrantOperationOnPrincipals returns a grant operation value
// (set_permissions, assign_role, permission_grant) of a tool whose schema also names the
// owner, the permissions or the principals it sets, whatever the tool's
// name (bulk_edit_tags(operation: set_permissions, owner, permissions)).
func secGrantOperationOnPrincipals(t *model.Tool) string {
	// A bare update or set operation with a repository owner parameter
	// grants nothing: the value itself must name access.
	op := ""
	for _, s := range secOperationValues(t) {
		w := secIdentifierWords(s)
		if len(w) > 1 && secHasWord(w[:1], "grant", "add", "assign", "set", "update", "share", "change", "modify", "edit") &&
			secHasWord(w[1:], secGrantOpNouns...) {
			op = s
			break
		}
		// permission_grant, role_assign: the noun first, then an
		// unambiguous grant verb last (not "set": a permission_set is
		// a thing, not a change).
		if len(w) > 1 && secHasWord(w[len(w)-1:], "grant", "assign", "add", "share") && secHasWord(w[:len(w)-1], secGrantOpNouns...) {
			op = s
			break
		}
	}
	if op == "" {
		return ""
	}
	for _, p := range secParams(t) {
		if p.parent != "" {
			continue
		}
		if secHasWord(secIdentifierWords(p.name), "owner", "permissions", "permission", "role", "roles", "grantee", "grantees", "principal", "principals", "acl") {
			return op
		}
	}
	return ""
}

// secGrantAssignShareTalk is a text saying an assignment shares the
// record's permissions or access with the people assigned.
var secGrantAssignShareTalk = regexp.MustCompile(`\bpermission\s+sharing\b|\bshar(?:e|es|ing)\s+(?:the\s+|its\s+|their\s+)?(?:\w+\s+)?(?:permissions?|access)\s+with\b|\bshar(?:e|es|ing)\s+(?:the\s+|it\s+|this\s+)?(?:\w+\s+)?with\s+(?:them|the\s+assignees?|each\s+assignee|the\s+assigned\s+users?)\b|\b(?:gives?|grants?)\s+(?:the\s+|each\s+)?(?:assignees?|assigned\s+users?)\s+(?:\w+\s+)?(?:access|permissions?|rights)\b|\bassignees?\s+(?:gets?|gains?|receives?)\s+(?:\w+\s+)?(?:access|permissions?)\b`)

// secGrantAssignShares says a tool assigns a record to people and its
// text says the assignment shares the record's permissions or access
// with them (an ERP's document assignment), or "". A plain assignment
// records who works on something and stays silent.
func secGrantAssignShares(t *model.Tool, words []string) string {
	if !secHasWord(words, "assign", "assigns") || secHasWord(words, "unassign", "role", "roles") {
		return ""
	}
	if !secGrantAssignShareTalk.MatchString(secToolText(t)) {
		return ""
	}
	return "assigns a record to people and shares its access with them"
}

// secGrantGrantParams are parameter name words that carry access: the
// privileges, permissions, scopes or policies a role holds, or the
// people, groups or principals who hold it.
var secGrantGrantParams = []string{"privilege", "privileges", "permission", "permissions", "right", "rights", "scope", "scopes", "policy", "policies",
	"member", "members", "user", "users", "principal", "principals", "assignee", "assignees", "group", "groups", "grant", "grants", "access",
	"action", "actions", "capability", "capabilities", "statement", "statements", "level", "depth", "admin", "superuser"}

// secGrantRenamesRole reports whether a tool named for updating a role
// (update_role, editSecurityRole) changes only the role's own properties:
// its name words name a role and no permission, privilege, access or
// member, its verb updates (not add, assign or grant), and no parameter
// at any depth carries privileges, permissions, scopes or holders.
func secGrantRenamesRole(t *model.Tool, words []string) bool {
	if !secHasWord(words, "role", "roles") || !secHasWord(words, "update", "edit", "modify", "patch", "change", "rename") ||
		secHasWord(words, "add", "assign", "grant", "attach", "bind", "promote", "set", "replace", "permission", "permissions", "privilege", "privileges", "access", "acl", "acls", "member", "members", "user", "users", "rolebinding", "rolebindings") {
		return false
	}
	for _, p := range secParams(t) {
		if secHasWord(secIdentifierWords(p.name), secGrantGrantParams...) {
			return false
		}
	}
	return true
}

// secGrantAdminFlagWords are name words of a boolean that makes a user
// an administrator.
var secGrantAdminFlagWords = []string{"admin", "administrator", "superuser", "superadmin", "staff", "sudo", "root", "sysadmin"}

// secGrantUserAdminFlag says a tool that creates or updates a user,
// member or account takes a boolean that makes it an administrator
// (is_superuser, isAdmin, admin), or the groups or roles it belongs to
// as a list of ids; or "".
func secGrantUserAdminFlag(t *model.Tool, words []string) string {
	if !secHasWord(words, "user", "users", "member", "members", "account", "accounts", "login", "logins") || secHasWord(words, secGrantNotAccess...) ||
		!secHasWord(words, "update", "set", "change", "modify", "edit", "patch", "create", "add", "new", "invite", "upsert") {
		return ""
	}
	for _, p := range secParams(t) {
		if p.parent != "" {
			continue
		}
		w := secIdentifierWords(p.name)
		ty, _ := p.schema["type"].(string)
		if ty == "boolean" && secHasWord(w, secGrantAdminFlagWords...) {
			return fmt.Sprintf("can make a user an administrator (`%s`)", p.path)
		}
		if ty == "array" && secHasWord(w, "group", "groups", "role", "roles") && secHasWord(w, "id", "ids") {
			return fmt.Sprintf("sets the groups or roles a user belongs to (`%s`)", p.path)
		}
	}
	return ""
}

// secGrantBlockedStates and secGrantActiveStates are enum values of a
// principal's status: one that shuts it out, one that lets it back in.
var (
	secGrantBlockedStates = []string{"blocked", "suspended", "banned", "disabled", "locked"}
	secGrantActiveStates  = []string{"active", "enabled", "unblocked", "unlocked", "activated", "reactivated"}
)

// secGrantUnblocksPrincipal says a tool that sets the status of a user,
// member or account offers, in a status or state enum, both a value that
// shuts the principal out (blocked, suspended) and one that lets it in
// (active): the model can unblock whoever was blocked; or "". An
// inactive or deactivated state is not a block (a CRM account's record
// status), and a customer's status is not a login's.
func secGrantUnblocksPrincipal(t *model.Tool, words []string) string {
	if !secHasWord(words, "user", "users", "member", "members", "account", "accounts") || secHasWord(words, secGrantNotAccess...) ||
		!secHasWord(words, "update", "set", "change", "modify", "edit", "patch") {
		return ""
	}
	for _, p := range secParams(t) {
		if p.parent != "" {
			continue
		}
		if ty, _ := p.schema["type"].(string); ty == "boolean" && secHasWord(secIdentifierWords(p.name), secGrantBlockedStates...) && secGrantUnblockTalk.MatchString(p.desc()) {
			// auth_update_user(disabled): "true disables the user, false
			// enables the user": the switch that shut a user out also
			// lets them back in.
			return fmt.Sprintf("can re-enable a disabled or blocked user or account (`%s`)", p.path)
		}
		if !secHasWord(secIdentifierWords(p.name), "status", "state") {
			continue
		}
		list, _ := p.schema["enum"].([]any)
		blocked, active := false, ""
		for _, e := range list {
			v, _ := e.(string)
			lw := strings.ToLower(v)
			blocked = blocked || secHasWord([]string{lw}, secGrantBlockedStates...)
			if active == "" && secHasWord([]string{lw}, secGrantActiveStates...) {
				active = v
			}
		}
		if blocked && active != "" {
			return fmt.Sprintf("can unblock a user or account (`%s`: `%s`)", p.path, active)
		}
	}
	return ""
}

// secGrantUnblockTalk is a block switch's description saying its other
// state lets the principal back in ("false enables the user", "set to
// false to unblock").
var secGrantUnblockTalk = regexp.MustCompile(`\bfalse\s+(?:to\s+)?(?:re-?)?(?:enables?|unblocks?|unlocks?|activates?|reactivates?|restores?|unsuspends?|unbans?)\b|\b(?:re-?enables?|unblocks?|unlocks?|reactivates?|unsuspends?|unbans?)\b`)

// secGrantClaimsTalk names the claims an identity service puts in a
// user's token, which the app's rules read as privileges ("set a custom
// claim on a user's account", "custom user claims", "JWT claims").
var secGrantClaimsTalk = regexp.MustCompile(`\b(?:custom|token|jwt|id\s+token|access\s+token|auth(?:entication)?|identity|security)\s+(?:user\s+)?claims?\b`)

// secGrantClaimsSetTalk says the text sets or adds such a claim.
var secGrantClaimsSetTalk = regexp.MustCompile(`\b(?:set|sets|setting|add|adds|adding|assign|assigns|update|updates|updating|grant|grants|attach|attaches|write|writes|put|puts|change|changes)\b`)

// secGrantUserClaims says a tool sets the custom claims of a user's token
// (Firebase's auth_update_user: "set a custom claim on a specific user's
// account", key "e.g. 'admin'"), or "". An app's security rules read those
// claims as the user's roles: the model can make anyone an admin. Reading
// or verifying claims, and claims that are not a token's (an insurance
// claim, claiming a reward), are not one.
func secGrantUserClaims(t *model.Tool, words []string) string {
	if secHasWord(words, "verify", "validate", "decode", "inspect", "check") {
		return ""
	}
	text, _ := secFold(t.RawDescription)
	for _, p := range secParams(t) {
		text += " " + p.desc()
	}
	if !secHasWord(words, "user", "users", "account", "accounts", "member", "members", "claim", "claims") && !secGrantUserTalk.MatchString(text) {
		return ""
	}
	loc := secGrantClaimsTalk.FindStringIndex(text)
	if loc == nil {
		return ""
	}
	start := strings.LastIndexAny(text[:loc[0]], ".;!?\n") + 1
	if !secGrantClaimsSetTalk.MatchString(text[start:loc[1]]) && !secHasWord(words, "set", "update", "add", "assign", "grant", "put", "patch", "edit", "modify", "change") {
		return ""
	}
	return fmt.Sprintf("sets the claims on a user's token that the app reads as privileges (%q)", secSnippet(text[loc[0]:loc[1]]))
}

// secGrantUserTalk is a text naming a user's or account's record.
var secGrantUserTalk = regexp.MustCompile(`\b(?:user|users|user's|account|account's|member|principal)\b`)

// secGrantListenOps are verbs and nouns of an operation or name that
// starts a server listening for connections (start_server,
// launchListener, serve_websocket).
var (
	secGrantListenVerbs = []string{"start", "launch", "run", "open", "serve", "listen", "expose", "spawn", "boot"}
	secGrantListenNouns = []string{"server", "listener", "websocket", "socket", "ws", "http", "tcp", "stream", "streaming", "feed"}
)

// secGrantServesDataTalk says the tool streams, serves or exposes data to
// whoever connects ("Stream SAP data via WebSocket", "serves the records
// over HTTP", "broadcast sensor readings to connected clients").
var secGrantServesDataTalk = regexp.MustCompile(`\b(?:stream(?:s|ing)?|serv(?:e|es|ing)|expos(?:e|es|ing)|shar(?:e|es|ing)|publish(?:es|ing)?|broadcast(?:s|ing)?|push(?:es|ing)?)\b[^.]{0,60}\b(?:data|records?|entities|entity|rows?|tables?|events?|readings?|updates?|changes?|files?|documents?|database)\b[^.]{0,40}\b(?:via|over|through|to|on)\b[^.]{0,40}\b(?:websockets?|web\s+sockets?|sockets?|http|tcp|port|clients?|subscribers?|connections?|whoever|anyone|network)\b`)

// secGrantListeningServer says a tool starts a server on a port the model
// picks and that server streams or serves the data the tool reaches to
// whoever connects (sap-odata's realtime-data-stream: action start_server
// and port, "Stream SAP data via WebSocket"), or "". A client that
// connects to a server, a tool that only stops or checks one, and a
// development server that serves no data are not one.
func secGrantListeningServer(t *model.Tool, words []string) string {
	port := ""
	for _, p := range secParams(t) {
		if p.parent == "" && secHasWord(secIdentifierWords(p.name), "port") {
			port = p.path
			break
		}
	}
	if port == "" {
		return ""
	}
	starts := ""
	check := func(name string) {
		w := secIdentifierWords(name)
		if starts == "" && len(w) > 0 && secHasWord(w[:1], secGrantListenVerbs...) && secHasWord(w, secGrantListenNouns...) {
			starts = name
		}
	}
	check(t.Name)
	for _, v := range secOperationValues(t) {
		check(v)
	}
	if starts == "" {
		return ""
	}
	text, _ := secFold(t.RawDescription + ". " + t.Title)
	if !secGrantServesDataTalk.MatchString(text) {
		return ""
	}
	return fmt.Sprintf("starts a server (`%s`) on a port the model picks (`%s`) that streams the data it reaches to whoever connects", starts, port)
}

// secGrantCallableTalk is a tool's text saying a choice makes the
// resource callable or reachable at an address anyone can send to (a
// method and URL, a public URL or endpoint, anyone, the internet).
var secGrantCallableTalk = regexp.MustCompile(`(?i)\b(?:becomes?|is\s+made|made|will\s+be|turns?\s+into\s+something)\s+(?:publicly\s+)?(?:callable|invok[ae]ble|triggerable|reachable|accessible)\s+(?:(?:at|via|through|from|by)\s+(?:(?:get|post|put|patch)\b|https?://|<|a\s+(?:public\s+)?(?:url|endpoint|link)\b|its\s+(?:public\s+)?(?:url|endpoint)\b|the\s+(?:public\s+)?(?:url|endpoint)\b|anyone\b|the\s+internet\b|outside\b|any\s+(?:client|caller|one)\b)|publicly\b|to\s+anyone\b)`)

// secGrantCallerAuthTalk says calls at that address still authenticate
// (an API key, a token, a signature), so holding the URL is not enough.
var secGrantCallerAuthTalk = regexp.MustCompile(`(?i)\b(?:requires?|needs?|with|pass|send|include|signed\s+with)\s+(?:an?\s+|the\s+|your\s+|its\s+)?(?:valid\s+)?(?:api\s*key|token|bearer|secret|signature|auth\w*|credentials?)\b|\bauthenticated\s+(?:callers?|requests?|users?)\b`)

// secGrantCallableByAnyone says a tool that changes a resource can make
// it callable by whoever sends a request to its address (a workflow
// whose trigger becomes a webhook: "becomes callable at POST
// <server>/webhooks/<id>"), or "". Text saying the caller must still
// present a key, token or signature, and a read-only name, are not one.
func secGrantCallableByAnyone(t *model.Tool, words []string) string {
	if !secHasWord(words, secGrantSetters...) && !secHasWord(words, "enable", "configure", "deploy", "activate") {
		return ""
	}
	text := secToolText(t)
	m := secGrantCallableTalk.FindString(text)
	if m == "" || secGrantCallerAuthTalk.MatchString(text) {
		return ""
	}
	return fmt.Sprintf("makes a resource callable by whoever sends a request to its address (%q)", secSnippet(m))
}

// secGrantAnnotationWords name what a tool changes when its name ends in
// them after an access noun (update_membership_metadata,
// set_role_description): the record's notes, not who holds what.
var secGrantAnnotationWords = []string{"metadata", "meta", "notes", "note", "labels", "label", "tags", "tag", "attributes", "preferences", "description", "comment", "comments"}

// secGrantAnnotatesOnly reports whether a tool's name ends in annotation
// words after its access noun (updateOrganizationMembershipMetadata) and
// it takes no role, permission or access parameter: it edits data kept on
// a membership or role, and nobody's access changes.
func secGrantAnnotatesOnly(t *model.Tool, words []string) bool {
	if len(words) < 2 || !secHasWord(words[len(words)-1:], secGrantAnnotationWords...) {
		return false
	}
	return !secGrantHasRoleParam(t) && !secGrantChangesAccessTalk.MatchString(secToolDesc(t))
}

// secGrantChangesAccessTalk is a description saying the call changes who
// may do what.
var secGrantChangesAccessTalk = regexp.MustCompile(`\b(?:grants?|revokes?|gives?|assigns?)\b[^.]{0,40}\b(?:access|permissions?|roles?|rights|privileges?)\b|\b(?:changes?|updates?|sets?)\s+(?:the\s+|a\s+)?(?:\w+\s+)?(?:roles?|permissions?|access\s+levels?)\b`)

// secGrantPersonTalk is a tool's text naming someone who could hold
// access, or the access itself.
var secGrantPersonTalk = regexp.MustCompile(`\b(?:users?|members?|memberships?|people|persons?|accounts?|principals?|permissions?|privileges?|access|rights|groups?|teams?|employees?|staff|admins?|administrators?|collaborators?|assignees?|invitees?|identit(?:y|ies)|rbac|iam|polic(?:y|ies)|scopes?|logins?)\b`)

// secGrantComponentRole reports whether the only access noun of a tool's
// name is role and its text names no one who could hold it nor any
// access: a role of a thing (a project's "frontend, backend or database
// Primary Role", a node's role in a cluster layout), not a person's.
func secGrantComponentRole(t *model.Tool, words []string) bool {
	for _, w := range words {
		if w != "role" && w != "roles" && secHasWord([]string{w}, secGrantAccessNouns...) {
			return false
		}
	}
	// Revision 21: a parameter named role or permission is what would be
	// given, not who to; only a grantee parameter (a user, an email, a
	// member, a group) names someone. A role enum whose values are no
	// access levels (planner, coder; master, worker) is a thing's part.
	for _, p := range secParams(t) {
		w := secIdentifierWords(p.name)
		if secHasWord(w, "permission", "permissions") {
			return false
		}
		if secHasWord(w, "role", "roles") {
			if secGrantAccessLevelEnum(p.schema) {
				return false
			}
			continue
		}
		if secGrantGranteeName(w) {
			return false
		}
	}
	text := secToolText(t)
	return !secGrantPersonTalk.MatchString(text)
}

// secGrantAccessLevelNames are enum values of a role that are levels of
// access a person holds.
var secGrantAccessLevelNames = []string{"admin", "admins", "administrator", "owner", "owners", "moderator", "maintainer", "manager", "editor", "viewer", "readonly", "reader", "writer",
	"member", "members", "guest", "guests", "contributor", "collaborator", "read", "write", "edit", "view", "comment", "commenter", "superuser", "root", "billing", "developer", "operator", "analyst", "auditor", "support"}

// secGrantAccessLevelEnum reports whether a role parameter's enum offers
// an access level (admin, editor, viewer, member). A free-text role is
// read by the tool's text instead: who holds it, if anyone.
func secGrantAccessLevelEnum(schema map[string]any) bool {
	for _, v := range preciseEnumValues(schema) {
		if secHasWord(secIdentifierWords(v), secGrantAccessLevelNames...) {
			return true
		}
	}
	return false
}

var (
	// secGrantMandateTalk is an opening that creates a standing authority
	// to spend: a payment, purchase or spending mandate, or a spending or
	// purchase authority given to an agent or delegate ("Create a new
	// Active Mandate for autonomous agent payment authorization with
	// spend caps", "Create an intent-based payment mandate for
	// high-level purchase authorization").
	secGrantMandateTalk = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:creates?|issues?|grants?|sets?\s+up|establish(?:es)?|registers?)\b[^.]{0,80}?(?:\bmandates?\b[^.]{0,60}?\b(?:payments?|purchases?|spend\w*|debits?|charges?)\b|\b(?:payments?|purchases?|spending|debit)\b[^.]{0,30}?\bmandates?\b|\b(?:spending|purchase|purchasing|payment)\s+(?:authority|permission|authori[sz]ation)s?\b[^.]{0,60}?\b(?:agents?|delegates?|on\s+behalf)\b|\b(?:agents?|delegates?)\b[^.]{0,40}?\b(?:spending|purchase|purchasing|payment)\s+(?:authority|permission|authori[sz]ation)s?\b)`)
	// secGrantCapNames are name words of a parameter that caps the amount
	// an authority lets its holder spend.
	secGrantCapNames = []string{"amount", "cap", "limit", "max", "maximum", "budget", "ceiling"}
)

// secGrantSpendMandate says a tool creates a standing authority to spend
// the user's money up to an amount (a payment mandate for an agent or a
// merchant), or "": its name creates or grants, its opening creates a
// payment, purchase or spending mandate (or a spending authority for an
// agent or delegate), and a numeric parameter caps the amount. The holder
// spends later, on calls no one confirms, which is access to the money.
// A mandate for fixed line items (a cart to approve, no cap) and a
// one-off charge are no standing authority.
func secGrantSpendMandate(t *model.Tool, words []string) string {
	if !secHasWord(words, "create", "new", "issue", "grant", "setup", "establish", "register", "add") {
		return ""
	}
	if !secGrantMandateTalk.MatchString(secOpeningSentence(t.RawDescription)) {
		return ""
	}
	for _, p := range secParams(t) {
		if p.parent != "" || !(isJSONString(p.schema["type"], "number") || isJSONString(p.schema["type"], "integer")) {
			continue
		}
		if secHasWord(secIdentifierWords(p.name), secGrantCapNames...) {
			return fmt.Sprintf("grants authority to spend the user's money up to the amount in `%s` (a payment mandate its holder spends on later, with no one confirming each charge)", p.name)
		}
	}
	return ""
}

// secGrantJoinsNodeTalk is an opening that enrols the machine in a
// network as a node that serves others: a compute, worker, relay, exit,
// storage, GPU or validator node or provider ("Join as compute node",
// "Register this machine as a GPU provider"), or that contributes its
// compute, CPU, GPU or bandwidth to a network.
var secGrantJoinsNodeTalk = regexp.MustCompile(`^\s*(?:this\s+tool\s+)?(?:joins?|enrol(?:l|ls|s)?|registers?|adds?|starts?|runs?|becomes?)\s+(?:this\s+(?:machine|device|computer|host)\s+|the\s+(?:local\s+)?(?:machine|device|computer|host)\s+)?(?:(?:to|in|into)\s+(?:the\s+|a\s+)?(?:[\w-]+\s+){0,2}(?:network|swarm|mesh|pool|grid)\s+)?as\s+(?:a\s+|an\s+)?(?:compute|computing|worker|relay|exit|storage|gpu|mining|validator|inference)\s+(?:node|peer|host|provider|worker)s?\b|\bcontribut(?:e|es|ing)\s+(?:this\s+machine'?s?\s+|the\s+machine'?s?\s+|your\s+|its\s+)?(?:spare\s+|idle\s+|unused\s+)?(?:compute|cpu|gpu|bandwidth|processing\s+power)\b[^.]{0,40}?\bto\s+(?:the\s+|a\s+)?(?:[\w-]+\s+){0,2}(?:network|swarm|mesh|pool|grid)\b`)

// secGrantJoinsAsNode says a tool enrols the user's machine in a network
// as a node that runs or relays others' work, or "": the network's
// members then use the machine's compute, storage or connection, which
// outlives the conversation as any grant does. A tool that only reads a
// node's status or leaves the network is not one (the name's verb).
func secGrantJoinsAsNode(t *model.Tool, words []string) string {
	if secHasWord(words, "leave", "stop", "status", "list", "get", "show", "info") {
		return ""
	}
	if m := secGrantJoinsNodeTalk.FindString(secOpeningSentence(t.RawDescription)); m != "" {
		return fmt.Sprintf("enrols the user's machine in a network that runs or relays others' work on it (%q)", secSnippet(strings.TrimSpace(m)))
	}
	return ""
}

// secGranteeWords are parameter-name words naming who receives a grant
// beyond secGrantHasPrincipalParam's people and apps: an account or login,
// an agent, an identity or subject, a public key.
var secGranteeWords = []string{"username", "usernames", "login", "logins", "account", "accounts", "agent", "agents",
	"identity", "identities", "subject", "subjects", "assignee", "assignees", "pubkey", "pubkeys"}

// secGrantNamesGrantee reports whether a tool named for a grant takes
// whom it grants to (revision 20): a principal parameter (an email, user,
// group, member, role, client or app id), an account, login, agent,
// identity or subject, or a public key, at any depth of its schema. A
// grant with none of them (a local task the operator approves, a token
// for one update of one version, a release of a grant) names no one an
// injected instruction could aim it at.
func secGrantNamesGrantee(t *model.Tool) bool {
	if secGrantHasPrincipalParam(t) {
		return true
	}
	for _, p := range secParams(t) {
		w := secIdentifierWords(p.name)
		if secHasWord(w, secGranteeWords...) || secHasWord(w, "public") && secHasWord(w, "key", "keys") {
			return true
		}
	}
	return false
}

// secGrantDomainQualifiers are words before "domain" in a parameter's name
// that keep it an organisation's or a site's domain (email_domain,
// allowed_domain): the domain whose people are let in.
var secGrantDomainQualifiers = []string{"email", "mail", "allowed", "allow", "share", "sharing", "target", "google", "workspace", "org", "organization", "organisation", "company", "user", "member", "tenant", "customer", "client", "web", "site", "custom", "sender", "recipient"}

// secGrantDomainName reports whether a parameter's name words name a
// domain as a grantee: "domain" alone or after a word of an organisation
// or a site (email_domain). A domain qualified by any other noun is a
// field of knowledge or a topic (knowledgeDomain, problem_domain: "Share
// knowledge from one agent to others within a domain"), no one's address
// (revision 21).
func secGrantDomainName(w []string) bool {
	for i, x := range w {
		if x != "domain" && x != "domains" {
			continue
		}
		if i == 0 || secHasWord(w[i-1:i], secGrantDomainQualifiers...) {
			return true
		}
	}
	return false
}

// secGrantVocabularyNames are parameter names of vocabulary: words,
// terms, phrases (revision 21).
var secGrantVocabularyNames = []string{"word", "words", "term", "terms", "phrase", "phrases", "keyword", "keywords", "vocabulary"}

// secGrantListsWords reports whether every parameter of an allow-list tool
// is vocabulary (add_to_whitelist(words): "Whitelist words so they are
// never flagged as profanity"): a filter's exceptions let no one in. A
// tool with no parameters is not one.
func secGrantListsWords(t *model.Tool) bool {
	ps := secParams(t)
	if len(ps) == 0 {
		return false
	}
	for _, p := range ps {
		if !secHasWord(secIdentifierWords(p.name), secGrantVocabularyNames...) {
			return false
		}
	}
	return true
}

// secGrantWritesOp reports whether a tool's operation-like enum offers an
// operation that creates, adds or changes a resource (a noun-named router
// such as a `users` tool with action list|create|update|delete).
func secGrantWritesOp(t *model.Tool, verbs ...string) bool {
	for _, s := range secOperationValues(t) {
		if w := secIdentifierWords(s); len(w) > 0 && secHasWord(w[:1], verbs...) {
			return true
		}
	}
	return false
}

// secGrantContainerNouns are name words of a principal container: what
// its members hold, every member gains.
var secGrantContainerNouns = []string{"group", "groups", "team", "teams", "usergroup", "usergroups"}

// secGrantMemberListTalk is a parameter description saying it lists
// users or members by identifier, or replaces the member list.
var secGrantMemberListTalk = regexp.MustCompile(`\b(?:comma[\s-]?separated|list\s+of|array\s+of)\s+(?:\w+\s+)?(?:users?|members?|accounts?)\b(?:\s+(?:ids?|identifiers|names))?|\bmember\s+list\b|\breplac(?:e|es|ing)\s+(?:the\s+)?existing\b`)

// secGrantContainerMembers says a tool changes an existing team or group
// and takes the list of who belongs to it (update_team(members), a
// groups router's update with users "Comma-separated user IDs"), or "".
// Its name need not name members: the member-list parameter does. A
// tool that only creates a new group grants nothing yet (its members
// hold whatever the group is later given), so an update must be on
// offer, by the name's verb or the operation enum.
func secGrantContainerMembers(t *model.Tool, words []string) string {
	if !secHasWord(words, secGrantContainerNouns...) || secHasWord(words, secGrantNotAccess...) || secHasWord(words, secGrantWorkNouns...) {
		return ""
	}
	updates := secHasWord(words, "update", "set", "replace", "put", "edit", "modify", "change", "sync", "patch")
	if !updates && (secHasWord(words, secGrantSetters...) || !secGrantWritesOp(t, "update", "set", "replace", "put", "edit", "modify", "patch", "sync")) {
		return ""
	}
	for _, p := range secParams(t) {
		if p.parent != "" {
			continue
		}
		w := secIdentifierWords(p.name)
		if !secHasWord(w, "member", "members", "users", "userids", "memberids") && !(secHasWord(w, "user", "member") && secHasWord(w, "ids")) {
			continue
		}
		ty, _ := p.schema["type"].(string)
		if types, ok := p.schema["type"].([]any); ok {
			for _, x := range types {
				if x == "array" {
					ty = "array"
				}
			}
		}
		if ty == "array" || ty == "string" && secGrantMemberListTalk.MatchString(strings.ToLower(p.desc())) {
			return fmt.Sprintf("sets who belongs to a team or group (`%s`)", p.path)
		}
	}
	return ""
}

// secGrantFirewallSource says a firewall tool that creates or changes
// rules takes the source addresses let in (source, InboundSource,
// rules[].source_ips), or "". The firewall's name and the write (by the
// name's verb or the operation enum) say what is changed; the source
// parameter says who is let in. A tool that only lists, deletes or
// attaches a firewall takes no source.
func secGrantFirewallSource(t *model.Tool, words []string) string {
	if !secHasWord(words, "firewall", "firewalls") {
		return ""
	}
	if !secGrantWritesResource(t, words) {
		return ""
	}
	for _, p := range secParams(t) {
		w := secIdentifierWords(p.name)
		if !secHasWord(w, "source", "sources", "src") || secHasWord(w, "port", "ports", "type", "kind", "id", "name") {
			continue
		}
		return fmt.Sprintf("opens a firewall to the source addresses the model chooses (`%s`)", p.path)
	}
	return ""
}

// secGrantIPAllowTalk is a parameter's text saying it lists the addresses
// let in: "A list of IP addresses that can access the database instance
// (CIDR notation)", "allowed IP ranges".
var secGrantIPAllowTalk = regexp.MustCompile(`\b(?:ip\s+addresses|ips|cidrs?(?:\s+(?:blocks?|ranges?))?|ip\s+ranges?)\b[^.]{0,40}?\b(?:that|which|allowed\s+to|permitted\s+to)\s+(?:can|may|are\s+allowed\s+to)?\s*(?:access|connect\s+to|reach)\b|\b(?:allowed|trusted|whitelisted|allow-?listed)\s+(?:ip\s+addresses|ips|cidrs?|ip\s+ranges)\b`)

// secGrantIPAllowList says a tool that creates or changes a resource takes
// the IP addresses allowed to reach it (a database's allow_list,
// round 51), or "": the model can let any address in, 0.0.0.0/0 included.
func secGrantIPAllowList(t *model.Tool, words []string) string {
	if !secGrantWritesResource(t, words) {
		return ""
	}
	for _, p := range secParams(t) {
		if p.parent != "" {
			continue
		}
		if secGrantIPAllowTalk.MatchString(p.desc()) {
			return fmt.Sprintf("sets which IP addresses may reach the resource (`%s`), any address included", p.path)
		}
	}
	return ""
}

// secGrantWritesResource reports whether a tool creates or changes a
// resource, by its name's verb or its operation enum: the firewall
// source and IP allow-list readings take who is let in only from such a
// tool, not from one that lists, deletes or attaches.
func secGrantWritesResource(t *model.Tool, words []string) bool {
	return secHasWord(words, "create", "add", "update", "set", "put", "replace", "new", "edit", "modify", "patch") ||
		secGrantWritesOp(t, "create", "add", "update", "set", "put", "replace", "edit", "modify", "patch")
}
