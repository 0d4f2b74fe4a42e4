import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  ftruncateSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type App } from '../app';
import { EXCHANGE_TEXT_MAX_CHARS } from '../domain/runs/import-issues';
import type { Result } from '../ipc/contract';
import { createDesktopDispatcher, type RunFileDialogs } from './desktop-channels';

let dir: string;
let app: App;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cardwise-desktop-'));
  app = openApp({ dbPath: join(dir, 'cardwise.db') });
  const added = await app.dispatcher.dispatch('runs:add', {
    config: { model: 'llama-3.1-8b', method: 'lora', precision: 'bf16', batchSize: 1, seqLen: 2048 },
    card: 'rtx-4090',
    gpus: 1,
    peakMemoryGiB: 20,
    memoryMeter: 'nvidia-smi',
    outcome: 'ok',
    notes: 'from the desktop test',
  });
  if (!added.ok) throw new Error(JSON.stringify(added.error));
});
afterAll(() => {
  app.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Dialogs that answer with the given paths and record what they were asked. */
function dialogs(answers: { open?: string | null; save?: string | null }) {
  const asked: { suggestedName: string; formats: readonly string[] }[] = [];
  const fake: RunFileDialogs = {
    chooseFileToOpen: async () => answers.open ?? null,
    chooseFileToSave: async (suggestedName, formats) => {
      asked.push({ suggestedName, formats });
      return answers.save ?? null;
    },
  };
  return { desktop: createDesktopDispatcher({ contract: app.dispatcher, dialogs: fake }), asked };
}

const data = <T>(result: Result<T>): T => {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.data;
};

describe('runs:open-file', () => {
  it('answers null when the dialog is cancelled', async () => {
    expect(data(await dialogs({ open: null }).desktop.dispatch('runs:open-file', undefined))).toEqual({ file: null });
  });

  it('reads the chosen file for the usual import path', async () => {
    const file = join(dir, 'runs.csv');
    writeFileSync(file, 'card,gpus\nrtx-4090,1\n');
    const opened = data(await dialogs({ open: file }).desktop.dispatch('runs:open-file', undefined));
    expect(opened.file).toEqual({ name: 'runs.csv', text: 'card,gpus\nrtx-4090,1\n' });
  });

  it('refuses a file larger than an import may be, without reading it, in words the UI can translate', async () => {
    const file = join(dir, 'huge.csv');
    const fd = openSync(file, 'w');
    ftruncateSync(fd, EXCHANGE_TEXT_MAX_CHARS + 1); // sparse: over the limit on paper, nothing on disk
    closeSync(fd);
    const result = await dialogs({ open: file }).desktop.dispatch('runs:open-file', undefined);
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'bad-input',
        field: 'file',
        detail: {
          code: 'desktop.fileTooLarge',
          params: { name: 'huge.csv', limitMiB: EXCHANGE_TEXT_MAX_CHARS / 2 ** 20 },
        },
      },
    });
  });

  it('says when the chosen file cannot be read', async () => {
    const result = await dialogs({ open: join(dir, 'gone.csv') }).desktop.dispatch('runs:open-file', undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});

describe('runs:save-file', () => {
  it('writes what runs:export produced, under the name the user chose, with the type offered', async () => {
    const { desktop, asked } = dialogs({ save: join(dir, 'mine') });
    expect(data(await desktop.dispatch('runs:save-file', { format: 'csv', origin: 'mine' }))).toEqual({
      saved: { name: 'mine.csv' },
    });
    expect(asked).toEqual([
      { suggestedName: expect.stringMatching(/^cardwise-runs-\d{4}-\d\d-\d\d\.csv$/), formats: ['csv'] },
    ]);
    const exported = data(await app.dispatcher.dispatch('runs:export', { format: 'csv', origin: 'mine' }));
    expect(readFileSync(join(dir, 'mine.csv'), 'utf8')).toBe(exported.text);
    expect(exported.text).toContain('from the desktop test');
  });

  it('offers both types when no format is given, and the chosen extension decides', async () => {
    const { desktop, asked } = dialogs({ save: join(dir, 'all-runs.JSON') });
    expect(data(await desktop.dispatch('runs:save-file', { origin: 'mine' }))).toEqual({
      saved: { name: 'all-runs.JSON' },
    });
    expect(asked[0]!.formats).toEqual(['csv', 'json']);
    const runs: unknown = JSON.parse(readFileSync(join(dir, 'all-runs.JSON'), 'utf8'));
    expect((runs as unknown as { runs: unknown[] }).runs).toHaveLength(1);
  });

  it('writes nothing when the dialog is cancelled, and leaves no partial file', async () => {
    const before = readdirSync(dir).sort();
    expect(data(await dialogs({ save: null }).desktop.dispatch('runs:save-file', { format: 'json' }))).toEqual({
      saved: null,
    });
    expect(readdirSync(dir).sort()).toEqual(before);
  });

  it('refuses bad input and unknown channels like the contract does', async () => {
    const { desktop } = dialogs({ save: join(dir, 'x.csv') });
    expect(await desktop.dispatch('runs:save-file', { format: 'xml' })).toMatchObject({
      ok: false,
      error: { code: 'bad-input' },
    });
    expect(await desktop.dispatch('runs:open-file', { path: '/etc/passwd' })).toMatchObject({
      ok: false,
      error: { code: 'bad-input' },
    });
    expect(await desktop.dispatch('runs:delete-file', {})).toMatchObject({
      ok: false,
      error: { code: 'unknown-channel' },
    });
  });
});
