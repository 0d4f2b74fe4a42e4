import {
  cardFieldsSchema,
  cardFields,
  cardFromFields,
  cardPatchSchema,
  patchCard,
} from '../../domain/fields/card-fields';
import { callChannel } from '../../ipc/register';
import { printJson, type Command } from '../command';
import { checkFlags, inputFromBindings, tableBindings, tableOptions } from '../flag-input';
import { UsageError } from '../report-error';

const bindings = tableBindings(cardFields);
const { id: _id, ...editable } = cardFields;
const editBindings = tableBindings(editable);

/** `cardwise cards add`: a card of your own, from flags with units and plausible ranges. */
export const cardsAddCommand: Command = {
  name: 'add',
  summary: 'add a card of your own to the catalog',
  usage: [
    'cards add --id ID --name TEXT --memory GiB --bandwidth GB/s --bf16-tflops N --fp32-tflops N [options] [--json]',
  ],
  options: tableOptions(cardFields),
  notes: [
    'Rates are dense (no 2:4 sparsity): a datasheet\'s "with sparsity" figure halved. GeForce cards accumulate',
    'FP16/BF16 in FP32 at half their FP16-accumulate rate: give the FP32-accumulate one.',
    'Example: cardwise cards add --id rtx-4080-super --name "GeForce RTX 4080 SUPER" --memory 16 --bandwidth 736 \\',
    '           --bf16-tflops 104.4 --fp32-tflops 52.2 --fp8-tflops 208.9 --tdp 320',
  ],
  async run({ flags, positionals, json, io, app }) {
    if (positionals.length > 0) throw new UsageError('cards add', `unexpected argument "${positionals[0]}"`);
    const fields = checkFlags(cardFieldsSchema, inputFromBindings(bindings, flags), bindings, flags, 'cards add');
    const dispatcher = (await app()).dispatcher;
    const { cards } = await callChannel(dispatcher, 'cards:list', undefined);
    if (cards.some((card) => card.id === fields.id)) {
      throw new UsageError(
        '--id',
        `a card "${fields.id}" is already in the catalog: use \`cardwise cards edit ${fields.id}\``,
      );
    }
    const card = await callChannel(dispatcher, 'cards:save', cardFromFields(fields));
    if (json) return printJson(io, card);
    io.stdout(`Added ${card.id} (${card.name}, ${card.memoryGiB} GiB).\n`);
  },
};

/** `cardwise cards edit ID`: changes some fields of a card (built-in or yours); the seed never overwrites it again. */
export const cardsEditCommand: Command = {
  name: 'edit',
  summary: 'change some fields of a card',
  usage: ['cards edit ID [--bandwidth GB/s] [--memory GiB] [...] [--json]'],
  options: tableOptions(editable),
  notes: ['An edited built-in card keeps your values when a later version of Cardwise ships new seed data.'],
  async run({ flags, positionals, json, io, app }) {
    const id = singleId('cards edit', positionals);
    const patch = checkFlags(
      cardPatchSchema,
      inputFromBindings(editBindings, flags),
      editBindings,
      flags,
      'cards edit',
    );
    if (Object.keys(patch).length === 0) throw new UsageError('cards edit', 'give at least one field to change');
    const dispatcher = (await app()).dispatcher;
    const { cards } = await callChannel(dispatcher, 'cards:list', undefined);
    const current = cards.find((card) => card.id === id);
    if (!current) throw new UsageError('cards edit', `no card "${id}" in the catalog (see \`cardwise cards list\`)`);
    let next;
    try {
      next = patchCard(current, patch);
    } catch (error) {
      throw new UsageError('cards edit', (error as Error).message);
    }
    const card = await callChannel(dispatcher, 'cards:save', next);
    if (json) return printJson(io, card);
    io.stdout(`Saved ${card.id} (${card.name}).\n`);
  },
};

/** `cardwise cards delete ID`: removes a card and its offers; runs logged on it stay. */
export const cardsDeleteCommand: Command = {
  name: 'delete',
  summary: 'delete a card and its offers (logged runs stay)',
  usage: ['cards delete ID [--json]'],
  options: {},
  notes: ['A deleted built-in card stays deleted when a later version ships new seed data.'],
  async run({ positionals, json, io, app }) {
    const id = singleId('cards delete', positionals);
    const deleted = await callChannel((await app()).dispatcher, 'cards:delete', { id });
    if (json) return printJson(io, deleted);
    io.stdout(`Deleted ${deleted.id} and its offers.\n`);
  },
};

function singleId(where: string, positionals: readonly string[]): string {
  const [id, extra] = positionals;
  if (id === undefined) throw new UsageError(where, 'needs the ID of the card (see `cardwise cards list`)');
  if (extra !== undefined) throw new UsageError(where, `unexpected argument "${extra}"`);
  return id;
}
