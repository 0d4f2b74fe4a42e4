import type { EstimateInput } from '../../src-main/domain/estimate/input';
import { estimateFields } from '../../src-main/domain/fields/estimate-fields';
import { listFields, type AnyField } from '../../src-main/domain/fields/field';
import { modelAttentionFields, modelShapeFields } from '../../src-main/domain/fields/model-fields';
import { serveFields } from '../../src-main/domain/fields/serve-fields';
import type { ServeInput } from '../../src-main/domain/serve';
import type { ChannelInput } from '../../src-main/ipc/contract';

type RankInput = ChannelInput<'rank:compute'>;

/** A word as a POSIX shell reads it back: bare when safe, else in single quotes. */
export function shellWord(text: string): string {
  return /^[\w.,:/=+@%-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The value at a dotted path ("lora.rank") of an input. */
function valueAt(input: object, path: string): unknown {
  return path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], input);
}

/** `--flag value` for one field of the input, by the field table's flag; a switch as `--x` / `--no-x`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of any table
function flagWords(field: AnyField<any>, value: unknown): string[] {
  const flag = field.flag;
  if (!flag || value === undefined || value === null) return [];
  if (typeof value === 'boolean') {
    if (value) return [`--${flag.name}`];
    return flag.negatable ? [`--no-${flag.name}`] : [];
  }
  const text = Array.isArray(value) ? value.join(',') : String(value);
  return [`--${flag.name}`, shellWord(text)];
}

/** The model's flags: a preset as --model, a size as --params, a shape read from a file as its shape flags. */
function modelWords(model: EstimateInput['model']): string[] {
  if (typeof model === 'string') {
    // A size ("13B", "7e9") is --params; anything else names a preset.
    return /^\d/.test(model.trim()) ? ['--params', shellWord(model.trim())] : ['--model', shellWord(model)];
  }
  const shape = { ...modelShapeFields, ...modelAttentionFields };
  return listFields(shape).flatMap(({ key, field }) => flagWords(field, valueAt(model, key)));
}

/** The flags of every field the input gives, in the field table's order (the model first). */
function estimateWords(input: EstimateInput): string[] {
  const words = modelWords(input.model);
  for (const { key, field } of listFields(estimateFields)) {
    if (key === 'model') continue;
    words.push(...flagWords(field, valueAt(input, key)));
  }
  return words;
}

/**
 * The `cardwise estimate …` command of an Estimate input: the flag of each field the form sends
 * (names from the field table, as the CLI reads them), so pasting it prints the page's answer.
 */
export function estimateCommand(input: EstimateInput): string {
  return ['cardwise', 'estimate', ...estimateWords(input)].join(' ');
}

/** The `cardwise rank …` command of a Compare ranking: the estimate's flags, then the job's and the options'. */
export function rankCommand(rank: RankInput): string {
  const { workload = {}, options = {} } = rank;
  const words = ['cardwise', 'rank', ...estimateWords(rank.input)];
  const put = (flag: string, value: unknown) => {
    if (value !== undefined) words.push(`--${flag}`, shellWord(Array.isArray(value) ? value.join(',') : String(value)));
  };
  put('tokens', workload.tokens);
  put('epochs', workload.epochs);
  // The CLI's --tokens-per-sample sets the set-up's and the job's alike: said once when they agree.
  if (workload.tokensPerSample !== rank.input.tokensPerSample) put('tokens-per-sample', workload.tokensPerSample);
  put('gpu-counts', options.gpuCounts);
  put('billing', options.billing);
  put('currency', options.currency);
  put('sort', options.sort);
  return words.join(' ');
}

/**
 * The `cardwise capacity …` command of a Serve question: the flag of each field it gives, from the serve
 * table (`--model` takes a preset id or a size); null for a model read from a file, which has no flag there.
 */
export function capacityCommand(input: ServeInput): string | null {
  if (typeof input.model !== 'string') return null;
  const words = ['cardwise', 'capacity'];
  for (const { key, field } of listFields(serveFields)) words.push(...flagWords(field, valueAt(input, key)));
  return words.join(' ');
}
