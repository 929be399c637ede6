-- mcpgauge store, SQLite dialect, migration 1: the same intent as the ClickHouse
-- DDL. Times are unix nanoseconds; list columns hold JSON arrays.
-- Statements are separated by a semicolon at the end of a line.

CREATE TABLE IF NOT EXISTS sweeps (
    sweep_id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    registries TEXT NOT NULL DEFAULT '[]',
    scanner_version TEXT NOT NULL DEFAULT '',
    note TEXT NOT NULL DEFAULT '',
    planned INTEGER NOT NULL DEFAULT 0,
    published INTEGER NOT NULL DEFAULT 0,
    skipped INTEGER NOT NULL DEFAULT 0,
    failed INTEGER NOT NULL DEFAULT 0,
    started_ns INTEGER NOT NULL DEFAULT 0,
    finished_ns INTEGER NOT NULL DEFAULT 0,
    updated_ns INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS scans (
    job_id TEXT PRIMARY KEY,
    sweep_id TEXT NOT NULL,
    name TEXT NOT NULL,
    version TEXT NOT NULL,
    revision INTEGER NOT NULL,
    status TEXT NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    sources TEXT NOT NULL DEFAULT '[]',
    package_type TEXT NOT NULL DEFAULT '',
    scan_key TEXT NOT NULL DEFAULT '',
    scanner_version TEXT NOT NULL DEFAULT '',
    scoring_version TEXT NOT NULL DEFAULT '',
    worker_id TEXT NOT NULL DEFAULT '',
    started_ns INTEGER NOT NULL DEFAULT 0,
    finished_ns INTEGER NOT NULL DEFAULT 0,
    install_ms INTEGER NOT NULL DEFAULT 0,
    start_ms INTEGER NOT NULL DEFAULT 0,
    connect_ms INTEGER NOT NULL DEFAULT 0,
    list_ms INTEGER NOT NULL DEFAULT 0,
    lint_ms INTEGER NOT NULL DEFAULT 0,
    compliance_ms INTEGER NOT NULL DEFAULT 0,
    eval_ms INTEGER NOT NULL DEFAULT 0,
    tool_count INTEGER NOT NULL DEFAULT 0,
    resource_count INTEGER NOT NULL DEFAULT 0,
    prompt_count INTEGER NOT NULL DEFAULT 0,
    protocol_version TEXT NOT NULL DEFAULT '',
    era TEXT NOT NULL DEFAULT '',
    server_digest TEXT NOT NULL DEFAULT '',
    toolgauge_digest TEXT NOT NULL DEFAULT '',
    total_tokens INTEGER NOT NULL DEFAULT 0,
    finding_count INTEGER NOT NULL DEFAULT 0,
    critical_count INTEGER NOT NULL DEFAULT 0,
    error_count INTEGER NOT NULL DEFAULT 0,
    warning_count INTEGER NOT NULL DEFAULT 0,
    has_scores INTEGER NOT NULL DEFAULT 0,
    score REAL NOT NULL DEFAULT 0,
    compliance REAL NOT NULL DEFAULT 0,
    design REAL NOT NULL DEFAULT 0,
    security REAL NOT NULL DEFAULT 0,
    efficiency REAL NOT NULL DEFAULT 0,
    has_selection INTEGER NOT NULL DEFAULT 0,
    selection REAL NOT NULL DEFAULT 0,
    toolgauge_health REAL NOT NULL DEFAULT 0,
    quality_gate REAL NOT NULL DEFAULT 0,
    qg_compliance REAL NOT NULL DEFAULT 0,
    qg_quality REAL NOT NULL DEFAULT 0,
    qg_efficiency REAL NOT NULL DEFAULT 0,
    qg_security REAL NOT NULL DEFAULT 0,
    placeholders TEXT NOT NULL DEFAULT '[]',
    UNIQUE (sweep_id, name, version)
);

-- The full result JSON lives apart so that scans rows stay small to scan.
CREATE TABLE IF NOT EXISTS results (
    job_id TEXT PRIMARY KEY,
    result TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS scans_name_revision ON scans (name, revision);

CREATE INDEX IF NOT EXISTS scans_scan_key ON scans (scan_key, revision);

CREATE TABLE IF NOT EXISTS findings (
    job_id TEXT NOT NULL,
    idx INTEGER NOT NULL,
    sweep_id TEXT NOT NULL,
    name TEXT NOT NULL,
    version TEXT NOT NULL,
    rule TEXT NOT NULL,
    severity TEXT NOT NULL,
    tool TEXT NOT NULL DEFAULT '',
    parameter TEXT NOT NULL DEFAULT '',
    entity TEXT NOT NULL DEFAULT '',
    message TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (job_id, idx)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS tools (
    job_id TEXT NOT NULL,
    idx INTEGER NOT NULL,
    name TEXT NOT NULL,
    version TEXT NOT NULL,
    sweep_id TEXT NOT NULL,
    tool TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    tokens INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (job_id, idx)
) WITHOUT ROWID;
