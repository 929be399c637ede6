-- mcpgauge store, ClickHouse dialect, migration 2: post-sweep ecosystem reports.
-- Must run on ClickHouse 18.16 (see 0001_init.sql); every INSERT names its columns.
-- One row per (sweep, server, version); the latest created_ns (the report's
-- created_at in unix nanoseconds) wins, so re-inserting a report is harmless.
-- created_at is the same time to the second, for people querying by hand.
-- The summary columns are for queries; report holds the whole
-- schema.EcosystemReport (encoded as JSON text), which the readers return.

CREATE TABLE IF NOT EXISTS ecosystem (
    sweep_id String,
    name String,
    version String,
    job_id String,
    search_at1 UInt32,
    search_at5 UInt32,
    search_total UInt32,
    has_in_pool UInt8,
    in_pool_correct UInt32,
    in_pool_total UInt32,
    model String,
    created_ns UInt64,
    created_at DateTime,
    report String
) ENGINE = ReplacingMergeTree(created_ns)
ORDER BY (sweep_id, name, version);
