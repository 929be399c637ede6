package lint

// qualityGateRules returns this family's rules. (Filled in by the family's owner.)
func qualityGateRules() []Rule { return nil }
