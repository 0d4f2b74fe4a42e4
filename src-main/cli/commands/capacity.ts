import { callChannel } from '../../ipc/register';
import { printJson, type Command } from '../command';
import { renderCapacity } from '../render-capacity';
import { nameTheFlag, UsageError } from '../report-error';
import { flagForServeField, serveInputFromFlags, serveOptions } from '../serve-flags';

/** `cardwise capacity`: what a serving engine leaves for the KV cache, how many requests fit, how fast and at what cost. */
export const capacityCommand: Command = {
  name: 'capacity',
  summary: 'serving: KV pool, concurrent sequences, latency and cost per 1M tokens of a model on a card',
  usage: [
    'capacity --model ID [--engine vllm|sglang|llamacpp] [--gpu CARD] [--gpus N] [--max-model-len N]',
    '         [--gpu-memory-utilization F] [--prompt-tokens N --output-tokens N --requests-per-second R] [--json]',
  ],
  options: serveOptions,
  notes: [
    'Without --gpu every card of the catalog is tried, without --gpus 1, 2, 4 and 8 GPUs per server.',
    'A server the model does not fit says why and what would: a shorter --max-model-len or more --gpus.',
    'Example: cardwise capacity --model llama-3.1-8b --engine vllm --gpu a100-80gb --max-model-len 32768',
  ],
  async run({ flags, positionals, json, io, app }) {
    if (positionals.length > 0) throw new UsageError('capacity', `unexpected argument "${positionals[0]}"`);
    const input = serveInputFromFlags(flags);
    const output = await callChannel((await app()).dispatcher, 'serve:compute', input).catch((error: unknown) => {
      throw nameTheFlag(error, flagForServeField, '--gpu');
    });
    // A server the model does not fit is an answer like `estimate`'s "does not fit": its reason says what would.
    if (json) printJson(io, output);
    else io.stdout(`${renderCapacity(output)}\n`);
  },
};
