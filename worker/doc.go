// Package worker runs one registry entry the way a sweep worker does:
// install its package into a shared cache (npm, PyPI, OCI installers),
// start it inside a sandbox (bubblewrap; "none" only for trusted local use),
// scan it with the same gauge as `mcpgauge scan`, and return a result
// document with a status, a reason and per-phase timings. ScanEntry is the
// entry point the NATS work loop calls; it never panics and every failure
// becomes a status.
package worker
