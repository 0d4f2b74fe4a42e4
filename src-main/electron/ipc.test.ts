import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type App } from '../app';
import { CHANNELS, DESKTOP_CHANNELS } from '../ipc/channels';
import type { Result } from '../ipc/contract';
import { aroundDispatcher, type Dispatcher } from '../ipc/register';
import { registerIpc, type IpcMainLike, type SenderFrameLike } from './ipc';
import { isTrustedRendererUrl } from './security';

const index = 'app://cardwise/index.html';
const window: SenderFrameLike = { url: index + '#/runs', parent: null };

let dir: string;
let app: App;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cardwise-ipc-'));
  app = openApp({ dbPath: join(dir, 'cardwise.db') });
});
afterAll(() => {
  app.close();
  rmSync(dir, { recursive: true, force: true });
});

type Listener = Parameters<IpcMainLike['handle']>[1];

/** An ipcMain that keeps what was registered, so a test can call a channel as Electron would. */
function register(routes: { contract?: Dispatcher; desktop?: Dispatcher } = {}) {
  // What the quiet tracker (handlers/quiet.ts) is told, in order.
  const told: string[] = [];
  const handlers = new Map<string, Listener>();
  const registered: string[] = [];
  const calls: string[] = [];
  const answers: string[] = [];
  const counting = (dispatcher: Dispatcher): Dispatcher =>
    aroundDispatcher(
      dispatcher,
      (call) => call(),
      (channel) => calls.push(channel),
    );
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => {
      registered.push(channel);
      handlers.set(channel, listener);
    },
  };
  const refuseAll: Dispatcher = {
    dispatch: async (): Promise<Result<never>> => ({ ok: false, error: { code: 'internal', message: 'n/a' } }),
  };
  registerIpc(ipcMain, {
    contract: counting(routes.contract ?? app.dispatcher),
    desktop: counting(routes.desktop ?? refuseAll),
    isTrustedSender: (url) => isTrustedRendererUrl(url, index),
    onAnswer: (channel) => answers.push(channel),
    quiet: { asked: () => told.push('asked'), answered: (data) => told.push(data ? 'answered data' : 'answered') },
  });
  const invoke = async (channel: string, input: unknown, senderFrame: SenderFrameLike | null = window) =>
    (await handlers.get(channel)!({ senderFrame }, input)) as Result<unknown>;
  return { registered, calls, answers, told, invoke };
}

const runCount = () => (app.db.prepare('SELECT count(*) AS n FROM runs').get() as { n: number }).n;

describe('registerIpc', () => {
  it('registers every contract and desktop channel, each once', () => {
    const { registered } = register();
    expect([...registered].sort()).toEqual([...CHANNELS, ...DESKTOP_CHANNELS].sort());
    expect(new Set(registered).size).toBe(registered.length);
  });

  it('answers our own window through the real dispatcher', async () => {
    const { invoke, answers } = register();
    const result = await invoke('settings:get', undefined);
    expect(result.ok).toBe(true);
    // A fresh store: no language chosen yet (the window speaks the system's).
    expect((result as { data: { language: string | null } }).data).toMatchObject({ language: null, currency: 'CNY' });
    expect(answers).toEqual(['settings:get']);
  });

  it('refuses a foreign URL, a sub-frame or a vanished frame before any handler runs', async () => {
    const { invoke, calls } = register();
    const before = runCount();
    const run = { card: 'rtx-4090', gpus: 1, method: 'lora', outcome: 'ok' };
    for (const frame of [
      { url: 'https://evil.example/', parent: null },
      { url: 'file:///opt/cardwise/out/renderer/index.html', parent: null },
      { url: 'app://cardwise/problem.html', parent: null },
      { url: index, parent: { url: index } },
      null,
    ]) {
      for (const channel of ['runs:add', 'runs:delete', 'settings:set', 'runs:save-file']) {
        const result = await invoke(channel, channel === 'runs:add' ? run : { id: 1 }, frame);
        expect(result, `${channel} from ${JSON.stringify(frame)}`).toMatchObject({
          ok: false,
          error: { code: 'forbidden', detail: { code: 'ipc.forbidden' } },
        });
      }
    }
    expect(calls).toEqual([]);
    expect(runCount()).toBe(before);
  });

  it('turns a thrown or rejected dispatch into { ok: false }, never a rejection', async () => {
    const throwing: Dispatcher = {
      dispatch: () => {
        throw new Error('boom');
      },
    };
    const rejecting: Dispatcher = { dispatch: () => Promise.reject(new Error('rejected')) };
    const a = register({ contract: throwing, desktop: rejecting });
    await expect(a.invoke('cards:list', undefined)).resolves.toEqual({
      ok: false,
      error: { code: 'internal', message: 'boom' },
    });
    await expect(a.invoke('runs:open-file', undefined)).resolves.toEqual({
      ok: false,
      error: { code: 'internal', message: 'rejected' },
    });
  });

  it('passes a handler’s own refusal through (bad input, not found) without writing', async () => {
    const { invoke } = register();
    const before = runCount();
    await expect(invoke('runs:delete', { id: 987654 })).resolves.toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    await expect(invoke('runs:add', { card: 42 })).resolves.toMatchObject({ ok: false, error: { code: 'bad-input' } });
    expect(runCount()).toBe(before);
  });

  it('tells the quiet tracker each call it answers, a failed one too, and nothing of a refused one', async () => {
    const throwing: Dispatcher = {
      dispatch: () => {
        throw new Error('boom');
      },
    };
    const { invoke, told } = register({ desktop: throwing });
    await invoke('settings:get', undefined);
    await invoke('runs:open-file', undefined);
    await invoke('settings:get', undefined, { url: 'https://evil.example/', parent: null });
    expect(told).toEqual(['asked', 'answered data', 'asked', 'answered data']);
  });
});
