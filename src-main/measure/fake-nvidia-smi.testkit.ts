import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Test support: a directory holding a fake `nvidia-smi` shell script that prints one scripted reading
 * per call (a counter file steps through `readings`; the last one repeats) and logs its arguments.
 * Each reading is the CSV text for all GPUs of one call.
 */
export function fakeNvidiaSmi(readings: string[]): { dir: string; calls: () => string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'cardwise-fake-smi-'));
  readings.forEach((text, i) => writeFileSync(join(dir, `reading-${i + 1}`), text.endsWith('\n') ? text : `${text}\n`));
  const script = [
    '#!/bin/sh',
    `dir='${dir}'`,
    'n=$(cat "$dir/counter" 2>/dev/null || echo 0)',
    'n=$((n + 1))',
    'echo "$n" > "$dir/counter"',
    'echo "$*" >> "$dir/calls"',
    `if [ "$n" -gt ${readings.length} ]; then n=${readings.length}; fi`,
    'cat "$dir/reading-$n"',
    '',
  ].join('\n');
  writeFileSync(join(dir, 'nvidia-smi'), script);
  chmodSync(join(dir, 'nvidia-smi'), 0o755);
  const calls = () => {
    try {
      return readFileSync(join(dir, 'calls'), 'utf8').trim().split('\n');
    } catch {
      return [];
    }
  };
  return { dir, calls };
}
