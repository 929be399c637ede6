-- mcpgauge store, ClickHouse dialect, migration 7: each finding's rule family.
-- Must run on ClickHouse 18.16 (see 0001_init.sql).
-- family is the rule's family in lint's catalogue, set by the coordinator
-- at ingest, so the board groups findings without the catalogue. Rows
-- written before this migration, and rules the catalogue does not know,
-- hold ''.

ALTER TABLE findings ADD COLUMN family String DEFAULT '';
