-- Schema v4: what a config.json says about a model's attention beyond its shape (issue 12).
-- sliding_window: tokens a sliding-window layer attends to and caches; sliding_window_layers: how
-- many layers use it (NULL with a window: all of them); kv_latent_dim: MLA's cached elements per
-- token per layer (kv_lora_rank + qk_rope_head_dim). NULL where the model has none of it.
ALTER TABLE models ADD COLUMN sliding_window INTEGER CHECK (sliding_window IS NULL OR sliding_window > 0);
ALTER TABLE models ADD COLUMN sliding_window_layers INTEGER
  CHECK (sliding_window_layers IS NULL OR (sliding_window_layers > 0 AND sliding_window_layers <= layers));
ALTER TABLE models ADD COLUMN kv_latent_dim INTEGER CHECK (kv_latent_dim IS NULL OR kv_latent_dim > 0);
