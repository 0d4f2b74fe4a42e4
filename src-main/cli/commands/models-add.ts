import { modelPresetSchema, type ModelPreset } from '../../domain/catalog';
import { presetFromFile, presetIdFrom, presetNameFrom } from '../../domain/model-files/preset';
import { callChannel } from '../../ipc/register';
import { printJson, type Command } from '../command';
import { checkInput } from '../flag-input';
import { describeModelFile, readModelFile } from '../model-file';
import { UsageError } from '../report-error';

/** `cardwise models add --config FILE`: a model preset of your own, with the exact shape of its config.json. */
export const modelsAddCommand: Command = {
  name: 'add',
  summary: 'save a model preset of your own from its config.json',
  usage: ['models add --config FILE [--id ID] [--name TEXT] [--json]'],
  options: {
    config: { type: 'string', value: 'FILE', description: 'the Hugging Face config.json of the model' },
    id: { type: 'string', value: 'ID', description: 'preset id for --model (default: from the model name or file)' },
    name: { type: 'string', value: 'TEXT', description: 'name shown in lists (default: the model name or the id)' },
  },
  notes: ["The preset is listed by `cardwise models list` and in the app's model list, and --model takes its id."],
  async run({ flags, positionals, json, io, app }) {
    if (positionals.length > 0) throw new UsageError('models add', `unexpected argument "${positionals[0]}"`);
    if (typeof flags.config !== 'string') throw new UsageError('--config', 'give the config.json of the model');
    const read = await readModelFile('config', flags.config);
    const id = typeof flags.id === 'string' ? flags.id : presetIdFrom(read.name ?? read.file);
    const name = typeof flags.name === 'string' ? flags.name : presetNameFrom(read, id);
    const preset = checkInput(modelPresetSchema, presetFromFile(read, id, name, 'cardwise models add'), (path) =>
      path === 'id' ? '--id' : path === 'name' ? '--name' : `--config (${path})`,
    ) as ModelPreset;
    const saved = await callChannel((await app()).dispatcher, 'models:save', preset);
    if (json) return printJson(io, saved);
    io.stdout(
      `${describeModelFile(read).join('\n')}\n\nSaved model preset ${saved.id} (${saved.name}): use --model ${saved.id}.\n`,
    );
  },
};
