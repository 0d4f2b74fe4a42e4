import { ContractCallError } from '../ipc/register';
import { globalOptions } from './program';
import { UsageError } from './report-error';

/** One bad row as the contract reports it (see ImportIssue in src-main/domain/runs). */
export interface RowIssue {
  line: number;
  field: string;
  message: string;
}

/**
 * Turns a failed runs:import into a UsageError whose detail lines list EVERY bad row, each as
 * `label(issue): message`; other errors pass through unchanged.
 */
export function importFailure(error: unknown, where: string, label: (issue: RowIssue) => string): unknown {
  if (!(error instanceof ContractCallError) || error.error.code !== 'bad-input') return error;
  const issues = error.error.issues;
  if (!issues || issues.length === 0) return error;
  const rows = new Set(issues.map((issue) => issue.line)).size;
  return new UsageError(
    where,
    `nothing was imported: ${issues.length} problem${issues.length === 1 ? '' : 's'} in ${rows} row${rows === 1 ? '' : 's'}`,
    issues.map((issue) => `${label(issue)}: ${issue.message}`),
  );
}

/** Flags given besides the global ones and `allowed`, as `--name` (for "cannot be combined" errors). */
export function otherFlags(flags: Partial<Record<string, unknown>>, allowed: readonly string[]): string[] {
  const global = Object.keys(globalOptions);
  return Object.keys(flags)
    .filter((name) => flags[name] !== undefined && !global.includes(name) && !allowed.includes(name))
    .map((name) => `--${name}`);
}
