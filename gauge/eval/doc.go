// Package eval measures tool selection: it puts each case prompt of a
// committed suite to a model together with the server's real tool
// definitions, records the first tool the model calls (or that it called
// nothing), checks the arguments, and scores the run the way mcp-toolgauge
// does (selection over positive and sibling cases, abstention apart,
// argument validity, per-tool hit rates worst first, a confusion matrix and
// the "X captures P% of the prompts meant for Y" sentences).
//
// Every model answer goes through a Cache keyed exactly as mcp-toolgauge
// keys it, so a toolgauge cache replays here and a second run of an
// unchanged suite makes no model call. Backends (OpenAI-compatible and
// Anthropic) live in gauge/eval/backend; BM25 findability in gauge/eval/bm25.
package eval
