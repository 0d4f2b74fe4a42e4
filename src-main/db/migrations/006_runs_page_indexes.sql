-- Schema v6: two indexes for the Runs page at a million runs (issue 16), each justified by a
-- query-plan test (runs-plans.test.ts).
-- runs_card_id_started_at: the page of one card, newest first, is an index walk. A card's runs are
-- a sixth of the log or more, so sorting them (the filter index, then a sort) read 170,000 rows for
-- a page of 50, and walking runs_started_at skipping other cards' runs read as many when the newest
-- runs are all on other cards.
CREATE INDEX runs_card_id_started_at ON runs (card_id, started_at);
-- runs_published: the published runs (a few hundred, seed-runs.ts) are counted and sorted from
-- this partial index instead of a scan of every run. The user's own runs never enter it, so an
-- import writes nothing more.
CREATE INDEX runs_published ON runs (id) WHERE origin = 'published';
