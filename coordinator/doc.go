// Package coordinator plans a sweep from the registries' entries, publishes
// one scan job per planned server on NATS JetStream, and ingests the
// workers' results into the store: each result is acked only once it (and
// its signed receipt, when a signing key is set) is stored. It also keeps
// the sweep's ecosystem figures and metrics; package system runs it as a
// process.
package coordinator
