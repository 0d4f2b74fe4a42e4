import { callChannel } from '../../ipc/register';
import { printJson, type Command } from '../command';
import { z } from 'zod';
import { checkInput, readNumber } from '../flag-input';
import { UsageError } from '../report-error';

/** `cardwise runs delete ID`: removes one of your runs (published runs stay). */
export const runsDeleteCommand: Command = {
  name: 'delete',
  summary: 'delete one of your runs by id',
  usage: ['runs delete ID [--json]'],
  options: {},
  notes: ['--json prints the deleted run.'],
  async run({ positionals, json, io, app }) {
    const [idText, extra] = positionals;
    if (idText === undefined) throw new UsageError('runs delete', 'needs the ID of the run (see `cardwise runs list`)');
    if (extra !== undefined) throw new UsageError('runs delete', `unexpected argument "${extra}"`);
    const id = checkInput(
      z.number().int().positive(),
      readNumber(idText),
      () => 'ID',
      () => idText,
    );
    const run = await callChannel((await app()).dispatcher, 'runs:delete', { id });
    if (json) return printJson(io, run);
    io.stdout(`Deleted run ${run.id} (${run.card}, ${run.modelLabel} ${run.config.method}).\n`);
  },
};
