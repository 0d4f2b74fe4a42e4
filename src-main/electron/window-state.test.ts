import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readWindowState, writeWindowState } from './window-state';

let dir: string;
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'cardwise-window-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('window state file', () => {
  it('reads back what it wrote, and leaves no temporary file', () => {
    const file = join(dir, 'nested', 'window-state.json');
    const state = { bounds: { x: -1200, y: 40, width: 1320, height: 860 }, maximized: true };
    writeWindowState(file, state);
    expect(readWindowState(file)).toEqual(state);
    expect(readdirSync(join(dir, 'nested'))).toEqual(['window-state.json']);
  });

  it('treats a missing, damaged or implausible file as nothing saved', () => {
    const file = join(dir, 'window-state.json');
    expect(readWindowState(file)).toBeNull();
    for (const text of [
      '',
      '{',
      'null',
      '{"bounds":{"x":0,"y":0,"width":0,"height":600},"maximized":false}',
      '{"bounds":{"x":1e9,"y":0,"width":800,"height":600},"maximized":false}',
      '{"bounds":{"x":0.5,"y":0,"width":800,"height":600},"maximized":false}',
      '{"bounds":{"x":0,"y":0,"width":800,"height":600},"maximized":"yes"}',
    ]) {
      writeFileSync(file, text);
      expect(readWindowState(file), text).toBeNull();
    }
  });

  it('refuses to save a state it could not read back', () => {
    const file = join(dir, 'window-state.json');
    expect(() => writeWindowState(file, { bounds: { x: 0, y: 0, width: NaN, height: 1 }, maximized: false })).toThrow();
    expect(readdirSync(dir)).toEqual([]);
  });
});
