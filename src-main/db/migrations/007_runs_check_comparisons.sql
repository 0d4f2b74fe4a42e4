-- Schema v7: the run log's CHECKs on a closed list of words compare with = instead of IN (issue 16).
-- SQLite codes a constant IN list of three or more as a lookup in a temporary b-tree, one probe per
-- row and CHECK, and an import's copy spent two thirds of its time there (100,000 runs: 1.09 s of
-- CPU with IN, 0.41 s with the comparisons below). `x IN (a, b)` and `(x = a OR x = b)` accept the
-- same rows, NULL included (both are NULL, which a CHECK lets through), so no stored row changes.
-- SQLite cannot change a CHECK in place: the table is rebuilt (https://www.sqlite.org/lang_altertable.html,
-- "other kinds of table schema changes"), its ids and AUTOINCREMENT counter kept.
CREATE TABLE runs_v7 (
  -- AUTOINCREMENT: a deleted run's id is never reused, so a stale reference (an undo, an open
  -- editor) can never hit another run.
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  ref_id            TEXT UNIQUE CHECK (ref_id IS NULL OR length(ref_id) > 0),
  started_at        TEXT,
  card_id           TEXT NOT NULL CHECK (length(card_id) > 0),
  gpus              INTEGER NOT NULL CHECK (gpus BETWEEN 1 AND 1024),
  provider          TEXT,
  config            TEXT NOT NULL CHECK (json_valid(config)),
  method            TEXT NOT NULL
    CHECK (method = 'inference' OR method = 'full' OR method = 'lora' OR method = 'qlora'),
  model_label       TEXT NOT NULL,
  precision         TEXT NOT NULL CHECK (precision = 'fp32' OR precision = 'bf16' OR precision = 'fp16'
    OR precision = 'fp8' OR precision = 'int8' OR precision = 'int4'),
  peak_memory_gib   REAL CHECK (peak_memory_gib IS NULL OR peak_memory_gib >= 0),
  memory_meter      TEXT
    CHECK (memory_meter = 'nvidia-smi' OR memory_meter = 'torch-reserved' OR memory_meter = 'torch-allocated'),
  tokens_per_second REAL CHECK (tokens_per_second IS NULL OR tokens_per_second > 0),
  throughput_kind   TEXT
    CHECK (throughput_kind = 'train' OR throughput_kind = 'decode' OR throughput_kind = 'prefill'),
  throughput_scope  TEXT CHECK (throughput_scope = 'per-gpu' OR throughput_scope = 'all-gpus'),
  duration_hours    REAL CHECK (duration_hours IS NULL OR duration_hours >= 0),
  cost              REAL CHECK (cost IS NULL OR cost >= 0),
  currency          TEXT CHECK (currency IS NULL OR currency GLOB '[A-Z][A-Z][A-Z]'),
  outcome           TEXT NOT NULL
    CHECK (outcome = 'ok' OR outcome = 'oom' OR outcome = 'crashed' OR outcome = 'preempted'),
  notes             TEXT NOT NULL DEFAULT '',
  origin            TEXT NOT NULL CHECK (origin = 'mine' OR origin = 'published'),
  citation          TEXT,
  estimate          TEXT CHECK (estimate IS NULL OR json_valid(estimate)),
  created_at        TEXT NOT NULL,
  content_key       TEXT,
  engine            TEXT CHECK (engine IS NULL OR engine = 'vllm' OR engine = 'sglang' OR engine = 'llamacpp'),
  concurrency       INTEGER CHECK (concurrency IS NULL OR concurrency > 0),
  ttft_ms           REAL CHECK (ttft_ms IS NULL OR ttft_ms > 0),
  prompt_tokens     INTEGER CHECK (prompt_tokens IS NULL OR prompt_tokens > 0),
  output_tokens     INTEGER CHECK (output_tokens IS NULL OR output_tokens > 0),
  max_model_len     INTEGER CHECK (max_model_len IS NULL OR max_model_len > 0),
  gpu_memory_utilization REAL
    CHECK (gpu_memory_utilization IS NULL OR (gpu_memory_utilization > 0 AND gpu_memory_utilization <= 1)),
  kv_pool_tokens    INTEGER CHECK (kv_pool_tokens IS NULL OR kv_pool_tokens > 0),
  CHECK (peak_memory_gib IS NULL OR memory_meter IS NOT NULL),
  CHECK (cost IS NULL OR currency IS NOT NULL),
  CHECK (origin = 'mine' OR (citation IS NOT NULL AND length(citation) > 0)),
  CHECK ((ref_id IS NULL) = (origin = 'mine'))
) STRICT;

INSERT INTO runs_v7 (id, ref_id, started_at, card_id, gpus, provider, config, method, model_label, precision,
  peak_memory_gib, memory_meter, tokens_per_second, throughput_kind, throughput_scope, duration_hours, cost,
  currency, outcome, notes, origin, citation, estimate, created_at, content_key, engine, concurrency, ttft_ms,
  prompt_tokens, output_tokens, max_model_len, gpu_memory_utilization, kv_pool_tokens)
SELECT id, ref_id, started_at, card_id, gpus, provider, config, method, model_label, precision,
  peak_memory_gib, memory_meter, tokens_per_second, throughput_kind, throughput_scope, duration_hours, cost,
  currency, outcome, notes, origin, citation, estimate, created_at, content_key, engine, concurrency, ttft_ms,
  prompt_tokens, output_tokens, max_model_len, gpu_memory_utilization, kv_pool_tokens
FROM runs ORDER BY id;

-- The counter, not max(id): ids of deleted runs stay used.
UPDATE sqlite_sequence SET seq = (SELECT seq FROM sqlite_sequence WHERE name = 'runs') WHERE name = 'runs_v7'
  AND EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'runs');
DELETE FROM sqlite_sequence WHERE name = 'runs';

DROP TABLE runs;
ALTER TABLE runs_v7 RENAME TO runs;

-- The indexes of migrations 002, 003, 005 and 006, as they were.
CREATE INDEX runs_started_at ON runs (started_at);
CREATE INDEX runs_peak_memory_gib ON runs (peak_memory_gib);
CREATE INDEX runs_tokens_per_second ON runs (tokens_per_second);
CREATE INDEX runs_cost ON runs (cost);
CREATE INDEX runs_duration_hours ON runs (duration_hours);
CREATE INDEX runs_content_key ON runs (content_key) WHERE content_key IS NOT NULL;
CREATE INDEX runs_card_id ON runs (card_id);
CREATE INDEX runs_filter ON runs (card_id, method, origin, outcome);
CREATE INDEX runs_engine ON runs (engine, card_id) WHERE engine IS NOT NULL;
CREATE INDEX runs_card_id_started_at ON runs (card_id, started_at);
CREATE INDEX runs_published ON runs (id) WHERE origin = 'published';
