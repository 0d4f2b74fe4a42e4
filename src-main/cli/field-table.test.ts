/**
 * One table entry is all a new input needs: a field added to a copy of the estimate table shows
 * up in the zod schema, in the defaults said, in `cardwise --help` and the flags, and in the form.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { estimateFields, type EstimateFieldContext } from '../domain/fields/estimate-fields';
import { fieldBuilders } from '../domain/fields/field';
import { resolveFields } from '../domain/fields/resolve';
import { tableSchema } from '../domain/fields/schema';
import { english, msg } from '../domain/messages';
import { estimateInputSchema } from '../domain/estimate/input';
import { formFields } from '../../src-renderer/lib/field-form';
import { initTestI18n } from '../../src-renderer/i18n/i18n.testkit';
import { DEFAULT_FORM, type EstimateForm } from '../../src-renderer/pages/estimate/estimate-form';
import { ConfigControls } from '../../src-renderer/pages/estimate/EstimateFields';
import type { Command } from './command';
import { estimateTableOptions } from './estimate-flags';
import { checkFlags, inputFromBindings, tableBindings } from './flag-input';
import { buildProgram } from './program';
import { UsageError } from './report-error';

const { field } = fieldBuilders<EstimateFieldContext>();

/** A made-up training input, as one entry (an existing label stands in for its own words). */
const withWarmup = {
  ...estimateFields,
  warmupSteps: field({
    schema: z.number().int().min(1).max(4096),
    default: (c) => (c.method === 'qlora' ? 4 : 1),
    applies: (c) => c.method !== 'inference' || msg('reason.method', { method: 'inference' }),
    label: 'field.model.expertsPerToken',
    flag: { name: 'warmup-steps', value: 'N', help: 'learning-rate warm-up steps' },
    control: { kind: 'number', group: 'training', min: 1, step: 1 },
  }),
};

beforeAll(async () => {
  await initTestI18n();
});

describe('a field added to a copy of the table', () => {
  it('is in the schema, with its range', () => {
    const schema = tableSchema(withWarmup);
    expect(schema.safeParse({ model: '7b', method: 'lora', warmupSteps: 8 }).success).toBe(true);
    expect(schema.safeParse({ model: '7b', method: 'lora', warmupSteps: 0 }).success).toBe(false);
    // The shipped table does not have it: the copy is what changed.
    expect(estimateInputSchema.safeParse({ model: '7b', method: 'lora', warmupSteps: 8 }).success).toBe(false);
  });

  it('gets its default, which may follow the method, and the result says so', () => {
    const lora = resolveFields(withWarmup, { model: '7b', method: 'lora' });
    const qlora = resolveFields(withWarmup, { model: '7b', method: 'qlora' });
    expect(lora.values.warmupSteps).toBe(1);
    expect(qlora.values.warmupSteps).toBe(4);
    expect(lora.assumptions.map(english)).toContain('Experts per token: 1 (default)');
    const inference = resolveFields(withWarmup, { model: '7b', method: 'inference', warmupSteps: 8 });
    expect(inference.assumptions.map(english)).toContain('Experts per token ignored: the method is inference');
  });

  it('is a flag of the CLI, in --help with its default, read into the input and checked by the schema', () => {
    const options = estimateTableOptions(withWarmup);
    expect(options['warmup-steps']).toEqual({
      type: 'string',
      value: 'N',
      description: 'learning-rate warm-up steps (default 1; 4 for qlora)',
    });
    const command: Command = { name: 'try', summary: 'try a field', usage: ['try'], options, run: async () => {} };
    let help = '';
    const program = buildProgram(
      [command],
      (text) => void (help += text),
      () => undefined,
    );
    help = program.commands[0]!.helpInformation();
    // Commander wraps long lines; the option's line and its words are what count.
    expect(help.replace(/\s+/g, ' ')).toContain(
      '--warmup-steps <N> learning-rate warm-up steps (default 1; 4 for qlora)',
    );

    const bindings = tableBindings(withWarmup);
    expect(inputFromBindings(bindings, { 'warmup-steps': '8' })).toEqual({ warmupSteps: 8 });
    const refused = (() => {
      try {
        checkFlags(
          tableSchema(withWarmup),
          { model: '7b', method: 'lora', warmupSteps: 0 },
          bindings,
          { 'warmup-steps': '0' },
          'try',
        );
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(UsageError);
    expect(refused).toMatchObject({
      where: '--warmup-steps',
      message: 'too small: must be a whole number from 1 to 4,096',
    });
  });

  it('is a control of the form, labelled in the UI language, in its section', () => {
    const fields = formFields(withWarmup).filter(({ key }) => key === 'warmupSteps');
    expect(fields).toEqual([expect.objectContaining({ path: 'warmupSteps', key: 'warmupSteps' })]);
    const form = { ...DEFAULT_FORM, warmupSteps: '1' } as EstimateForm;
    const html = renderToStaticMarkup(
      createElement(ConfigControls, {
        fields,
        form,
        onChange: () => undefined,
        errorFor: () => undefined,
        models: [],
        cards: [],
        idPrefix: 'est',
      }),
    );
    expect(html).toContain('<label for="est-warmup-steps">Experts per token</label>');
    expect(html).toMatch(/<input id="est-warmup-steps" type="number"[^>]* value="1"/);
    expect(fields[0]!.field.control?.group).toBe('training');
  });
});
