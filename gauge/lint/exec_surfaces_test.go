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
