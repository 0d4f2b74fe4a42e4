import { english } from '../domain/messages';
import type { ServeOutput } from '../ipc/contract';
import { formatGiB, formatNumber, formatPrice } from './format';
import { renderTable } from './table';

type Setup = ServeOutput['setups'][number];

/** A latency in ms, or what it is when the server cannot keep up with the rate. */
const ms = (value: number | null): string =>
  value === null ? 'overloaded' : `${formatNumber(value, value < 10 ? 1 : 0)} ms`;

/** The memory lines of one GPU of a server, as the engine would log them. */
function memoryTable(setup: Setup): string {
  const m = setup.memory;
  const rows: [string, number | null][] = [
    ['card memory', m.cardBytes],
    ['CUDA total', m.cudaTotalBytes],
    ['engine budget', m.budgetBytes],
    ['weights', m.weightsBytes],
    ['activation peak', m.activationBytes],
    ['non-torch memory', m.nonTorchBytes],
    ['CUDA graphs', m.cudaGraphBytes],
    ['KV cache pool', m.kvPoolBytes],
    ['CUDA context', m.contextBytes],
    ['nvidia-smi shows', m.nvidiaSmiBytes],
  ];
  return renderTable(
    [{ header: 'Per GPU' }, { header: 'GiB', align: 'right' }],
    // llama.cpp has no engine budget, no CUDA graphs and nothing it counts apart from torch.
    rows
      .filter((row): row is [string, number] => row[1] !== null && (row[1] > 0 || row[0] === 'KV cache pool'))
      .map(([name, bytes]) => [name, formatGiB(bytes)]),
    '  ',
  );
}

/** `cardwise capacity` in text: per server the memory lines, the KV pool and concurrency, speed and the cheapest offer. */
export function renderCapacity(output: ServeOutput): string {
  const lines: string[] = [
    `${output.model.name}, ${output.resolved.engine}, max_model_len ${output.resolved.maxModelLen}`,
  ];
  for (const setup of output.setups) {
    lines.push('', `${setup.gpus} × ${setup.cardName}`);
    lines.push(memoryTable(setup));
    if (!setup.fits) {
      lines.push(`  does not fit: ${setup.reason ? english(setup.reason) : ''}`);
      continue;
    }
    lines.push(
      `  kvPoolTokens ${formatNumber(setup.kvPoolTokens)} (${formatNumber(setup.kvPoolBlocks)} blocks of 16)`,
      `  maxConcurrentSequences ${formatNumber(setup.maxConcurrentSequences.atMaxModelLen)} at ${formatNumber(setup.maxModelLen)} tokens, ` +
        `${formatNumber(setup.maxConcurrentSequences.atAverageRequest)} at the average request (${formatNumber(setup.averageRequestTokens)} tokens)`,
    );
    const speed = setup.speed;
    if (speed) {
      lines.push(
        `  decode ${formatNumber(speed.decodeTokensPerSecondAtMaxBatch)} tokens/s at batch ${formatNumber(speed.maxBatch)}; ` +
          `TTFT ${ms(speed.ttftMs)}, ITL ${ms(speed.itlMs)} at ${formatNumber(output.resolved.requestsPerSecond, 2)} requests/s; ` +
          `targets met up to ${formatNumber(speed.maxRequestsPerSecond, 2)} requests/s`,
      );
    }
    const offer = setup.offers[0];
    if (offer) {
      lines.push(
        `  ${offer.provider} ${offer.billing}: ${formatPrice(offer.costPer1MOutputTokens, offer.currency)} per 1M output tokens, ` +
          `${formatPrice(offer.costPer1kRequests, offer.currency)} per 1k requests`,
      );
    }
  }
  lines.push('', english(output.answer));
  return lines.join('\n');
}
