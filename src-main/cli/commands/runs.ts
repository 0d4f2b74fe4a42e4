import type { Command } from '../command';
import { runsAddCommand } from './runs-add';
import { runsDeleteCommand } from './runs-delete';
import { runsExportCommand } from './runs-export';
import { runsImportCommand } from './runs-import';
import { runsLedgerCommand } from './runs-ledger';
import { runsListCommand } from './runs-list';

/** `cardwise runs <add|list|import|export|ledger|delete>`: the run log. */
export const runsCommand: Command = {
  name: 'runs',
  summary: 'log, list, import and export measured runs; the spending ledger',
  usage: ['runs <add|list|import|export|ledger|delete> [options]'],
  options: {},
  subcommands: [
    runsAddCommand,
    runsListCommand,
    runsImportCommand,
    runsExportCommand,
    runsLedgerCommand,
    runsDeleteCommand,
  ],
  async run() {
    // main picks a subcommand; the parent itself never runs.
  },
};
