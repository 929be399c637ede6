// Package text holds the text-analysis primitives that mcp-toolgauge's lint
// rules (and mcpgauge's eval helpers) share: identifier tokenising, naming
// style, the crude singulariser, prose words, content-word bags, Jaccard
// similarity, the name/description matching helpers, the chars/4 token
// estimate, the regex vocabularies (PLACEHOLDER, DISAMBIGUATION, EXAMPLE,
// ENUMERATION, DESTRUCTIVE_PHRASE, READ_OPENING) and the word lists the schema
// and annotation rules use.
//
// Everything here reproduces mcp-toolgauge v0.1.0 exactly, including Python's
// Unicode semantics where they differ from Go's: `\b` and `\s` in the regex
// vocabularies, str.isupper, str.split and str.lower (those emulations live
// in internal/compat). Tokenising of prose and identifiers is deliberately
// ASCII-only, as upstream.
package text

import (
	"sort"

	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// set builds a lookup set from a space-separated word block. It is called
// only to build the unexported literal tables below, which are never mutated.
func set(words ...string) map[string]struct{} {
	m := make(map[string]struct{}, len(words))
	for _, w := range words {
		m[w] = struct{}{}
	}
	return m
}

func has(m map[string]struct{}, w string) bool {
	_, ok := m[w]
	return ok
}

func listOf(m map[string]struct{}) []string {
	out := make([]string, 0, len(m))
	for w := range m {
		out = append(out, w)
	}
	sort.Strings(out)
	return out
}

// The word tables. Unexported, built once from literals, never mutated.
var (
	stopwords = set(
		"a", "an", "the", "this", "that", "these", "those", "there", "here", "it", "its", "is", "are", "was", "were", "be", "been", "being", "am",
		"of", "to", "in", "on", "for", "from", "by", "with", "at", "as", "into", "onto", "over", "under", "about", "against", "between",
		"and", "or", "but", "not", "no", "nor", "so", "if", "then", "than", "when", "where", "while", "which", "who", "whom", "whose", "what", "how",
		"you", "your", "yours", "they", "them", "their", "he", "she", "his", "her", "we", "our", "us", "i", "me", "my", "mine",
		"will", "would", "can", "could", "shall", "should", "may", "might", "must", "do", "does", "did", "done", "doing",
		"have", "has", "had", "having", "get", "gets", "got",
		"one", "two", "all", "any", "each", "every", "other", "another", "same", "more", "most", "some", "such", "only", "just", "also",
		"per", "via", "both", "either", "neither",
	)
	bareVerbs = set(
		"get", "set", "put", "post", "patch", "add", "read", "write", "list", "create", "make", "new", "update", "modify", "change", "edit",
		"delete", "remove", "destroy", "drop", "fetch", "find", "search", "query", "lookup", "send", "submit", "save", "store", "load",
		"run", "exec", "execute", "call", "invoke", "handle", "do", "perform", "process", "apply", "start", "stop", "begin", "end",
		"open", "close", "sync", "check", "test", "try", "use",
	)
	emptyNouns = set(
		"data", "stuff", "thing", "things", "item", "items", "info", "information", "object", "objects", "obj", "entry", "entries",
		"value", "values", "record", "records", "result", "results", "response", "responses", "request", "requests", "payload",
		"args", "arguments", "params", "parameters", "input", "inputs", "output", "outputs", "resource", "resources",
		"api", "tool", "tools", "func", "function", "functions", "method", "handler", "helper", "util", "utils",
		"action", "actions", "task", "tasks", "job", "jobs", "op", "ops", "operation", "operations", "command", "commands", "cmd",
		"misc", "temp", "tmp", "foo", "bar", "baz", "qux", "x", "y", "z",
	)
	fillers       = set("all", "the", "a", "an", "my", "our", "v", "v1", "v2")
	neverSingular = set(
		"status", "address", "business", "access", "process", "analysis", "basis", "focus", "bonus", "census",
		"campus", "news", "series", "species", "alias", "index", "gas", "bus", "plus", "this", "its", "always", "perhaps",
	)
	enumLikeNames = set(
		"status", "state", "type", "kind", "mode", "level", "priority", "urgency", "severity", "importance",
		"format", "sort", "order", "direction", "ordering", "category", "visibility", "scope", "role", "permission",
		"environment", "env", "stage", "tier", "region", "locale", "language", "currency", "unit", "units",
		"strategy", "policy", "method", "operation", "frequency", "interval", "granularity", "resolution",
	)
	dateLikeNames = set(
		"date", "dates", "datetime", "timestamp", "time", "when", "since", "until", "before", "after",
		"deadline", "expiry", "expires",
	)
	emailLikeNames   = set("email", "emails", "mail", "recipient", "sender")
	urlLikeNames     = set("url", "urls", "uri", "link", "links", "href", "endpoint", "webhook", "callback")
	destructiveVerbs = set(
		"delete", "remove", "destroy", "drop", "purge", "wipe", "erase", "truncate", "clear", "discard",
		"revoke", "terminate", "kill", "uninstall", "reset", "overwrite",
	)
	readVerbs = set(
		"get", "list", "search", "find", "read", "fetch", "query", "lookup", "show", "describe", "view", "browse",
		"count", "export", "download", "preview", "inspect", "check", "status",
	)
)

// dateSuffixes are checked against the lowercased full parameter name.
func dateSuffixes() []string { return []string{"_at", "_date", "_time", "_on"} }

// IsStopword reports whether w (lowercase) is one of the 114 stopwords.
func IsStopword(w string) bool { return has(stopwords, w) }

// IsBareVerb reports whether w is one of the 51 verbs that name an action
// without naming what it acts on.
func IsBareVerb(w string) bool { return has(bareVerbs, w) }

// IsEmptyNoun reports whether w is one of the 68 nouns that name nothing in particular.
func IsEmptyNoun(w string) bool { return has(emptyNouns, w) }

// IsFiller reports whether w is a filler token (all, the, a, an, my, our, v, v1, v2).
func IsFiller(w string) bool { return has(fillers, w) }

// IsGeneric reports whether w is a bare verb, an empty noun or a filler.
func IsGeneric(w string) bool { return IsBareVerb(w) || IsEmptyNoun(w) || IsFiller(w) }

// IsEnumLikeName reports whether a raw name token usually denotes a closed set of values.
func IsEnumLikeName(w string) bool { return has(enumLikeNames, w) }

// IsDateLikeName reports whether a raw name token implies a date or timestamp.
func IsDateLikeName(w string) bool { return has(dateLikeNames, w) }

// IsEmailLikeName reports whether a raw name token implies an email address.
func IsEmailLikeName(w string) bool { return has(emailLikeNames, w) }

// IsURLLikeName reports whether a raw name token implies a URL.
func IsURLLikeName(w string) bool { return has(urlLikeNames, w) }

// IsDestructiveVerb reports whether a raw name token marks a destructive tool.
func IsDestructiveVerb(w string) bool { return has(destructiveVerbs, w) }

// IsReadVerb reports whether a raw name token marks a read.
func IsReadVerb(w string) bool { return has(readVerbs, w) }

// HasDateSuffix reports whether the lowercased name ends in _at, _date, _time or _on.
func HasDateSuffix(name string) bool {
	lower := compat.PyLower(name)
	for _, s := range dateSuffixes() {
		if len(lower) >= len(s) && lower[len(lower)-len(s):] == s {
			return true
		}
	}
	return false
}

// Stopwords returns the stopword list, sorted (a fresh slice).
func Stopwords() []string { return listOf(stopwords) }

// BareVerbs returns the bare-verb list, sorted (a fresh slice).
func BareVerbs() []string { return listOf(bareVerbs) }

// EmptyNouns returns the empty-noun list, sorted (a fresh slice).
func EmptyNouns() []string { return listOf(emptyNouns) }

// Fillers returns the filler-token list, sorted (a fresh slice).
func Fillers() []string { return listOf(fillers) }

// EnumLikeNames returns the enum-like parameter-name tokens, sorted.
func EnumLikeNames() []string { return listOf(enumLikeNames) }

// DateLikeNames returns the date-like parameter-name tokens, sorted.
func DateLikeNames() []string { return listOf(dateLikeNames) }

// DateSuffixes returns the date suffixes (_at, _date, _time, _on).
func DateSuffixes() []string { return dateSuffixes() }

// EmailLikeNames returns the email-like parameter-name tokens, sorted.
func EmailLikeNames() []string { return listOf(emailLikeNames) }

// URLLikeNames returns the URL-like parameter-name tokens, sorted.
func URLLikeNames() []string { return listOf(urlLikeNames) }

// DestructiveVerbs returns the destructive verbs, sorted.
func DestructiveVerbs() []string { return listOf(destructiveVerbs) }

// ReadVerbs returns the read verbs, sorted.
func ReadVerbs() []string { return listOf(readVerbs) }
