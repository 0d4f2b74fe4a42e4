-- Schema v11: the "shared or throttled instance" flags compare the user's own runs only (origin 'mine').
-- The rates kept per group (migration 010) held every measured run, the published ones included, so the rows of
-- one published table that a configuration cannot tell apart were flagged as if one box had been shared or
-- throttled (torchtune's unpacked baseline against its packed run, ExLlama v1 against v2 kernels), and a run of
-- the user's own that met such a group was flagged with it. Their spread comes from settings the input does not
-- carry, not from a rented box; a published rate is compared with the user's by calibration, not by this flag
-- (domain/calibrate/throughput-flags.ts). The table is filled again from the user's runs, and the triggers of
-- migration 010 are made again with the origin in their conditions: a published run (written by seeding) leaves
-- the groups alone, and a group's extremes are read again through the index of card, method and origin.

DROP TRIGGER runs_rate_insert;
DROP TRIGGER runs_rate_delete;
DROP TRIGGER runs_rate_update;
DELETE FROM runs_rate_groups;

-- In one pass over the table (NOT INDEXED), as runs-flags.ts reads it.
INSERT INTO runs_rate_groups
SELECT method, card_id, gpus, throughput_kind, config, count(*), min(tps), max(tps)
FROM (SELECT method, card_id, gpus, throughput_kind, config,
        CASE WHEN throughput_scope = 'per-gpu' THEN tokens_per_second * gpus ELSE tokens_per_second END AS tps
      FROM runs NOT INDEXED WHERE tokens_per_second > 0 AND origin = 'mine')
GROUP BY 1, 2, 3, 4, 5;

-- A measured run of the user's enters its group (created when it has none yet). `IS` compares throughput_kind,
-- which may be NULL.
CREATE TRIGGER runs_rate_insert AFTER INSERT ON runs WHEN new.tokens_per_second > 0 AND new.origin = 'mine' BEGIN
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

-- A measured run of the user's leaves its group: a group with no run left is removed; one that lost its slowest
-- or fastest run reads both extremes again from the user's runs left in it.
CREATE TRIGGER runs_rate_delete AFTER DELETE ON runs WHEN old.tokens_per_second > 0 AND old.origin = 'mine' BEGIN
  UPDATE runs_rate_groups SET runs = runs - 1
  WHERE method = old.method AND card_id = old.card_id AND gpus = old.gpus
    AND throughput_kind IS old.throughput_kind AND config = old.config;
  DELETE FROM runs_rate_groups
  WHERE method = old.method AND card_id = old.card_id AND gpus = old.gpus
    AND throughput_kind IS old.throughput_kind AND config = old.config AND runs = 0;
  UPDATE runs_rate_groups SET (slowest, fastest) = (
    SELECT min(tps), max(tps)
    FROM (SELECT CASE WHEN throughput_scope = 'per-gpu' THEN tokens_per_second * gpus ELSE tokens_per_second END AS tps
          FROM runs WHERE card_id = old.card_id AND method = old.method AND origin = 'mine' AND gpus = old.gpus
            AND throughput_kind IS old.throughput_kind AND config = old.config AND tokens_per_second > 0))
  WHERE method = old.method AND card_id = old.card_id AND gpus = old.gpus
    AND throughput_kind IS old.throughput_kind AND config = old.config
    AND (CASE WHEN old.throughput_scope = 'per-gpu' THEN old.tokens_per_second * old.gpus
              ELSE old.tokens_per_second END) IN (slowest, fastest);
END;

-- A change of what the groups read, the origin included: the run leaves its old group (if it was one of the user's
-- measured runs) and enters its new one (if it is), as the two triggers above do. An edit that leaves these
-- columns as they were changes no group and does nothing here.
CREATE TRIGGER runs_rate_update
AFTER UPDATE OF method, card_id, gpus, throughput_kind, throughput_scope, config, tokens_per_second, origin ON runs
WHEN old.method IS NOT new.method OR old.card_id IS NOT new.card_id OR old.gpus IS NOT new.gpus
  OR old.throughput_kind IS NOT new.throughput_kind OR old.throughput_scope IS NOT new.throughput_scope
  OR old.config IS NOT new.config OR old.tokens_per_second IS NOT new.tokens_per_second
  OR old.origin IS NOT new.origin
BEGIN
  UPDATE runs_rate_groups SET runs = runs - 1
  WHERE old.tokens_per_second > 0 AND old.origin = 'mine' AND method = old.method AND card_id = old.card_id
    AND gpus = old.gpus AND throughput_kind IS old.throughput_kind AND config = old.config;
  DELETE FROM runs_rate_groups
  WHERE old.tokens_per_second > 0 AND old.origin = 'mine' AND method = old.method AND card_id = old.card_id
    AND gpus = old.gpus AND throughput_kind IS old.throughput_kind AND config = old.config AND runs = 0;
  UPDATE runs_rate_groups SET (slowest, fastest) = (
    SELECT min(tps), max(tps)
    FROM (SELECT CASE WHEN throughput_scope = 'per-gpu' THEN tokens_per_second * gpus ELSE tokens_per_second END AS tps
          FROM runs WHERE card_id = old.card_id AND method = old.method AND origin = 'mine' AND gpus = old.gpus
            AND throughput_kind IS old.throughput_kind AND config = old.config AND tokens_per_second > 0))
  WHERE old.tokens_per_second > 0 AND old.origin = 'mine' AND method = old.method AND card_id = old.card_id
    AND gpus = old.gpus AND throughput_kind IS old.throughput_kind AND config = old.config
    AND (CASE WHEN old.throughput_scope = 'per-gpu' THEN old.tokens_per_second * old.gpus
              ELSE old.tokens_per_second END) IN (slowest, fastest);
  UPDATE runs_rate_groups SET
    runs = runs + 1,
    slowest = min(slowest, CASE WHEN new.throughput_scope = 'per-gpu' THEN new.tokens_per_second * new.gpus
                                ELSE new.tokens_per_second END),
    fastest = max(fastest, CASE WHEN new.throughput_scope = 'per-gpu' THEN new.tokens_per_second * new.gpus
                                ELSE new.tokens_per_second END)
  WHERE new.tokens_per_second > 0 AND new.origin = 'mine' AND method = new.method AND card_id = new.card_id
    AND gpus = new.gpus AND throughput_kind IS new.throughput_kind AND config = new.config;
  INSERT INTO runs_rate_groups
  SELECT new.method, new.card_id, new.gpus, new.throughput_kind, new.config, 1, tps, tps
  FROM (SELECT CASE WHEN new.throughput_scope = 'per-gpu' THEN new.tokens_per_second * new.gpus
                    ELSE new.tokens_per_second END AS tps)
  WHERE new.tokens_per_second > 0 AND new.origin = 'mine' AND NOT EXISTS (
    SELECT 1 FROM runs_rate_groups
    WHERE method = new.method AND card_id = new.card_id AND gpus = new.gpus
      AND throughput_kind IS new.throughput_kind AND config = new.config);
END;
