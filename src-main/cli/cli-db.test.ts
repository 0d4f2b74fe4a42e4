import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli, runCliJson, assertCliBuilt } from './cli-test-support.testkit';

beforeAll(assertCliBuilt);

describe('cardwise db: a damaged database is kept aside and the latest backup restored', () => {
  it('names the backup and the command, then restores it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardwise-cli-db-'));
    const db = path.join(dir, 'cardwise.db');
    runCliJson(db, [
      'runs',
      'add',
      '--card',
      'rtx-4090',
      '--model',
      'llama-3.1-8b',
      '--method',
      'lora',
      '--peak-memory-gib',
      '20',
      '--memory-meter',
      'nvidia-smi',
    ]);
    const backup = runCliJson(db, ['db', 'backup']) as { backup: string };
    expect(fs.existsSync(backup.backup)).toBe(true);

    // A torn file: the header survives, the pages after it are garbage.
    const bytes = fs.readFileSync(db);
    fs.writeFileSync(db, Buffer.concat([bytes.subarray(0, 100), Buffer.alloc(bytes.length - 100, 0x5a)]));
    const damaged = fs.readFileSync(db);

    const refused = runCli(db, ['runs', 'list']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/cardwise db restore/);
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect(fs.readFileSync(db).equals(damaged)).toBe(true);

    const restored = runCliJson(db, ['db', 'restore']) as { restoredFrom: string; setAside: string | null };
    expect(restored.restoredFrom).toBe(backup.backup);
    expect(restored.setAside && fs.readFileSync(restored.setAside).equals(damaged)).toBe(true);
    const list = runCliJson(db, ['runs', 'list', '--origin', 'mine']) as { total: number };
    expect(list.total).toBe(1);
  });
});
