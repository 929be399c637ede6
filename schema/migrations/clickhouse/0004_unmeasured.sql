-- mcpgauge store, ClickHouse dialect, migration 4: parts that were not measured.
-- Must run on ClickHouse 18.16 (see 0001_init.sql): 18.16 has no
-- ADD COLUMN IF NOT EXISTS, so both columns come in one ALTER.
-- has_compliance is 0 when the mcpgauge score's compliance part was not
-- measured (the compliance tests did not run, or none of them counted);
-- has_quality_gate is 0 when quality-gate's suite did not run, so its total
-- and its compliance part are unknown. The compliance, quality_gate and
-- qg_compliance columns then hold 0 and are never read as a score.
-- Rows written before this migration keep what they claimed (1).

ALTER TABLE scans ADD COLUMN has_compliance UInt8 DEFAULT 1, ADD COLUMN has_quality_gate UInt8 DEFAULT 1;
