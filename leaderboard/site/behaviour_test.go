package site_test

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store/storetest"
)

// TestServerPageBehaviour: the server page says what the latest scan saw
// the server do at start-up, escaped, and names the hosts it contacted
// that the previous version did not; the install's phase (a build
// backend's) beside it, or why there is none.
func TestServerPageBehaviour(t *testing.T) {
	t.Parallel()
	const name = "io.github.acme/chatty"
	v1 := storetest.Result(storetest.Spec{SweepID: "s1", Name: name, Version: "1.0.0", FinishedAt: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)})
	v1.Behaviour = &schema.Behaviour{Schema: schema.BehaviourVersion,
		Lookups: []schema.Lookup{{Name: "api.acme.example", Types: []string{"A"}, Count: 1}}}
	v2 := storetest.Result(storetest.Spec{SweepID: "s2", Name: name, Version: "1.1.0", FinishedAt: time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)})
	v2.Behaviour = &schema.Behaviour{Schema: schema.BehaviourVersion,
		Lookups: []schema.Lookup{{Name: "api.acme.example", Types: []string{"A"}, Count: 1},
			{Name: "<script>alert(1)</script>.evil.example", Types: []string{"A"}, Count: 1}},
		Connections: []schema.Connection{{Protocol: "tcp", Address: "192.0.2.10", Port: 443, SNI: "update.evil.example", Count: 1}},
		Files:       []schema.FileWrite{{Path: "/home/sam/<img src=x onerror=alert(1)>", Size: 3}},
		Processes:   []schema.ProcessRun{{Path: "/home/sam/.cache/dropper", Argv0: "dropper", Count: 1, Written: true}},
		Install: &schema.Behaviour{Schema: schema.BehaviourVersion,
			Lookups:   []schema.Lookup{{Name: "build.evil.example", Count: 1}},
			Processes: []schema.ProcessRun{{Path: "/home/sam/.cache/bp-<b>helper", Count: 1, Written: true}}},
	}
	quiet := storetest.Result(storetest.Spec{SweepID: "s1", Name: "io.github.acme/unwatched", Version: "1.0.0"})
	npmPkg := storetest.Result(storetest.Spec{SweepID: "s1", Name: "io.github.acme/npm-package", Version: "1.0.0"})
	npmPkg.Behaviour = &schema.Behaviour{Schema: schema.BehaviourVersion, InstallNote: "npm installs run with lifecycle scripts off"}
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			h := serveResults(t, b, v1, v2, quiet, npmPkg)
			cases := []struct {
				path          string
				want, notWant []string
			}{
				{leaderboard.ServerPath(name), []string{
					"At start-up this server", "looked up <code>api.acme.example</code>",
					"&lt;script&gt;alert(1)&lt;/script&gt;.evil.example",
					"connected to <code>tcp 192.0.2.10:443 (TLS for update.evil.example)</code>",
					"wrote <code>/home/sam/&lt;img src=x onerror=alert(1)&gt; (3 bytes)</code>",
					`id="written-exec"`, "/home/sam/.cache/dropper",
					`id="new-hosts"`, "since version 1.0.0", "<code>update.evil.example</code>",
					`id="install-behaviour"`, "looked up <code>build.evil.example</code>",
					`id="install-written-exec"`, "/home/sam/.cache/bp-&lt;b&gt;helper",
				}, []string{`id="install-note"`}},
				{leaderboard.ServerPath("io.github.acme/npm-package"), []string{`id="install-note"`, "npm installs run with lifecycle scripts off"},
					[]string{`id="install-behaviour"`}},
				{leaderboard.ServerPath("io.github.acme/unwatched"), []string{"This scan did not watch the server"}, []string{`id="behaviour"`, `id="new-hosts"`}},
			}
			for _, c := range cases {
				rec := get(h, c.path)
				body := rec.Body.String()
				if rec.Code != 200 {
					t.Fatalf("GET %s: %d", c.path, rec.Code)
				}
				for _, s := range c.want {
					if !strings.Contains(body, s) {
						t.Errorf("GET %s: body lacks %q", c.path, s)
					}
				}
				for _, s := range c.notWant {
					if strings.Contains(body, s) {
						t.Errorf("GET %s: body has %q", c.path, s)
					}
				}
				if m := unescaped.FindString(body); m != "" {
					t.Errorf("GET %s: unescaped markup %q", c.path, m)
				}
				if c.path == leaderboard.ServerPath(name) && strings.Count(body, "api.acme.example") != 1 {
					t.Errorf("GET %s: api.acme.example, contacted by both versions, is shown as new", c.path)
				}
			}
		})
	}
}
