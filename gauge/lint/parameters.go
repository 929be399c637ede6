package lint

// parameterRules returns this family's rules. (Filled in by the family's owner.)
func parameterRules() []Rule { return nil }
