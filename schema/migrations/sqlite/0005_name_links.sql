-- mcpgauge store, SQLite dialect, migration 5: links between names.
-- kind 'alias': name was scanned once with other_name (they launch the same
-- way, so one scan's result is stored under each). kind 'conflict': another
-- source lists name with a different launch (or a version its owner does not
-- list); that listing is stored and scanned apart as other_name. Written by
-- the coordinator when it plans a sweep; created_ns is unix nanoseconds.

CREATE TABLE IF NOT EXISTS name_links (
    sweep_id TEXT NOT NULL,
    name TEXT NOT NULL,
    version TEXT NOT NULL,
    kind TEXT NOT NULL,
    other_name TEXT NOT NULL,
    other_version TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL DEFAULT '',
    reason TEXT NOT NULL DEFAULT '',
    created_ns INTEGER NOT NULL,
    PRIMARY KEY (name, sweep_id, version, kind, other_name, other_version)
) WITHOUT ROWID;
