/**
 * Every channel of the contract, dependency-free so the preload can import it alone.
 * `noun:verb` names; contract.ts gives each one its input and output schema.
 */
export const CHANNELS = [
  'cards:list',
  'cards:save',
  'offers:list',
  'offers:add',
  'offers:update',
  'offers:delete',
  'models:list',
  'settings:get',
  'settings:set',
  'estimate:compute',
  'rank:compute',
  'plan:compute',
  'plan:ownership',
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
