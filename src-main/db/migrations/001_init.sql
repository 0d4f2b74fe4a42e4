-- Cardwise schema v1. Builtin rows come from data/ (seed.ts); user_edited = 1 marks a row
-- the user added or changed, which a later seed never overwrites. Times are ISO 8601 text.

CREATE TABLE cards (
  id             TEXT PRIMARY KEY CHECK (id GLOB '[a-z0-9]*' AND length(id) BETWEEN 1 AND 64),
  name           TEXT NOT NULL CHECK (length(name) > 0),
  vendor         TEXT NOT NULL CHECK (length(vendor) > 0),
  memory_gib     REAL NOT NULL CHECK (memory_gib > 0),
  bandwidth_gbps REAL NOT NULL CHECK (bandwidth_gbps > 0),
  bf16_tflops    REAL NOT NULL CHECK (bf16_tflops > 0),
  fp8_tflops     REAL CHECK (fp8_tflops IS NULL OR fp8_tflops > 0),
  int8_tops      REAL CHECK (int8_tops IS NULL OR int8_tops > 0),
  fp32_tflops    REAL NOT NULL CHECK (fp32_tflops > 0),
  tdp_w          REAL NOT NULL CHECK (tdp_w > 0),
  nvlink_gbps    REAL CHECK (nvlink_gbps IS NULL OR nvlink_gbps > 0),
  pcie_gen       INTEGER NOT NULL CHECK (pcie_gen BETWEEN 3 AND 6),
  architecture   TEXT NOT NULL,
  launch_year    INTEGER NOT NULL CHECK (launch_year BETWEEN 2000 AND 2100),
  source         TEXT NOT NULL,
  builtin        INTEGER NOT NULL DEFAULT 0 CHECK (builtin IN (0, 1)),
  user_edited    INTEGER NOT NULL DEFAULT 0 CHECK (user_edited IN (0, 1)),
  updated_at     TEXT NOT NULL
) STRICT;

CREATE TABLE offers (
  id             TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 80),
  card_id        TEXT NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  provider       TEXT NOT NULL CHECK (length(provider) > 0),
  region         TEXT NOT NULL DEFAULT '',
  billing        TEXT NOT NULL CHECK (billing IN ('hourly', 'daily', 'weekly', 'monthly', 'spot')),
  price          REAL NOT NULL CHECK (price > 0),
  -- ISO 4217 shape rather than a fixed list, so a new currency needs no table rebuild.
  currency       TEXT NOT NULL CHECK (currency GLOB '[A-Z][A-Z][A-Z]'),
  gpus_per_price INTEGER NOT NULL DEFAULT 1 CHECK (gpus_per_price BETWEEN 1 AND 64),
  granularity    TEXT NOT NULL DEFAULT 'second' CHECK (granularity IN ('second', 'minute', 'hour')),
  observed_at    TEXT NOT NULL,
  source         TEXT NOT NULL,
  builtin        INTEGER NOT NULL DEFAULT 0 CHECK (builtin IN (0, 1)),
  user_edited    INTEGER NOT NULL DEFAULT 0 CHECK (user_edited IN (0, 1)),
  updated_at     TEXT NOT NULL
) STRICT;
CREATE INDEX offers_card_id ON offers (card_id);

CREATE TABLE models (
  id                TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 80),
  name              TEXT NOT NULL CHECK (length(name) > 0),
  family            TEXT NOT NULL CHECK (length(family) > 0),
  params            REAL NOT NULL CHECK (params > 0),
  active_params     REAL NOT NULL CHECK (active_params > 0 AND active_params <= params),
  layers            INTEGER NOT NULL CHECK (layers > 0),
  hidden            INTEGER NOT NULL CHECK (hidden > 0),
  heads             INTEGER NOT NULL CHECK (heads > 0),
  kv_heads          INTEGER NOT NULL CHECK (kv_heads > 0 AND kv_heads <= heads),
  head_dim          INTEGER NOT NULL CHECK (head_dim > 0),
  intermediate      INTEGER NOT NULL CHECK (intermediate > 0),
  vocab             INTEGER NOT NULL CHECK (vocab > 0),
  tied_embeddings   INTEGER NOT NULL CHECK (tied_embeddings IN (0, 1)),
  gated_mlp         INTEGER NOT NULL CHECK (gated_mlp IN (0, 1)),
  experts           INTEGER NOT NULL CHECK (experts > 0),
  experts_per_token INTEGER NOT NULL CHECK (experts_per_token > 0 AND experts_per_token <= experts),
  max_context       INTEGER NOT NULL CHECK (max_context > 0),
  source            TEXT NOT NULL,
  builtin           INTEGER NOT NULL DEFAULT 0 CHECK (builtin IN (0, 1)),
  user_edited       INTEGER NOT NULL DEFAULT 0 CHECK (user_edited IN (0, 1)),
  updated_at        TEXT NOT NULL
) STRICT;

CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL CHECK (json_valid(value))
) STRICT;

-- Builtin rows the user deleted: a reseed must not bring them back.
CREATE TABLE seed_tombstones (
  table_name TEXT NOT NULL CHECK (table_name IN ('cards', 'offers', 'models')),
  row_id     TEXT NOT NULL,
  deleted_at TEXT NOT NULL,
  PRIMARY KEY (table_name, row_id)
) STRICT, WITHOUT ROWID;

-- The run log. card_id has no foreign key on purpose: a run is a historical record that
-- must survive catalog edits and may name a card the catalog does not have (published runs).
CREATE TABLE runs (
  id                INTEGER PRIMARY KEY,
  started_at        TEXT NOT NULL,
  card_id           TEXT NOT NULL CHECK (length(card_id) > 0),
  gpus              INTEGER NOT NULL CHECK (gpus BETWEEN 1 AND 1024),
  provider          TEXT,
  config            TEXT NOT NULL CHECK (json_valid(config)),
  method            TEXT NOT NULL CHECK (method IN ('inference', 'full', 'lora', 'qlora')),
  model_label       TEXT NOT NULL,
  peak_memory_gib   REAL CHECK (peak_memory_gib IS NULL OR peak_memory_gib >= 0),
  memory_meter      TEXT CHECK (memory_meter IN ('nvidia-smi', 'torch-reserved', 'torch-allocated')),
  tokens_per_second REAL CHECK (tokens_per_second IS NULL OR tokens_per_second > 0),
  duration_hours    REAL CHECK (duration_hours IS NULL OR duration_hours >= 0),
  cost              REAL CHECK (cost IS NULL OR cost >= 0),
  currency          TEXT CHECK (currency IS NULL OR currency GLOB '[A-Z][A-Z][A-Z]'),
  outcome           TEXT NOT NULL CHECK (outcome IN ('ok', 'oom', 'crashed', 'preempted')),
  notes             TEXT NOT NULL DEFAULT '',
  origin            TEXT NOT NULL CHECK (origin IN ('mine', 'published')),
  citation          TEXT,
  estimate          TEXT CHECK (estimate IS NULL OR json_valid(estimate)),
  created_at        TEXT NOT NULL,
  -- A memory figure is meaningless without the meter that read it (they differ by GiBs).
  CHECK (peak_memory_gib IS NULL OR memory_meter IS NOT NULL),
  CHECK (cost IS NULL OR currency IS NOT NULL),
  CHECK (origin = 'mine' OR (citation IS NOT NULL AND length(citation) > 0))
) STRICT;
CREATE INDEX runs_started_at ON runs (started_at);
CREATE INDEX runs_card_id ON runs (card_id);
CREATE INDEX runs_outcome ON runs (outcome);
CREATE INDEX runs_origin ON runs (origin);
