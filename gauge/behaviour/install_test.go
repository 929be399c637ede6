package behaviour

import (
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/schema"
)

// TestInstallPhase: the rules judge an install phase as they judge a
// start-up, with the install named in the entity and the message, and a
// quiet install adds nothing.
func TestInstallPhase(t *testing.T) {
	t.Parallel()
	dropper := &schema.Behaviour{Schema: schema.BehaviourVersion,
		Processes: []schema.ProcessRun{{Path: "/home/sam/.cache/bp-helper", Count: 1, Written: true}}}
	cases := []struct {
		name string
		b    *schema.Behaviour
		want []string // rule entity
	}{
		{"start-up only", &schema.Behaviour{Schema: schema.BehaviourVersion, Processes: dropper.Processes}, []string{"BHV003 program:/home/sam/.cache/bp-helper"}},
		{"install only", &schema.Behaviour{Schema: schema.BehaviourVersion, Install: dropper}, []string{"BHV003 install:program:/home/sam/.cache/bp-helper"}},
		{"quiet install", &schema.Behaviour{Schema: schema.BehaviourVersion, Install: &schema.Behaviour{}}, nil},
		{"install writes", &schema.Behaviour{Schema: schema.BehaviourVersion, Install: &schema.Behaviour{Files: []schema.FileWrite{{Path: "/home/sam/.x"}}}}, []string{"BHV004 install"}},
	}
	for _, c := range cases {
		var got []string
		for _, f := range Check(c.b, nil) {
			got = append(got, f.Rule+" "+f.Entity)
			if strings.HasPrefix(f.Entity, "install") != strings.HasPrefix(f.Message, "At install") {
				t.Errorf("%s: %+v: the message does not name the phase of the entity", c.name, f)
			}
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
