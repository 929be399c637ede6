-- mcpgauge store, ClickHouse dialect, migration 5: links between names.
-- Must run on ClickHouse 18.16 (see 0001_init.sql); every INSERT names its columns.
-- kind 'alias': name was scanned once with other_name (they launch the same
-- way, so one scan's result is stored under each). kind 'conflict': another
-- source lists name with a different launch (or a version its owner does not
-- list); that listing is stored and scanned apart as other_name. Written by
-- the coordinator when it plans a sweep; the latest created_ns wins.

CREATE TABLE IF NOT EXISTS name_links (
    sweep_id String,
    name String,
    version String,
    kind String,
    other_name String,
    other_version String,
    source String,
    reason String,
    created_ns UInt64
) ENGINE = ReplacingMergeTree(created_ns)
ORDER BY (name, sweep_id, version, kind, other_name, other_version);
