import type { Offer } from '../../domain/catalog';
import { callChannel } from '../../ipc/register';
import { printJson, type Command } from '../command';
import { formatMoney } from '../format';
import { nameTheFlag } from '../report-error';
import { renderTable } from '../table';
import { expectListSubcommand } from './list-subcommand';

const PERIOD: Record<Offer['billing'], string> = {
  hourly: 'h',
  spot: 'h',
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
};

/** `cardwise offers list [--card ID]`: rental prices (seeded examples plus the user's own). */
export const offersCommand: Command = {
  name: 'offers',
  summary: 'list rental offers (prices per card, provider and billing)',
  usage: ['offers list [--card ID] [--json] [--db PATH]'],
  options: { card: { type: 'string', value: 'ID', description: 'only offers for this card id' } },
  async run({ flags, positionals, json, io, app }) {
    expectListSubcommand('offers', positionals);
    const input = typeof flags.card === 'string' ? { cardId: flags.card } : undefined;
    const output = await callChannel((await app()).dispatcher, 'offers:list', input).catch((error: unknown) => {
      throw nameTheFlag(error, (field) => (field === 'cardId' ? '--card' : undefined));
    });
    if (json) return printJson(io, output);
    io.stdout(output.offers.length === 0 ? 'No offers.\n' : `${renderOffers(output.offers)}\n`);
  },
};

function renderOffers(offers: readonly Offer[]): string {
  return renderTable(
    [
      { header: 'ID' },
      { header: 'Card' },
      { header: 'Provider' },
      { header: 'Region' },
      { header: 'Billing' },
      { header: 'Price', align: 'right' },
      { header: 'GPUs', align: 'right' },
      { header: 'Observed' },
    ],
    offers.map((offer) => [
      offer.id,
      offer.cardId,
      offer.provider,
      offer.region || '-',
      offer.billing,
      `${formatMoney(offer.price, offer.currency)}/${PERIOD[offer.billing]}`,
      String(offer.gpusPerPrice),
      offer.observedAt,
    ]),
  );
}
