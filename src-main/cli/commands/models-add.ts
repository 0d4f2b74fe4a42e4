import { modelPresetSchema, type ModelPreset } from '../../domain/catalog';
import { callChannel } from '../../ipc/register';
import { printJson, type Command } from '../command';
import { checkInput } from '../flag-input';
import { describeModelFile, readModelFile } from '../model-file';
import { UsageError } from '../report-error';

/** A default id from a file's model name ("Qwen/Qwen2.5-7B" -> "qwen2.5-7b") or its file name. */
function idFrom(text: string): string {
  const last = text.split('/').pop() ?? text;
  return (
    last
      .toLowerCase()
      .replace(/\.json$/, '')
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[^a-z0-9]+/, '')
      .slice(0, 80) || 'my-model'
  );
}

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
    const m = read.model;
    const id = typeof flags.id === 'string' ? flags.id : idFrom(read.name ?? read.file);
    const preset = checkInput(
      modelPresetSchema,
      {
        id,
        name: typeof flags.name === 'string' ? flags.name : (read.name?.split('/').pop() ?? id),
        family: read.architecture ?? 'custom',
        params: m.params,
        activeParams: m.activeParams ?? m.params,
        layers: m.layers,
        hidden: m.hidden,
        heads: m.heads,
        kvHeads: m.kvHeads,
        headDim: m.headDim,
        intermediate: m.intermediate,
        vocab: m.vocab,
        tiedEmbeddings: m.tiedEmbeddings,
        gatedMlp: m.gatedMlp,
        experts: m.experts,
        expertsPerToken: m.expertsPerToken,
        ...(m.slidingWindow !== undefined ? { slidingWindow: m.slidingWindow } : {}),
        ...(m.slidingWindowLayers !== undefined ? { slidingWindowLayers: m.slidingWindowLayers } : {}),
        ...(m.kvLatentDim !== undefined ? { kvLatentDim: m.kvLatentDim } : {}),
        maxContext: read.maxContext ?? 4096,
        source: `read from ${read.file} by cardwise models add`,
      },
      (path) => (path === 'id' ? '--id' : path === 'name' ? '--name' : `--config (${path})`),
    ) as ModelPreset;
    const saved = await callChannel((await app()).dispatcher, 'models:save', preset);
    if (json) return printJson(io, saved);
    io.stdout(
      `${describeModelFile(read).join('\n')}\n\nSaved model preset ${saved.id} (${saved.name}): use --model ${saved.id}.\n`,
    );
  },
};
