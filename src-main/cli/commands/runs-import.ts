import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isBusyError } from '../../db/busy';
import { importRunChunks, type ImportProgress } from '../../db/runs-import';
import { toStoreError } from '../../db/store-error';
import { ImportError } from '../../domain/runs';
import { printJson, type Command } from '../command';
import { checkInput } from '../flag-input';
import { UsageError } from '../report-error';
import { duplicatesNote, idRange } from './runs-add';
import { formatFromExtension, runFileFormatSchema } from './runs-export';

/** Fields a JSON file can be faulted on as a whole (its envelope), as opposed to one of its runs. */
const FILE_FIELDS = new Set(['(file)', 'version', 'runs']);

/** "Reading runs.csv: 412,000 rows (38%)" / "Writing 1,000,000 runs…": the line a terminal shows. */
export function progressLine(file: string, progress: ImportProgress, bytesRead: number, bytesTotal: number): string {
  const rows = progress.rows.toLocaleString('en-US');
  if (progress.phase === 'writing') return `Writing ${rows} runs into the log…`;
  const share = bytesTotal > 0 ? ` (${Math.min(100, Math.floor((100 * bytesRead) / bytesTotal))}%)` : '';
  return `Reading ${file}: ${rows} rows${share}`;
}

/** `cardwise runs import FILE`: streamed, all or nothing; on failure the first 100 problems are listed. */
export const runsImportCommand: Command = {
  name: 'import',
  summary: 'import runs from a CSV or JSON file (all or nothing)',
  usage: ['runs import FILE [--format csv|json] [--allow-duplicates] [--json]'],
  options: {
    format: { type: 'string', value: 'F', description: 'csv | json (default: from the extension of FILE)' },
    'allow-duplicates': {
      type: 'boolean',
      description: 'also add runs that are already in the log (by default they are counted and skipped)',
    },
  },
  notes: [
    'Takes what `runs export` writes, a JSON array of runs, or one run object (what `cardwise measure` writes).',
    'The file is read as a stream, so files of millions of runs take little memory; a terminal shows progress.',
    'If any row is bad nothing is written, and the first 100 problems are printed on stderr as',
    '"line N: field: message" (CSV: N counts data rows from 1 after the header; JSON: N is the 0-based',
    'index in the array), with how many there were in all. The exit status is then 2.',
    'A run identical to one already in the log is skipped and counted, so importing a file twice adds nothing.',
  ],
  async run({ flags, positionals, json, io, app }) {
    const [file, extra] = positionals;
    if (file === undefined) throw new UsageError('runs import', 'needs the FILE to import');
    if (extra !== undefined) throw new UsageError('runs import', `unexpected argument "${extra}"`);
    const format =
      typeof flags.format === 'string'
        ? checkInput(
            runFileFormatSchema,
            flags.format,
            () => '--format',
            () => String(flags.format),
          )
        : formatFromExtension(file);
    if (!format) throw new UsageError('--format', `cannot tell the format of ${file}: give --format csv or json`);
    let size: number;
    try {
      size = (await stat(file)).size;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError('runs import', `cannot read ${file}${code ? ` (${code})` : ''}`);
    }
    const { db, dbPath } = await app();
    const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
    let bytesRead = 0;
    stream.on('data', (chunk) => (bytesRead += Buffer.byteLength(chunk)));
    const showProgress = process.stderr.isTTY === true && !json;
    const result = await importRunChunks(db, stream as AsyncIterable<string>, format, {
      allowDuplicates: flags['allow-duplicates'] === true,
      ...(showProgress
        ? { onProgress: (p: ImportProgress) => io.stderr(`\r${progressLine(file, p, bytesRead, size)}\x1b[K`) }
        : {}),
    }).catch((error: unknown) => {
      if (showProgress) io.stderr('\n');
      if (isBusyError(error)) throw toStoreError(error, dbPath);
      const code = (error as NodeJS.ErrnoException).code;
      if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
        throw new UsageError('runs import', `cannot read ${file} (${code})`);
      }
      if (!(error instanceof ImportError)) throw error;
      const label = (line: number, field: string) =>
        line === 0 && (format === 'csv' || FILE_FIELDS.has(field))
          ? `${format === 'csv' ? 'header' : 'file'}: ${field}`
          : `line ${line}: ${field}`;
      const more = error.total - error.issues.length;
      throw new UsageError(
        file,
        `nothing was imported: ${error.total.toLocaleString('en-US')} problem${error.total === 1 ? '' : 's'} in ${error.rows.toLocaleString('en-US')} row${error.rows === 1 ? '' : 's'}`,
        [
          ...error.issues.map((issue) => `${label(issue.line, issue.field)}: ${issue.message}`),
          ...(more > 0 ? [`… and ${more.toLocaleString('en-US')} more`] : []),
        ],
      );
    });
    if (showProgress) io.stderr('\n');
    if (json) return printJson(io, result);
    io.stdout(
      `Imported ${result.imported.toLocaleString('en-US')} run${result.imported === 1 ? '' : 's'}${idRange(result.ids)}.\n`,
    );
    if (result.duplicates > 0) io.stdout(`${duplicatesNote(result.duplicates)}\n`);
  },
};
