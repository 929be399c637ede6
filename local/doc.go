// Package local holds the one-server commands, each one function taking an
// options struct: Scan, Check, Lint, Inspect, Verify, Rules, Eval, EvalInit
// and CI (with ReplaySuite, the offline replay scan and ci share), and the
// target every one of them reads (Target, OpenSnapshot).
//
// Each options struct has a Validate method whose errors are usage errors
// (internal/errkind) naming the flag the user typed. The functions return
// their results as data (the report, the receipt bytes, the badge, the
// comment, SARIF); the caller writes files and standard output, and renders
// text with gauge/report and gauge/ci. A function whose gate was missed returns its
// result together with an errkind threshold error, so the caller still
// prints what was measured.
package local
