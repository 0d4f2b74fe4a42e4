import { z } from 'zod';
import type { ImportIssue } from './import-issues';
import { checkRunRules, runFieldsSchema, type RunInput } from './run-schema';
import { boundedJsonSchema } from './bounded-json';

/**
 * One row of an import file: a run plus, optionally, the estimate stored with it. `origin`
 * may say 'mine'; published runs come only from the built-in reference data.
 */
const importRowSchema = runFieldsSchema
  .extend({
    estimate: boundedJsonSchema.optional(),
    origin: z
      .literal('mine', { error: 'published runs come from the built-in reference data and cannot be imported' })
      .optional(),
  })
  .strict()
  .superRefine(checkRunRules);

/** A row that passed validation: what addRun needs. */
export interface ImportedRun {
  input: RunInput;
  estimate: unknown;
}

/** A decoded row before validation (see csv.ts / run-json.ts). */
export interface PendingRow {
  line: number;
  value: unknown;
  issues: readonly ImportIssue[];
}

/**
 * Validates every row and collects every problem (not just the first), so one import attempt
 * shows the user all there is to fix. `runs` is only complete when `issues` is empty.
 */
export function validateImportRows(rows: readonly PendingRow[]): { runs: ImportedRun[]; issues: ImportIssue[] } {
  const runs: ImportedRun[] = [];
  const issues: ImportIssue[] = [];
  for (const row of rows) {
    issues.push(...row.issues);
    // A field the decoder already faulted (say, config that is not JSON) is not reported twice.
    const faulted = new Set(row.issues.map((issue) => issue.field));
    const parsed = importRowSchema.safeParse(row.value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '(row)';
        if (!faulted.has(field.split('.')[0] as string)) issues.push({ line: row.line, field, message: issue.message });
      }
      continue;
    }
    if (row.issues.length > 0) continue;
    const { estimate, origin: _origin, ...input } = parsed.data;
    runs.push({ input, estimate: estimate ?? null });
  }
  return { runs, issues };
}
