import { describe, expect, it } from 'vitest';
import { BRIDGE_NAMES, CHANNELS, DESKTOP_CHANNELS, EVENTS } from '../ipc/channels';
import { buildBridge, type IpcRendererLike } from './bridge';

/** An ipcRenderer that records what the bridge does with it. */
function recordingIpc() {
  const invoked: { channel: string; args: unknown[] }[] = [];
  const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  const ipc: IpcRendererLike = {
    invoke: async (channel, ...args) => {
      invoked.push({ channel, args });
      return { ok: true, data: channel };
    },
    on: (channel, listener) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
    removeListener: (channel, listener) => listeners.get(channel)?.delete(listener),
  };
  const emit = (channel: string, ...args: unknown[]) => {
    for (const listener of listeners.get(channel) ?? []) listener({ sender: 'electron-internals' }, ...args);
  };
  return { ipc, invoked, listeners, emit };
}

describe('the preload bridge', () => {
  it('exposes exactly the contract channels, the desktop channels and the events', () => {
    const bridge = buildBridge(recordingIpc().ipc);
    expect(Object.keys(bridge).sort()).toEqual([...BRIDGE_NAMES].sort());
    expect(BRIDGE_NAMES.length).toBe(CHANNELS.length + DESKTOP_CHANNELS.length + EVENTS.length);
    expect(Object.keys(bridge)).not.toContain('invoke');
    expect(Object.isFrozen(bridge)).toBe(true);
  });

  it('forwards one input to its own channel and returns the answer', async () => {
    const { ipc, invoked } = recordingIpc();
    const bridge = buildBridge(ipc) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    for (const channel of [...CHANNELS, ...DESKTOP_CHANNELS]) {
      await expect(bridge[channel]!({ probe: channel }, 'extra argument')).resolves.toEqual({
        ok: true,
        data: channel,
      });
    }
    // One invoke per channel, to that channel, with the input alone.
    expect(invoked).toEqual(
      [...CHANNELS, ...DESKTOP_CHANNELS].map((channel) => ({ channel, args: [{ probe: channel }] })),
    );
  });

  it('hands an event listener the payload only, and unsubscribes', () => {
    const { ipc, emit, listeners } = recordingIpc();
    const bridge = buildBridge(ipc) as unknown as Record<string, (listener: (p: unknown) => void) => () => void>;
    const seen: unknown[][] = [];
    const stop = bridge['menu:command']!((...args) => seen.push(args));
    emit('menu:command', { command: 'import-runs' });
    expect(seen).toEqual([[{ command: 'import-runs' }]]);
    stop();
    emit('menu:command', { command: 'export-runs' });
    expect(seen).toHaveLength(1);
    expect(listeners.get('menu:command')?.size).toBe(0);
  });
});
