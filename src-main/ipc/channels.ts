/**
 * Every channel of the contract, dependency-free so the preload can import it alone.
 * `noun:verb` names; contract.ts gives each one its input and output schema.
 */
export const CHANNELS = [
  'cards:list',
  'cards:save',
  'cards:delete',
  'offers:list',
  'offers:add',
  'offers:update',
  'offers:delete',
  'models:list',
  'models:save',
  'models:fetchHf',
  'settings:get',
  'settings:set',
  'estimate:compute',
  'estimate:fit',
  'estimate:sweep',
  'rank:compute',
  'plan:compute',
  'plan:ownership',
  'serve:compute',
  'runs:list',
  'runs:add',
  'runs:update',
  'runs:delete',
  'runs:import',
  'runs:export',
  'runs:ledger',
  'runs:flags',
] as const;

export type Channel = (typeof CHANNELS)[number];

export function isChannel(name: string): name is Channel {
  return (CHANNELS as readonly string[]).includes(name);
}

/**
 * Channels only the desktop window has: native open and save dialogs for run files. The
 * browser mode keeps its file input and download; the renderer picks by what the bridge offers.
 */
export const DESKTOP_CHANNELS = ['runs:open-file', 'runs:save-file'] as const;
export type DesktopChannel = (typeof DESKTOP_CHANNELS)[number];

/** What the main process tells the window (the app menu's commands); the bridge exposes one subscription each. */
export const EVENTS = ['menu:command'] as const;
export type EventName = (typeof EVENTS)[number];

/** Every name the preload exposes on `window.cardwise`, and nothing else. */
export const BRIDGE_NAMES = [...CHANNELS, ...DESKTOP_CHANNELS, ...EVENTS] as const;
export type BridgeName = (typeof BRIDGE_NAMES)[number];

export function isDesktopChannel(name: string): name is DesktopChannel {
  return (DESKTOP_CHANNELS as readonly string[]).includes(name);
}
