package local

import (
	"github.com/mcpgauge/mcpgauge/gauge/lint"
	"github.com/mcpgauge/mcpgauge/internal/docgen"
)

// RulesOptions configure Rules.
type RulesOptions struct {
	// WriteDocs is --write-docs: write the rule and test doc pages under
	// this directory instead of listing the catalogue.
	WriteDocs string
}

// Validate accepts every RulesOptions: --write-docs may name any directory.
func (o RulesOptions) Validate() error { return nil }

// RulesResult is the rule catalogue, or the number of doc pages written.
type RulesResult struct {
	Catalogue []lint.Rule
	Pages     int
}

// Rules returns the rule catalogue, or writes its doc pages under
// WriteDocs.
func Rules(o RulesOptions) (*RulesResult, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	if o.WriteDocs != "" {
		if err := docgen.Write(o.WriteDocs); err != nil {
			return nil, err
		}
		return &RulesResult{Pages: len(docgen.Pages())}, nil
	}
	return &RulesResult{Catalogue: lint.Catalogue()}, nil
}
