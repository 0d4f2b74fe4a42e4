import { expect } from 'vitest';
import type { Channel } from './channels';
import type { ChannelInput, ChannelOutput, ContractError } from './contract';
import { callChannel, type Dispatcher } from './register';

/**
 * Typed calls for tests, over the real dispatcher: `ok` returns the channel's output (its type read
 * from the handler) or fails the test with the contract's message; `refused` returns the error of
 * an answer that must be `{ ok: false }` and fails the test when it is not.
 */
export function typedCalls(dispatcher: () => Dispatcher) {
  return {
    ok<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
      return callChannel(dispatcher(), channel, input);
    },
    async refused(channel: string, input: unknown): Promise<ContractError> {
      const result = await dispatcher().dispatch(channel, input);
      expect(result.ok, `${channel} ${JSON.stringify(input)?.slice(0, 200)} was accepted`).toBe(false);
      if (result.ok) throw new Error('unreachable: the expectation above failed');
      return result.error;
    },
  };
}
