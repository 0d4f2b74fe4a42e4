import { describe, expect, it } from 'vitest';
import { createSessionStore, reviveFlat, type KeyValueStorage } from './session-store';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (key) => data[key] ?? null, setItem: (key, value) => void (data[key] = value) };
}

const fallback = { tokens: '200m', epochs: '1', flash: true };

describe('createSessionStore', () => {
  it('starts from what was saved and saves every change', () => {
    const storage = memoryStorage({ k: JSON.stringify({ tokens: '1.5b' }) });
    const store = createSessionStore('k', (saved) => reviveFlat(saved, fallback), storage);
    expect(store.get()).toEqual({ tokens: '1.5b', epochs: '1', flash: true });
    let calls = 0;
    const stop = store.subscribe(() => calls++);
    store.set((current) => ({ ...current, epochs: '3' }));
    expect(calls).toBe(1);
    expect(JSON.parse(storage.data.k!)).toEqual({ tokens: '1.5b', epochs: '3', flash: true });
    stop();
    store.set(fallback);
    expect(calls).toBe(1);
  });

  it('falls back when the saved text is not JSON or storage is missing', () => {
    expect(createSessionStore('k', (s) => reviveFlat(s, fallback), memoryStorage({ k: '{oops' })).get()).toEqual(
      fallback,
    );
    const store = createSessionStore('k', (s) => reviveFlat(s, fallback), null);
    store.set({ ...fallback, epochs: '2' });
    expect(store.get().epochs).toBe('2');
  });
});

describe('reviveFlat', () => {
  it('keeps only fields of the right type', () => {
    expect(reviveFlat({ tokens: 5, epochs: '2', flash: 'yes', extra: 1 }, fallback)).toEqual({
      tokens: '200m',
      epochs: '2',
      flash: true,
    });
    expect(reviveFlat(null, fallback)).toEqual(fallback);
    expect(reviveFlat(['a'], fallback)).toEqual(fallback);
  });
});
