-- The run log, rebuilt for the runs repository: started_at may be unknown (published runs
-- carry no date, and a run must not get an invented one); ref_id ties a published run to its
-- row in data/reference-runs.json so reseeding is idempotent; precision is copied out of
-- config for filtering; throughput_kind/scope say what tokens_per_second counts; one index
-- per sortable column so a sorted page of 100,000 runs is read through an index.
CREATE TABLE runs_v2 (
  -- AUTOINCREMENT: a deleted run's id is never reused, so a stale reference (an undo, an open
  -- editor) can never hit another run.
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  ref_id            TEXT UNIQUE CHECK (ref_id IS NULL OR length(ref_id) > 0),
  started_at        TEXT,
  card_id           TEXT NOT NULL CHECK (length(card_id) > 0),
  gpus              INTEGER NOT NULL CHECK (gpus BETWEEN 1 AND 1024),
  provider          TEXT,
  config            TEXT NOT NULL CHECK (json_valid(config)),
  method            TEXT NOT NULL CHECK (method IN ('inference', 'full', 'lora', 'qlora')),
  model_label       TEXT NOT NULL,
  precision         TEXT NOT NULL CHECK (precision IN ('fp32', 'bf16', 'fp16', 'fp8', 'int8', 'int4')),
  peak_memory_gib   REAL CHECK (peak_memory_gib IS NULL OR peak_memory_gib >= 0),
  memory_meter      TEXT CHECK (memory_meter IN ('nvidia-smi', 'torch-reserved', 'torch-allocated')),
  tokens_per_second REAL CHECK (tokens_per_second IS NULL OR tokens_per_second > 0),
  throughput_kind   TEXT CHECK (throughput_kind IN ('train', 'decode', 'prefill')),
  throughput_scope  TEXT CHECK (throughput_scope IN ('per-gpu', 'all-gpus')),
  duration_hours    REAL CHECK (duration_hours IS NULL OR duration_hours >= 0),
  cost              REAL CHECK (cost IS NULL OR cost >= 0),
  currency          TEXT CHECK (currency IS NULL OR currency GLOB '[A-Z][A-Z][A-Z]'),
  outcome           TEXT NOT NULL CHECK (outcome IN ('ok', 'oom', 'crashed', 'preempted')),
  notes             TEXT NOT NULL DEFAULT '',
  origin            TEXT NOT NULL CHECK (origin IN ('mine', 'published')),
  citation          TEXT,
  estimate          TEXT CHECK (estimate IS NULL OR json_valid(estimate)),
  created_at        TEXT NOT NULL,
  CHECK (peak_memory_gib IS NULL OR memory_meter IS NOT NULL),
  CHECK (cost IS NULL OR currency IS NOT NULL),
  CHECK (origin = 'mine' OR (citation IS NOT NULL AND length(citation) > 0)),
  CHECK ((ref_id IS NULL) = (origin = 'mine'))
) STRICT;

INSERT INTO runs_v2 (id, started_at, card_id, gpus, provider, config, method, model_label, precision,
  peak_memory_gib, memory_meter, tokens_per_second, duration_hours, cost, currency, outcome, notes, origin,
  citation, estimate, created_at)
SELECT id, started_at, card_id, gpus, provider, config, method, model_label,
  coalesce(json_extract(config, '$.precision'), 'bf16'),
  peak_memory_gib, memory_meter, tokens_per_second, duration_hours, cost, currency, outcome, notes, origin,
  citation, estimate, created_at
FROM runs;

DROP TABLE runs;
ALTER TABLE runs_v2 RENAME TO runs;

CREATE INDEX runs_started_at ON runs (started_at);
-- card and outcome together: the run table's usual filter, counted from the index alone.
CREATE INDEX runs_card_id_outcome ON runs (card_id, outcome);
CREATE INDEX runs_outcome ON runs (outcome);
CREATE INDEX runs_method ON runs (method);
CREATE INDEX runs_peak_memory_gib ON runs (peak_memory_gib);
CREATE INDEX runs_tokens_per_second ON runs (tokens_per_second);
CREATE INDEX runs_cost ON runs (cost);
CREATE INDEX runs_duration_hours ON runs (duration_hours);
-- The log is usually shown one origin at a time (mine / published): each sort key again behind
-- origin, so that page is an index walk rather than a sort of every row.
CREATE INDEX runs_origin_started_at ON runs (origin, started_at);
CREATE INDEX runs_origin_card_id ON runs (origin, card_id);
CREATE INDEX runs_origin_peak_memory_gib ON runs (origin, peak_memory_gib);
CREATE INDEX runs_origin_tokens_per_second ON runs (origin, tokens_per_second);
CREATE INDEX runs_origin_cost ON runs (origin, cost);
CREATE INDEX runs_origin_duration_hours ON runs (origin, duration_hours);
