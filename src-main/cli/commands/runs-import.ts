import { readFile } from 'node:fs/promises';
import { callChannel } from '../../ipc/register';
import { printJson, type Command } from '../command';
import { importFailure } from '../import-failure';
import { parseChoice } from '../parse-value';
import { UsageError } from '../usage-error';
import { idRange } from './runs-add';
import { formatFromExtension, RUN_FILE_FORMATS } from './runs-export';

/** Fields a JSON file can be faulted on as a whole (its envelope), as opposed to one of its runs. */
const FILE_FIELDS = new Set(['(file)', 'version', 'runs']);

/** `cardwise runs import FILE`: all or nothing; on failure every bad row is listed. */
export const runsImportCommand: Command = {
  name: 'import',
  summary: 'import runs from a CSV or JSON file (all or nothing)',
  usage: ['runs import FILE [--format csv|json] [--json]'],
  options: {
    format: { type: 'string', value: 'F', description: 'csv | json (default: from the extension of FILE)' },
  },
  notes: [
    'Takes what `runs export` writes, a JSON array of runs, or one run object (what `cardwise measure` writes).',
    'If any row is bad nothing is written, and every problem is printed on stderr as',
    '"line N: field: message" (CSV: N counts data rows from 1 after the header; JSON: N is the 0-based',
    'index in the array). The exit status is then 2.',
  ],
  async run({ flags, positionals, json, io, app }) {
    const [file, extra] = positionals;
    if (file === undefined) throw new UsageError('runs import', 'needs the FILE to import');
    if (extra !== undefined) throw new UsageError('runs import', `unexpected argument "${extra}"`);
    const format =
      typeof flags.format === 'string'
        ? parseChoice('--format', flags.format, RUN_FILE_FORMATS)
        : formatFromExtension(file);
    if (!format) throw new UsageError('--format', `cannot tell the format of ${file}: give --format csv or json`);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError('runs import', `cannot read ${file}${code ? ` (${code})` : ''}`);
    }
    const result = await callChannel((await app()).dispatcher, 'runs:import', { format, text }).catch(
      (error: unknown) => {
        throw importFailure(error, file, (issue) =>
          issue.line === 0 && (format === 'csv' || FILE_FIELDS.has(issue.field))
            ? `${format === 'csv' ? 'header' : 'file'}: ${issue.field}`
            : `line ${issue.line}: ${issue.field}`,
        );
      },
    );
    if (json) return printJson(io, result);
    io.stdout(`Imported ${result.imported} run${result.imported === 1 ? '' : 's'}${idRange(result.ids)}.\n`);
  },
};
