-- Schema v9: the spending ledger read from sums that every write keeps up to date (issue 16).
-- The ledger summed the user's runs in one GROUP BY over the log on the first call after each write:
-- a sort of every run, over a second at a million runs, and the server answers one call at a time, so
-- the Runs page's next action after logging a run waited for it. The sums below hold, per month, card,
-- provider and currency, what the ledger adds up; the ledger adds up these few rows instead
-- (runs-ledger.ts). Only the user's own runs count (origin 'mine'), as in the ledger.
-- The triggers keep the sums in step with every insert, delete and change of a column the ledger reads.
-- An import that at least doubles the log drops them and sums the whole log once at the end instead
-- (runs-import.ts, runs-derived.ts).
CREATE TABLE runs_ledger_sums (
  month            TEXT NOT NULL,
  card_id          TEXT NOT NULL,
  provider         TEXT,
  currency         TEXT,
  runs             INTEGER NOT NULL,
  -- Σ gpus × duration_hours over the runs with a duration.
  gpu_hours        REAL NOT NULL,
  without_duration INTEGER NOT NULL,
  -- Σ cost, and how many runs have one.
  cost             REAL NOT NULL,
  costed           INTEGER NOT NULL
) STRICT;
CREATE INDEX runs_ledger_sums_key ON runs_ledger_sums (month, card_id, provider, currency);

-- Read in one pass over the table (NOT INDEXED): through an index the planner may pick to group by card, the
-- table is read in random order, several times slower at a million runs.
INSERT INTO runs_ledger_sums
SELECT substr(coalesce(started_at, created_at), 1, 7), card_id, provider, currency, count(*),
  total(gpus * duration_hours), sum(duration_hours IS NULL), total(cost), count(cost)
FROM runs NOT INDEXED WHERE origin = 'mine' GROUP BY 1, 2, 3, 4;

-- A run enters its group's sums (the group is created when it has none yet). `IS` compares the keys
-- that may be NULL (provider, currency).
CREATE TRIGGER runs_ledger_insert AFTER INSERT ON runs WHEN new.origin = 'mine' BEGIN
  UPDATE runs_ledger_sums SET
    runs = runs + 1,
    gpu_hours = gpu_hours + coalesce(new.gpus * new.duration_hours, 0),
    without_duration = without_duration + (new.duration_hours IS NULL),
    cost = cost + coalesce(new.cost, 0),
    costed = costed + (new.cost IS NOT NULL)
  WHERE month = substr(coalesce(new.started_at, new.created_at), 1, 7) AND card_id = new.card_id
    AND provider IS new.provider AND currency IS new.currency;
  INSERT INTO runs_ledger_sums
  SELECT substr(coalesce(new.started_at, new.created_at), 1, 7), new.card_id, new.provider, new.currency, 1,
    coalesce(new.gpus * new.duration_hours, 0), new.duration_hours IS NULL, coalesce(new.cost, 0), new.cost IS NOT NULL
  WHERE NOT EXISTS (
    SELECT 1 FROM runs_ledger_sums
    WHERE month = substr(coalesce(new.started_at, new.created_at), 1, 7) AND card_id = new.card_id
      AND provider IS new.provider AND currency IS new.currency);
END;

-- A run leaves its group's sums; a group with no run left is removed.
CREATE TRIGGER runs_ledger_delete AFTER DELETE ON runs WHEN old.origin = 'mine' BEGIN
  UPDATE runs_ledger_sums SET
    runs = runs - 1,
    gpu_hours = gpu_hours - coalesce(old.gpus * old.duration_hours, 0),
    without_duration = without_duration - (old.duration_hours IS NULL),
    cost = cost - coalesce(old.cost, 0),
    costed = costed - (old.cost IS NOT NULL)
  WHERE month = substr(coalesce(old.started_at, old.created_at), 1, 7) AND card_id = old.card_id
    AND provider IS old.provider AND currency IS old.currency;
  DELETE FROM runs_ledger_sums
  WHERE month = substr(coalesce(old.started_at, old.created_at), 1, 7) AND card_id = old.card_id
    AND provider IS old.provider AND currency IS old.currency AND runs = 0;
END;

-- A change of what the ledger reads: the run leaves its old group and enters its new one, as the two
-- triggers above do.
CREATE TRIGGER runs_ledger_update
AFTER UPDATE OF started_at, created_at, card_id, provider, currency, gpus, duration_hours, cost, origin ON runs BEGIN
  UPDATE runs_ledger_sums SET
    runs = runs - 1,
    gpu_hours = gpu_hours - coalesce(old.gpus * old.duration_hours, 0),
    without_duration = without_duration - (old.duration_hours IS NULL),
    cost = cost - coalesce(old.cost, 0),
    costed = costed - (old.cost IS NOT NULL)
  WHERE old.origin = 'mine' AND month = substr(coalesce(old.started_at, old.created_at), 1, 7)
    AND card_id = old.card_id AND provider IS old.provider AND currency IS old.currency;
  DELETE FROM runs_ledger_sums
  WHERE old.origin = 'mine' AND month = substr(coalesce(old.started_at, old.created_at), 1, 7)
    AND card_id = old.card_id AND provider IS old.provider AND currency IS old.currency AND runs = 0;
  UPDATE runs_ledger_sums SET
    runs = runs + 1,
    gpu_hours = gpu_hours + coalesce(new.gpus * new.duration_hours, 0),
    without_duration = without_duration + (new.duration_hours IS NULL),
    cost = cost + coalesce(new.cost, 0),
    costed = costed + (new.cost IS NOT NULL)
  WHERE new.origin = 'mine' AND month = substr(coalesce(new.started_at, new.created_at), 1, 7)
    AND card_id = new.card_id AND provider IS new.provider AND currency IS new.currency;
  INSERT INTO runs_ledger_sums
  SELECT substr(coalesce(new.started_at, new.created_at), 1, 7), new.card_id, new.provider, new.currency, 1,
    coalesce(new.gpus * new.duration_hours, 0), new.duration_hours IS NULL, coalesce(new.cost, 0), new.cost IS NOT NULL
  WHERE new.origin = 'mine' AND NOT EXISTS (
    SELECT 1 FROM runs_ledger_sums
    WHERE month = substr(coalesce(new.started_at, new.created_at), 1, 7) AND card_id = new.card_id
      AND provider IS new.provider AND currency IS new.currency);
END;
