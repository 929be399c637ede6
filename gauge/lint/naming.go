package lint

// namingRules returns this family's rules. (Filled in by the family's owner.)
func namingRules() []Rule { return nil }
