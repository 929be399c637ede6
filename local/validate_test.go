package local

import (
	"testing"
	"time"
)

// TestValidate: each bad option is a usage error naming the flag typed.
func TestValidate(t *testing.T) {
	t.Parallel()
	tgt := Target{Arg: "server.js"}
	cases := []struct {
		name string
		v    interface{ Validate() error }
		flag string // "" = valid
	}{
		{"inspect", InspectOptions{Target: tgt}, ""},
		{"inspect no target", InspectOptions{}, "--tools-json"},
		{"inspect bad env", InspectOptions{Target: Target{Arg: "x", Env: []string{"A"}}}, "--env"},
		{"lint", LintOptions{Target: tgt, SARIF: true}, ""},
		{"lint json and sarif", LintOptions{Target: tgt, JSON: true, SARIF: true}, "--sarif"},
		{"lint bad header", LintOptions{Target: Target{Arg: "https://h", Headers: []string{"K"}}}, "--header"},
		{"check", CheckOptions{Target: tgt, FailOn: "high"}, ""},
		{"check fail-on", CheckOptions{Target: tgt, FailOn: "severe"}, "--fail-on"},
		{"check tools-json", CheckOptions{Target: Target{ToolsJSON: "t.json"}, FailOn: "high"}, "--tools-json"},
		{"verify", VerifyOptions{Receipt: "r.json", Key: "k.pem", Artifact: "pkg@1.0.0"}, ""},
		{"verify no key", VerifyOptions{Receipt: "r.json"}, "--key"},
		{"verify artifact", VerifyOptions{Receipt: "r.json", Key: "k.pem", Artifact: "@"}, "--artifact"},
		{"verify no receipt", VerifyOptions{Key: "k.pem"}, "RECEIPT"},
		{"rules", RulesOptions{WriteDocs: "docs"}, ""},
		{"scan", ScanOptions{Target: tgt}, ""},
		{"scan entry", ScanOptions{Entry: "server.json"}, ""},
		{"scan no target", ScanOptions{}, "--tools-json"},
		{"scan entry and target", ScanOptions{Target: tgt, Entry: "e.json"}, "--entry"},
		{"scan entry and command", ScanOptions{Target: Target{Command: "node s.js", CommandGiven: true}, Entry: "e.json"}, "--command"},
		{"scan entry and registry", ScanOptions{Entry: "e.json", Registry: "official", Name: "x"}, "--registry"},
		{"scan registry without name", ScanOptions{Registry: "official"}, "--name"},
		{"scan entry-version without registry", ScanOptions{Entry: "e.json", EntryVersion: "1.0"}, "--entry-version"},
		{"scan tools-json in bwrap", ScanOptions{Target: Target{ToolsJSON: "t.json"}, Sandbox: "bwrap"}, "--tools-json"},
		{"scan key without receipt", ScanOptions{Target: tgt, SigningKey: "k.pem", ReceiptTTL: time.Hour}, "--receipt"},
		{"scan receipt without key", ScanOptions{Target: tgt, Receipt: "r.json", ReceiptTTL: time.Hour}, "--signing-key"},
		{"scan receipt ttl", ScanOptions{Target: tgt, SigningKey: "k.pem", Receipt: "r.json"}, "--receipt-ttl"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			err := c.v.Validate()
			if c.flag == "" {
				if err != nil {
					t.Fatalf("Validate: %v", err)
				}
				return
			}
			checkUsage(t, err, c.flag)
		})
	}
}
