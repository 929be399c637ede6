-- mcpgauge store, ClickHouse dialect, migration 1.
-- Must run on ClickHouse 18.16 (Debian) and on current releases: no LowCardinality,
-- Map, JSON, DateTime64, TTL or window functions; every INSERT names its columns.
-- Statements are separated by a semicolon at the end of a line.

-- One row per sweep; the row with the highest updated_ns wins.
CREATE TABLE IF NOT EXISTS sweeps (
    sweep_id String,
    status String,
    registries Array(String),
    scanner_version String,
    note String,
    planned Int64,
    published Int64,
    skipped Int64,
    failed Int64,
    started_ns Int64,
    finished_ns Int64,
    updated_ns UInt64
) ENGINE = ReplacingMergeTree(updated_ns)
ORDER BY sweep_id;

-- One row per scan, keyed by (sweep, server, version); the latest revision
-- (finished_at in unix nanoseconds) wins, so re-inserting a result is harmless.
CREATE TABLE IF NOT EXISTS scans (
    sweep_id String,
    name String,
    version String,
    job_id String,
    revision UInt64,
    status String,
    reason String,
    sources Array(String),
    package_type String,
    scan_key String,
    scanner_version String,
    scoring_version String,
    worker_id String,
    started_ns Int64,
    finished_at DateTime,
    install_ms Int64,
    start_ms Int64,
    connect_ms Int64,
    list_ms Int64,
    lint_ms Int64,
    compliance_ms Int64,
    eval_ms Int64,
    tool_count UInt32,
    resource_count UInt32,
    prompt_count UInt32,
    protocol_version String,
    era String,
    server_digest String,
    toolgauge_digest String,
    total_tokens UInt64,
    finding_count UInt32,
    critical_count UInt32,
    error_count UInt32,
    warning_count UInt32,
    has_scores UInt8,
    score Float64,
    compliance Float64,
    design Float64,
    security Float64,
    efficiency Float64,
    has_selection UInt8,
    selection Float64,
    toolgauge_health Float64,
    quality_gate Float64,
    qg_compliance Float64,
    qg_quality Float64,
    qg_efficiency Float64,
    qg_security Float64,
    placeholders Array(String),
    result String
) ENGINE = ReplacingMergeTree(revision)
ORDER BY (sweep_id, name, version);

-- One row per finding of a scan revision.
CREATE TABLE IF NOT EXISTS findings (
    job_id String,
    revision UInt64,
    idx UInt32,
    sweep_id String,
    name String,
    version String,
    rule String,
    severity String,
    tool String,
    parameter String,
    entity String,
    message String
) ENGINE = ReplacingMergeTree
ORDER BY (job_id, revision, idx);

-- One row per tool of a scan revision, ordered for history and rug-pull queries.
CREATE TABLE IF NOT EXISTS tools (
    name String,
    version String,
    sweep_id String,
    job_id String,
    revision UInt64,
    idx UInt32,
    tool String,
    sha256 String,
    tokens UInt64
) ENGINE = ReplacingMergeTree
ORDER BY (name, version, sweep_id, revision, idx);
