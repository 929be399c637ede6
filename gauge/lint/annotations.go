package lint

// annotationRules returns this family's rules. (Filled in by the family's owner.)
func annotationRules() []Rule { return nil }
