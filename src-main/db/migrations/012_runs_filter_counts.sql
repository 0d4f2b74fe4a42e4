-- Schema v12: the run table's counts per combination of its equality filters, kept by every write (issue 16).
-- The Runs page counts the runs a filter of card, method, origin and outcome matches from one count per
-- combination of the four (runs-counts.ts). Those counts were read in one GROUP BY over the log on the first
-- call after each write: a pass over an index entry of every run, on the server's one thread, in the first answer
-- the Runs page got after a run was logged (README "Performance"). This table keeps them (a few hundred rows,
-- whatever the log's size). The triggers keep it in step with every insert, delete and change of one of the four
-- columns. An import that at least doubles the log drops them and counts the whole log once at the end instead
-- (runs-import.ts, runs-derived.ts).
CREATE TABLE runs_filter_counts (
  card_id TEXT NOT NULL,
  method  TEXT NOT NULL,
  origin  TEXT NOT NULL,
  outcome TEXT NOT NULL,
  runs    INTEGER NOT NULL,
  PRIMARY KEY (card_id, method, origin, outcome)
) STRICT, WITHOUT ROWID;

INSERT INTO runs_filter_counts
SELECT card_id, method, origin, outcome, count(*) FROM runs GROUP BY 1, 2, 3, 4;

-- A run adds one to its combination's count (the combination is created when it has none yet).
CREATE TRIGGER runs_counts_insert AFTER INSERT ON runs BEGIN
  INSERT INTO runs_filter_counts VALUES (new.card_id, new.method, new.origin, new.outcome, 1)
  ON CONFLICT DO UPDATE SET runs = runs + 1;
END;

-- A run takes one from its combination's count; a combination with no run left is removed.
CREATE TRIGGER runs_counts_delete AFTER DELETE ON runs BEGIN
  UPDATE runs_filter_counts SET runs = runs - 1
  WHERE card_id = old.card_id AND method = old.method AND origin = old.origin AND outcome = old.outcome;
  DELETE FROM runs_filter_counts
  WHERE card_id = old.card_id AND method = old.method AND origin = old.origin AND outcome = old.outcome AND runs = 0;
END;

-- A change of one of the four: the run leaves its old combination and enters its new one, as the two triggers
-- above do.
CREATE TRIGGER runs_counts_update AFTER UPDATE OF card_id, method, origin, outcome ON runs BEGIN
  UPDATE runs_filter_counts SET runs = runs - 1
  WHERE card_id = old.card_id AND method = old.method AND origin = old.origin AND outcome = old.outcome;
  DELETE FROM runs_filter_counts
  WHERE card_id = old.card_id AND method = old.method AND origin = old.origin AND outcome = old.outcome AND runs = 0;
  INSERT INTO runs_filter_counts VALUES (new.card_id, new.method, new.origin, new.outcome, 1)
  ON CONFLICT DO UPDATE SET runs = runs + 1;
END;
