package report

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// Project coordinates used in SARIF and badges.
const (
	InformationURI = "https://github.com/mcpgauge/mcpgauge"
	docsBase       = InformationURI + "/blob/main/docs/rules/"
	// FingerprintKey is toolgauge's fingerprint name, kept so code-scanning
	// alerts carry over from mcp-toolgauge.
	FingerprintKey = "mcpToolgaugeFinding/v1"
)

// Fingerprint is toolgauge's recipe: the first 16 hex characters of sha256
// of the JSON array [rule, tool or "", parameter or ""] with Python's
// default separators. Non-tool findings use their entity in the tool slot.
func Fingerprint(f lint.Finding) string {
	subject := f.Tool
	if subject == "" {
		subject = f.Entity
	}
	arr := []any{f.Rule, subject, f.Parameter}
	sum := sha256.Sum256(model.MustCanonical(arr, model.PyDefault))
	return hex.EncodeToString(sum[:])[:16]
}

// pascal turns a kebab-case name into PascalCase.
func pascal(kebab string) string {
	var b strings.Builder
	for _, part := range strings.Split(kebab, "-") {
		if part == "" {
			continue
		}
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

func sarifLevel(s lint.Severity) string {
	switch s {
	case lint.Error:
		return "error"
	case lint.Warning:
		return "warning"
	case lint.Info:
		return "note"
	}
	return "none"
}

// RuleDocURL is where a rule's doc page lives.
func RuleDocURL(id string) string { return docsBase + id + ".md" }

// SARIF renders findings as a SARIF 2.1.0 log with the whole catalogue in
// tool.driver.rules, canonically encoded (sorted keys, indent 2). Each
// result keeps its logical location (tool, parameter, resource) and gets
// the physical location loc finds for its subject: the file and line that
// declare the tool, else loc's fallback file, as GitHub code scanning
// requires one.
func SARIF(fs []lint.Finding, catalogue []lint.Rule, version string, loc *Locator) []byte {
	rules := make([]any, len(catalogue))
	for i, r := range catalogue {
		help := RuleDocURL(r.ID)
		rules[i] = map[string]any{
			"id":                   r.ID,
			"name":                 pascal(r.Name),
			"shortDescription":     map[string]any{"text": r.Summary},
			"help":                 map[string]any{"text": r.Summary + " See " + help + " for why this matters."},
			"helpUri":              help,
			"defaultConfiguration": map[string]any{"level": sarifLevel(r.Default)},
			"properties":           map[string]any{"family": r.Family, "origin": r.Origin},
		}
	}
	results := make([]any, len(fs))
	for i, f := range fs {
		name, fqn, kind := "server", "server", "function"
		switch {
		case f.Parameter != "":
			name, kind = f.Parameter, "parameter"
			owner := f.Tool
			if owner == "" {
				owner = f.Entity
			}
			fqn = owner + "." + f.Parameter
		case f.Tool != "":
			name, fqn = f.Tool, f.Tool
		case f.Entity != "":
			name, fqn = f.Entity, f.Entity
			kind = "resource"
			if strings.HasPrefix(f.Entity, "prompt:") || f.Entity == "instructions" {
				kind = "member"
			}
		}
		location := map[string]any{
			"logicalLocations": []any{map[string]any{"name": name, "fullyQualifiedName": fqn, "kind": kind}},
		}
		if pl := physical(loc, f); pl != nil {
			location["physicalLocation"] = pl
		}
		results[i] = map[string]any{
			"ruleId":              f.Rule,
			"level":               sarifLevel(f.Severity),
			"message":             map[string]any{"text": f.Message + "\n\n" + f.Suggestion},
			"locations":           []any{location},
			"partialFingerprints": map[string]any{FingerprintKey: Fingerprint(f)},
		}
	}
	doc := map[string]any{
		"$schema": "https://json.schemastore.org/sarif-2.1.0.json",
		"version": "2.1.0",
		"runs": []any{map[string]any{
			"tool": map[string]any{"driver": map[string]any{
				"name":           "mcpgauge",
				"version":        version,
				"informationUri": InformationURI,
				"rules":          rules,
			}},
			"results": results,
		}},
	}
	return append(model.MustCanonical(doc, model.Indent2), '\n')
}

// physical is a SARIF physicalLocation for f's subject (nil when loc knows
// no file at all). Relative paths resolve against %SRCROOT%, the checkout.
func physical(loc *Locator, f lint.Finding) map[string]any {
	subject := f.Tool
	if subject == "" {
		subject = f.Entity
		for _, kind := range []string{"prompt:", "resource:", "template:"} {
			subject = strings.TrimPrefix(subject, kind)
		}
	}
	at := loc.Locate(subject)
	if at.URI == "" {
		return nil
	}
	art := map[string]any{"uri": at.URI}
	if !strings.Contains(at.URI, "://") {
		art["uriBaseId"] = "%SRCROOT%"
	}
	return map[string]any{"artifactLocation": art, "region": map[string]any{"startLine": at.Line}}
}
