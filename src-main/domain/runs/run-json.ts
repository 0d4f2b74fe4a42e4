import type { ImportIssue } from './import-issues';
import { JsonRowsError, JsonRowsReader, RUNS_JSON_VERSION } from './json-rows';
import type { PendingRow } from './run-import';
import { runFieldsSchema, type Run, type RunInput } from './run-schema';

/** The fields a caller logs, in the schema's order. */
const INPUT_KEYS = Object.keys(runFieldsSchema.shape) as (keyof RunInput)[];

/** The run in its exchange form: the input fields, the estimate when there is one, and for a published run its origin and citation. */
function toExchangeObject(run: Run): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of INPUT_KEYS) if (run[key] !== undefined) out[key] = run[key];
  if (run.estimate !== null) out.estimate = run.estimate;
  if (run.origin === 'published') Object.assign(out, { origin: run.origin, citation: run.citation });
  return out;
}

/** The start of a runs JSON file; each run follows on a line of its own. */
export const RUNS_JSON_START = `{"version":${RUNS_JSON_VERSION},"runs":[\n`;
/** The end of a runs JSON file. */
export const RUNS_JSON_END = ']}\n';

/** One run of a runs JSON file: its line, with the comma that separates it from the run before. */
export function encodeRunJsonRow(run: Run, first: boolean): string {
  return `${first ? '' : ',\n'}${JSON.stringify(toExchangeObject(run))}`;
}

/**
 * `{ "version": 1, "runs": [...] }` with one run per line: written and read a run at a time, so
 * a log of any size streams, and a person or `grep` can still read it line by line.
 */
export function encodeRunsJson(runs: readonly Run[]): string {
  const lines = runs.map((run, i) => encodeRunJsonRow(run, i === 0)).join('');
  return `${RUNS_JSON_START}${lines}${runs.length > 0 ? '\n' : ''}${RUNS_JSON_END}`;
}

/** The reader's rows as the validator takes them. */
export function jsonPendingRows(rows: { index: number; value: unknown }[]): PendingRow[] {
  return rows.map(({ index, value }) => ({ line: index, value, issues: [] }));
}

/** A JsonRowsError as the import's file issue (line 0). */
export function jsonFileIssue(error: JsonRowsError): ImportIssue {
  return { line: 0, field: error.field, message: error.detail };
}

/**
 * Reads a runs JSON text at once (see JsonRowsReader): the export envelope, a bare array of
 * runs, or one run object (what `cardwise measure` writes). Rows are numbered by their 0-based
 * index in the array; a fault of the whole file comes back as an issue of line 0.
 */
export function decodeRunsJson(text: string): { rows: PendingRow[]; issues: ImportIssue[] } {
  const reader = new JsonRowsReader();
  try {
    return { rows: jsonPendingRows([...reader.push(text), ...reader.end()]), issues: [] };
  } catch (error) {
    if (error instanceof JsonRowsError) return { rows: [], issues: [jsonFileIssue(error)] };
    throw error;
  }
}
