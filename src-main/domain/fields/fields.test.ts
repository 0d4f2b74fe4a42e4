import { describe, expect, it } from 'vitest';
import { methodSchema } from '../estimate/choices';
import { fillDefaults, resolveInput } from '../estimate/resolve-input';
import { english, issueMessage } from '../messages';
import { catalogs } from '../messages/catalogs';
import { estimateFields } from './estimate-fields';
import { listFields, type FieldTable } from './field';
import { modelShapeFields } from './model-fields';
import { runFields } from './run-fields';
import { serveFields } from './serve-fields';
import { tableSchema } from './schema';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- every table, whatever its context
const tables: [string, FieldTable<any>][] = [
  ['estimate', estimateFields],
  ['model shape', modelShapeFields],
  ['run', runFields],
  ['serve', serveFields],
];

describe('the field tables', () => {
  it.each(tables)('name every label and choice of the %s table in both catalogs', (_name, table) => {
    const missing: string[] = [];
    for (const { field } of listFields(table)) {
      const control = field.control;
      const codes: (string | undefined)[] = [field.label, field.help];
      if (control?.kind === 'card') codes.push(control.emptyLabel);
      if (control?.kind === 'select') {
        const schema = field.schema as unknown as { options?: string[]; def: { innerType?: { options?: string[] } } };
        const choices = control.options ?? schema.options ?? schema.def.innerType?.options ?? [];
        codes.push(control.emptyLabel, ...choices.map((choice) => `option.${control.optionLabels}.${choice}`));
      }
      for (const code of codes) {
        if (code && !(code in catalogs.en && code in catalogs['zh-CN'])) missing.push(code);
      }
    }
    expect(missing).toEqual([]);
  });

  it('lets a default or a rule read only the fields listed before it', () => {
    const keys = Object.keys(estimateFields);
    const late: string[] = [];
    for (const method of methodSchema.options) {
      const resolved = fillDefaults({ model: '7b', method }) as Record<string, unknown>;
      for (const [index, [key, entry]] of Object.entries(estimateFields).entries()) {
        const earlier = new Set(keys.slice(0, index));
        // A context that records what is read: only earlier fields exist at that point.
        const context = new Proxy(resolved, {
          get(target, name) {
            if (typeof name === 'string' && !earlier.has(name)) late.push(`${key} reads ${name}`);
            return target[name as string];
          },
        }) as never;
        const fields = entry.kind === 'group' ? Object.values(entry.members) : [entry];
        entry.applies?.(context);
        for (const field of fields) {
          if (typeof field.default === 'function') field.default(context);
          field.why?.(context);
          field.applies?.(context);
          field.control?.when?.(context);
        }
      }
    }
    expect([...new Set(late)]).toEqual([]);
  });

  it('gives every default a value its own schema accepts, for every method', () => {
    const schema = tableSchema(estimateFields);
    for (const method of methodSchema.options) {
      const { gpu: _none, ...resolved } = fillDefaults({ model: '7b', method });
      expect(schema.safeParse(resolved).success, method).toBe(true);
    }
  });

  it('says each default it used, once, and nothing for what was given', () => {
    const { assumptions } = resolveInput({ model: '7b', method: 'lora', batchSize: 4 });
    const said = assumptions.map(english);
    expect(said).toContain('Weight precision: bf16 (default)');
    expect(said).toContain('Gradient checkpointing: off (the Hugging Face Trainer default)');
    expect(said).toContain('LoRA rank: 16 (default)');
    // Given (the batch) or not applying to LoRA (the KV cache, a 4-bit scheme): not said.
    expect(said.filter((line) => /^(Batch size|KV cache|Quantization|Inference runtime)/.test(line))).toEqual([]);
    // LoRA leaves 23 fields with a default to the table (all but model, method, batch, the speed
    // card, the three that apply to inference or a quantized base only, the quantized kernels,
    // the bnb QLoRA upcast, DeepSpeed's buckets, and the two that need several GPUs): each is said once.
    const defaults = assumptions.filter((a) => a.code === 'assume.default' || a.code === 'assume.defaultBecause');
    expect(defaults).toHaveLength(23);
    expect(new Set(defaults.map((a) => JSON.stringify(a.params?.field))).size).toBe(23);
  });

  it('speaks a zod issue in plain words with the limits of the field', () => {
    const schema = tableSchema(estimateFields);
    const words = (input: unknown) => {
      const parsed = schema.safeParse(input, { reportInput: true });
      return parsed.success ? null : english(issueMessage(parsed.error.issues[0]!, schema));
    };
    // The one mapping of zod issues (domain/messages/zod-issues.ts): the field's whole range, said once.
    const batchRange = 'a whole number from 1 to 65,536';
    expect(words({ model: '7b', method: 'lora', batchSize: 100_000 })).toBe(`too big: must be ${batchRange}`);
    expect(words({ model: '7b', method: 'lora', batchSize: 1e308 })).toBe(`too big: must be ${batchRange}`);
    expect(words({ model: '7b', method: 'lora', batchSize: 'x' })).toBe(`must be ${batchRange}`);
    expect(words({ model: '7b', method: 'lora', batchSize: 2.5 })).toBe(`must be ${batchRange}`);
    expect(words({ model: '7b', method: 'train' })).toBe('must be one of: inference, full, lora, qlora');
    expect(words({ model: '7b' })).toBe('is required, one of: inference, full, lora, qlora');
    expect(words({ model: '7b', method: 'lora', lora: { targets: ['q', 'q'] } })).toBe('lists a module twice');
  });
});
