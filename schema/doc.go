// Package schema holds mcpgauge's contracts and nothing else: the Job and Result
// messages that travel over NATS (with a schema version), the NATS stream,
// consumer, subject and key-value bucket names and settings, and the store DDL as
// embedded, versioned SQL migrations for ClickHouse and SQLite.
//
// It has no behaviour beyond encoding, decoding and validating, and it imports no
// other mcpgauge package and no NATS or database client, so every part of the
// system can depend on it cheaply. The registry entry and launch plan travel as
// json.RawMessage so that schema need not import the registry package.
package schema

// Version is the schema_version every Job and Result carries. A reader refuses a
// message with another version (see Job.Validate and Result.Validate).
const Version = 1
