import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { z } from 'zod';
import { exportRunChunks } from '../../db/runs-export';
import { runOriginSchema } from '../../domain/runs';
import { printJson, type Command } from '../command';
import { checkFlags, type Binding } from '../flag-input';
import { UsageError } from '../report-error';

export const runFileFormatSchema = z.enum(['csv', 'json']);
export const RUN_FILE_FORMATS = runFileFormatSchema.options;
export type RunFileFormat = z.infer<typeof runFileFormatSchema>;

const EXPORT_BINDINGS: readonly Binding[] = [
  { flag: 'format', path: 'format' },
  { flag: 'origin', path: 'origin' },
];
const exportFlagsSchema = z.object({ format: runFileFormatSchema.optional(), origin: runOriginSchema.optional() });

/** `csv` or `json` from a file name's extension, or null. */
export function formatFromExtension(file: string): RunFileFormat | null {
  const extension = path.extname(file).slice(1).toLowerCase();
  return (RUN_FILE_FORMATS as readonly string[]).includes(extension) ? (extension as RunFileFormat) : null;
}

/** `cardwise runs export`: the run log as CSV (spreadsheet-safe) or JSON (reads back whole), streamed. */
export const runsExportCommand: Command = {
  name: 'export',
  summary: 'export the run log as CSV or JSON',
  usage: ['runs export [--format csv|json] [--origin mine|published] [--out FILE] [--json]'],
  options: {
    format: { type: 'string', value: 'F', description: 'csv | json (default: from --out, else csv)' },
    origin: { type: 'string', value: 'O', description: `only ${runOriginSchema.options.join(' or ')} runs` },
    out: { type: 'string', value: 'FILE', description: 'write to FILE instead of stdout' },
  },
  notes: [
    'CSV cells that a spreadsheet could run as a formula (=, +, -, @, full-width ＝＋－＠, after spaces, tabs or',
    'line breaks, or after a ; or ,) get a leading quote; import removes it.',
    'The log is written as a stream, so logs of millions of runs take little memory; `runs import` reads it back.',
    'With --json: { format, filename, text } without --out, { format, file, bytes } with it.',
  ],
  async run({ flags, positionals, json, io, app }) {
    if (positionals.length > 0) throw new UsageError('runs export', `unexpected argument "${positionals[0]}"`);
    const out = typeof flags.out === 'string' ? flags.out : undefined;
    if (out === '') throw new UsageError('--out', 'needs a file name');
    const given = checkFlags(
      exportFlagsSchema,
      { format: flags.format, origin: flags.origin },
      EXPORT_BINDINGS,
      flags,
      'runs export',
    );
    const format = given.format ?? (out === undefined ? null : formatFromExtension(out)) ?? 'csv';
    const { origin } = given;
    const { db } = await app();
    const chunks = exportRunChunks(db, { format, ...(origin ? { origin } : {}) });
    if (out === undefined) {
      if (json) {
        const filename = `cardwise-runs-${new Date().toISOString().slice(0, 10)}.${format}`;
        return printJson(io, { format, filename, text: [...chunks].join('') });
      }
      for (const chunk of chunks) io.stdout(chunk);
      return;
    }
    const stream = createWriteStream(out, { encoding: 'utf8' });
    const failed = once(stream, 'error').then(([error]) => {
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError('--out', `cannot write ${out}${code ? ` (${code})` : ''}`);
    });
    let bytes = 0;
    const written = (async () => {
      for (const chunk of chunks) {
        bytes += Buffer.byteLength(chunk, 'utf8');
        // Wait for the disk when the stream's buffer is full: memory stays bounded.
        if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), failed]);
      }
      stream.end();
      await Promise.race([once(stream, 'finish'), failed]);
    })();
    await written;
    if (json) return printJson(io, { format, file: path.resolve(out), bytes });
    io.stderr(`Wrote ${out} (${format}, ${bytes} bytes).\n`);
  },
};
