package qualitygate

import (
	"strings"
	"testing"
)

func TestClientView(t *testing.T) {
	t.Parallel()
	good := `{"name":"ok","description":"Fine tool here.","inputSchema":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},"annotations":{"readOnlyHint":true}}`
	cases := []struct {
		name, bad, want string
	}{
		{"all valid", "", ""},
		{"no inputSchema", `{"name":"x"}`, "inputSchema is missing"},
		{"type not object", `{"name":"x","inputSchema":{"type":"array"}}`, `type is not "object"`},
		{"type missing", `{"name":"x","inputSchema":{"properties":{}}}`, `type is not "object"`},
		{"required not strings", `{"name":"x","inputSchema":{"type":"object","required":[1]}}`, "non-string"},
		{"properties array", `{"name":"x","inputSchema":{"type":"object","properties":[]}}`, "properties is not an object"},
		{"bad outputSchema", `{"name":"x","inputSchema":{"type":"object"},"outputSchema":{"type":"string"}}`, "outputSchema"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			raws := []string{good}
			if tc.bad != "" {
				raws = append(raws, tc.bad)
			}
			ts := tools(t, raws...)
			got, err := ClientView(ts)
			if tc.want == "" {
				if err != nil || len(got) != len(ts) {
					t.Fatalf("ClientView = %d tools, %v; want all tools", len(got), err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || got != nil {
				t.Fatalf("ClientView = %v, %v; want nil and an error mentioning %q", got, err, tc.want)
			}
			// What quality-gate then reports: an empty, perfect server.
			q := AnalyzeQuality(got)
			if len(q.Findings) != 0 || q.ParamDescriptionCoverage != 1 {
				t.Errorf("analyzing the empty view gave %+v", q)
			}
		})
	}
}
