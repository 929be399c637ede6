package lint

import (
	"strings"
	"testing"
)

// TestSecAffirmative checks that negated and excluded spans leave the
// text a reach is read from, up to the end of their clause, and nothing
// else does.
func TestSecAffirmative(t *testing.T) {
	cases := []struct {
		desc  string
		keeps []string
		drops []string
	}{
		{"executes a gcloud command.\n- do not use this tool to execute ssh commands -- it will fail.", []string{"gcloud command", "it will fail"}, []string{"ssh"}},
		{"runs a command on a remote host over ssh; never locally.", []string{"remote host over ssh"}, []string{"locally"}},
		{"runs the command locally, instead of over ssh. returns stdout.", []string{"locally", "returns stdout"}, []string{"ssh"}},
		{"it refuses ssh (use the shell tool).", []string{"use the shell tool"}, []string{"ssh"}},
		{"not for remote hosts: runs a bash command", []string{"runs a bash command"}, []string{"remote"}},
		{"runs a shell command", []string{"runs a shell command"}, nil},
	}
	for _, c := range cases {
		got := secAffirmative(c.desc)
		for _, k := range c.keeps {
			if !strings.Contains(got, k) {
				t.Errorf("secAffirmative(%q) = %q, lost %q", c.desc, got, k)
			}
		}
		for _, d := range c.drops {
			if strings.Contains(got, d) {
				t.Errorf("secAffirmative(%q) = %q, kept %q", c.desc, got, d)
			}
		}
	}
}

// TestSecLangCode checks which parameter descriptions say their value is
// code in a language, and whether the server evaluates that language.
func TestSecLangCode(t *testing.T) {
	const langs = " wobble gdscript "
	cases := []struct {
		desc       string
		lang, noun string
		served     bool
	}{
		{"wobble code for the next bar", "wobble", "code", true},
		{"map of track name to new wobble code", "wobble", "code", true},
		{"array of wobble code strings, one per stage", "wobble", "code", true},
		{"optional effect probe: gdscript expressions evaluated once", "gdscript", "expressions", true},
		{"a lua boolean expression, re-evaluated every frame", "lua", "expression", false},
		{"new name, shown next to the wobble code", "", "", false},
		{"notes on the wobble code", "", "", false},
		{"a regular expression evaluated against each line", "", "", false},
		{"math expression evaluated by the calculator", "", "", false},
		{"the description of the script", "", "", false},
	}
	for _, c := range cases {
		lang, noun, served := secLangCode(c.desc, langs)
		if lang != c.lang || noun != c.noun || served != c.served {
			t.Errorf("secLangCode(%q) = %q, %q, %v; want %q, %q, %v", c.desc, lang, noun, served, c.lang, c.noun, c.served)
		}
	}
}

// TestSecEvaluatedLangs checks the languages read from a server's own
// claims that it evaluates, executes or runs code.
func TestSecEvaluatedLangs(t *testing.T) {
	cases := []struct {
		descs []string
		want  string
	}{
		{[]string{"evaluate raw wobble/tidal code directly."}, " wobble tidal "},
		{[]string{"execute gdscript inside the running game process."}, " gdscript "},
		{[]string{"runs the test code of the project.", "executes a sql query.", "evaluate math expressions."}, ""},
		{[]string{"run custom code in a sandbox.", "executes shell scripts."}, ""},
		{[]string{"runs the tests."}, ""},
	}
	for _, c := range cases {
		facts := make([]secTool, len(c.descs))
		for i, d := range c.descs {
			facts[i] = secTool{desc: d, affirmative: secAffirmative(d)}
		}
		if got := secEvaluatedLangs(facts); got != c.want {
			t.Errorf("secEvaluatedLangs(%q) = %q, want %q", c.descs, got, c.want)
		}
	}
}

// TestSecSelectorTalk checks the parameter-description readers of
// revision 33: which descriptions say their code is analysed and not run,
// and which list their values as a closed set.
func TestSecSelectorTalk(t *testing.T) {
	cases := []struct {
		name string
		read func(string) bool
		desc string
		want bool
	}{
		{"secAnalysedOnly", secAnalysedOnly, "js to validate (used by: validate_rule)", true},
		{"secAnalysedOnly", secAnalysedOnly, "the go code content to analyze", true},
		{"secAnalysedOnly", secAnalysedOnly, "sql to explain in plain english", true},
		{"secAnalysedOnly", secAnalysedOnly, "javascript to check, then run in the page", false},
		{"secAnalysedOnly", secAnalysedOnly, "branch to checkout before running the script", false},
		{"secAnalysedOnly", secAnalysedOnly, "javascript code to execute", false},
		{"secAnalysedOnly", secAnalysedOnly, "the rule body", false},
		{"secClosedSetTalk", secClosedSetTalk.MatchString, "one of 'cache:clear', 'cache:purge', 'user:create', 'update' (see the console cli).", true},
		{"secClosedSetTalk", secClosedSetTalk.MatchString, "the operation to perform. valid values: list, show, create, delete", true},
		{"secClosedSetTalk", secClosedSetTalk.MatchString, "must be one of `start`, `stop` or `restart`", true},
		{"secClosedSetTalk", secClosedSetTalk.MatchString, "the admin command to run, e.g. cache:clear, cache:purge or user:create.", false},
		{"secClosedSetTalk", secClosedSetTalk.MatchString, "command to run. one of many shell commands the host accepts", false},
		{"secClosedSetTalk", secClosedSetTalk.MatchString, "shell command to execute", false},
	}
	for _, c := range cases {
		if got := c.read(c.desc); got != c.want {
			t.Errorf("%s(%q) = %v, want %v", c.name, c.desc, got, c.want)
		}
	}
}
