package lint

import (
	"fmt"
	"testing"
)

// TestRunIsDeterministic lints the same server many times and requires the
// same findings with the same messages every time. A schema's properties
// are a Go map, so a rule that names the first matching key of a range over
// it reports a different key from run to run (SEC017 once named
// `groups[].readOnly` on one run and `groups[].manage` on the next): the
// scan's output, its stored rows and its signature would then change with
// nothing in the server changed.
func TestRunIsDeterministic(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		tools []string
	}{
		{"access levels of a principal array", []string{
			`{"name":"update_org_collection","description":"Update a collection of the organization.","inputSchema":{"type":"object","properties":{"collectionId":{"type":"string","description":"Collection ID"},"groups":{"type":"array","description":"Groups that reach the collection","items":{"type":"object","properties":{"id":{"type":"string"},"readOnly":{"type":"boolean"},"hidePasswords":{"type":"boolean"},"manage":{"type":"boolean"},"accessLevel":{"type":"string"},"canEdit":{"type":"boolean"},"role":{"type":"string"}}}}},"required":["collectionId"]}}`,
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			snap := toolsSnapshot(t, c.tools...)
			render := func() string {
				fs, err := RunChecked(snap, Config{Profile: ProfileMcpgauge})
				if err != nil {
					t.Fatal(err)
				}
				out := ""
				for _, f := range fs {
					out += fmt.Sprintf("%s|%s|%s|%s\n", f.Rule, f.Tool, f.Parameter, f.Message)
				}
				return out
			}
			first := render()
			if first == "" {
				t.Fatal("no findings: the case no longer exercises a rule")
			}
			for i := 0; i < 50; i++ {
				if got := render(); got != first {
					t.Fatalf("run %d differs:\n%s\nfirst:\n%s", i, got, first)
				}
			}
		})
	}
}
