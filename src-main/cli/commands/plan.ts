import { callChannel } from '../../ipc/register';
import { printJson, type Command } from '../command';
import { flagForPlanField, planOptions, planRequestFromFlags } from '../plan-flags';
import { renderPlan } from '../render-plan';
import { nameTheFlag, UsageError } from '../report-error';

/** `cardwise plan`: what a job of N hours costs on one card under every billing, spot included. */
export const planCommand: Command = {
  name: 'plan',
  summary: 'price a job of N compute hours on one card under every billing (hourly, packages, spot)',
  usage: [
    'plan --card ID [--gpus N] --hours H [--provider P] [--currency C] [--setup-hours H] [--idle-hours H]',
    '     [--spot-interruptions-per-hour R] [--checkpoint-minutes MIN] [--checkpoint-save-minutes MIN]',
    '     [--restart-minutes MIN] [--max-loss-minutes MIN] [--spot-price PRICE | --spot-fraction F]',
    '     [--storage-gb GB --storage-price P --storage-days D] [--egress-gb GB --egress-price P]',
    '     [--snapshot-gb GB --snapshot-price P --snapshot-days D] [--json]',
  ],
  options: planOptions,
  notes: [
    'Every bill line is rounded to the fen/cent and the lines add up to the total.',
    'Spot is priced whenever the card has a spot offer (or you give --spot-price / --spot-fraction).',
    '--json prints the plan:compute output: { options: [{ provider, billing, currency, total, lines }], plans, … }.',
    'Example: cardwise plan --card rtx-4090 --gpus 1 --hours 14 --currency CNY',
  ],
  async run({ flags, positionals, json, io, app }) {
    if (positionals.length > 0) throw new UsageError('plan', `unexpected argument "${positionals[0]}"`);
    const request = planRequestFromFlags(flags);
    const output = await callChannel((await app()).dispatcher, 'plan:compute', request).catch((error: unknown) => {
      throw nameTheFlag(error, flagForPlanField, '--card');
    });
    if (json) return printJson(io, output);
    io.stdout(`${renderPlan(output)}\n`);
  },
};
