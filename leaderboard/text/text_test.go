package text_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/leaderboard/text"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

func TestWrite(t *testing.T) {
	t.Parallel()
	comp, sel := 95.9, 80.0
	full := &schema.Scores{MCPGauge: 90, Compliance: &comp, Design: 75.5, Security: 100, Efficiency: 88.4, Selection: &sel}
	noCheck := &schema.Scores{MCPGauge: 71, Design: 70.2, Security: 64.6, Efficiency: 99}
	cases := []struct {
		name string
		lb   store.Leaderboard
		want []string // regexps over the output
		not  []string
	}{
		{"overall", store.Leaderboard{By: schema.PartMCPGauge, Total: 2, Ranked: []store.Scan{
			{Rank: 1, Name: "a", Version: "1", Value: 90, Scores: full},
			{Rank: 2, Name: "b\x1b[31m", Version: "2", Value: 71, Scores: noCheck},
		}}, []string{
			`(?m)^RANK\s+SERVER\s+VERSION\s+MCPGAUGE\*\s+COMPL\s+DESIGN`,
			`(?m)^1\s+a\s+1\s+90\s+96\s+76\s+100\s+88\s+80\s`,
			`(?m)^2\s+b\S*\s+2\s+71\s+-\s+70\s+65\s+99\s+-\s`,
			`- = not measured`,
		}, []string{`\.\d`, "\x1b"}},
		{"by a part keeps the overall", store.Leaderboard{By: schema.PartSecurity, Total: 1, Ranked: []store.Scan{
			{Rank: 1, Name: "a", Version: "1", Value: 100, Scores: full},
		}}, []string{
			`(?m)^RANK\s+SERVER\s+VERSION\s+MCPGAUGE\s+COMPL\s+DESIGN\s+SECUR\*`,
			`(?m)^1\s+a\s+1\s+90\s+96\s+76\s+100\s`,
			`ranked by security`,
		}, []string{`not measured \(`}},
		{"by toolgauge adds its column", store.Leaderboard{By: schema.PartToolgauge, Total: 1, Ranked: []store.Scan{
			{Rank: 1, Name: "a", Version: "1", Value: 43, Scores: full},
		}}, []string{`(?m)^RANK\s+SERVER\s+VERSION\s+TOOLGAUGE\s+MCPGAUGE\s`, `(?m)^1\s+a\s+1\s+43\s+90\s`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var b bytes.Buffer
			if err := text.Write(&b, c.lb); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			for _, re := range c.want {
				if !regexp.MustCompile(re).MatchString(out) {
					t.Errorf("output does not match %s:\n%s", re, out)
				}
			}
			for _, re := range c.not {
				if regexp.MustCompile(re).MatchString(strings.Split(out, "* ranked")[0]) {
					t.Errorf("output matches %q:\n%s", re, out)
				}
			}
		})
	}
}
