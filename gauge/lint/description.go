package lint

// descriptionRules returns this family's rules. (Filled in by the family's owner.)
func descriptionRules() []Rule { return nil }
