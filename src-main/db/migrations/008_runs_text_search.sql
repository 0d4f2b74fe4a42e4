-- Schema v8: the Runs page's text search through an FTS5 index of trigrams (issue 16).
-- The search finds the typed text anywhere in a run's notes, provider or model label. As a LIKE
-- over every run it read the whole log twice (the count, then the page): about 0.7 s at a million
-- runs, however few runs matched. A trigram index answers a substring of three characters or more
-- from the index (https://www.sqlite.org/fts5.html, "The Trigram Tokenizer"); shorter text is still
-- searched with LIKE (runs-text.ts).
-- External content: the index keeps no copy of the text; the triggers below keep it in step with
-- every insert, delete and change of the three columns (https://www.sqlite.org/fts5.html,
-- "External Content Tables"). An import that at least doubles the log drops the triggers and
-- rebuilds the index once at the end instead (runs-import.ts).
CREATE VIRTUAL TABLE runs_text USING fts5(
  notes, provider, model_label,
  content = 'runs', content_rowid = 'id', tokenize = 'trigram'
);
INSERT INTO runs_text (runs_text) VALUES ('rebuild');

CREATE TRIGGER runs_text_insert AFTER INSERT ON runs BEGIN
  INSERT INTO runs_text (rowid, notes, provider, model_label) VALUES (new.id, new.notes, new.provider, new.model_label);
END;
CREATE TRIGGER runs_text_delete AFTER DELETE ON runs BEGIN
  INSERT INTO runs_text (runs_text, rowid, notes, provider, model_label)
    VALUES ('delete', old.id, old.notes, old.provider, old.model_label);
END;
CREATE TRIGGER runs_text_update AFTER UPDATE OF notes, provider, model_label ON runs BEGIN
  INSERT INTO runs_text (runs_text, rowid, notes, provider, model_label)
    VALUES ('delete', old.id, old.notes, old.provider, old.model_label);
  INSERT INTO runs_text (rowid, notes, provider, model_label) VALUES (new.id, new.notes, new.provider, new.model_label);
END;
