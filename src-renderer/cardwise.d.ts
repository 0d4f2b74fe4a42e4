import type { Channel, DesktopChannel, EventName } from '../src-main/ipc/channels';
import type {
  ChannelInput,
  ChannelOutput,
  DesktopInput,
  DesktopOutputs,
  EventPayload,
  Result,
} from '../src-main/ipc/contract';

/**
 * What the preload exposes (src-main/electron/bridge.ts): one function per contract channel,
 * and, in the desktop window, the native-dialog channels and one subscription per menu event.
 */
export type CardwiseBridge = {
  readonly [C in Channel]: (input: ChannelInput<C>) => Promise<Result<ChannelOutput<C>>>;
};

/** The desktop window's extras; the renderer uses them where they exist (lib/desktop.ts). */
export type DesktopBridge = {
  readonly [C in DesktopChannel]?: (input: DesktopInput<C>) => Promise<Result<DesktopOutputs[C]>>;
} & {
  readonly [E in EventName]?: (listener: (payload: EventPayload<E>) => void) => () => void;
};

declare global {
  interface Window {
    /** Present only inside the Electron window (see src-main/electron/preload.ts). */
    readonly cardwise?: CardwiseBridge & DesktopBridge;
  }
}
