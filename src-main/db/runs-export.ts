import { InputError } from '../domain/errors';
import { msg } from '../domain/messages';
import {
  encodeRunCsvRow,
  encodeRunJsonRow,
  EXCHANGE_TEXT_MAX_CHARS,
  runOriginSchema,
  RUNS_CSV_HEADER,
  RUNS_JSON_END,
  RUNS_JSON_START,
  type RunOrigin,
} from '../domain/runs';
import type { Db } from './driver';
import type { RunFileFormat } from './runs-import';
import { fromRow } from './runs-rows';
import { parseInput } from './validate';

/** Chunks of about this many characters are handed out at a time. */
const CHUNK_CHARS = 1 << 16;

/**
 * The runs of one origin (the user's own by default) as CSV or JSON text in chunks, oldest
 * first, read from the database a row at a time: a log of any size streams in bounded memory.
 * Reads one consistent snapshot (a single statement), whatever is written meanwhile.
 */
export function* exportRunChunks(db: Db, options: { format: RunFileFormat; origin?: RunOrigin }): Generator<string> {
  const origin = parseInput(runOriginSchema.default('mine'), options.origin);
  let chunk = options.format === 'csv' ? RUNS_CSV_HEADER : RUNS_JSON_START;
  let first = true;
  for (const row of db.prepare('SELECT * FROM runs WHERE origin = ? ORDER BY id').iterate(origin)) {
    const run = fromRow(row as Record<string, unknown>);
    chunk += options.format === 'csv' ? encodeRunCsvRow(run) : encodeRunJsonRow(run, first);
    first = false;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield options.format === 'csv' ? chunk : `${chunk}${first ? '' : '\n'}${RUNS_JSON_END}`;
}

/**
 * The export as one text, for the app's doors (a download in the window). Refused beyond
 * EXCHANGE_TEXT_MAX_CHARS, the most an app import takes, so whatever the app exports it can
 * import again; the CLI streams logs of any size (`cardwise runs export --out FILE`).
 */
export function exportRuns(db: Db, options: { format: RunFileFormat; origin?: RunOrigin }): string {
  const parts: string[] = [];
  let length = 0;
  for (const chunk of exportRunChunks(db, options)) {
    length += chunk.length;
    if (length > EXCHANGE_TEXT_MAX_CHARS) {
      throw new InputError('format', msg('runs.exportTooLarge', { mib: EXCHANGE_TEXT_MAX_CHARS / (1024 * 1024) }));
    }
    parts.push(chunk);
  }
  return parts.join('');
}
