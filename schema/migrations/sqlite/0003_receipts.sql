-- mcpgauge store, SQLite dialect, migration 3: signed scan receipts.
-- One row per job: the DSSE envelope the coordinator signed when it stored
-- the result, with the signer's public key (PEM) so the read side can serve
-- it without holding the private key. created_ns (unix nanoseconds) decides
-- which of two receipts of a job is kept.

CREATE TABLE IF NOT EXISTS receipts (
    job_id TEXT NOT NULL PRIMARY KEY,
    name TEXT NOT NULL,
    version TEXT NOT NULL,
    key_id TEXT NOT NULL,
    public_key TEXT NOT NULL,
    expires_ns INTEGER NOT NULL,
    created_ns INTEGER NOT NULL,
    envelope TEXT NOT NULL
) WITHOUT ROWID;

CREATE INDEX IF NOT EXISTS receipts_created ON receipts (created_ns);
