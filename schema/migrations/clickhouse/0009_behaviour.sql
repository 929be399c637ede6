-- mcpgauge store, ClickHouse dialect, migration 9: what each server did at start-up.
-- Must run on ClickHouse 18.16 (see 0001_init.sql).
-- behaviour_hosts is the JSON list of the names the server looked up or
-- sent to while it started and was listed (schema.Behaviour.Hosts), so a
-- server page can tell which hosts a version contacts that the one before
-- did not without reading every result document. '' means the scan was not
-- watched (rows written before this migration, or an unsandboxed scan);
-- '[]' means it was watched and contacted nothing. The whole section stays
-- in results.result.

ALTER TABLE scans ADD COLUMN behaviour_hosts String DEFAULT '';
