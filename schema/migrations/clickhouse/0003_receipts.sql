-- mcpgauge store, ClickHouse dialect, migration 3: signed scan receipts.
-- Must run on ClickHouse 18.16 (see 0001_init.sql); every INSERT names its columns.
-- One row per job; the latest created_ns wins, so re-inserting is harmless.
-- public_key is the signer's PEM public key, served by the read side, which
-- never holds the private key.

CREATE TABLE IF NOT EXISTS receipts (
    job_id String,
    name String,
    version String,
    key_id String,
    public_key String,
    expires_ns UInt64,
    created_ns UInt64,
    envelope String
) ENGINE = ReplacingMergeTree(created_ns)
ORDER BY job_id;
