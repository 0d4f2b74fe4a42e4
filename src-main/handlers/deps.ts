import type { Db } from '../db/driver';
import type { HubConfig } from '../hub/hf-hub';

/** What every handler gets besides its parsed input. */
export interface HandlerDeps {
  db: Db;
  /** Where models are read by Hugging Face id (openApp sets it from the environment). */
  hub?: HubConfig;
}
