-- Schema v5: serving runs in the run log (issue 17). A run with an engine is a serving run: a
-- benchmark (vLLM benchmarks/benchmark_serving.py, SGLang bench_serving) or a deployment. Its
-- tokens_per_second is the output (decode) rate; the other figures are what the benchmark and the
-- engine log print. kv_pool_tokens is the engine's own line ("GPU KV cache size: N tokens"),
-- per engine instance. NULL where not known; the rules between them are in domain/runs/run-schema.ts.
ALTER TABLE runs ADD COLUMN engine TEXT CHECK (engine IS NULL OR engine IN ('vllm', 'sglang', 'llamacpp'));
ALTER TABLE runs ADD COLUMN concurrency INTEGER CHECK (concurrency IS NULL OR concurrency > 0);
ALTER TABLE runs ADD COLUMN ttft_ms REAL CHECK (ttft_ms IS NULL OR ttft_ms > 0);
ALTER TABLE runs ADD COLUMN prompt_tokens INTEGER CHECK (prompt_tokens IS NULL OR prompt_tokens > 0);
ALTER TABLE runs ADD COLUMN output_tokens INTEGER CHECK (output_tokens IS NULL OR output_tokens > 0);
ALTER TABLE runs ADD COLUMN max_model_len INTEGER CHECK (max_model_len IS NULL OR max_model_len > 0);
ALTER TABLE runs ADD COLUMN gpu_memory_utilization REAL
  CHECK (gpu_memory_utilization IS NULL OR (gpu_memory_utilization > 0 AND gpu_memory_utilization <= 1));
ALTER TABLE runs ADD COLUMN kv_pool_tokens INTEGER CHECK (kv_pool_tokens IS NULL OR kv_pool_tokens > 0);
-- Calibration reads the serving runs of a card: few rows among many, found through this index.
CREATE INDEX runs_engine ON runs (engine, card_id) WHERE engine IS NOT NULL;
