// Package sariftest is test support: the OASIS SARIF 2.1.0 schema (kept in
// gauge/report/testdata, as published in oasis-tcs/sarif-spec), compiled
// with a real JSON Schema validator.
package sariftest

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

// Schema compiles the SARIF 2.1.0 schema.
func Schema(tb testing.TB) *jsonschema.Schema {
	tb.Helper()
	f, err := os.Open(filepath.Join(shareddata.RepoRoot(tb), "gauge", "report", "testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		tb.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif.json", doc); err != nil {
		tb.Fatal(err)
	}
	s, err := c.Compile("sarif.json")
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// Validate fails tb unless out is a SARIF 2.1.0 log the schema accepts.
func Validate(tb testing.TB, s *jsonschema.Schema, out []byte) {
	tb.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
	if err != nil {
		tb.Fatal(err)
	}
	if err := s.Validate(inst); err != nil {
		tb.Fatalf("SARIF does not validate against the SARIF 2.1.0 schema: %v", err)
	}
}
