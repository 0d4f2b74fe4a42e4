import { english, msg } from '../messages';
import type { ImportIssue } from './import-issues';
import { CsvReader, CsvSyntaxError, encodeRecord, type CsvRecord } from './rfc4180';
import { SERVING_FIGURES, type Run } from './run-schema';

/**
 * The run log as CSV. `model`, `method`, `precision`, `batchSize` and `seqLen` are copies of
 * fields of `config` (the full estimate input as JSON) so a spreadsheet can sort by them.
 * `throughputKind`/`throughputScope` follow `tokensPerSecond` so an export reads back whole; the
 * serving columns (`engine` … `kvPoolTokens`) are empty for a run that is not a serving run.
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
  'engine',
  'concurrency',
  'ttftMs',
  'promptTokens',
  'outputTokens',
  'maxModelLen',
  'gpuMemoryUtilization',
  'kvPoolTokens',
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
 * Spreadsheet formula injection (OWASP, https://owasp.org/www-community/attacks/CSV_Injection):
 * a cell a spreadsheet could run as a formula gets a leading single quote, which it shows as
 * text. Risky: a cell starting with = + - @, tab, CR or LF; the same after leading spaces
 * (spreadsheets trim them) or written with the full-width or small signs (＝ ＋ － ＠ ﹦ ﹢ ﹣ ﹫,
 * which some spreadsheets read as formulas); and a `;` or `,` followed by one of them, which a
 * semicolon-locale spreadsheet reading the cell unquoted would start a new cell at (such cells
 * are quoted too, see rfc4180.ts). No numeric column is ever negative, so no number is hit. A
 * cell that already starts with quotes gets one more, so reading removes exactly one and a note
 * such as "'=x" survives the round trip.
 */
const FORMULA_SIGN = '=+\\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B';
const RISKY_START = new RegExp(`^(?:[\\t\\r\\n]|[\\s\\u00A0\\u3000]*[${FORMULA_SIGN}])`);
const RISKY_SEGMENT = new RegExp(`[;,][\\s\\u00A0\\u3000]*[${FORMULA_SIGN}]`);

