import type { Handlers } from '../ipc/register';
import { catalogHandlers } from './catalog';
import { estimateHandlers } from './estimate';
import { planHandlers } from './plan';
import { runsHandlers } from './runs';
import type { HandlerDeps } from './deps';

export type { HandlerDeps } from './deps';

/** One plain function per channel over a real DB: the same for IPC, HTTP and the CLI. */
export const handlers: Handlers<HandlerDeps> = {
  ...catalogHandlers,
  ...estimateHandlers,
  ...planHandlers,
  ...runsHandlers,
};
