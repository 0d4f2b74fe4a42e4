import { methodSchema } from '../../domain/estimate/input';
import { RUN_SORT_KEYS, runOriginSchema, runOutcomeSchema, type ListRunsOptions } from '../../domain/runs';
import { callChannel } from '../../ipc/register';
import { printJson, type Command, type FlagValues } from '../command';
import { parseChoice, parseNonNegativeInt, parsePositiveInt } from '../parse-value';
import { nameTheFlag } from '../report-error';
import { renderRuns } from '../render-runs';
import { UsageError } from '../usage-error';

const DIRECTIONS = ['asc', 'desc'] as const;

/** `cardwise runs list`: the run log, paged, sorted and filtered by the store. */
export const runsListCommand: Command = {
  name: 'list',
  summary: 'list logged runs (yours and the published ones), newest first',
  usage: [
    'runs list [--limit N] [--offset N] [--sort KEY[:asc|desc]] [--card ID] [--outcome O] [--origin mine|published]',
    '                   [--method M] [--text TEXT] [--json]',
  ],
  options: {
    limit: { type: 'string', value: 'N', description: 'rows per page, 1–500 (default 50)' },
    offset: { type: 'string', value: 'N', description: 'rows to skip (default 0)' },
    sort: {
      type: 'string',
      value: 'KEY[:DIR]',
      description: `${RUN_SORT_KEYS.join(' | ')}, then :asc or :desc (default startedAt:desc)`,
    },
    card: { type: 'string', value: 'ID', description: 'only runs on this card' },
    outcome: { type: 'string', value: 'O', description: runOutcomeSchema.options.join(' | ') },
    origin: { type: 'string', value: 'O', description: runOriginSchema.options.join(' | ') },
    method: { type: 'string', value: 'M', description: methodSchema.options.join(' | ') },
    text: { type: 'string', value: 'TEXT', description: 'substring of the notes, provider or model name' },
  },
  notes: [
    '"Predicted" is what the estimator says today for the run\'s configuration, on the meter the run used.',
    '--json prints { runs: [...], total }.',
  ],
  async run({ flags, positionals, json, io, app }) {
    if (positionals.length > 0) throw new UsageError('runs list', `unexpected argument "${positionals[0]}"`);
    const options = listOptionsFromFlags(flags);
    const output = await callChannel((await app()).dispatcher, 'runs:list', options).catch((error: unknown) => {
      throw nameTheFlag(
        error,
        (field) => FLAG_FOR_FIELD[field.split('.').slice(0, 2).join('.')] ?? FLAG_FOR_FIELD[field],
      );
    });
    if (json) return printJson(io, output);
    if (output.runs.length === 0) {
      io.stdout(output.total === 0 ? 'No runs.\n' : `No runs on this page (${output.total} in all).\n`);
      return;
    }
    const first = (options.offset ?? 0) + 1;
    io.stdout(
      `${renderRuns(output.runs)}\n${first}–${first + output.runs.length - 1} of ${output.total} run${output.total === 1 ? '' : 's'}\n`,
    );
  },
};

const FLAG_FOR_FIELD: Record<string, string> = {
  limit: '--limit',
  offset: '--offset',
  sort: '--sort',
  'filter.card': '--card',
  'filter.outcome': '--outcome',
  'filter.origin': '--origin',
  'filter.method': '--method',
  'filter.text': '--text',
};

/** The runs:list options the flags describe. Sorting by a key alone: card ascending, anything else descending. */
export function listOptionsFromFlags(flags: FlagValues): ListRunsOptions {
  const options: ListRunsOptions = {};
  if (typeof flags.limit === 'string') options.limit = parsePositiveInt('--limit', flags.limit);
  if (typeof flags.offset === 'string') options.offset = parseNonNegativeInt('--offset', flags.offset);
  if (typeof flags.sort === 'string') {
    const [keyText, directionText, extra] = flags.sort.split(':');
    if (extra !== undefined) throw new UsageError('--sort', `use KEY or KEY:asc|desc, got "${flags.sort}"`);
    const key = parseChoice('--sort', keyText ?? '', RUN_SORT_KEYS);
    const direction =
      directionText === undefined
        ? key === 'card'
          ? 'asc'
          : 'desc'
        : parseChoice('--sort', directionText, DIRECTIONS);
    options.sort = [key, direction];
  }
  const filter: NonNullable<ListRunsOptions['filter']> = {};
  if (typeof flags.card === 'string') filter.card = flags.card;
  if (typeof flags.outcome === 'string')
    filter.outcome = parseChoice('--outcome', flags.outcome, runOutcomeSchema.options);
  if (typeof flags.origin === 'string') filter.origin = parseChoice('--origin', flags.origin, runOriginSchema.options);
  if (typeof flags.method === 'string') filter.method = parseChoice('--method', flags.method, methodSchema.options);
  if (typeof flags.text === 'string') filter.text = flags.text;
  if (Object.keys(filter).length > 0) options.filter = filter;
  return options;
}
