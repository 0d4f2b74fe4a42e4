import { ownershipInputSchema } from '../../domain/plan/ownership';
import { callChannel } from '../../ipc/register';
import { printJson, type Command } from '../command';
import { flagForOwnershipField, ownershipInputFromFlags, ownershipOptions } from '../ownership-flags';
import { renderOwnership } from '../render-ownership';
import { nameTheFlag, UsageError } from '../report-error';

/** `cardwise ownership`: rent or buy — what one used card-hour costs when you own the server. */
export const ownershipCommand: Command = {
  name: 'ownership',
  summary: 'rent or buy: the cost of a used card-hour when you own the cards',
  usage: [
    'ownership --card-price PRICE --power-w W [--cards N] [--server-price PRICE] [--kwh-price PRICE] [--pue X]',
    '          [--hosting PRICE] [--other PRICE] [--lifetime-years Y] [--resale PRICE] [--utilization U]',
    '          [--rental-price PRICE] [--currency C] [--json]',
  ],
  options: ownershipOptions,
  notes: [
    'Monthly cost = depreciation to resale over the lifetime + power (W × 730 h × price × PUE) + hosting + other;',
    'cost per used card-hour = monthly cost ÷ (cards × 730 h × utilization) (practice article 001 §1.1–1.2).',
    'Example: cardwise ownership --card-price 0 --power-w 0 --other 59200 --cards 8 --utilization 0.3 --rental-price 20',
  ],
  async run({ flags, positionals, json, io, app }) {
    if (positionals.length > 0) throw new UsageError('ownership', `unexpected argument "${positionals[0]}"`);
    const input = ownershipInputFromFlags(flags);
    const output = await callChannel((await app()).dispatcher, 'plan:ownership', input).catch((error: unknown) => {
      throw nameTheFlag(error, flagForOwnershipField);
    });
    if (json) return printJson(io, output);
    // The heading names the utilization the plan used: the one given, else the schema's default.
    const { utilization } = ownershipInputSchema.parse(input);
    io.stdout(`${renderOwnership(output, utilization, input.rentalPricePerCardHour)}\n`);
  },
};
