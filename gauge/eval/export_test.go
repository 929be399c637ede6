package eval

// DraftPrompts exposes draftPrompts to tests.
var DraftPrompts = draftPrompts
