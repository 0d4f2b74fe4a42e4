import type { ImportIssue } from './import-issues';
import { CsvSyntaxError, decodeRecords, encodeRecords } from './rfc4180';
import type { Run } from './run-schema';

/**
 * The run log as CSV. `model`, `method`, `precision`, `batchSize` and `seqLen` are copies of
 * fields of `config` (the full estimate input as JSON) so a spreadsheet can sort by them.
 * `throughputKind`/`throughputScope` follow `tokensPerSecond` so an export reads back whole.
 * The file starts with a UTF-8 byte-order mark so spreadsheets show Chinese text correctly.
 */
const RUN_CSV_COLUMNS = [
  'id',
  'startedAt',
  'card',
  'gpus',
  'provider',
  'model',
  'method',
  'precision',
  'batchSize',
  'seqLen',
  'peakMemoryGiB',
  'memoryMeter',
  'tokensPerSecond',
  'throughputKind',
  'throughputScope',
  'durationHours',
  'cost',
  'currency',
  'outcome',
  'origin',
  'notes',
  'config',
] as const;
type Column = (typeof RUN_CSV_COLUMNS)[number];

/*
 * Spreadsheet formula injection: a cell starting with = + - @ (or a tab / CR) can run as a
 * formula when the file is opened. Every such cell gets a leading single quote, which the
 * spreadsheet shows as text. No numeric column here is ever negative, so no number is hit.
 * A cell that already starts with quotes before one of those characters gets one more quote,
 * so reading removes exactly one and a note such as "'=x" survives the round trip.
 */
const RISKY = /^'*[=+\-@\t\r]/;
const NEUTRALIZED = /^'+[=+\-@\t\r]/;

/** The cell as written to the file: neutralized when a spreadsheet could read it as a formula. */
export function neutralizeCell(value: string): string {
  return RISKY.test(value) ? `'${value}` : value;
}

/** The cell as it was before neutralizeCell; other cells (a user's own quote) stay as they are. */
export function restoreCell(value: string): string {
  return NEUTRALIZED.test(value) ? value.slice(1) : value;
}

function cells(run: Run): Record<Column, string> {
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  return {
    id: String(run.id),
    startedAt: text(run.startedAt),
    card: run.card,
    gpus: String(run.gpus),
    provider: text(run.provider),
    model: run.modelLabel,
    method: run.config.method,
    precision: run.config.precision,
    batchSize: String(run.config.batchSize),
    seqLen: String(run.config.seqLen),
    peakMemoryGiB: text(run.peakMemoryGiB),
    memoryMeter: text(run.memoryMeter),
    tokensPerSecond: text(run.tokensPerSecond),
    throughputKind: text(run.throughputKind),
    throughputScope: text(run.throughputScope),
    durationHours: text(run.durationHours),
    cost: text(run.cost),
    currency: text(run.currency),
    outcome: run.outcome,
    origin: run.origin,
    notes: text(run.notes),
    config: JSON.stringify(run.config),
  };
}

/** The runs as CSV text (header first, CRLF line ends, risky cells neutralized). */
export function encodeRunsCsv(runs: readonly Run[]): string {
  const rows = runs.map((run) => {
    const byColumn = cells(run);
    return RUN_CSV_COLUMNS.map((column) => neutralizeCell(byColumn[column]));
  });
  return `\uFEFF${encodeRecords([[...RUN_CSV_COLUMNS], ...rows])}`;
}

/** One data row read back: the run object to validate, and what is already known to be wrong. */
export interface DecodedRow {
  /** 1-based data line (the first row after the header is 1). */
  line: number;
  value: Record<string, unknown>;
  issues: ImportIssue[];
}

const NUMBER_COLUMNS = new Set<Column>(['gpus', 'peakMemoryGiB', 'tokensPerSecond', 'durationHours', 'cost']);
const NULLABLE_COLUMNS = new Set<Column>(['peakMemoryGiB', 'memoryMeter']);
/** Columns that only repeat `config`, or that the store assigns. */
const NOT_RUN_FIELDS = new Set<Column>([
  'id',
  'origin',
  'model',
  'method',
  'precision',
  'batchSize',
  'seqLen',
  'config',
]);
const DECIMAL = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A number for a numeric-looking cell; other text is kept so validation names the field. */
function cellValue(column: Column, cell: string): unknown {
  if (cell === '') return NULLABLE_COLUMNS.has(column) ? null : undefined;
  const trimmed = cell.trim();
  if (NUMBER_COLUMNS.has(column) || column === 'batchSize' || column === 'seqLen') {
    return DECIMAL.test(trimmed) ? Number(trimmed) : cell;
  }
  return cell;
}

