import type { ModelPreset } from '../../domain/catalog';
import { callChannel } from '../../ipc/register';
import { printJson, type Command } from '../command';
import { formatCount, formatNumber } from '../format';
import { renderTable } from '../table';
import { expectListSubcommand } from './list-subcommand';

/** `cardwise models list`: the model presets `--model` accepts, with their shapes. */
export const modelsCommand: Command = {
  name: 'models',
  summary: 'list the model presets (ids for --model)',
  usage: ['models list [--json] [--db PATH]'],
  options: {},
  async run({ positionals, json, io, app }) {
    expectListSubcommand('models', positionals);
    const output = await callChannel((await app()).dispatcher, 'models:list', undefined);
    if (json) return printJson(io, output);
    io.stdout(`${renderModels(output.models)}\n`);
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
