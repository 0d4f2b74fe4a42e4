/**
 * The data files the main build ships as files beside its output instead of inlining them: electron.vite.config.ts
 * copies them there with their sha256, db/bundled.ts reads them when a seed needs them. Plain constants, so the
 * build config can import them.
 */

/** The data file the published runs come from (db/seed-runs.ts). */
export const PUBLISHED_RUNS_FILE = 'reference-runs.json';

export const SHIPPED_DATA_FILES = [PUBLISHED_RUNS_FILE] as const;

/** The main build's output folder, from the app root, and where the shipped files go in it. */
export const MAIN_OUT_DIR = 'out/main';
export const SHIPPED_DATA_DIR = `${MAIN_OUT_DIR}/data`;
