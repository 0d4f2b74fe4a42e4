import { ledgerOptionsSchema, runCurrencySchema } from '../../domain/runs';
import type { ChannelOutput } from '../../ipc/contract';
import { callChannel } from '../../ipc/register';
import { printJson, type Command } from '../command';
import { formatMoney, formatNumber } from '../format';
import { renderTable } from '../table';
import { checkFlags, inputFromBindings, type Binding } from '../flag-input';
import { UsageError } from '../report-error';

const GROUPS = ledgerOptionsSchema.shape.groupBy.options;
const LEDGER_BINDINGS: readonly Binding[] = [
  { flag: 'by', path: 'groupBy' },
  { flag: 'currency', path: 'currency', read: 'upper' },
];
const HEADER: Record<(typeof GROUPS)[number], string> = { month: 'Month', card: 'Card', provider: 'Provider' };

/** `cardwise runs ledger`: what your own runs cost, by month, card or provider. */
export const runsLedgerCommand: Command = {
  name: 'ledger',
  summary: 'sum what your own runs cost, by month, card or provider',
  usage: ['runs ledger --by month|card|provider [--currency C] [--json]'],
  options: {
    by: { type: 'string', value: 'G', description: `${GROUPS.join(' | ')} (required)` },
    currency: {
      type: 'string',
      value: 'C',
      description: `only runs paid in ${runCurrencySchema.options.join(' or ')}`,
    },
  },
  notes: ["Published runs are someone else's money and are left out. A month is that of the run's start."],
  async run({ flags, positionals, json, io, app }) {
    if (positionals.length > 0) throw new UsageError('runs ledger', `unexpected argument "${positionals[0]}"`);
    const input = checkFlags(
      ledgerOptionsSchema,
      inputFromBindings(LEDGER_BINDINGS, flags),
      LEDGER_BINDINGS,
      flags,
      'runs ledger',
    );
    const output = await callChannel((await app()).dispatcher, 'runs:ledger', input);
    if (json) return printJson(io, output);
    io.stdout(
      output.rows.length === 0 ? 'No runs of yours yet.\n' : `${renderLedger(output.rows, HEADER[input.groupBy])}\n`,
    );
  },
};

function renderLedger(rows: ChannelOutput<'runs:ledger'>['rows'], header: string): string {
  return renderTable(
    [
      { header },
      { header: 'Runs', align: 'right' },
      { header: 'GPU-hours', align: 'right' },
      { header: 'Cost', align: 'right' },
      { header: 'Runs without hours', align: 'right' },
    ],
    rows.map((row) => [
      row.key ?? '(none)',
      String(row.runs),
      formatNumber(row.gpuHours, 2),
      Object.entries(row.cost)
        .map(([code, amount]) => formatMoney(amount, code))
        .join(', ') || '-',
      String(row.runsWithoutDuration),
    ]),
  );
}
