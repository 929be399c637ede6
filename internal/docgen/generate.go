package docgen

// `go generate ./...` regenerates everything generated in the repository,
// in order: first the precision measurement (internal/precision/measured.json
// and docs/precision.md, from testdata/precision and its labels), then the
// rule and compliance pages (docs/rules, docs/compliance), which print each
// rule's measured precision. TestDocsAreFresh and TestPrecision fail when a
// generated file is stale. These are the only go:generate directives.

//go:generate go test -count=1 -run ^TestPrecision$ ../precision -update
//go:generate go run ../../cmd/mcpgauge rules --write-docs ../../docs
