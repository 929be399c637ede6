-- mcpgauge store, SQLite dialect, migration 2: post-sweep ecosystem reports.
-- One row per (sweep, server, version); the report with the latest created_ns
-- (unix nanoseconds) wins. The summary columns are for queries; report holds
-- the whole schema.EcosystemReport as JSON, which the readers return.

CREATE TABLE IF NOT EXISTS ecosystem (
    sweep_id TEXT NOT NULL,
    name TEXT NOT NULL,
    version TEXT NOT NULL,
    job_id TEXT NOT NULL,
    search_at1 INTEGER NOT NULL DEFAULT 0,
    search_at5 INTEGER NOT NULL DEFAULT 0,
    search_total INTEGER NOT NULL DEFAULT 0,
    has_in_pool INTEGER NOT NULL DEFAULT 0,
    in_pool_correct INTEGER NOT NULL DEFAULT 0,
    in_pool_total INTEGER NOT NULL DEFAULT 0,
    model TEXT NOT NULL DEFAULT '',
    created_ns INTEGER NOT NULL,
    report TEXT NOT NULL,
    PRIMARY KEY (sweep_id, name, version)
) WITHOUT ROWID;

-- Finds the most recent sweep with reports without a full scan.
CREATE INDEX IF NOT EXISTS ecosystem_created ON ecosystem (created_ns);