/**
 * Reads a runs CSV (as written by encodeRunsCsv, or typed by hand: columns in any order, and
 * `config` may be left empty when model/method/precision/batchSize/seqLen are filled in).
 * Never throws for bad rows: their problems come back in `issues`, header problems as line 0.
 */
export function decodeRunsCsv(text: string): { rows: DecodedRow[]; issues: ImportIssue[] } {
  let records;
  try {
    records = decodeRecords(text);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return { rows: [], issues: [{ line: 0, field: '(file)', message: error.message }] };
  }
  const [header, ...data] = records;
  if (!header) return { rows: [], issues: [{ line: 0, field: '(file)', message: 'the file is empty' }] };
  const names = header.fields.map((name) => restoreCell(name).trim());
  const known = new Set<string>(RUN_CSV_COLUMNS);
  const fileIssues: ImportIssue[] = names
    .filter((name) => !known.has(name))
    .map((name) => ({
      line: 0,
      field: name || '(empty)',
      message: `unknown column; expected ${RUN_CSV_COLUMNS.join(', ')}`,
    }));
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) fileIssues.push({ line: 0, field: name, message: 'the column appears twice' });
    seen.add(name);
  }
  if (fileIssues.length > 0) return { rows: [], issues: fileIssues };
  const columns = names as Column[];
  const rows = data.map((record, index) => decodeRow(columns, record.fields, index + 1));
  return { rows, issues: [] };
}

function decodeRow(columns: readonly Column[], fields: readonly string[], line: number): DecodedRow {
  const issues: ImportIssue[] = [];
  if (fields.length !== columns.length) {
    issues.push({ line, field: '(row)', message: `has ${fields.length} cells; the header has ${columns.length}` });
  }
  const cell: Partial<Record<Column, string>> = {};
  columns.forEach((column, i) => (cell[column] = restoreCell(fields[i] ?? '')));
  const value: Record<string, unknown> = {};
  for (const column of columns) {
    if (NOT_RUN_FIELDS.has(column)) continue;
    const v = cellValue(column, cell[column] ?? '');
    if (v !== undefined) value[column] = v;
  }
  if (cell.origin === 'published') {
    issues.push({
      line,
      field: 'origin',
      message: 'published runs come from the built-in reference data and cannot be imported',
    });
  } else if (cell.origin !== undefined && cell.origin !== '' && cell.origin !== 'mine') {
    issues.push({ line, field: 'origin', message: 'expected "mine" (or leave it empty)' });
  }
  value.config = decodeConfig(cell, line, issues);
  return { line, value, issues };
}

/** The config column as JSON; when empty, built from the copy columns; copies must agree with it. */
function decodeConfig(cell: Partial<Record<Column, string>>, line: number, issues: ImportIssue[]): unknown {
  const copies = {
    model: cell.model ?? '',
    method: cell.method ?? '',
    precision: cell.precision ?? '',
    batchSize: cellValue('batchSize', cell.batchSize ?? ''),
    seqLen: cellValue('seqLen', cell.seqLen ?? ''),
  };
  const json = (cell.config ?? '').trim();
  if (json === '') {
    return Object.fromEntries(Object.entries(copies).filter(([, v]) => v !== '' && v !== undefined));
  }
  let config: unknown;
  try {
    config = JSON.parse(json);
  } catch {
    issues.push({ line, field: 'config', message: 'is not valid JSON (it holds the whole estimate input)' });
    return undefined;
  }
  if (config === null || typeof config !== 'object') return config;
  const fromConfig = config as Record<string, unknown>;
  for (const key of ['method', 'precision', 'batchSize', 'seqLen'] as const) {
    const copy = copies[key];
    if (copy !== '' && copy !== undefined && copy !== fromConfig[key]) {
      issues.push({
        line,
        field: key,
        message: `says ${String(copy)} but config says ${String(fromConfig[key])}; change both or clear this cell`,
      });
    }
  }
  if (copies.model !== '' && typeof fromConfig.model === 'string' && copies.model !== fromConfig.model) {
    issues.push({
      line,
      field: 'model',
      message: `says ${copies.model} but config says ${fromConfig.model}; change both or clear this cell`,
    });
  }
  return config;
}
