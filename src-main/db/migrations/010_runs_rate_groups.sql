-- Schema v10: the "shared or throttled instance" flags of the Runs page from rates that every write keeps per
-- group (issue 16). A run is flagged when the measured runs of its method, card, GPU count, throughput kind and
-- configuration span more than 10% in tokens/s (domain/calibrate/throughput-flags.ts). Those groups were worked
-- out from the whole log on the first ask after each write: a pass over every run, over a second at a million
-- runs, on the server's one thread. This table keeps each group's run count and its slowest and fastest rate
-- (of the whole run: a per-GPU rate times the GPU count), so the flags of a page's runs are looked up
-- (runs-rate-groups.ts). Groups whose configurations differ only in key order or GPU fields are merged there.
-- The triggers keep it in step with every insert, delete and change of a column it reads. A run that leaves its
-- group with the slowest or fastest rate makes the group's extremes read again from its remaining runs, both in
-- one read of the runs of its card and method (through their index). An import that at least doubles the log,
-- and a new seeding of the published runs, drop the triggers and group the whole log once at the end instead
-- (runs-import.ts, seed-runs.ts, runs-derived.ts).
CREATE TABLE runs_rate_groups (
  method          TEXT NOT NULL,
  card_id         TEXT NOT NULL,
  gpus            INTEGER NOT NULL,
  throughput_kind TEXT,
  config          TEXT NOT NULL,
  runs            INTEGER NOT NULL,
  slowest         REAL NOT NULL,
  fastest         REAL NOT NULL
) STRICT;
CREATE INDEX runs_rate_groups_key ON runs_rate_groups (method, card_id, gpus, throughput_kind, config);

-- In one pass over the table (NOT INDEXED), as runs-flags.ts reads it.
INSERT INTO runs_rate_groups
SELECT method, card_id, gpus, throughput_kind, config, count(*), min(tps), max(tps)
FROM (SELECT method, card_id, gpus, throughput_kind, config,
        CASE WHEN throughput_scope = 'per-gpu' THEN tokens_per_second * gpus ELSE tokens_per_second END AS tps
      FROM runs NOT INDEXED WHERE tokens_per_second > 0)
GROUP BY 1, 2, 3, 4, 5;

-- A measured run enters its group (created when it has none yet). `IS` compares throughput_kind, which may be NULL.
CREATE TRIGGER runs_rate_insert AFTER INSERT ON runs WHEN new.tokens_per_second > 0 BEGIN
  UPDATE runs_rate_groups SET
    runs = runs + 1,
    slowest = min(slowest, CASE WHEN new.throughput_scope = 'per-gpu' THEN new.tokens_per_second * new.gpus
                                ELSE new.tokens_per_second END),
    fastest = max(fastest, CASE WHEN new.throughput_scope = 'per-gpu' THEN new.tokens_per_second * new.gpus
                                ELSE new.tokens_per_second END)
  WHERE method = new.method AND card_id = new.card_id AND gpus = new.gpus
    AND throughput_kind IS new.throughput_kind AND config = new.config;
  INSERT INTO runs_rate_groups
  SELECT new.method, new.card_id, new.gpus, new.throughput_kind, new.config, 1, tps, tps
  FROM (SELECT CASE WHEN new.throughput_scope = 'per-gpu' THEN new.tokens_per_second * new.gpus
                    ELSE new.tokens_per_second END AS tps)
  WHERE NOT EXISTS (
    SELECT 1 FROM runs_rate_groups
    WHERE method = new.method AND card_id = new.card_id AND gpus = new.gpus
      AND throughput_kind IS new.throughput_kind AND config = new.config);
END;

