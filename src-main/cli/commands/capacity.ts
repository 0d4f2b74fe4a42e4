import { english } from '../../domain/messages';
import { callChannel } from '../../ipc/register';
import { printJson, type Command } from '../command';
import { renderCapacity } from '../render-capacity';
import { EXIT_FAILURE, nameTheFlag, UsageError } from '../report-error';
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
    'Exits 1 when --gpu is given and the model fits on none of the servers tried (the reason says what would).',
    'Example: cardwise capacity --model llama-3.1-8b --engine vllm --gpu a100-80gb --max-model-len 32768',
  ],
  async run({ flags, positionals, json, io, app }) {
    if (positionals.length > 0) throw new UsageError('capacity', `unexpected argument "${positionals[0]}"`);
    const input = serveInputFromFlags(flags);
    const output = await callChannel((await app()).dispatcher, 'serve:compute', input).catch((error: unknown) => {
      throw nameTheFlag(error, flagForServeField, '--gpu');
    });
    if (json) printJson(io, output);
    else io.stdout(`${renderCapacity(output)}\n`);
    // A named card that holds the model on no server tried is a failed answer, said in the output above.
    if (input.gpu !== undefined && !output.setups.some((setup) => setup.fits)) {
      const reason = output.setups[0]?.reason;
      if (!json && reason) io.stderr(`error: --gpu: ${english(reason)}\n`);
      return EXIT_FAILURE;
    }
  },
};
