-- mcpgauge store, ClickHouse dialect, migration 6: how the overall score was made.
-- Must run on ClickHouse 18.16 (see 0001_init.sql): 18.16 has no
-- ADD COLUMN IF NOT EXISTS, so every column comes in one ALTER.
-- has_breakdown is 1 when the scanner reported its weights: w_* are the
-- parts' shares of the overall score (0 for a part not measured), capped
-- says the security cap applied and score_uncapped is the score before it.
-- Rows written before this migration read has_breakdown 0: their parts are
-- known, their weights and cap are not, and nothing claims them.

ALTER TABLE scans ADD COLUMN has_breakdown UInt8 DEFAULT 0, ADD COLUMN capped UInt8 DEFAULT 0,
    ADD COLUMN score_uncapped Float64 DEFAULT 0, ADD COLUMN w_compliance Float64 DEFAULT 0,
    ADD COLUMN w_design Float64 DEFAULT 0, ADD COLUMN w_security Float64 DEFAULT 0,
    ADD COLUMN w_efficiency Float64 DEFAULT 0, ADD COLUMN w_selection Float64 DEFAULT 0;
