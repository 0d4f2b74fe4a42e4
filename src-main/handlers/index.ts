import type { HandlerMap } from '../ipc/register';
import { catalogHandlers } from './catalog';
import { estimateHandlers } from './estimate';
import { planHandlers } from './plan';
import { runsHandlers } from './runs';
import { serveHandlers } from './serve';
import type { HandlerDeps } from './deps';

export type { HandlerDeps } from './deps';

/** One plain function per channel over a real DB: the same for IPC, HTTP and the CLI. */
export const handlers = {
  ...catalogHandlers,
  ...estimateHandlers,
  ...planHandlers,
  ...runsHandlers,
  ...serveHandlers,
} satisfies HandlerMap<HandlerDeps>;

/** The handler map's type: every channel's output type is read from it (ipc/contract.ts `ChannelOutput`). */
export type Handlers = typeof handlers;
