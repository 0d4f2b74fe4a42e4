import { msg } from '../../../src-main/domain/messages';
import { decodeRunsCsv, decodeRunsJson, validateImportRows, type ImportIssue } from '../../../src-main/domain/runs';
import { ApiError } from '../../lib/api';

export type ImportFormat = 'csv' | 'json';

/**
 * The format of a chosen file: by its extension, else by its first character ({ or [ is
 * JSON, a header line with commas is CSV); null when it is neither.
 */
export function detectFormat(fileName: string, text: string): ImportFormat | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'csv') return 'csv';
  if (extension === 'json') return 'json';
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{') || start.startsWith('[')) return 'json';
  const firstLine = start.split(/\r?\n/, 1)[0] ?? '';
  return firstLine.includes(',') ? 'csv' : null;
}

/**
 * Every problem in the file, found here with the same decoder and rules the store uses, so
 * the user sees all bad rows at once (the store checks again and stays all-or-nothing).
 */
export function checkImportFile(format: ImportFormat, text: string): ImportIssue[] {
  const decoded = format === 'csv' ? decodeRunsCsv(text) : decodeRunsJson(text);
  if (decoded.issues.length > 0) return decoded.issues;
  return validateImportRows(decoded.rows).issues;
}

/** The issues a failed `runs:import` carried, each with its sentence as a message. */
export function issuesOf(error: unknown): ImportIssue[] {
  if (!(error instanceof ApiError)) return [];
  return (error.issues ?? []).map(({ line, field, detail }) => ({
    line,
    field,
    message: detail ?? msg('validation.invalid'),
  }));
}
