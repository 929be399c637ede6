package precision

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// FirstJudgement is one independent audit's first judgement: the findings
// at warning or error of the rules frozen for it, judged once before any
// rule was changed because of its servers. Later rounds use an audit as
// design material and its page's figures move; this record does not.
type FirstJudgement struct {
	// Audit is the audit's directory name under testdata/audit.
	Audit string `json:"audit"`
	// PageCommit is the commit whose audit page first rendered the figures.
	PageCommit string `json:"page_commit"`
	// Rules holds, per rule ID, the findings judged and how many were right.
	Rules map[string]RuleMeasure `json:"rules"`
}

type firstJudgements struct {
	Audits []FirstJudgement `json:"audits"`
}

//go:embed unseen.json
var unseenJSON []byte

// FirstJudgements returns the first judgements of the independent audits,
// in the order they were judged.
func FirstJudgements() ([]FirstJudgement, error) {
	var f firstJudgements
	if err := json.Unmarshal(unseenJSON, &f); err != nil {
		return nil, fmt.Errorf("precision: unseen.json: %w", err)
	}
	return f.Audits, nil
}
