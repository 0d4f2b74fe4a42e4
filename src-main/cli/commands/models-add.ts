import { modelPresetSchema, type ModelPreset } from '../../domain/catalog';
import { presetFromFile, presetIdFrom, presetNameFrom } from '../../domain/model-files/preset';
import { callChannel } from '../../ipc/register';
import { printJson, type Command } from '../command';
import { checkInput } from '../flag-input';
import { describeModelFile, readModelFile } from '../model-file';
import { UsageError } from '../report-error';
import { fetchHfFromCli } from './estimate';

/** `cardwise models add --config FILE`: a model preset of your own, with the exact shape of its config.json. */
export const modelsAddCommand: Command = {
  name: 'add',
  summary: 'save a model preset of your own from its config.json (a file, or read from Hugging Face by id)',
  usage: ['models add (--config FILE | --hf ORG/NAME [--revision REV]) [--id ID] [--name TEXT] [--json]'],
  options: {
    config: { type: 'string', value: 'FILE', description: 'the Hugging Face config.json of the model' },
    hf: {
      type: 'string',
      value: 'ORG/NAME',
      description: 'the model by its Hugging Face id: its config.json read from the Hub (HF_TOKEN for gated models)',
    },
    revision: { type: 'string', value: 'REV', description: 'with --hf: the branch, tag or commit (default main)' },
    id: { type: 'string', value: 'ID', description: 'preset id for --model (default: from the model name or file)' },
    name: { type: 'string', value: 'TEXT', description: 'name shown in lists (default: the model name or the id)' },
  },
  notes: ["The preset is listed by `cardwise models list` and in the app's model list, and --model takes its id."],
  async run({ flags, positionals, json, io, app }) {
    if (positionals.length > 0) throw new UsageError('models add', `unexpected argument "${positionals[0]}"`);
    if (typeof flags.config === 'string' && typeof flags.hf === 'string') {
      throw new UsageError('--hf', 'give the model once: --config FILE or --hf ORG/NAME');
    }
    if (flags.revision !== undefined && typeof flags.hf !== 'string') {
      throw new UsageError('--revision', 'goes with --hf ORG/NAME');
    }
    if (typeof flags.config !== 'string' && typeof flags.hf !== 'string') {
      throw new UsageError('--config', 'give the config.json of the model (or its Hugging Face id with --hf)');
    }
    const hub = typeof flags.hf === 'string' ? await fetchHfFromCli(flags, app) : undefined;
    const read = hub ? hub.model : await readModelFile('config', flags.config as string);
    const id = typeof flags.id === 'string' ? flags.id : presetIdFrom(read.name ?? read.file);
    const name = typeof flags.name === 'string' ? flags.name : presetNameFrom(read, id);
    const fromFile = presetFromFile(read, id, name, 'cardwise models add');
    const source = hub ? `${hub.url} (read ${hub.fetchedAt.slice(0, 10)}) by cardwise models add` : fromFile.source;
    const preset = checkInput(modelPresetSchema, { ...fromFile, source }, (path) =>
      path === 'id' ? '--id' : path === 'name' ? '--name' : `${hub ? '--hf' : '--config'} (${path})`,
    ) as ModelPreset;
    const saved = await callChannel((await app()).dispatcher, 'models:save', preset);
    if (json) return printJson(io, saved);
    io.stdout(
      `${describeModelFile(read).join('\n')}\n\nSaved model preset ${saved.id} (${saved.name}): use --model ${saved.id}.\n`,
    );
  },
};
