// Package schemacheck compiles and applies the JSON Schemas a server
// sends (tool input and output schemas) under one policy, the one the MCP
// 2025-11-25 spec asks for: draft 2020-12 unless $schema names another
// draft, ECMA-262 regular expressions with a match timeout, and nothing
// loaded from outside the document: no URL is fetched and no file is read,
// because the schema comes from the server being scanned.
package schemacheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/dlclark/regexp2/v2"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// schemaURL is the made-up location a schema is compiled under. Nothing is
// ever fetched from it.
const schemaURL = "https://mcpgauge.invalid/schema.json"

// regexTimeout bounds one pattern match, so a hostile pattern cannot stall a
// validation (ECMAScript regexes backtrack).
const regexTimeout = 200 * time.Millisecond

// Compile compiles one JSON Schema document (raw JSON) the way the MCP
// 2025-11-25 spec asks: draft 2020-12 unless the document's $schema names
// another draft, ECMA-262 regular expressions, and no references outside
// the document (such a $ref is an error, never a fetch or a file read).
// assertFormat turns "format" into an assertion (used for generated
// arguments); by default formats only annotate, as draft 2020-12 says.
func Compile(raw json.RawMessage, assertFormat bool) (*jsonschema.Schema, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, errors.New("schema is empty")
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("schema is not JSON: %w", err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(noRemoteLoader{})
	c.UseRegexpEngine(Regexp)
	if assertFormat {
		c.AssertFormat()
	}
	if err := c.AddResource(schemaURL, doc); err != nil {
		return nil, fmt.Errorf("add schema: %w", err)
	}
	sch, err := c.Compile(schemaURL)
	if err != nil {
		return nil, errors.New(cleanSchemaError(err))
	}
	return sch, nil
}

// Validate validates a JSON value (raw JSON) against a compiled schema.
func Validate(sch *jsonschema.Schema, raw json.RawMessage) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return fmt.Errorf("value is not JSON: %w", err)
	}
	if err := sch.Validate(v); err != nil {
		return errors.New(cleanSchemaError(err))
	}
	return nil
}

// cleanSchemaError removes the made-up schema URL from error texts and
// flattens them to one line.
func cleanSchemaError(err error) string {
	s := err.Error()
	s = strings.ReplaceAll(s, schemaURL, "")
	s = strings.Join(strings.Fields(s), " ")
	return s
}

type noRemoteLoader struct{}

func (noRemoteLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("remote reference %q is not fetched (schemas must be self-contained)", url)
}

// Regexp compiles a JSON Schema pattern as an ECMA-262 regular expression
// (the dialect JSON Schema prescribes), falling back to Go's RE2 syntax.
func Regexp(s string) (jsonschema.Regexp, error) {
	re, err := regexp2.Compile(s, regexp2.ECMAScript)
	if err == nil {
		re.MatchTimeout = regexTimeout
		return ecmaRe{re}, nil
	}
	if gre, gerr := regexp.Compile(s); gerr == nil {
		return gre, nil
	}
	return nil, fmt.Errorf("invalid regular expression %q: %w", s, err)
}

type ecmaRe struct{ re *regexp2.Regexp }

func (r ecmaRe) String() string { return r.re.String() }

// MatchString reports a match; a match that times out counts as no match.
func (r ecmaRe) MatchString(s string) bool {
	ok, err := r.re.MatchString(s)
	return err == nil && ok
}
