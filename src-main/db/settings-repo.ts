import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../ipc/contract';
import type { Db } from './driver';
import { writeTransaction } from './transaction';
import { parseInput } from './validate';

export { DEFAULT_SETTINGS };

const settingKeys = Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[];

/** The user's settings; a key never set (or unreadable) takes its default. */
export function getSettings(db: Db): Settings {
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of settingKeys) {
    const stored = readSetting(db, key);
    const parsed = settingsSchema.shape[key].safeParse(stored);
    if (stored !== undefined && parsed.success) settings[key] = parsed.data;
  }
  return settings as Settings;
}

/** Saves the given settings (validated; a bad field throws InputError) and returns them all. */
export function setSettings(db: Db, patch: Partial<Settings>): Settings {
  const valid = parseInput(settingsSchema.partial().strict(), patch);
  writeTransaction(db, () => {
    for (const [key, value] of Object.entries(valid)) {
      if (value !== undefined) writeSetting(db, key, value);
    }
  });
  return getSettings(db);
}

/** Raw JSON value of one settings row (also used for internal keys such as the seed hash). */
export function readSetting(db: Db, key: string): unknown {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as unknown) : undefined;
}

/** Stores one settings row as JSON. */
export function writeSetting(db: Db, key: string, value: unknown): void {
  db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, JSON.stringify(value));
}
