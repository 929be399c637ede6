-- mcpgauge store, SQLite dialect, migration 6: how the overall score was made.
-- has_breakdown is 1 when the scanner reported its weights: w_* are the
-- parts' shares of the overall score (0 for a part not measured), capped
-- says the security cap applied and score_uncapped is the score before it.
-- Rows written before this migration read has_breakdown 0: their parts are
-- known, their weights and cap are not, and nothing claims them.

ALTER TABLE scans ADD COLUMN has_breakdown INTEGER NOT NULL DEFAULT 0;
ALTER TABLE scans ADD COLUMN capped INTEGER NOT NULL DEFAULT 0;
ALTER TABLE scans ADD COLUMN score_uncapped REAL NOT NULL DEFAULT 0;
ALTER TABLE scans ADD COLUMN w_compliance REAL NOT NULL DEFAULT 0;
ALTER TABLE scans ADD COLUMN w_design REAL NOT NULL DEFAULT 0;
ALTER TABLE scans ADD COLUMN w_security REAL NOT NULL DEFAULT 0;
ALTER TABLE scans ADD COLUMN w_efficiency REAL NOT NULL DEFAULT 0;
ALTER TABLE scans ADD COLUMN w_selection REAL NOT NULL DEFAULT 0;
