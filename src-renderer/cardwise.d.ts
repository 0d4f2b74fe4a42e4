import type { Channel } from '../src-main/ipc/channels';
import type { ChannelInput, ChannelOutput, Result } from '../src-main/ipc/contract';

/** What the preload exposes: one function per contract channel, nothing else. */
export type CardwiseBridge = {
  readonly [C in Channel]: (input: ChannelInput<C>) => Promise<Result<ChannelOutput<C>>>;
};

declare global {
  interface Window {
    /** Present only inside the Electron window (see src-main/electron/preload.ts). */
    readonly cardwise?: CardwiseBridge;
  }
}