-- A measured run leaves its group: a group with no run left is removed; one that lost its slowest or fastest run
-- reads both extremes again from the runs left in it.
CREATE TRIGGER runs_rate_delete AFTER DELETE ON runs WHEN old.tokens_per_second > 0 BEGIN
  UPDATE runs_rate_groups SET runs = runs - 1
  WHERE method = old.method AND card_id = old.card_id AND gpus = old.gpus
    AND throughput_kind IS old.throughput_kind AND config = old.config;
  DELETE FROM runs_rate_groups
  WHERE method = old.method AND card_id = old.card_id AND gpus = old.gpus
    AND throughput_kind IS old.throughput_kind AND config = old.config AND runs = 0;
  UPDATE runs_rate_groups SET (slowest, fastest) = (
    SELECT min(tps), max(tps)
    FROM (SELECT CASE WHEN throughput_scope = 'per-gpu' THEN tokens_per_second * gpus ELSE tokens_per_second END AS tps
          FROM runs WHERE card_id = old.card_id AND method = old.method AND gpus = old.gpus
            AND throughput_kind IS old.throughput_kind AND config = old.config AND tokens_per_second > 0))
  WHERE method = old.method AND card_id = old.card_id AND gpus = old.gpus
    AND throughput_kind IS old.throughput_kind AND config = old.config
    AND (CASE WHEN old.throughput_scope = 'per-gpu' THEN old.tokens_per_second * old.gpus
              ELSE old.tokens_per_second END) IN (slowest, fastest);
END;

-- A change of what the groups read: the run leaves its old group and enters its new one, as the two triggers
-- above do (the extremes read again after the change see the run's new values, which the entry then adds again:
-- a minimum and a maximum are unchanged by a value counted twice). An edit writes every column of a run
-- (runs-mutations.ts): one that leaves these as they were changes no group and does nothing here.
CREATE TRIGGER runs_rate_update
AFTER UPDATE OF method, card_id, gpus, throughput_kind, throughput_scope, config, tokens_per_second ON runs
WHEN old.method IS NOT new.method OR old.card_id IS NOT new.card_id OR old.gpus IS NOT new.gpus
  OR old.throughput_kind IS NOT new.throughput_kind OR old.throughput_scope IS NOT new.throughput_scope
  OR old.config IS NOT new.config OR old.tokens_per_second IS NOT new.tokens_per_second
BEGIN
  UPDATE runs_rate_groups SET runs = runs - 1
  WHERE old.tokens_per_second > 0 AND method = old.method AND card_id = old.card_id AND gpus = old.gpus
    AND throughput_kind IS old.throughput_kind AND config = old.config;
  DELETE FROM runs_rate_groups
  WHERE old.tokens_per_second > 0 AND method = old.method AND card_id = old.card_id AND gpus = old.gpus
    AND throughput_kind IS old.throughput_kind AND config = old.config AND runs = 0;
  UPDATE runs_rate_groups SET (slowest, fastest) = (
    SELECT min(tps), max(tps)
    FROM (SELECT CASE WHEN throughput_scope = 'per-gpu' THEN tokens_per_second * gpus ELSE tokens_per_second END AS tps
          FROM runs WHERE card_id = old.card_id AND method = old.method AND gpus = old.gpus
            AND throughput_kind IS old.throughput_kind AND config = old.config AND tokens_per_second > 0))
  WHERE old.tokens_per_second > 0 AND method = old.method AND card_id = old.card_id AND gpus = old.gpus
    AND throughput_kind IS old.throughput_kind AND config = old.config
    AND (CASE WHEN old.throughput_scope = 'per-gpu' THEN old.tokens_per_second * old.gpus
              ELSE old.tokens_per_second END) IN (slowest, fastest);
  UPDATE runs_rate_groups SET
    runs = runs + 1,
    slowest = min(slowest, CASE WHEN new.throughput_scope = 'per-gpu' THEN new.tokens_per_second * new.gpus
                                ELSE new.tokens_per_second END),
    fastest = max(fastest, CASE WHEN new.throughput_scope = 'per-gpu' THEN new.tokens_per_second * new.gpus
                                ELSE new.tokens_per_second END)
  WHERE new.tokens_per_second > 0 AND method = new.method AND card_id = new.card_id AND gpus = new.gpus
    AND throughput_kind IS new.throughput_kind AND config = new.config;
  INSERT INTO runs_rate_groups
  SELECT new.method, new.card_id, new.gpus, new.throughput_kind, new.config, 1, tps, tps
  FROM (SELECT CASE WHEN new.throughput_scope = 'per-gpu' THEN new.tokens_per_second * new.gpus
                    ELSE new.tokens_per_second END AS tps)
  WHERE new.tokens_per_second > 0 AND NOT EXISTS (
    SELECT 1 FROM runs_rate_groups
    WHERE method = new.method AND card_id = new.card_id AND gpus = new.gpus
      AND throughput_kind IS new.throughput_kind AND config = new.config);
END;
