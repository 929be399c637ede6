package docgen

// testPages returns the compliance test pages (wired once gauge/compliance lands).
func testPages() []Page { return nil }
