import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { WindowState } from './window-bounds';

const pixels = z.number().int().min(-100_000).max(100_000);
const size = z.number().int().min(1).max(100_000);
const windowStateSchema = z.object({
  bounds: z.object({ x: pixels, y: pixels, width: size, height: size }),
  maximized: z.boolean(),
});

/** The remembered window state in `file` (userData/window-state.json), or null if none or unreadable. */
export function readWindowState(file: string): WindowState | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = windowStateSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Saves the state whole or not at all (a temporary file renamed over the old one). */
export function writeWindowState(file: string, state: WindowState): void {
  const valid = windowStateSchema.parse(state);
  const temporary = `${file}.${randomBytes(4).toString('hex')}.partial`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temporary, JSON.stringify(valid) + '\n');
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
