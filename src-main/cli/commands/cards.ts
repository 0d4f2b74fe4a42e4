import type { Card } from '../../domain/catalog';
import { callChannel } from '../../ipc/register';
import { printJson, type Command } from '../command';
import { formatNumber } from '../format';
import { renderTable } from '../table';
import { UsageError } from '../report-error';
import { cardsAddCommand, cardsDeleteCommand, cardsEditCommand } from './cards-edit';

/** `cardwise cards list`: the card catalog with the specs the estimator uses. */
const cardsListCommand: Command = {
  name: 'list',
  summary: 'list the GPU cards in the catalog',
  usage: ['cards list [--json] [--db PATH]'],
  options: {},
  async run({ positionals, json, io, app }) {
    if (positionals.length > 0) throw new UsageError('cards list', `unexpected argument "${positionals[0]}"`);
    const output = await callChannel((await app()).dispatcher, 'cards:list', undefined);
    if (json) return printJson(io, output);
    io.stdout(`${renderCards(output.cards)}\n`);
  },
};

/** `cardwise cards <list|add|edit|delete>`: the card catalog, and cards of your own. */
export const cardsCommand: Command = {
  name: 'cards',
  summary: 'list the GPU cards in the catalog; add, edit and delete cards',
  usage: ['cards <list|add|edit|delete> [options]'],
  options: {},
  subcommands: [cardsListCommand, cardsAddCommand, cardsEditCommand, cardsDeleteCommand],
  async run() {
    // main picks a subcommand; the parent itself never runs.
  },
};

function renderCards(cards: readonly Card[]): string {
  return renderTable(
    [
      { header: 'ID' },
      { header: 'Name' },
      { header: 'Memory GiB', align: 'right' },
      { header: 'Bandwidth GB/s', align: 'right' },
      { header: 'BF16 TFLOPS', align: 'right' },
      { header: 'FP8 TFLOPS', align: 'right' },
      { header: 'Link' },
      { header: 'Architecture' },
    ],
    cards.map((card) => [
      card.id,
      card.name,
      formatNumber(card.memoryGiB),
      formatNumber(card.bandwidthGBps),
      formatNumber(card.bf16Tflops, 1),
      card.fp8Tflops === null ? '-' : formatNumber(card.fp8Tflops, 1),
      card.interconnect.nvlinkGBps === null
        ? `PCIe ${card.interconnect.pcieGen}`
        : `NVLink ${formatNumber(card.interconnect.nvlinkGBps)} GB/s`,
      card.architecture,
    ]),
  );
}
