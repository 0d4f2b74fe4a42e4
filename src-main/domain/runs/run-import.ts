import { z } from 'zod';
import { estimateInputSchema, type EstimateInput } from '../estimate/input';
import { issueMessage, type Message, type MessageCode, type ZodIssueLike } from '../messages';
import type { ImportIssue } from './import-issues';
import { checkRunRules, runFieldsSchema, type RunInput } from './run-schema';
import { boundedJsonSchema } from './bounded-json';
import { compileStrictObject } from './compiled-object';

/**
 * One row of an import file without its configuration: a run plus, optionally, the estimate
 * stored with it. `origin` may say 'mine'; published runs come only from the built-in reference
 * data. The configuration is checked on its own (see RowValidator).
 */
const importRowFieldsSchema = runFieldsSchema
  .omit({ config: true })
  .extend({
    config: z.unknown(),
    estimate: boundedJsonSchema.optional(),
    origin: z.literal('mine', { error: 'import.publishedRun' satisfies MessageCode }).optional(),
  })
  .strict();

/** The same parse for the common row, without zod's machinery; undefined sends the row to zod (compiled-object.ts). */
const fastRowFields = compileStrictObject(importRowFieldsSchema);

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

type ConfigResult = { ok: true; config: EstimateInput } | { ok: false; issues: z.core.$ZodIssue[] };

/** Distinct configurations remembered per import; a log has a few dozen, a hostile file is capped. */
const CONFIG_CACHE_SIZE = 4096;

function pathOf(path: readonly PropertyKey[], prefix: string[] = []): string {
  const full = [...prefix, ...path.map(String)];
  return full.length > 0 ? full.join('.') : '(row)';
}

/**
 * Validates import rows with the run schema and its rules, one at a time. A log repeats a
 * handful of configurations thousands of times, so each distinct configuration (by its JSON
 * text) is checked once and its verdict reused: the same answer as checking every row, at a
 * fraction of the cost (the configuration is most of a run's schema).
 */
export class RowValidator {
  private readonly configs = new Map<string, ConfigResult>();

  /** The run, or every problem of the row (a field the decoder already faulted is not reported twice). */
  validate(row: PendingRow): { run: ImportedRun | null; issues: ImportIssue[] } {
    const issues: ImportIssue[] = [...row.issues];
    // Most rows come without decoder faults: no set to build then.
    const faulted = row.issues.length === 0 ? null : new Set(row.issues.map((issue) => issue.field));
    const report = (line: number, field: string, message: Message) => {
      if (!faulted?.has(field.split('.')[0] as string)) issues.push({ line, field, message });
    };
    const fast = row.issues.length === 0 ? fastRowFields(row.value) : undefined;
    const parsed = fast ? { success: true as const, data: fast } : importRowFieldsSchema.safeParse(row.value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        report(row.line, pathOf(issue.path), issueMessage(issue, importRowFieldsSchema));
      }
    }
    // A row that is not even an object has no configuration to speak of.
    if (row.value === null || typeof row.value !== 'object' || Array.isArray(row.value)) return { run: null, issues };
    const config = this.config((row.value as { config?: unknown }).config);
    if (!config.ok) {
      for (const issue of config.issues) {
        report(row.line, pathOf(issue.path, ['config']), issueMessage(issue, estimateInputSchema));
      }
    }
    if (!parsed.success || !config.ok) return { run: null, issues };
    const { estimate, origin: _origin, ...fields } = parsed.data;
    const input: RunInput = { ...fields, config: config.config };
    // The rules carry their sentence as a message (ruleIssue); the row reports it as it comes.
    checkRunRules(input, {
      addIssue: (issue: Partial<ZodIssueLike>) =>
        report(
          row.line,
          pathOf(issue.path ?? []),
          issueMessage({ code: 'custom', message: '', ...issue, path: issue.path ?? [] }),
        ),
    } as unknown as z.RefinementCtx);
    if (issues.length > 0) return { run: null, issues };
    return { run: { input, estimate: estimate ?? null }, issues };
  }

  private config(value: unknown): ConfigResult {
    let key: string | undefined;
    try {
      key = JSON.stringify(value);
    } catch {
      key = undefined;
    }
    const known = key === undefined ? undefined : this.configs.get(key);
    if (known) return known;
    const parsed = estimateInputSchema.safeParse(value);
    const result: ConfigResult = parsed.success
      ? { ok: true, config: parsed.data }
      : { ok: false, issues: parsed.error.issues };
    if (key !== undefined) {
      if (this.configs.size >= CONFIG_CACHE_SIZE) this.configs.clear();
      this.configs.set(key, result);
    }
    return result;
  }
}

/**
 * Validates every row and collects every problem (not just the first), so one import attempt
 * shows the user all there is to fix. `runs` is only complete when `issues` is empty.
 */
export function validateImportRows(rows: readonly PendingRow[]): { runs: ImportedRun[]; issues: ImportIssue[] } {
  const validator = new RowValidator();
  const runs: ImportedRun[] = [];
  const issues: ImportIssue[] = [];
  for (const row of rows) {
    const result = validator.validate(row);
    issues.push(...result.issues);
    if (result.run && row.issues.length === 0) runs.push(result.run);
  }
  return { runs, issues };
}
