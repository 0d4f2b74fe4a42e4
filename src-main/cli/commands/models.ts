import type { ModelPreset } from '../../domain/catalog';
import { callChannel } from '../../ipc/register';
import { printJson, type Command } from '../command';
import { formatCount, formatNumber } from '../format';
import { renderTable } from '../table';
import { UsageError } from '../report-error';
import { modelsAddCommand } from './models-add';

/** `cardwise models list`: the model presets `--model` accepts, with their shapes. */
const modelsListCommand: Command = {
  name: 'list',
  summary: 'list the model presets (ids for --model)',
  usage: ['models list [--json] [--db PATH]'],
  options: {},
  async run({ positionals, json, io, app }) {
    if (positionals.length > 0) throw new UsageError('models list', `unexpected argument "${positionals[0]}"`);
    const output = await callChannel((await app()).dispatcher, 'models:list', undefined);
    if (json) return printJson(io, output);
    io.stdout(`${renderModels(output.models)}\n`);
  },
};

/** `cardwise models <list|add>`: the model presets, and presets of your own from a config.json. */
export const modelsCommand: Command = {
  name: 'models',
  summary: 'list the model presets (ids for --model); add one from its config.json',
  usage: ['models <list|add> [options]'],
  options: {},
  subcommands: [modelsListCommand, modelsAddCommand],
  async run() {
    // main picks a subcommand; the parent itself never runs.
  },
};

function renderModels(models: readonly ModelPreset[]): string {
  return renderTable(
    [
      { header: 'ID' },
      { header: 'Name' },
      { header: 'Params', align: 'right' },
      { header: 'Active', align: 'right' },
      { header: 'Layers', align: 'right' },
      { header: 'Hidden', align: 'right' },
      { header: 'Heads/KV', align: 'right' },
      { header: 'Vocab', align: 'right' },
      { header: 'Context', align: 'right' },
    ],
    models.map((model) => [
      model.id,
      model.name,
      formatCount(model.params),
      formatCount(model.activeParams),
      String(model.layers),
      String(model.hidden),
      `${model.heads}/${model.kvHeads}`,
      formatNumber(model.vocab),
      formatNumber(model.maxContext),
    ]),
  );
}
