import path from 'node:path';
import { defaultDbPath } from '../../db/paths';
import { backupNow, listBackups, restoreBackup } from '../../db/recovery';
import { printJson, type Command, type FlagValues } from '../command';
import { renderTable } from '../table';

/** The database file this invocation means: --db, else CARDWISE_DB, else the default. */
function dbFile(flags: FlagValues): string {
  return typeof flags.db === 'string' ? path.resolve(flags.db) : defaultDbPath();
}

const backupsCommand: Command = {
  name: 'backups',
  summary: 'list the backups of the database, newest first',
  usage: ['db backups [--db PATH] [--json]'],
  options: {},
  async run({ flags, json, io }) {
    const backups = listBackups(dbFile(flags));
    if (json) return printJson(io, { backups });
    if (backups.length === 0) return io.stdout('No backups yet.\n');
    io.stdout(
      `${renderTable(
        [{ header: 'Taken at' }, { header: 'Schema' }, { header: 'File' }],
        backups.map((b) => [b.takenAt.toISOString(), `v${b.version}`, b.file]),
      )}\n`,
    );
  },
};

const backupCommand: Command = {
  name: 'backup',
  summary: 'take a backup now (the newest 5 are kept)',
  usage: ['db backup [--db PATH] [--json]'],
  options: {},
  async run({ flags, json, io, app }) {
    const { db } = await app();
    const file = backupNow(db, dbFile(flags));
    if (json) return printJson(io, { backup: file });
    io.stdout(`Backup written: ${file}\n`);
  },
};

const restoreCommand: Command = {
  name: 'restore',
  summary: 'restore the latest backup (or --from FILE); the current file is kept aside, never deleted',
  usage: ['db restore [--from FILE] [--db PATH] [--json]'],
  options: { from: { type: 'string', value: 'FILE', description: 'the backup to restore (default: the newest)' } },
  notes: ['Run it while no Cardwise window or server uses the database.'],
  async run({ flags, json, io }) {
    const from = typeof flags.from === 'string' ? path.resolve(flags.from) : undefined;
    const result = restoreBackup(dbFile(flags), from);
    if (json) return printJson(io, result);
    io.stdout(`Restored ${result.restoredFrom}\n`);
    if (result.setAside) io.stdout(`The damaged file was kept as ${result.setAside}\n`);
    if (result.safetyBackup) io.stdout(`The file it replaced was backed up to ${result.safetyBackup}\n`);
  },
};

/** `cardwise db backups|backup|restore`: the safety net around the one database file. */
export const dbCommand: Command = {
  name: 'db',
  summary: 'list, take and restore backups of the database',
  usage: ['db backups|backup|restore [options]'],
  options: {},
  subcommands: [backupsCommand, backupCommand, restoreCommand],
  async run() {},
};
