import { methodSchema } from '../../domain/estimate/input';
import {
  listRunsOptionsSchema,
  RUN_SORT_KEYS,
  runOriginSchema,
  runOutcomeSchema,
  type ListRunsOptions,
} from '../../domain/runs';
import { callChannel } from '../../ipc/register';
import { printJson, type Command, type FlagValues } from '../command';
import { checkFlags, flagFinder, inputFromBindings, type Binding } from '../flag-input';
import { nameTheFlag, UsageError } from '../report-error';
import { renderRuns } from '../render-runs';

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
      throw nameTheFlag(error, flagFinder(LIST_BINDINGS));
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

const DIRECTIONS = ['asc', 'desc'] as const;

/** "card" alone sorts ascending, any other key descending; "KEY:DIR" says which. */
function sortFromText(text: string): unknown {
  const [key, direction, ...extra] = text.split(':');
  if (extra.length > 0) return text;
  return [key, direction ?? (key === 'card' ? DIRECTIONS[0] : DIRECTIONS[1])];
}

const LIST_BINDINGS: readonly Binding[] = [
  { flag: 'limit', path: 'limit', read: 'number' },
  { flag: 'offset', path: 'offset', read: 'number' },
  { flag: 'sort', path: 'sort', read: sortFromText },
  { flag: 'card', path: 'filter.card' },
  { flag: 'outcome', path: 'filter.outcome' },
  { flag: 'origin', path: 'filter.origin' },
  { flag: 'method', path: 'filter.method' },
  { flag: 'text', path: 'filter.text' },
];

/** The runs:list options the flags describe, checked by the contract's schema (a problem names its flag). */
export function listOptionsFromFlags(flags: FlagValues): ListRunsOptions {
  const options = inputFromBindings(LIST_BINDINGS, flags);
  checkFlags(listRunsOptionsSchema, options, LIST_BINDINGS, flags, 'runs list');
  return options as ListRunsOptions;
}