/** Whether a spreadsheet could run the cell (after any leading quotes) as a formula. */
function isRisky(value: string): boolean {
  return RISKY_START.test(value.replace(/^'+/, '')) || RISKY_SEGMENT.test(value);
}

/** The cell as written to the file: neutralized when a spreadsheet could read it as a formula. */
export function neutralizeCell(value: string): string {
  return isRisky(value) ? `'${value}` : value;
}

/** The cell as it was before neutralizeCell; other cells (a user's own quote) stay as they are. */
export function restoreCell(value: string): string {
  return value.startsWith("'") && isRisky(value) ? value.slice(1) : value;
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
    // Copies of the config as logged: a field it leaves to the default stays empty, and reads back so.
    precision: text(run.config.precision),
    batchSize: text(run.config.batchSize),
    seqLen: text(run.config.seqLen),
    peakMemoryGiB: text(run.peakMemoryGiB),
    memoryMeter: text(run.memoryMeter),
    tokensPerSecond: text(run.tokensPerSecond),
    throughputKind: text(run.throughputKind),
    throughputScope: text(run.throughputScope),
    engine: text(run.engine),
    concurrency: text(run.concurrency),
    ttftMs: text(run.ttftMs),
    promptTokens: text(run.promptTokens),
    outputTokens: text(run.outputTokens),
    maxModelLen: text(run.maxModelLen),
    gpuMemoryUtilization: text(run.gpuMemoryUtilization),
    kvPoolTokens: text(run.kvPoolTokens),
    durationHours: text(run.durationHours),
    cost: text(run.cost),
    currency: text(run.currency),
    outcome: run.outcome,
    origin: run.origin,
    notes: text(run.notes),
    config: JSON.stringify(run.config),
  };
}

/** The first line of a runs CSV file: a UTF-8 byte-order mark and the column names. */
export const RUNS_CSV_HEADER = `\uFEFF${encodeRecord(RUN_CSV_COLUMNS)}`;

/** One run as a CSV line (CRLF at the end, risky cells neutralized). */
export function encodeRunCsvRow(run: Run): string {
  const byColumn = cells(run);
  return encodeRecord(RUN_CSV_COLUMNS.map((column) => neutralizeCell(byColumn[column])));
}

/** The runs as CSV text (header first, CRLF line ends, risky cells neutralized). */
export function encodeRunsCsv(runs: readonly Run[]): string {
  return RUNS_CSV_HEADER + runs.map(encodeRunCsvRow).join('');
}

/** One data row read back: the run object to validate, and what is already known to be wrong. */
export interface DecodedRow {
  /** 1-based data line (the first row after the header is 1). */
  line: number;
  value: Record<string, unknown>;
  issues: ImportIssue[];
}

const NUMBER_COLUMNS = new Set<Column>([
  'gpus',
  'peakMemoryGiB',
  'tokensPerSecond',
  ...SERVING_FIGURES,
  'durationHours',
  'cost',
]);
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

/** A fault of a whole runs file (its header, or CSV it cannot read): nothing in it is imported. */
export class RunsFileError extends Error {
  constructor(readonly issues: readonly ImportIssue[]) {
    super(issues.map((issue) => `${issue.field}: ${english(issue.message)}`).join('; '));
    this.name = 'RunsFileError';
  }
}

/**
 * Reads a runs CSV (as written by encodeRunsCsv, or typed by hand: columns in any order, and
 * `config` may be left empty when model/method/precision/batchSize/seqLen are filled in) in
 * chunks. Bad rows come back with their problems in `issues`; a bad header or unreadable CSV
 * throws RunsFileError (header problems as line 0).
 */
export class CsvRunsDecoder {
  private readonly reader = new CsvReader();
  private columns: Column[] | null = null;
  private dataLine = 0;

  push(chunk: string): DecodedRow[] {
    return this.rows(() => this.reader.push(chunk));
  }

  end(): DecodedRow[] {
    const rows = this.rows(() => this.reader.end());
    if (!this.columns) throw new RunsFileError([{ line: 0, field: '(file)', message: msg('import.emptyFile') }]);
    return rows;
  }

  private rows(read: () => CsvRecord[]): DecodedRow[] {
    let records: CsvRecord[];
    try {
      records = read();
    } catch (error) {
      if (!(error instanceof CsvSyntaxError)) throw error;
      throw new RunsFileError([{ line: 0, field: '(file)', message: error.detail }]);
    }
    const rows: DecodedRow[] = [];
    for (const record of records) {
      if (!this.columns) {
        this.columns = headerColumns(record.fields);
        continue;
      }
      rows.push(decodeRow(this.columns, record.fields, ++this.dataLine));
    }
    return rows;
  }
}

/** The header's columns, or RunsFileError naming every unknown or repeated one. */
function headerColumns(fields: readonly string[]): Column[] {
  const names = fields.map((name) => restoreCell(name).trim());
  const known = new Set<string>(RUN_CSV_COLUMNS);
  const fileIssues: ImportIssue[] = names
    .filter((name) => !known.has(name))
    .map((name) => ({
      line: 0,
      field: name || '(empty)',
      message: msg('import.unknownColumn', { columns: RUN_CSV_COLUMNS.join(', ') }),
    }));
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) fileIssues.push({ line: 0, field: name, message: msg('import.duplicateColumn') });
    seen.add(name);
  }
  if (fileIssues.length > 0) throw new RunsFileError(fileIssues);
  return names as Column[];
}

/** A whole runs CSV text at once (see CsvRunsDecoder); file problems come back in `issues`. */
export function decodeRunsCsv(text: string): { rows: DecodedRow[]; issues: ImportIssue[] } {
  const decoder = new CsvRunsDecoder();
  try {
    return { rows: [...decoder.push(text), ...decoder.end()], issues: [] };
  } catch (error) {
    if (error instanceof RunsFileError) return { rows: [], issues: [...error.issues] };
    throw error;
  }
}

function decodeRow(columns: readonly Column[], fields: readonly string[], line: number): DecodedRow {
  const issues: ImportIssue[] = [];
  if (fields.length !== columns.length) {
    issues.push({
      line,
      field: '(row)',
      message: msg('import.cellCount', { cells: fields.length, columns: columns.length }),
    });
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
    issues.push({ line, field: 'origin', message: msg('import.publishedRun') });
  } else if (cell.origin !== undefined && cell.origin !== '' && cell.origin !== 'mine') {
    issues.push({ line, field: 'origin', message: msg('import.originMine') });
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
    issues.push({ line, field: 'config', message: msg('import.configJson') });
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
        message: msg('import.copyDiffers', { cell: String(copy), config: String(fromConfig[key]) }),
      });
    }
  }
  if (copies.model !== '' && typeof fromConfig.model === 'string' && copies.model !== fromConfig.model) {
    issues.push({
      line,
      field: 'model',
      message: msg('import.copyDiffers', { cell: copies.model, config: fromConfig.model }),
    });
  }
  return config;
}
