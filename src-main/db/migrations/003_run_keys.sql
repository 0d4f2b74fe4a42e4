-- Schema v3 of the run log.
-- content_key: a digest of the fields a user logs (runs-rows.ts computes it), so re-importing a
-- file finds the runs already in the log; filled for older rows by openApp (runs-keys.ts).
-- Indexes: one per sortable column (the run table walks it for a page) and one covering every
-- equality filter (counts and small filtered pages read it alone); each is justified by a
-- query-plan test (runs-plans.test.ts). The six origin-prefixed indexes of v2 and the single
-- method/outcome ones are replaced by runs_filter: fewer indexes, faster imports.
ALTER TABLE runs ADD COLUMN content_key TEXT;
CREATE INDEX runs_content_key ON runs (content_key) WHERE content_key IS NOT NULL;

DROP INDEX runs_card_id_outcome;
DROP INDEX runs_outcome;
DROP INDEX runs_method;
DROP INDEX runs_origin_started_at;
DROP INDEX runs_origin_card_id;
DROP INDEX runs_origin_peak_memory_gib;
DROP INDEX runs_origin_tokens_per_second;
DROP INDEX runs_origin_cost;
DROP INDEX runs_origin_duration_hours;

CREATE INDEX runs_card_id ON runs (card_id);
CREATE INDEX runs_filter ON runs (card_id, method, origin, outcome);
