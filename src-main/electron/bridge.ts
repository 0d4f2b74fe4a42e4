import { CHANNELS, DESKTOP_CHANNELS, EVENTS, type BridgeName } from '../ipc/channels';

/** The part of Electron's `ipcRenderer` the bridge uses (tests pass a plain object). */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

type BridgeFunction = ((input?: unknown) => Promise<unknown>) | ((listener: (payload: unknown) => void) => () => void);

/**
 * What the preload exposes as `window.cardwise`: one function per contract and desktop
 * channel (its input is forwarded as a structured clone; the main process parses it), and
 * one subscription per main-to-window event that hands the listener the payload only,
 * never Electron's event object, and returns its unsubscribe. Nothing else: no generic
 * `invoke(channel)`, no `ipcRenderer`.
 */
export function buildBridge(ipc: IpcRendererLike): Readonly<Record<BridgeName, BridgeFunction>> {
  const invoke = (channel: string) => (input?: unknown) => ipc.invoke(channel, input);
  const subscribe = (event: string) => (listener: (payload: unknown) => void) => {
    const forward = (_event: unknown, payload: unknown) => listener(payload);
    ipc.on(event, forward);
    return () => void ipc.removeListener(event, forward);
  };
  return Object.freeze({
    ...Object.fromEntries([...CHANNELS, ...DESKTOP_CHANNELS].map((channel) => [channel, invoke(channel)])),
    ...Object.fromEntries(EVENTS.map((event) => [event, subscribe(event)])),
  } as Record<BridgeName, BridgeFunction>);
}
