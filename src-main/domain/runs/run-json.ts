import type { ImportIssue } from './import-issues';
import type { PendingRow } from './run-import';
import { runFieldsSchema, type Run, type RunInput } from './run-schema';

/** The version of the JSON export envelope `{ version, runs }`. */
const RUNS_JSON_VERSION = 1;

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

/** `{ version: 1, runs: [...] }`, indented for people who read it. */
export function encodeRunsJson(runs: readonly Run[]): string {
  return `${JSON.stringify({ version: RUNS_JSON_VERSION, runs: runs.map(toExchangeObject) }, null, 2)}\n`;
}

/**
 * Reads a runs JSON file: the export envelope, a bare array of runs, or one run object (what
 * `cardwise measure` writes). Rows are numbered by their 0-based index in the array.
 */
export function decodeRunsJson(text: string): { rows: PendingRow[]; issues: ImportIssue[] } {
  let json: unknown;
  try {
    json = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    return {
      rows: [],
      issues: [{ line: 0, field: '(file)', message: `not valid JSON (${(error as Error).message})` }],
    };
  }
  let list: unknown[];
  if (Array.isArray(json)) list = json;
  else if (json !== null && typeof json === 'object' && 'runs' in json) {
    const { version, runs } = json as { version?: unknown; runs: unknown };
    if (version !== RUNS_JSON_VERSION) {
      return { rows: [], issues: [{ line: 0, field: 'version', message: `expected ${RUNS_JSON_VERSION}` }] };
    }
    if (!Array.isArray(runs)) return { rows: [], issues: [{ line: 0, field: 'runs', message: 'expected an array' }] };
    list = runs;
  } else list = [json];
  return { rows: list.map((value, line) => ({ line, value, issues: [] })), issues: [] };
}
